import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import type { AdminModel } from '@waypoint/shared/models/admin';
import type { Paged } from '@waypoint/shared/models/types';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { lazy, Suspense, useState } from 'react';
import { api, HttpError } from '../../api/client.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { ColumnFilters } from './AdminList.tsx';
import classes from './admin.module.css';
import { adminKeys, listUrl, useModels } from './api.ts';
import './kit-styles.ts';
import { paginationControlProps } from '../../components/data-table.ts';
import { contentLang } from '../../i18n/content.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { modelLabel, modelPlural } from '../../i18n/models.ts';
import { ContentImport } from './ContentImport.tsx';
import { PackageImport } from './PackageImport.tsx';

const ImportDiff = lazy(() => import('./ImportDiff.tsx'));

interface StagedRow {
  _id: string;
  recordId: string;
  weight: number;
  createdAt: string;
  imported: Record<string, unknown> | null;
  stored: Record<string, unknown> | null;
  isNew: boolean;
  /** A content import's marker its source no longer has: accepting removes it. */
  gone?: boolean;
  /** Edited here since its source's last import: accepting overwrites the edit. */
  editedHere?: boolean;
}

interface StageResult {
  staged: number;
  problems: { line: number; field: string; message: string }[];
}

function UploadForm({ model, onStaged }: { model: AdminModel; onStaged: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<StageResult>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      const content = await file.text();
      const res = await api.post<StageResult>(`/admin/import/${model.key}`, { fileName: file.name, content });
      setResult(res);
      onStaged();
    } catch (e) {
      setError(e instanceof HttpError ? (e.body?.message ?? messages.genericError) : messages.genericError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="model-import">
      <Stack gap="sm">
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label={t.importFrom(modelPlural(model))}
            accept=".json,.csv,application/json,text/csv"
            value={file}
            onChange={setFile}
            clearable
            style={{ minWidth: 260 }}
          />
          <Button onClick={upload} loading={busy} disabled={!file}>
            {t.stageImport}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        {result ? (
          <Stack gap="xs" data-testid="import-result">
            <Text>{t.staged(result.staged, result.problems.length)}</Text>
            {result.problems.length > 0 ? (
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.line}</Table.Th>
                    <Table.Th>{t.field}</Table.Th>
                    <Table.Th>{t.problem}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.problems.map((p) => (
                    <Table.Tr key={`${p.line}-${p.field}-${p.message}`}>
                      <Table.Td>{p.line}</Table.Td>
                      <Table.Td>{p.field}</Table.Td>
                      <Table.Td>{p.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

const columns = ['recordId', 'weight', 'createdAt'] as const;

/** The imported-model review table of one model (§2.13). */
function ReviewTable({ model }: { model: AdminModel }) {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<StagedRow>>({
    columnAccessor: 'weight',
    direction: 'desc',
  });
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [debounced] = useDebouncedValue(filters, 250);
  const [diffs, setDiffs] = useState<string[]>([]);
  const params = {
    where: {},
    filters: debounced,
    sort: sortStatus.columnAccessor,
    order: sortStatus.direction,
    skip: (page - 1) * constants.importedModelPageSize,
    limit: constants.importedModelPageSize,
  };
  const list = useQuery({
    queryKey: [...adminKeys.imports(model.key), params],
    queryFn: () => api.get<Paged<StagedRow>>(listUrl(`/admin/importedModels/${model.key}`, params)),
    placeholderData: (previous) => previous,
  });
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.imports(model.key) });
  const act = async (path: string) => {
    try {
      const answer = await api.get<{ accepted?: number; rejected?: number }>(path);
      toast.success(
        answer.accepted !== undefined
          ? t.importsAccepted(answer.accepted)
          : t.importsRejected(answer.rejected ?? 0),
      );
    } catch (e) {
      toast.error(e instanceof HttpError ? (e.body?.message ?? messages.editError) : messages.editError);
    }
    await refresh();
    await client.invalidateQueries({ queryKey: ['admin', 'list', model.key] });
  };
  return (
    <Stack gap="sm" data-testid="import-review">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          {modelPlural(model)}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" onClick={() => act(`/admin/acceptAllNewImportedModels/${model.key}`)}>
            {t.acceptAllNew}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => act(`/admin/acceptAllImportedModels/${model.key}`)}
          >
            {t.acceptAll}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => act(`/admin/rejectAllImportedModels/${model.key}`)}
          >
            {t.rejectAll}
          </Button>
          <Button size="xs" variant="default" onClick={refresh}>
            {t.refresh}
          </Button>
        </Group>
      </Group>
      <ColumnFilters
        columns={columns.map((name) => ({ name, label: t.importColumns[name] }))}
        values={filters}
        onChange={(name, value) => {
          setFilters((f) => ({ ...f, [name]: value }));
          setPage(1);
        }}
      />
      <div className={classes.tableWrap}>
        <DataTable<StagedRow>
          getPaginationControlProps={paginationControlProps}
          withTableBorder
          borderRadius="md"
          striped
          minHeight={160}
          idAccessor="_id"
          records={list.data?.data ?? []}
          fetching={list.isFetching}
          totalRecords={list.data?.count ?? 0}
          recordsPerPage={constants.importedModelPageSize}
          page={page}
          onPageChange={setPage}
          sortStatus={sortStatus}
          onSortStatusChange={(s) => {
            setSortStatus(s);
            setPage(1);
          }}
          noRecordsText={t.nothingStaged}
          style={{ minWidth: 720 }}
          columns={[
            ...columns.map((name) => ({
              accessor: name,
              title: t.importColumns[name],
              sortable: true,
              render: (row: StagedRow) =>
                name === 'recordId' ? (
                  <Group gap={6} wrap="nowrap">
                    <span lang={contentLang}>{row.recordId}</span>
                    {row.isNew ? (
                      <Badge color="teal.9" size="sm">
                        {t.isNew}
                      </Badge>
                    ) : null}
                    {row.gone ? (
                      <Badge color="red.9" size="sm">
                        {t.isGone}
                      </Badge>
                    ) : null}
                    {row.editedHere ? (
                      <Badge color="orange.9" size="sm">
                        {t.isEditedHere}
                      </Badge>
                    ) : null}
                  </Group>
                ) : (
                  <span lang={contentLang}>{String(row[name] ?? '')}</span>
                ),
            })),
            {
              accessor: 'name',
              title: t.importColumns.name,
              render: (row: StagedRow) => (
                <span lang={contentLang}>
                  {String(row.imported?.name ?? row.imported?.itemName ?? row.stored?.name ?? '')}
                </span>
              ),
            },
            {
              accessor: 'actions',
              title: t.actions,
              textAlign: 'right',
              render: (row: StagedRow) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() =>
                      setDiffs((d) =>
                        d.includes(row._id) ? d.filter((x) => x !== row._id) : [...d, row._id],
                      )
                    }
                  >
                    {diffs.includes(row._id) ? t.hideDiff : t.showDiff}
                  </Button>
                  <Button
                    size="compact-xs"
                    onClick={() => act(`/admin/acceptImportedModel/${model.key}/${row._id}`)}
                  >
                    {t.accept}
                  </Button>
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    onClick={() => act(`/admin/rejectImportedModel/${model.key}/${row._id}`)}
                  >
                    {t.reject}
                  </Button>
                </Group>
              ),
            },
          ]}
          rowExpansion={{
            trigger: 'never',
            allowMultiple: true,
            expanded: { recordIds: diffs, onRecordIdsChange: (ids: unknown[]) => setDiffs(ids as string[]) },
            content: ({ record }) => (
              <Suspense fallback={<Loader size="sm" m="sm" />}>
                <ImportDiff imported={record.imported} stored={record.stored} />
              </Suspense>
            ),
          }}
        />
      </div>
    </Stack>
  );
}

/** Imports (§2.13, §7.5): stage a file, then review what it would change per model. */
function ImportsPageContent() {
  usePageMeta(t.imports);
  const models = useModels();
  const importable = (models.data ?? []).filter((m) => m.write === 'admin' && m.key !== 'importedcrudmodel');
  const [key, setKey] = useState('quest');
  const client = useQueryClient();
  const model = importable.find((m) => m.key === key) ?? importable[0];
  if (models.isPending) return <Loader m="xl" aria-label={t.loading} />;
  if (!model) return null;
  return (
    <div className={classes.page}>
      <Title order={1}>{t.imports}</Title>
      <ContentImport
        onStaged={() => {
          for (const key of ['maplevel', 'markerdefinition', 'placedmarker'])
            client.invalidateQueries({ queryKey: adminKeys.imports(key) });
        }}
      />
      <PackageImport
        onStaged={(keys) => {
          for (const key of keys) client.invalidateQueries({ queryKey: adminKeys.imports(key) });
        }}
      />
      <NativeSelect
        label={t.model}
        value={model.key}
        onChange={(e) => setKey(e.currentTarget.value)}
        data={importable.map((m) => ({ value: m.key, label: modelLabel(m) }))}
        style={{ maxWidth: 320 }}
      />
      <UploadForm
        key={model.key}
        model={model}
        onStaged={() => client.invalidateQueries({ queryKey: adminKeys.imports(model.key) })}
      />
      <ReviewTable key={`review-${model.key}`} model={model} />
    </div>
  );
}

export const ImportsPage = withMantine(ImportsPageContent);
export function Component() {
  return <ImportsPage />;
}
