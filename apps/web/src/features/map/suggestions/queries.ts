import { queryOptions, useQuery } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import type { MarkerSuggestion } from '@waypoint/shared/map/suggested-markers';
import type { SuggestionDecisionAnswer } from '@waypoint/shared/suggestions/schemas';
import { isOpenSuggestion } from '@waypoint/shared/suggestions/status';
import { api } from '../../../api/client.ts';
import type { Session } from '../../../api/session.ts';

/**
 * Query keys of suggest mode: one list per map and per user (everyone's open suggestions, or only
 * the user's own while they are banned in the game).
 */
export const suggestionKeys = {
  all: ['map-suggestions'] as const,
  map: (mapId: string, userId: string) => ['map-suggestions', mapId, userId] as const,
};

/** What `POST`, `PATCH` and `DELETE /api/markers…` answer. */
export interface MarkerAnswer {
  isSuggestion: boolean;
  suggestion?: MarkerSuggestion;
  marker?: Record<string, unknown>;
  removed?: boolean;
  suggestionType?: string;
  suggestionAction?: string;
  outcome?: 'withdrawn' | 'rejected' | 'suggested';
}

/**
 * Whether the change is on the map now: made directly, or a suggestion accepted at once (a trusted
 * editor's or a moderator's in their game).
 */
export const appliedNow = (answer: { isSuggestion: boolean; suggestion?: { status?: string } }) =>
  !answer.isSuggestion || answer.suggestion?.status === 'ACCEPTED';

const path = (s: string) => encodeURIComponent(s);

/** The open placed-marker suggestions of a map the user may see (community review). */
export const mapSuggestionsQuery = (mapId: string, session: Session | null) =>
  queryOptions({
    queryKey: suggestionKeys.map(mapId, session?.id ?? ''),
    queryFn: async () => {
      const answer = await api.get<{ data: MarkerSuggestion[] }>(
        `/map/${path(mapId)}/suggestions?limit=${constants.suggestionListLimit}`,
      );
      return answer.data.filter((s) => isOpenSuggestion(s.status));
    },
    staleTime: 30_000,
  });

/** The map's suggestions, read while suggest mode is on. */
export function useMapSuggestions(mapId: string, session: Session | null, enabled: boolean) {
  return useQuery({ ...mapSuggestionsQuery(mapId, session), enabled: enabled && Boolean(session && mapId) });
}

export const markerCalls = {
  place: (mapId: string, suggestMode: boolean, body: Record<string, unknown>) =>
    api.post<MarkerAnswer>(`/markers/${path(mapId)}?suggestMode=${suggestMode}`, body),
  update: (id: string, suggestMode: boolean, body: Record<string, unknown>) =>
    api.patch<MarkerAnswer>(`/markers/${path(id)}?suggestMode=${suggestMode}`, body),
  remove: (id: string, suggestMode: boolean) =>
    api.delete<MarkerAnswer>(`/markers/${path(id)}?suggestMode=${suggestMode}`),
  decide: (decision: 'accept' | 'reject', suggestionIds: string[], reason?: string) =>
    api.post<SuggestionDecisionAnswer>(`/admin/suggestions/${decision}`, {
      suggestionIds,
      ...(reason ? { reason } : {}),
    }),
};
