import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewMessages } from '@waypoint/shared/review-messages';
import type {
  ReviewBulk,
  ReviewCounts,
  ReviewDetail,
  ReviewHistoryRow,
  ReviewListQuery,
  ReviewPage,
  ReviewRow,
  ReviewSummaryQuery,
  ReviewSummaryRow,
} from '@waypoint/shared/suggestions/review';
import { reviewMarkerPageSize } from '@waypoint/shared/suggestions/review';
import { api } from '../../api/client.ts';
import { toast } from '../../components/toast.ts';

/** Query keys of the review page: everything under ['review'], so a decision refreshes it all. */
export const reviewKeys = {
  all: ['review'] as const,
  counts: (username: string) => ['review', 'counts', username] as const,
  lists: ['review', 'list'] as const,
  list: (q: ReviewListQuery) => ['review', 'list', q] as const,
  summaries: ['review', 'summary'] as const,
  summary: (q: ReviewSummaryQuery) => ['review', 'summary', q] as const,
  detail: (id: string) => ['review', 'detail', id] as const,
  history: (page: number) => ['review', 'history', page] as const,
};

function qs(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
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
    queryFn: () => api.get<ReviewPage<ReviewRow>>(`/admin/review/suggestions?${qs(q)}`),
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
}): ReviewListQuery => ({
  type: o.type as ReviewListQuery['type'],
  ...o.filters,
  // The user box replaces the username column's filter.
  username: o.username ? undefined : o.filters?.username,
  parent: o.parent,
  user: o.username || undefined,
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

export const useCounts = (username: string) => useQuery(countsQuery(username));

export const useReviewList = (q: ReviewListQuery, enabled = true) =>
  useQuery({ ...listQuery(q), placeholderData: (previous) => previous, enabled });

export const useSummary = (q: ReviewSummaryQuery) =>
  useQuery({ ...summaryQuery(q), placeholderData: (previous) => previous });

export const useDetail = (id: string) =>
  useQuery({
    queryKey: reviewKeys.detail(id),
    queryFn: () => api.get<ReviewDetail>(`/admin/review/suggestions/${encodeURIComponent(id)}`),
  });

export const useHistory = (page: number, pageSize: number) =>
  useQuery({
    queryKey: reviewKeys.history(page),
    queryFn: () =>
      api.get<ReviewPage<ReviewHistoryRow>>(
        `/admin/review/history?${qs({ limit: pageSize, skip: (page - 1) * pageSize })}`,
      ),
    placeholderData: (previous) => previous,
  });

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a decision covers: some ids, or everything of a user or parent. */
export type Decision =
  | { kind: 'accept' | 'reject'; ids: string[] }
  | { kind: 'accept' | 'reject'; bulk: ReviewBulk; parentRow?: string };

/**
 * Approve or reject. Decided suggestions leave the lists at once (SPEC §4); when the server refuses,
 * the lists come back as they were and a toast gives its reason.
 */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (d: Decision) => {
      if ('ids' in d) {
        const path = d.kind === 'accept' ? '/admin/suggestions/accept' : '/admin/suggestions/reject';
        const res = await api.post<{ accepted?: number; rejected?: number }>(path, { suggestionIds: d.ids });
        return res.accepted ?? res.rejected ?? d.ids.length;
      }
      return (await api.post<{ decided: number }>(`/admin/review/${d.kind}`, d.bulk)).decided;
    },
    onMutate: async (d) => {
      await client.cancelQueries({ queryKey: reviewKeys.all });
      const snapshot: [QueryKey, unknown][] = [
        ...client.getQueriesData({ queryKey: reviewKeys.lists }),
        ...client.getQueriesData({ queryKey: reviewKeys.summaries }),
      ];
      const leaves = (row: ReviewRow) =>
        'ids' in d
          ? d.ids.includes(row._id)
          : (d.bulk.parentId === undefined || row.parentId === d.bulk.parentId) &&
            (d.bulk.username === undefined || row.username.toLowerCase() === d.bulk.username.toLowerCase()) &&
            (d.bulk.type === undefined || row.type === d.bulk.type);
      client.setQueriesData<ReviewPage<ReviewRow>>({ queryKey: reviewKeys.lists }, (page) => {
        if (!page) return page;
        const data = page.data.filter((row) => !leaves(row));
        return { ...page, data, count: page.count - (page.data.length - data.length) };
      });
      if (!('ids' in d) && d.bulk.parentId !== undefined) {
        client.setQueriesData<ReviewPage<ReviewSummaryRow>>({ queryKey: reviewKeys.summaries }, (page) =>
          page
            ? {
                ...page,
                data: page.data.filter((r) => r.parentId !== d.bulk.parentId),
                count: page.count - 1,
              }
            : page,
        );
      }
      return { snapshot };
    },
    onError: (error, _d, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data);
      toast.error(reviewMessages.decisionFailed(reason(error)));
    },
    onSuccess: (count, d) => {
      toast.success(d.kind === 'accept' ? reviewMessages.approved(count) : reviewMessages.rejected(count));
    },
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export function useRemoveUserSuggestions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      api.delete<{ username: string; removed: number }>(
        `/admin/suggestions/user/${encodeURIComponent(username)}`,
      ),
    onSuccess: (res) => toast.success(reviewMessages.removedUserSuggestions(res.username, res.removed)),
    onError: (error) => toast.error(reviewMessages.decisionFailed(reason(error))),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

export function useRevert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/admin/review/revert/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success(reviewMessages.reverted),
    onError: (error) => toast.error(reviewMessages.revertFailed(reason(error))),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
