import { Button, Group } from '@mantine/core';
import type { ReviewSummaryRow } from '@waypoint/shared/suggestions/review';
import {
  reviewCell,
  reviewMarkerPageSize,
  type reviewSummarySorts,
} from '@waypoint/shared/suggestions/review-table';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { paginationControlProps } from '../../components/data-table.ts';
import { contentLang } from '../../i18n/content.ts';
import { reviewMessages as t } from '../../i18n/messages/review-messages.ts';
import { uiMessages } from '../../i18n/messages/ui-messages.ts';
import { type Decision, summaryParams, useDecide, useSummary } from './api.ts';
import { ColumnFilter } from './ColumnFilter.tsx';
import { ExpandButton } from './ExpandButton.tsx';
import { openParent } from './open-parent.ts';
import { type PendingReject, RejectDialog } from './RejectDialog.tsx';
import { SuggestionTable } from './SuggestionTable.tsx';

type Sort = (typeof reviewSummarySorts)[number];

/**
 * Placed-marker suggestions summarized by parent map (SPEC §2.12): filters, 200 rows per page,
 * most additions first; Show/Hide Items, Approve All, Reject All and Open Parent per map.
 */
export function MarkerSummary({ username }: { username: string }) {
  const [filters, setFilters] = useState({ parentId: '', mapName: '' });
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<ReviewSummaryRow>>({
    columnAccessor: 'adds',
    direction: 'desc',
  });
  const [expanded, setExpanded] = useState<string[]>([]);
  const decide = useDecide();
  const summary = useSummary(
    summaryParams({ filters, username, sort: sort.columnAccessor as Sort, order: sort.direction, page }),
  );
  const rows = summary.data?.data ?? [];
  const [rejecting, setRejecting] = useState<PendingReject | null>(null);
  /** Approve All is at once; Reject All asks first (with an optional reason for the suggesters). */
  const bulk = (kind: 'accept' | 'reject', row: ReviewSummaryRow) => {
    const decision: Decision = {
      kind,
      bulk: { parentId: row.parentId, type: 'PLACED_MARKER', ...(username ? { username } : {}) },
    };
    if (kind === 'accept') decide.mutate(decision);
    else setRejecting({ decision, title: t.rejectAllTitle(row.mapName || row.parentId) });
  };
  const filterTitle = (column: 'parentId' | 'mapName', label: string) => (
    <ColumnFilter
      label={label}
      value={filters[column]}
      onChange={(value) => {
        setFilters((f) => ({ ...f, [column]: value }));
        setPage(1);
      }}
    />
  );
  const count = (accessor: 'adds' | 'updates' | 'deletes' | 'stale' | 'total', title: string) => ({
    accessor,
    title,
    sortable: true,
    textAlign: 'right' as const,
  });
  const columns: DataTableColumn<ReviewSummaryRow>[] = [
    {
      accessor: 'actions',
      title: t.columnActions,
      render: (row) => {
        return (
          <Group gap={4} wrap="nowrap">
            <ExpandButton
              id={row.parentId}
              expanded={expanded}
              setExpanded={setExpanded}
              show={t.showItems}
              hide={t.hideItems}
              name={row.parentId}
            />
            <Button
              size="compact-xs"
              aria-label={uiMessages.components.rowAction(t.approveAll, row.parentId)}
              onClick={() => bulk('accept', row)}
            >
              {t.approveAll}
            </Button>
            <Button
              size="compact-xs"
              variant="default"
              aria-label={uiMessages.components.rowAction(t.rejectAll, row.parentId)}
              onClick={() => bulk('reject', row)}
            >
              {t.rejectAll}
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={uiMessages.components.rowAction(t.openParent, row.parentId)}
              onClick={() =>
                openParent({ type: 'map', id: row.parentId, gameId: row.mapName ? row.gameId : '' })
              }
            >
              {t.openParent}
            </Button>
          </Group>
        );
      },
    },
    {
      accessor: 'parentId',
      title: filterTitle('parentId', t.columns.parentId),
      render: (r) => <span lang={contentLang}>{reviewCell(r.parentId)}</span>,
    },
    {
      accessor: 'mapName',
      title: filterTitle('mapName', t.mapColumn),
      render: (r) => <span lang={contentLang}>{reviewCell(r.mapName)}</span>,
    },
    count('adds', t.addsColumn),
    count('updates', t.updatesColumn),
    count('deletes', t.deletesColumn),
    count('stale', t.staleColumn),
  ];
  return (
    <>
      <RejectDialog
        pending={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(d) => decide.mutate(d)}
      />
      <DataTable<ReviewSummaryRow>
        getPaginationControlProps={paginationControlProps}
        idAccessor="parentId"
        records={rows}
        columns={columns}
        totalRecords={summary.data?.count ?? 0}
        recordsPerPage={reviewMarkerPageSize}
        page={page}
        onPageChange={setPage}
        sortStatus={sort}
        onSortStatusChange={setSort}
        fetching={summary.isFetching && !summary.data}
        minHeight={rows.length === 0 ? 160 : undefined}
        noRecordsText={t.noSuggestions}
        withTableBorder
        striped
        rowExpansion={{
          allowMultiple: true,
          trigger: 'never',
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => (
            <div style={{ padding: 8 }}>
              <SuggestionTable type="PLACED_MARKER" username={username} parent={record.parentId} />
            </div>
          ),
        }}
      />
    </>
  );
}
