import { Badge, Button, Group, Text } from '@mantine/core';
import type { ReviewHistoryRow } from '@waypoint/shared/suggestions/review';
import { reviewCell, reviewPageSize } from '@waypoint/shared/suggestions/review-table';
import { DataTable } from 'mantine-datatable';
import { lazy, Suspense, useState } from 'react';
import { useColorScheme } from '../../app/color-scheme.ts';
import { paginationControlProps } from '../../components/data-table.ts';
import { diffViewerStyles } from '../../components/diff-viewer.ts';
import { contentLang } from '../../i18n/content.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { reviewMessages as t } from '../../i18n/messages/review-messages.ts';
import { uiMessages } from '../../i18n/messages/ui-messages.ts';
import { useHistory, useRevert } from './api.ts';
import { ExpandButton } from './ExpandButton.tsx';

const DiffViewer = lazy(() => import('react-diff-viewer-continued'));

const json = (value: unknown) => (value ? JSON.stringify(value, null, 2) : '');

/** Recent decisions with who, when and the record before and after; Revert on accepted ones. */
export function HistoryTab() {
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<number[]>([]);
  const history = useHistory(page, reviewPageSize);
  const revert = useRevert();
  const scheme = useColorScheme();
  const rows = history.data?.data ?? [];
  return (
    <DataTable<ReviewHistoryRow>
      getPaginationControlProps={paginationControlProps}
      idAccessor="id"
      records={rows}
      totalRecords={history.data?.count ?? 0}
      recordsPerPage={reviewPageSize}
      page={page}
      onPageChange={setPage}
      fetching={history.isFetching && !history.data}
      minHeight={rows.length === 0 ? 160 : undefined}
      noRecordsText={t.noHistory}
      withTableBorder
      striped
      customRowAttributes={(row) => ({ 'data-history': row.suggestion._id })}
      columns={[
        {
          accessor: 'actions',
          title: t.columnActions,
          render: (row) => {
            return (
              <Group gap={4} wrap="nowrap">
                <ExpandButton
                  id={row.id}
                  expanded={expanded}
                  setExpanded={setExpanded}
                  show={t.showDataModel}
                  hide={t.hideDataModel}
                  name={row.suggestion._id}
                />
                {row.revertible && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={uiMessages.components.rowAction(t.revert, row.suggestion._id)}
                    loading={revert.isPending && revert.variables === row.suggestion._id}
                    onClick={() => revert.mutate(row.suggestion._id)}
                  >
                    {t.revert}
                  </Button>
                )}
              </Group>
            );
          },
        },
        { accessor: 'at', title: t.historyColumns.at, render: (r) => formatDateTime(r.at) },
        {
          accessor: 'username',
          title: t.historyColumns.by,
          render: (r) => <span lang={contentLang}>{r.username}</span>,
        },
        {
          accessor: 'decision',
          title: t.historyColumns.decision,
          render: (r) => (
            <Badge
              variant="dot"
              color={r.decision === 'accept' ? 'teal' : r.decision === 'reject' ? 'red' : 'orange'}
            >
              {t.decisionLabels[r.decision]}
            </Badge>
          ),
        },
        {
          accessor: 'suggestion._id',
          title: t.historyColumns.id,
          render: (r) => <span lang={contentLang}>{reviewCell(r.suggestion._id)}</span>,
        },
        {
          accessor: 'suggestion.type',
          title: t.historyColumns.type,
          render: (r) => t.typeLabels[r.suggestion.type as keyof typeof t.typeLabels] ?? r.suggestion.type,
        },
        {
          accessor: 'suggestion.action',
          title: t.historyColumns.action,
          render: (r) =>
            t.actionLabels[r.suggestion.action as keyof typeof t.actionLabels] ?? r.suggestion.action,
        },
        {
          accessor: 'suggestion.username',
          title: t.historyColumns.username,
          render: (r) => <span lang={contentLang}>{r.suggestion.username}</span>,
        },
        {
          accessor: 'suggestion.targetId',
          title: t.historyColumns.targetId,
          render: (r) => <span lang={contentLang}>{reviewCell(r.suggestion.targetId)}</span>,
        },
      ]}
      rowExpansion={{
        allowMultiple: true,
        trigger: 'never',
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) =>
          record.before || record.after ? (
            <div style={{ overflowX: 'auto', fontSize: 13 }}>
              <Suspense fallback={null}>
                <DiffViewer
                  oldValue={json(record.before)}
                  newValue={json(record.after)}
                  splitView
                  hideSummary
                  leftTitle={t.before}
                  rightTitle={t.after}
                  useDarkTheme={scheme === 'dark'}
                  disableWorker
                  styles={diffViewerStyles}
                />
              </Suspense>
            </div>
          ) : (
            <Text size="sm" p="sm">
              {t.noChange}
            </Text>
          ),
      }}
    />
  );
}
