import { Badge, Button, Group, Text } from '@mantine/core';
import type { AuthorRate, ReviewRow } from '@waypoint/shared/suggestions/review';
import {
  type ReviewColumn,
  reviewCell,
  reviewColumns,
  reviewPageSize,
} from '@waypoint/shared/suggestions/review-table';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { paginationControlProps } from '../../components/data-table.ts';
import { contentLang } from '../../i18n/content.ts';
import { reviewMessages as t } from '../../i18n/messages/review-messages.ts';
import { uiMessages } from '../../i18n/messages/ui-messages.ts';
import { type Decision, listParams, useDecide, useReviewList } from './api.ts';
import { ColumnFilter } from './ColumnFilter.tsx';
import { ExpandButton } from './ExpandButton.tsx';
import { openParent } from './open-parent.ts';
import { type PendingReject, RejectDialog } from './RejectDialog.tsx';

const pageSizes = [reviewPageSize, 200];

// A suggestion's details (diff, map preview, context) load with the first row opened.
const DecisionDetail = lazy(() =>
  import('./DecisionDetail.tsx').then((m) => ({ default: m.DecisionDetail })),
);

/** An author's standing: '12 of 15 accepted, 80 %', or that nothing of theirs was decided yet. */
function AuthorStanding({ rate }: { rate: AuthorRate | undefined }) {
  if (!rate) return null;
  const text =
    rate.decided === 0
      ? t.authorNoDecisions
      : t.authorRate(rate.accepted, rate.decided, Math.round((100 * rate.accepted) / rate.decided));
  return (
    <Text size="xs" c="dimmed" data-testid="author-rate">
      {text}
    </Text>
  );
}

/** True when a key press belongs to a text field rather than to the table's shortcuts. */
function typing(target: EventTarget | null) {
  const el = target as HTMLElement | null;
  return Boolean(el?.closest('input, textarea, select, [contenteditable="true"]'));
}

/**
 * The open suggestions of one type (SPEC §2.12): a filter box per column, row actions Show Data
 * Model, Approve and Reject; stale ones first and flagged. Keyboard: j/k move, a/r decide the
 * current row, x selects it, Shift+A approves the selection.
 */
export function SuggestionTable({
  type,
  username,
  parent,
  active = true,
}: {
  type: string;
  username: string;
  /** Only this parent's suggestions (the summary's Show Items). */
  parent?: string;
  active?: boolean;
}) {
  const [filters, setFilters] = useState<Partial<Record<ReviewColumn, string>>>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(reviewPageSize);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<ReviewRow[]>([]);
  const [cursor, setCursor] = useState(0);
  // No sort chosen: stale ones first, then by weight and age; the votes column sorts by net votes.
  const [sort, setSort] = useState<DataTableSortStatus<ReviewRow>>({ columnAccessor: '', direction: 'desc' });
  const wrapper = useRef<HTMLDivElement>(null);
  const decide = useDecide();
  const votes = sort.columnAccessor === 'netVotes' ? sort.direction : undefined;
  const query = listParams({ type, filters, username, parent, pageSize, page, votes });
  const list = useReviewList(query, active);
  const rows = list.data?.data ?? [];
  const authors = list.data?.authors ?? {};
  const setFilter = (column: ReviewColumn, value: string) => {
    setFilters((f) => ({ ...f, [column]: value }));
    setPage(1);
  };

  const [rejecting, setRejecting] = useState<PendingReject | null>(null);
  const send = (d: Decision & { ids: string[] }) => {
    setSelected((s) => s.filter((r) => !d.ids.includes(r._id)));
    decide.mutate(d);
  };
  /** Approving is at once; rejecting asks first (with an optional reason for the suggesters). */
  const decideIds = (kind: 'accept' | 'reject', ids: string[]) => {
    if (ids.length === 0) return;
    if (kind === 'accept') send({ kind, ids });
    else setRejecting({ decision: { kind, ids }, title: t.rejectTitle(ids.length) });
  };

  // Keyboard review on the table of the tab in view.
  const state = useRef({ rows, cursor, selected });
  state.current = { rows, cursor, selected };
  useEffect(() => {
    if (!active || parent !== undefined) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const { rows, cursor, selected } = state.current;
      const row = rows[Math.min(cursor, rows.length - 1)];
      if (e.key === 'j' || e.key === 'k') {
        setCursor((c) => Math.max(0, Math.min(rows.length - 1, c + (e.key === 'j' ? 1 : -1))));
      } else if (e.key === 'a' && row) decideIds('accept', [row._id]);
      else if (e.key === 'r' && row) decideIds('reject', [row._id]);
      else if (e.key === 'x' && row) {
        setSelected((s) =>
          s.some((r) => r._id === row._id) ? s.filter((r) => r._id !== row._id) : [...s, row],
        );
      } else if (e.key === 'A' && e.shiftKey) {
        decideIds(
          'accept',
          selected.map((r) => r._id),
        );
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  useEffect(() => {
    if (cursor >= rows.length && rows.length > 0) setCursor(rows.length - 1);
    wrapper.current?.querySelector(`[data-cursor="true"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor, rows.length]);

  const columns: DataTableColumn<ReviewRow>[] = [
    {
      accessor: 'actions',
      title: t.columnActions,
      render: (row) => {
        return (
          <Group gap={4} wrap="nowrap">
            <ExpandButton
              id={row._id}
              expanded={expanded}
              setExpanded={setExpanded}
              show={t.showDataModel}
              hide={t.hideDataModel}
              name={row._id}
            />
            <Button
              size="compact-xs"
              aria-label={uiMessages.components.rowAction(t.approve, row._id)}
              onClick={(e) => {
                e.stopPropagation();
                decideIds('accept', [row._id]);
              }}
            >
              {t.approve}
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              aria-label={uiMessages.components.rowAction(t.reject, row._id)}
              onClick={(e) => {
                e.stopPropagation();
                decideIds('reject', [row._id]);
              }}
            >
              {t.reject}
            </Button>
            {type !== 'PLACED_MARKER' && (
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={uiMessages.components.rowAction(t.openParent, row.parentId)}
                onClick={(e) => {
                  e.stopPropagation();
                  openParent({ type: 'game', id: row.parentId });
                }}
              >
                {t.openParent}
              </Button>
            )}
          </Group>
        );
      },
    },
    ...reviewColumns.map(
      (column): DataTableColumn<ReviewRow> => ({
        accessor: column,
        title: (
          <ColumnFilter
            label={t.columns[column]}
            value={column === 'username' && username ? username : (filters[column] ?? '')}
            disabled={column === 'username' && Boolean(username)}
            onChange={(value) => setFilter(column, value)}
          />
        ),
        render: (row) =>
          column === '_id' ? (
            <Group gap={4} wrap="nowrap">
              <span title={row._id} lang={contentLang}>
                {reviewCell(row._id)}
              </span>
              {row.stale && (
                // Never shrunk: a clipped badge read 's…'.
                <Badge variant="dot" color="orange" size="xs" title={t.staleHint} style={{ flex: 'none' }}>
                  {t.stale}
                </Badge>
              )}
            </Group>
          ) : column === 'username' ? (
            <div>
              <span title={row.username} lang={contentLang}>
                {reviewCell(row.username)}
              </span>
              <AuthorStanding rate={authors[row.userId]} />
            </div>
          ) : (
            <span title={String(row[column])} lang={contentLang}>
              {reviewCell(row[column])}
            </span>
          ),
      }),
    ),
    {
      accessor: 'netVotes',
      title: t.columnVotes,
      sortable: true,
      textAlign: 'right',
      render: (row) => (
        <span title={t.netVotes(row.upvotes, row.downvotes)} data-testid="net-votes">
          {row.upvotes - row.downvotes}
        </span>
      ),
    },
  ];

  return (
    <div ref={wrapper}>
      {parent === undefined && (
        <Group justify="space-between" mb="xs" gap="xs">
          <Text size="xs" c="dimmed">
            {t.keyboardHelp}
          </Text>
          <Button
            size="xs"
            disabled={selected.length === 0}
            onClick={() =>
              decideIds(
                'accept',
                selected.map((r) => r._id),
              )
            }
          >
            {t.approveSelected(selected.length)}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={selected.length === 0}
            onClick={() =>
              decideIds(
                'reject',
                selected.map((r) => r._id),
              )
            }
          >
            {t.rejectSelected(selected.length)}
          </Button>
        </Group>
      )}
      <RejectDialog
        pending={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(d) => {
          if ('ids' in d) send(d);
        }}
      />
      <DataTable<ReviewRow>
        getPaginationControlProps={paginationControlProps}
        idAccessor="_id"
        records={rows}
        columns={columns}
        totalRecords={list.data?.count ?? 0}
        recordsPerPage={pageSize}
        page={page}
        onPageChange={setPage}
        recordsPerPageOptions={pageSizes}
        onRecordsPerPageChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        recordsPerPageLabel={t.pageSize}
        sortStatus={sort}
        onSortStatusChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        fetching={list.isFetching && !list.data}
        minHeight={rows.length === 0 ? 160 : undefined}
        noRecordsText={t.noSuggestions}
        withTableBorder
        striped
        highlightOnHover
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        getRecordSelectionCheckboxProps={(row) => ({ 'aria-label': t.selectRow(row._id) })}
        allRecordsSelectionCheckboxProps={{ 'aria-label': t.approveSelected(rows.length) }}
        onRowClick={({ index }) => setCursor(index)}
        customRowAttributes={(row, index) => ({
          'data-cursor': parent === undefined && index === cursor ? 'true' : 'false',
          'data-suggestion': row._id,
        })}
        rowStyle={(_row, index) =>
          parent === undefined && index === cursor
            ? { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: -2 }
            : undefined
        }
        rowExpansion={{
          allowMultiple: true,
          trigger: 'never',
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => (
            <Suspense fallback={null}>
              <DecisionDetail id={record._id} />
            </Suspense>
          ),
        }}
      />
    </div>
  );
}
