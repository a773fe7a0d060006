import { Badge, Button, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import { acceptOf } from '@waypoint/shared/interop/format';
import { modelFileFormats } from '@waypoint/shared/interop/formats';
import type { AdminModel } from '@waypoint/shared/models/admin-view';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, HttpError } from '../../api/client.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { messages } from '../../i18n/messages/messages.ts';
import classes from './admin.module.css';
import { adminKeys, useModels } from './api.ts';
import { ColumnFilters } from './ColumnFilters.tsx';
import {
  defaultReviewModel,
  firstStagedPage,
  kindOf,
  type StagedRow,
  stagedCountsQuery,
  stagedQuery,
} from './import-review-queries.ts';
import './kit-styles.ts';
import { paginationControlProps } from '../../components/data-table.ts';
import { contentLang } from '../../i18n/content.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { modelLabel, modelPlural } from '../../i18n/models.ts';
import { ContentImport } from './ContentImport.tsx';
import { type ApiErrorBody, errorBody, ImportPanel } from './ImportPanel.tsx';
import { PackageImport } from './PackageImport.tsx';

const ImportDiff = lazy(() => import('./ImportDiff.tsx'));

interface StageResult {
  staged: number;
  problems: { line: number; field: string; message: string }[];
}

/** A JSON or CSV file of one model's records, staged for the review below. */
function UploadForm({ model, onStaged }: { model: AdminModel; onStaged: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<StageResult>();
  const [error, setError] = useState<ApiErrorBody>();
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
      setError(errorBody(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ImportPanel
      ids={{ panel: 'model-import', result: 'import-result', error: 'model-import-error' }}
      file={{
        label: t.importFrom(modelPlural(model)),
        accept: acceptOf(modelFileFormats),
        value: file,
        onChange: setFile,
      }}
      stage={{ label: t.stageImport, onClick: upload, busy, disabled: !file }}
      error={error}
      result={
        result && {
          lines: [{ text: t.staged(result.staged, result.problems.length) }],
          table: {
            columns: [t.line, t.field, t.problem],
            rows: result.problems.map((p) => [p.line, p.field, p.message]),
          },
        }
      }
    />
  );
}

const columns = ['recordId', 'weight', 'createdAt'] as const;

const kindBadges = {
  new: { color: 'teal.9', label: () => t.isNew },
  changed: { color: 'blue.9', label: () => t.isChanged },
  gone: { color: 'red.9', label: () => t.isGone },
} as const;

/** How a move reads: `Moves from map "a" to map "b"`. */
const moveText = (m: { field: string; from: unknown; to: unknown }) =>
  t.moveOf(
    (t.placeNames as Record<string, string>)[m.field] ?? m.field,
    JSON.stringify(m.from ?? null),
    JSON.stringify(m.to ?? null),
  );

/** A staged row's id with what accepting it would do: its kind, a move, a copy, an edit it overwrites. */
function RowKindCell({ row }: { row: StagedRow }) {
  const kind = kindOf(row);
  return (
    <Stack gap={2} data-kind={kind}>
      <Group gap={6} wrap="wrap">
        <span lang={contentLang}>{row.recordId}</span>
        <Badge color={kindBadges[kind].color} size="sm" data-testid="import-row-kind">
          {kindBadges[kind].label()}
        </Badge>
        {row.moves?.length ? (
          <Badge color="grape.9" size="sm" data-testid="import-row-moves">
            {t.isMoving}
          </Badge>
        ) : null}
        {row.copyOf ? (
          <Badge color="gray.7" size="sm">
            {t.isCopy}
          </Badge>
        ) : null}
        {row.editedHere ? (
          <Badge color="orange.9" size="sm">
            {t.isEditedHere}
          </Badge>
        ) : null}
      </Group>
      {kind === 'gone' ? <Text size="xs">{t.goneRow}</Text> : null}
      {(row.moves ?? []).map((m) => (
        <Text size="xs" key={m.field}>
          {moveText(m)}
        </Text>
      ))}
      {row.moves?.length ? <Text size="xs">{t.movingRow}</Text> : null}
      {row.copyOf ? (
        <Text size="xs" lang={contentLang}>
          {t.copyOf(row.copyOf)}
        </Text>
      ) : null}
    </Stack>
  );
}

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
    ...firstStagedPage,
    filters: debounced,
    sort: sortStatus.columnAccessor,
    order: sortStatus.direction,
    skip: (page - 1) * constants.importedModelPageSize,
  };
  const list = useQuery({ ...stagedQuery(model.key, params), placeholderData: (previous) => previous });
  const refresh = () => client.invalidateQueries({ queryKey: adminKeys.imports(model.key) });
  const counts = useQuery(stagedCountsQuery(model.key));
  const act = async (path: string) => {
    try {
      const answer = await api.get<{ accepted?: number; kept?: number; rejected?: number }>(path);
      toast.success(
        answer.accepted === undefined
          ? t.importsRejected(answer.rejected ?? 0)
          : answer.kept
            ? t.importsAcceptedKept(answer.accepted, answer.kept)
            : t.importsAccepted(answer.accepted),
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
      {counts.data && counts.data.total > 0 ? (
        <Text size="sm" data-testid="import-review-counts">
          {t.reviewCounts(counts.data.changed, counts.data.gone, counts.data.new, counts.data.moving)}
          {counts.data.counted < counts.data.total
            ? ` ${t.reviewCountsOfFirst(counts.data.counted, counts.data.total)}`
            : ''}
        </Text>
      ) : null}
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
          paginationText={({ from, to, totalRecords }) => t.pagination(from, to, totalRecords)}
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
                  <RowKindCell row={row} />
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
                  {row.moves?.length ? (
                    <Button
                      size="compact-xs"
                      color="grape.9"
                      title={t.movingRow}
                      onClick={() => act(`/admin/acceptImportedModel/${model.key}/${row._id}?move=true`)}
                    >
                      {t.acceptAndMove}
                    </Button>
                  ) : (
                    <Button
                      size="compact-xs"
                      onClick={() => act(`/admin/acceptImportedModel/${model.key}/${row._id}`)}
                    >
                      {t.accept}
                    </Button>
                  )}
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
                <ImportDiff row={record} />
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
  // The reviewed model is part of the address, so a review can be linked to and reloaded.
  const [search, setSearch] = useSearchParams();
  const key = search.get('model') ?? defaultReviewModel;
  const setKey = (value: string) =>
    setSearch(
      (s) => {
        s.set('model', value);
        return s;
      },
      { replace: true },
    );
  const client = useQueryClient();
  // Asked for beside the models (not after them) when the page is reached from another page.
  usePrefetchQuery(stagedQuery(key, firstStagedPage));
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
