import ReactDiffViewer, {
  defaultDarkThemeVariables,
  defaultLightThemeVariables,
  type ReactDiffViewerStylesOverride,
  type ReactDiffViewerStylesVariables,
} from 'react-diff-viewer-continued';
import { useColorScheme } from '../../app/color-scheme.ts';
import { diffViewerStyles } from '../../components/diff-viewer.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';

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

/** Imported versus stored JSON side by side; unchanged runs over 10 lines fold to 'Show N more lines'. */
export default function ImportDiff({ imported, stored }: { imported: unknown; stored: unknown }) {
  const scheme = useColorScheme();
  return (
    <div data-testid="import-diff" style={{ overflowX: 'auto', fontSize: 12 }}>
      <p style={{ margin: '0 0 6px' }}>{t.acceptDirection}</p>
      <ReactDiffViewer
        oldValue={JSON.stringify(imported, null, 2)}
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
