import type { ReactDiffViewerStylesOverride } from 'react-diff-viewer-continued';

/**
 * The diff viewer's column titles are `<pre>` elements in a box of fixed height: the browser's own
 * margin on `<pre>` pushed them half out of it. Every diff in the app uses these styles.
 */
export const diffViewerStyles: ReactDiffViewerStylesOverride = {
  titleBlock: { height: 'auto', '& pre': { margin: 0 } },
};
