import { ActionIcon, Button, Group, Loader, Modal, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconCopy, IconExternalLink, IconFiles, IconTrash } from '@tabler/icons-react';
import { constants } from '@waypoint/shared/constants';
import {
  type AdminFormValues,
  type AdminModel,
  adminFormBody,
  cellText,
  openInPagePath,
} from '@waypoint/shared/models/admin-view';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paginationControlProps } from '../../components/data-table.ts';
import { toast } from '../../components/toast.ts';
import { contentLang } from '../../i18n/content.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { fieldLabel, modelLabel, modelPlural } from '../../i18n/models.ts';
import classes from './admin.module.css';
import {
  type AdminRecord,
  adminApi,
  adminListParams,
  useAdminList,
  useModels,
  useRefreshModel,
} from './api.ts';
import { ColumnFilters } from './ColumnFilters.tsx';

// The forms (their inputs, the form library, picture processing) load when a record is first opened,
// not with the lists.
const ModelForm = lazy(() => import('./ModelForm.tsx').then((m) => ({ default: m.ModelForm })));
const BulkAddModal = lazy(() => import('./BulkAddModal.tsx').then((m) => ({ default: m.BulkAddModal })));

const formLoading = () => <Loader size="sm" m="sm" aria-label={t.loading} />;

interface Props {
  model: AdminModel;
  /** The parent record the list belongs to (a child list tab), or none (a top-level list). */
  parent?: { model: AdminModel; id: string };
  title?: string;
}

/** Columns shown in a list: plain values (not HTML or JSON), the id first. */
function listColumns(model: AdminModel) {
  return model.fields.filter((f) => f.storage !== 'json' && !f.html);
}

function ConfirmDelete({
  id,
  onConfirm,
  onClose,
  busy,
}: {
  id: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={t.delete}
      centered
      closeButtonProps={{ 'aria-label': messages.close }}
      zIndex={800}
    >
      <Stack>
        <Text>{t.deleteConfirm(id)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            {t.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The admin list of any registry model (§2.13): pages of 10 from the server, sorted (weight
 * descending by default) and filtered per column by the database; a row opens its form in a modal
 * or inline; rows can be copied, duplicated under a changed id, saved all at once, marked and
 * deleted together.
 */
export function AdminList({ model, parent, title }: Props) {
  const models = useModels().data ?? [];
  const refresh = useRefreshModel();
  const phone = useMediaQuery(`(max-width: ${constants.mobileMaxWidthPx}px)`);
  const parentField = model.parent?.model === parent?.model.key ? model.parent?.field : undefined;
  const childField = parent?.model.children.find((c) => c.model === model.key)?.field;
  const linkField = parentField ?? childField;
  const where = useMemo(() => (parent && linkField ? { [linkField]: parent.id } : {}), [parent, linkField]);
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<AdminRecord>>({
    columnAccessor: model.defaultSort.field,
    direction: model.defaultSort.order,
  });
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [debouncedFilters] = useDebouncedValue(filters, 250);
  const [inline, setInline] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [opened, setOpened] = useState<AdminRecord | 'new' | null>(null);
  const [marked, setMarked] = useState<AdminRecord[]>([]);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [bulk, setBulk] = useState(false);
  const drafts = useRef(new Map<string, AdminFormValues>());
  const params = adminListParams(
    where,
    debouncedFilters,
    { field: sortStatus.columnAccessor, order: sortStatus.direction },
    page,
  );
  const list = useAdminList(model.key, params);
  const records = list.data?.data ?? [];
  const preset = parent && linkField ? { [linkField]: parent.id } : {};
  const heading = title ?? modelPlural(model);
  const formTitle = parent
    ? t.modalTitle(modelLabel(model), modelLabel(parent.model), parent.id)
    : modelLabel(model);

  const afterWrite = async () => {
    await refresh(model.key);
    if (parent) await refresh(parent.model.key);
  };

  const copy = async (record: AdminRecord) => {
    try {
      await adminApi.copy(model.key, record._id, `${record._id}_copy`);
      toast.success(t.copySuccess);
      await afterWrite();
    } catch {
      toast.error(t.copyError);
    }
  };

  const duplicate = async (record: AdminRecord) => {
    const draft = drafts.current.get(record._id);
    const newId = String(draft?._id ?? record._id).trim();
    if (!draft || newId === record._id || newId === '') {
      toast.error(t.duplicateFailure);
      return;
    }
    const { body } = adminFormBody(model, draft, null);
    try {
      await adminApi.create(model.key, { ...body, _id: newId });
      toast.success(t.duplicateSuccess);
      await afterWrite();
    } catch {
      toast.error(t.copyError);
    }
  };

  const saveAll = async () => {
    const writes = [...drafts.current.entries()]
      .map(([id, values]) => {
        const original = records.find((r) => r._id === id);
        return original ? { id, body: adminFormBody(model, values, original) } : null;
      })
      .filter((w) => w && Object.keys(w.body.body).length > 0 && Object.keys(w.body.errors).length === 0);
    try {
      for (const write of writes) if (write) await adminApi.update(model.key, write.id, write.body.body);
      drafts.current.clear();
      toast.success(t.saveAllSuccess);
    } catch {
      toast.error(t.saveAllError);
    }
    await afterWrite();
  };

  const deleteMarked = async () => {
    try {
      for (const record of marked) await adminApi.remove(model.key, record._id);
      toast.success(t.deleteAllMarkedSuccess);
      setMarked([]);
    } catch {
      toast.error(t.deleteAllMarkedError);
    }
    await afterWrite();
  };

  const remove = async (id: string) => {
    setBusy(true);
    try {
      await adminApi.remove(model.key, id);
      setConfirm(null);
      await afterWrite();
    } catch {
      toast.error(messages.genericError);
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<AdminRecord>[] = [
    ...listColumns(model).map(
      (field): DataTableColumn<AdminRecord> => ({
        accessor: field.name,
        title: fieldLabel(model.key, field.name),
        sortable: true,
        ellipsis: true,
        width: field.name === '_id' ? 180 : undefined,
        render: (record) => <span lang={contentLang}>{cellText(model, field.name, record[field.name])}</span>,
      }),
    ),
    {
      accessor: 'actions',
      title: t.actions,
      textAlign: 'right',
      width: 170,
      render: (record) => (
        <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
          <Tooltip label={t.openInPage}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={openInPagePath(model, record)}
              aria-label={t.openInPageRow(record._id)}
            >
              <IconExternalLink size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t.copy}>
            <ActionIcon variant="subtle" onClick={() => copy(record)} aria-label={t.copyRow(record._id)}>
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t.duplicate}>
            <ActionIcon
              variant="subtle"
              onClick={() => duplicate(record)}
              aria-label={t.duplicateRow(record._id)}
            >
              <IconFiles size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t.delete}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setConfirm(record._id)}
              aria-label={t.deleteRow(record._id)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const canBulkAdd = Boolean(parent && linkField && model.imageFields.length > 0);
  const slug = `${model.key}${parent ? `-${parent.id}` : ''}`;

  return (
    <Stack gap="sm" data-testid={`admin-list-${model.key}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {heading}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Switch
            label={t.inlineRows}
            checked={inline}
            onChange={(e) => {
              setInline(e.currentTarget.checked);
              setExpanded([]);
            }}
          />
          <Button size="xs" onClick={() => setOpened('new')}>
            {t.newRecord(modelLabel(model))}
          </Button>
          {canBulkAdd ? (
            <Button size="xs" variant="light" onClick={() => setBulk(true)}>
              {t.bulkAdd}
            </Button>
          ) : null}
          <Button size="xs" variant="default" onClick={saveAll}>
            {t.saveAll}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            onClick={deleteMarked}
            disabled={marked.length === 0}
          >
            {t.deleteAllMarked}
          </Button>
        </Group>
      </Group>
      <ColumnFilters
        columns={listColumns(model).map((f) => ({ name: f.name, label: fieldLabel(model.key, f.name) }))}
        values={filters}
        onChange={(name, value) => {
          setFilters((f) => ({ ...f, [name]: value }));
          setPage(1);
        }}
      />
      <div className={classes.tableWrap}>
        <DataTable<AdminRecord>
          getPaginationControlProps={paginationControlProps}
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          minHeight={160}
          idAccessor="_id"
          records={records}
          columns={columns}
          fetching={list.isFetching}
          totalRecords={list.data?.count ?? 0}
          recordsPerPage={constants.adminPageSize}
          page={page}
          onPageChange={setPage}
          sortStatus={sortStatus}
          onSortStatusChange={(status) => {
            setSortStatus(status);
            setPage(1);
          }}
          selectedRecords={marked}
          onSelectedRecordsChange={setMarked}
          allRecordsSelectionCheckboxProps={{ 'aria-label': t.markAllRows }}
          getRecordSelectionCheckboxProps={(record) => ({ 'aria-label': t.markRow(record._id) })}
          noRecordsText={t.noRecords}
          paginationText={({ from, to, totalRecords }) => t.pagination(from, to, totalRecords)}
          onRowClick={({ record }) => {
            if (!inline) setOpened(record);
          }}
          rowExpansion={
            inline
              ? {
                  allowMultiple: true,
                  expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
                  content: ({ record }) => (
                    <div style={{ padding: 'var(--mantine-spacing-sm)' }}>
                      <Suspense fallback={formLoading()}>
                        <ModelForm
                          model={model}
                          record={record}
                          idPrefix={`${slug}-row-${record._id}`}
                          onChange={(values) => drafts.current.set(record._id, values)}
                        />
                      </Suspense>
                    </div>
                  ),
                }
              : undefined
          }
          style={{ minWidth: Math.min(1400, 160 * (listColumns(model).length + 1)) }}
        />
      </div>
      {opened ? (
        <Modal
          opened
          onClose={() => setOpened(null)}
          title={formTitle}
          size="xl"
          fullScreen={Boolean(phone)}
          zIndex={700}
          closeButtonProps={{ 'aria-label': messages.close }}
        >
          <Stack gap="xs">
            {opened !== 'new' ? (
              <Button
                component={Link}
                to={`/admin/model/${model.key}/${encodeURIComponent(opened._id)}`}
                variant="subtle"
                size="xs"
                style={{ alignSelf: 'flex-start' }}
              >
                {t.openAdminPage}
              </Button>
            ) : null}
            <Suspense fallback={formLoading()}>
              <ModelForm
                model={model}
                record={opened === 'new' ? null : opened}
                preset={preset}
                idPrefix={`${slug}-modal`}
                onSaved={() => setOpened(null)}
              />
            </Suspense>
          </Stack>
        </Modal>
      ) : null}
      {confirm ? (
        <ConfirmDelete
          id={confirm}
          busy={busy}
          onConfirm={() => remove(confirm)}
          onClose={() => setConfirm(null)}
        />
      ) : null}
      {bulk && parent && linkField ? (
        <Suspense fallback={null}>
          <BulkAddModal
            model={model}
            parent={parent}
            linkField={linkField}
            models={models}
            onClose={() => setBulk(false)}
            onDone={afterWrite}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
