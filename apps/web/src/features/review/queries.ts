import { queryOptions } from '@tanstack/react-query';
import type {
  ReviewCounts,
  ReviewListPage,
  ReviewListQuery,
  ReviewPage,
  ReviewSummaryQuery,
  ReviewSummaryRow,
} from '@waypoint/shared/suggestions/review';
import { reviewMarkerPageSize } from '@waypoint/shared/suggestions/review-table';
import { api } from '../../api/client.ts';

// The review page's requests, kept free of the page's components and of the review schemas: the
// first ones start from here while the page's code is still loading (see prefetch.ts).

let reviewGame = '';

/**
 * The game a moderator reviews (the page's `game` parameter; none for an admin's every game):
 * every review request names it, and the server answers only that game.
 */
export function setReviewGame(gameId: string) {
  reviewGame = gameId;
}

/** The review game as a decision body names it. */
export const reviewScope = () => (reviewGame ? { gameId: reviewGame } : {});

/** Query keys of the review page: everything under ['review'], so a decision refreshes it all. */
export const reviewKeys = {
  all: ['review'] as const,
  counts: (username: string) => ['review', 'counts', reviewGame, username] as const,
  lists: ['review', 'list'] as const,
  list: (q: ReviewListQuery) => ['review', 'list', reviewGame, q] as const,
  summaries: ['review', 'summary'] as const,
  summary: (q: ReviewSummaryQuery) => ['review', 'summary', reviewGame, q] as const,
  detail: (id: string) => ['review', 'detail', reviewGame, id] as const,
  history: (page: number) => ['review', 'history', reviewGame, page] as const,
};

/** A review request's query string, naming the review game. */
export function qs(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  if (reviewGame) search.set('gameId', reviewGame);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  return search.toString();
}

/**
 * Review answers are fresh for 10 s: the page's first load finds what was fetched while its code
 * loaded without asking again, and every decision refreshes them all anyway.
 */
const staleTime = 10_000;

export const countsQuery = (username: string) =>
  queryOptions({
    queryKey: reviewKeys.counts(username),
    queryFn: () => api.get<ReviewCounts>(`/admin/review/counts?${qs({ username })}`),
    staleTime,
  });

export const listQuery = (q: ReviewListQuery) =>
  queryOptions({
    queryKey: reviewKeys.list(q),
    queryFn: () => api.get<ReviewListPage>(`/admin/review/suggestions?${qs(q)}`),
    staleTime,
  });

export const summaryQuery = (q: ReviewSummaryQuery) =>
  queryOptions({
    queryKey: reviewKeys.summary(q),
    queryFn: () => api.get<ReviewPage<ReviewSummaryRow>>(`/admin/review/markers?${qs(q)}`),
    staleTime,
  });

/** The list a table asks for: its type, column filters, the user box, an optional parent, its page. */
export const listParams = (o: {
  type: string;
  filters?: Partial<Record<string, string>>;
  username: string;
  parent?: string;
  pageSize: number;
  page: number;
  /** Sorted by net votes (up minus down) in this direction; else stale first, then by weight and age. */
  votes?: 'asc' | 'desc';
}): ReviewListQuery => ({
  type: o.type as ReviewListQuery['type'],
  ...o.filters,
  // The user box replaces the username column's filter.
  username: o.username ? undefined : o.filters?.username,
  parent: o.parent,
  user: o.username || undefined,
  ...(o.votes ? { sort: 'netVotes' as const, order: o.votes } : {}),
  limit: o.pageSize,
  skip: (o.page - 1) * o.pageSize,
});

/** The placed-marker summary a page asks for: filters, the user box, sort and page. */
export const summaryParams = (o: {
  filters: { parentId: string; mapName: string };
  username: string;
  sort: ReviewSummaryQuery['sort'];
  order: ReviewSummaryQuery['order'];
  page: number;
}): ReviewSummaryQuery => ({
  ...o.filters,
  username: o.username || undefined,
  sort: o.sort,
  order: o.order,
  limit: reviewMarkerPageSize,
  skip: (o.page - 1) * reviewMarkerPageSize,
});
