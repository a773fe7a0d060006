import type { QueryClient } from '@tanstack/react-query';
import { reviewPageSize } from '@waypoint/shared/suggestions/review-table';
import { countsQuery, listParams, listQuery, setReviewGame, summaryParams, summaryQuery } from './queries.ts';

/**
 * The review page's first requests (counts, the marker summary, the first page of the open tab),
 * started while the page's code is still loading; the page's own queries then find them under the
 * same keys.
 */
export function prefetchReview(client: QueryClient, search: URLSearchParams) {
  setReviewGame(search.get('game') ?? '');
  const username = (search.get('user') ?? '').trim();
  const type = search.get('type') ?? 'PLACED_MARKER';
  void client.prefetchQuery(countsQuery(username));
  if (type === 'HISTORY') return;
  if (type === 'PLACED_MARKER') {
    const first = { filters: { parentId: '', mapName: '' }, username, page: 1 };
    void client.prefetchQuery(summaryQuery(summaryParams({ ...first, sort: 'adds', order: 'desc' })));
  }
  void client.prefetchQuery(
    listQuery(listParams({ type, filters: {}, username, pageSize: reviewPageSize, page: 1 })),
  );
}
