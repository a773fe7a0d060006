import { Table } from '@mantine/core';
import ReactDiffViewer, {
  defaultDarkThemeVariables,
  defaultLightThemeVariables,
  type ReactDiffViewerStylesOverride,
  type ReactDiffViewerStylesVariables,
} from 'react-diff-viewer-continued';
import { useColorScheme } from '../../app/color-scheme.ts';
import { diffViewerStyles } from '../../components/diff-viewer.ts';
import { contentLang } from '../../i18n/content.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { kindOf, type StagedRow } from './import-review-queries.ts';

/** Each "added" colour of the viewer trades places with its "removed" one. */
function swapSides(v: Readonly<Required<ReactDiffViewerStylesVariables>>): ReactDiffViewerStylesVariables {
  return {
    addedBackground: v.removedBackground,
    removedBackground: v.addedBackground,
    addedColor: v.removedColor,
    removedColor: v.addedColor,
    wordAddedBackground: v.wordRemovedBackground,
    wordRemovedBackground: v.wordAddedBackground,
    addedGutterBackground: v.removedGutterBackground,
    removedGutterBackground: v.addedGutterBackground,
    addedGutterColor: v.removedGutterColor,
    removedGutterColor: v.addedGutterColor,
  };
}

/**
 * SPEC puts Imported on the left, where the viewer shows what a change removes. What Accept brings in
 * is the imported side, so its colours and signs are turned round: the imported lines read as added
 * (green, +), the stored lines they replace as removed (red, −). The viewer hard-codes its signs; the
 * marker cell hides them and draws its own, chosen by the side's class (`diff-removed` is the left).
 */
const acceptDirection: ReactDiffViewerStylesOverride = {
  ...diffViewerStyles,
  variables: { light: swapSides(defaultLightThemeVariables), dark: swapSides(defaultDarkThemeVariables) },
  marker: {
    '& pre': { fontSize: 0 },
    '& pre::before': { fontSize: 12 },
    '&[class*="-diff-removed"] pre::before': { content: '"+"' },
    '&[class*="-diff-added"] pre::before': { content: '"−"' },
  },
};

/** A field's value in one line, shortened: the JSON below has it whole. */
function shortValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.emptyValue;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * What accepting a staged row does: a changed row lists only the fields accepting changes, each stored
 * value beside the imported one that replaces it; a new row shows the record it adds, a gone row the
 * one it deletes. Below, Imported versus Stored JSON side by side, whole (the imported record is the
 * staged one over the stored, so only what accepting changes differs); unchanged runs over 10 lines
 * fold to 'Show N more lines'.
 */
export default function ImportDiff({ row }: { row: StagedRow }) {
  const scheme = useColorScheme();
  const kind = kindOf(row);
  const changed = row.changed ?? [];
  const { imported, stored } = row;
  return (
    <div data-testid="import-diff" style={{ overflowX: 'auto', fontSize: 12, padding: '4px 8px' }}>
      <p style={{ margin: '0 0 6px' }} data-testid="import-diff-accept">
        {kind === 'gone' ? t.acceptGone : kind === 'new' ? t.acceptNew : t.acceptChanged}
      </p>
      {kind === 'changed' && changed.length > 0 ? (
        <Table withTableBorder fz="xs" mb={6} data-testid="import-diff-fields" style={{ maxWidth: 960 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.field}</Table.Th>
              <Table.Th>{t.valueNow}</Table.Th>
              <Table.Th aria-hidden />
              <Table.Th>{t.valueAfterAccept}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changed.map((field) => (
              <Table.Tr key={field} data-field={field}>
                <Table.Td>
                  <code>{field}</code>
                </Table.Td>
                <Table.Td lang={contentLang} style={{ wordBreak: 'break-word' }}>
                  {shortValue(row.stored?.[field])}
                </Table.Td>
                <Table.Td aria-hidden>→</Table.Td>
                <Table.Td lang={contentLang} style={{ wordBreak: 'break-word' }}>
                  {shortValue(row.imported?.[field])}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {kind !== 'gone' ? <p style={{ margin: '0 0 6px' }}>{t.acceptDirection}</p> : null}
      <ReactDiffViewer
        oldValue={imported ? JSON.stringify(imported, null, 2) : ''}
        newValue={stored ? JSON.stringify(stored, null, 2) : ''}
        splitView
        leftTitle={t.imported}
        rightTitle={t.stored}
        showDiffOnly
        extraLinesSurroundingDiff={5}
        useDarkTheme={scheme === 'dark'}
        styles={acceptDirection}
        disableWorker
        codeFoldMessageRenderer={(lines) => <span>{t.moreLines(lines)}</span>}
      />
    </div>
  );
}
