import { Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { suggestionTypeModel } from '@waypoint/shared/models/enums';
import { getModel, type ModelKey } from '@waypoint/shared/models/registry';
import type { ReviewDetail } from '@waypoint/shared/suggestions/review';
import { lazy, Suspense } from 'react';
import { useColorScheme } from '../../app/color-scheme.ts';
import { diffViewerStyles } from '../../components/diff-viewer.ts';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { contentLang } from '../../i18n/content.ts';
import { formatDate } from '../../i18n/format.ts';
import { editingMessages } from '../../i18n/messages/editing-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { reviewMessages as t } from '../../i18n/messages/review-messages.ts';
import { fieldLabel } from '../../i18n/models.ts';
import { useDetail } from './api.ts';
import { recordLines } from './record-text.ts';

const DiffViewer = lazy(() => import('react-diff-viewer-continued'));
const MapPreview = lazy(() => import('./MapPreview.tsx').then((m) => ({ default: m.MapPreview })));

type Rec = Record<string, unknown>;

function modelOf(type: string) {
  return getModel(suggestionTypeModel[type as keyof typeof suggestionTypeModel] as ModelKey);
}

/** A record as a reader sees it: each field with its value, HTML rendered. */
function RecordView({ type, record, title }: { type: string; record: Rec; title: string }) {
  const model = modelOf(type);
  const names = Object.keys(model.fields).filter(
    (n) => n in record && record[n] !== '' && record[n] !== null,
  );
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {title}
      </Title>
      <Table withTableBorder withColumnBorders striped>
        <Table.Tbody>
          {names.map((name) => {
            const value = record[name];
            return (
              <Table.Tr key={name}>
                <Table.Th scope="row" w={160}>
                  {fieldLabel(model.key, name)}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }} lang={contentLang}>
                  {model.fields[name]?.html ? (
                    <SafeHtml html={String(value)} />
                  ) : typeof value === 'object' ? (
                    JSON.stringify(value)
                  ) : (
                    String(value)
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** UPDATE: the stored record against the suggested one, field by field (HTML as rendered text). */
function FieldDiff({ detail }: { detail: ReviewDetail }) {
  const scheme = useColorScheme();
  const model = modelOf(detail.suggestion.type);
  const change = JSON.parse(detail.suggestion.data || '{}') as Rec;
  const changed = Object.keys(change).filter((n) => n !== '_id');
  if (changed.length === 0) return <Text size="sm">{t.noChange}</Text>;
  const names = Object.keys(model.fields).filter((n) => changed.includes(n));
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {t.diffTitle}
      </Title>
      <div style={{ overflowX: 'auto', fontSize: 13 }}>
        <Suspense fallback={<Loader size="sm" />}>
          <DiffViewer
            oldValue={recordLines(model, detail.current ?? {}, names)}
            newValue={recordLines(model, detail.proposed ?? {}, names)}
            splitView
            hideSummary
            leftTitle={t.storedColumn}
            rightTitle={t.suggestedColumn}
            hideLineNumbers
            useDarkTheme={scheme === 'dark'}
            disableWorker
            styles={diffViewerStyles}
          />
        </Suspense>
      </div>
    </Stack>
  );
}

/** Everything a moderator needs to decide one suggestion. */
export function DecisionDetail({ id }: { id: string }) {
  const detail = useDetail(id);
  if (detail.isPending) return <Loader size="sm" m="md" aria-label={t.showDataModel} />;
  if (detail.isError || !detail.data) return <Alert color="red">{messages.genericError}</Alert>;
  const d = detail.data;
  const s = d.suggestion;
  return (
    <Paper
      p="sm"
      withBorder
      radius={0}
      data-detail={s._id}
      // In a table wider than a phone, the detail stays in view while the row scrolls sideways.
      style={{ position: 'sticky', left: 0, maxWidth: 'calc(100vw - 2rem)' }}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Badge variant="dot" color="gray">
            {t.typeLabels[s.type as keyof typeof t.typeLabels] ?? s.type}
          </Badge>
          <Badge
            variant="dot"
            color={s.action === 'ADD' ? 'green' : s.action === 'UPDATE' ? 'yellow' : 'red'}
          >
            {t.actionLabels[s.action as keyof typeof t.actionLabels] ?? s.action}
          </Badge>
          {s.stale && (
            <Badge variant="dot" color="orange" title={t.staleHint}>
              {t.stale}
            </Badge>
          )}
          <Text size="sm">{t.votes(s.upvotes, s.downvotes)}</Text>
          <Text size="sm">{t.authorRecord(d.author.accepted, d.author.rejected, d.author.open)}</Text>
        </Group>
        {s.stale && <Alert color="orange">{t.staleHint}</Alert>}
        {s.action === 'UPDATE' && <FieldDiff detail={d} />}
        {s.action === 'ADD' && d.proposed && (
          <RecordView type={s.type} record={d.proposed} title={t.newRecord} />
        )}
        {s.action === 'DELETE' && d.current && (
          <RecordView type={s.type} record={d.current} title={t.removedRecord} />
        )}
        {d.preview && (
          <Suspense fallback={<Loader size="sm" />}>
            <MapPreview detail={d} />
          </Suspense>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={4}>
            <Title order={4} size="h6">
              {editingMessages.comments}
            </Title>
            {d.comments.length === 0 ? (
              <Text size="sm" c="dimmed">
                {editingMessages.noComments}
              </Text>
            ) : (
              d.comments.map((c) => (
                <Text size="sm" key={c.id}>
                  <b lang={contentLang}>{c.username}</b>: <span lang={contentLang}>{c.comment}</span>
                </Text>
              ))
            )}
          </Stack>
          {d.freshness && (
            <Stack gap={4}>
              <Title order={4} size="h6">
                {t.freshnessTitle}
              </Title>
              <Text size="sm">
                {d.freshness.lastConfirmedAt
                  ? editingMessages.confirmedDaysAgo(
                      Math.floor((Date.now() - Date.parse(d.freshness.lastConfirmedAt)) / 86_400_000),
                    )
                  : editingMessages.neverConfirmed}
              </Text>
              {d.freshness.reports.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t.noReports}
                </Text>
              ) : (
                d.freshness.reports.map((r) => (
                  <Text size="sm" key={`${r.username}-${r.at}`}>
                    <span lang={contentLang}>{r.username}</span>:{' '}
                    {r.kind === 'GONE' ? editingMessages.reportGone : editingMessages.reportMoved} (
                    {formatDate(r.at)})
                  </Text>
                ))
              )}
            </Stack>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
