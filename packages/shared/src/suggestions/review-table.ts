/**
 * The tables of the suggestion review page (specification §2.12, §9) without the review schemas:
 * the page and its first requests use these while the schemas stay on the server.
 */

/** Page sizes of the review tables: 50 per type, 200 in the marker summary. */
export const reviewPageSize = 50;
export const reviewMarkerPageSize = 200;
/** Suggestion cells are cut past this many characters with '...'. */
export const reviewCellLength = 30;

/** The columns of a type's table, each with its filter box. */
export const reviewColumns = ['_id', 'username', 'status', 'action', 'parentId'] as const;
export type ReviewColumn = (typeof reviewColumns)[number];

/** Sort keys of the placed-marker summary by parent map. */
export const reviewSummarySorts = [
  'adds',
  'updates',
  'deletes',
  'total',
  'stale',
  'parentId',
  'mapName',
] as const;

/**
 * The text of a suggestion table cell: lists show their count, other values are cut past 30
 * characters with '...'.
 */
export function reviewCell(value: unknown): string {
  if (Array.isArray(value)) return String(value.length);
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > reviewCellLength ? `${text.slice(0, reviewCellLength)}...` : text;
}
