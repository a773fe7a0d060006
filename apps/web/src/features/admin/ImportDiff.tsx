import ReactDiffViewer from 'react-diff-viewer-continued';
import { useColorScheme } from '../../app/color-scheme.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';

/** Imported versus stored JSON side by side; unchanged runs over 10 lines fold to 'Show N more lines'. */
export default function ImportDiff({ imported, stored }: { imported: unknown; stored: unknown }) {
  const scheme = useColorScheme();
  return (
    <div data-testid="import-diff" style={{ overflowX: 'auto', fontSize: 12 }}>
      <ReactDiffViewer
        oldValue={JSON.stringify(imported, null, 2)}
        newValue={stored ? JSON.stringify(stored, null, 2) : ''}
        splitView
        leftTitle={t.imported}
        rightTitle={t.stored}
        showDiffOnly
        extraLinesSurroundingDiff={5}
        useDarkTheme={scheme === 'dark'}
        codeFoldMessageRenderer={(lines) => <span>{t.moreLines(lines)}</span>}
      />
    </div>
  );
}
