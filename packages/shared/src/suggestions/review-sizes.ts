/**
 * Sizes of the suggestion review page (specification §9), without the review schemas: the page's
 * first requests are built from these while its code is still loading.
 */

/** Page sizes of the review tables: 50 per type, 200 in the marker summary. */
export const reviewPageSize = 50;
export const reviewMarkerPageSize = 200;
/** Suggestion cells are cut past this many characters with '...'. */
export const reviewCellLength = 30;
