import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReviewDetail,
  ReviewHistoryRow,
  ReviewListQuery,
  ReviewPage,
  ReviewRow,
  ReviewSummaryQuery,
  ReviewSummaryRow,
} from '@waypoint/shared/suggestions/review';
import type { SuggestionDecision, SuggestionDecisionAnswer } from '@waypoint/shared/suggestions/schemas';
import { api } from '../../api/client.ts';
import { toast } from '../../components/toast.ts';
import { reviewMessages } from '../../i18n/messages/review-messages.ts';

import { countsQuery, listQuery, qs, reviewKeys, reviewScope, summaryQuery } from './queries.ts';

export { countsQuery, listParams, listQuery, reviewKeys, summaryParams, summaryQuery } from './queries.ts';

export const useCounts = (username: string) => useQuery(countsQuery(username));

export const useReviewList = (q: ReviewListQuery, enabled = true) =>
  useQuery({ ...listQuery(q), placeholderData: (previous) => previous, enabled });

export const useSummary = (q: ReviewSummaryQuery) =>
  useQuery({ ...summaryQuery(q), placeholderData: (previous) => previous });

export const useDetail = (id: string) =>
  useQuery({
    queryKey: reviewKeys.detail(id),
    queryFn: () => api.get<ReviewDetail>(`/admin/review/suggestions/${encodeURIComponent(id)}?${qs({})}`),
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

/** What a decision covers: some ids, or everything of a user or parent; a reject may say why. */
export type Decision = (
  | { kind: 'accept' | 'reject'; ids: string[] }
  | { kind: 'accept' | 'reject'; bulk: Omit<SuggestionDecision, 'suggestionIds'>; parentRow?: string }
) & { reason?: string };

/**
 * Approve or reject. Decided suggestions leave the lists at once (SPEC §4); when the server refuses,
 * the lists come back as they were and a toast gives its reason.
 */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (d: Decision) => {
      const body: SuggestionDecision = {
        ...('ids' in d ? { suggestionIds: d.ids } : d.bulk),
        ...reviewScope(),
        ...(d.reason ? { reason: d.reason } : {}),
      };
      const answer = await api.post<SuggestionDecisionAnswer>(`/admin/suggestions/${d.kind}`, body);
      return answer.accepted + answer.rejected;
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
    mutationFn: (id: string) => api.post(`/admin/review/revert/${encodeURIComponent(id)}?${qs({})}`),
    onSuccess: () => toast.success(reviewMessages.reverted),
    onError: (error) => toast.error(reviewMessages.revertFailed(reason(error))),
    onSettled: () => client.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
