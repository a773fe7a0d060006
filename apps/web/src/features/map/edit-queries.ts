import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TItem, TPlacedMarker, TSuggestion } from '@waypoint/shared/models/types';
import type { SuggestionComment } from '@waypoint/shared/suggestions/schemas';
import { api, listQuery } from '../../api/client.ts';
import { mapKeys } from './queries.ts';
import { appliedNow } from './suggestions/queries.ts';

/** Query keys of the map's editing tools, popup freshness and suggestion discussion. */
export const editKeys = {
  gameItems: (gameId: string) => ['items', 'game', gameId] as const,
  votes: (suggestionId: string) => ['suggestion', suggestionId, 'votes'] as const,
  comments: (suggestionId: string) => ['suggestion', suggestionId, 'comments'] as const,
  openFor: (userId: string, markerId: string) => ['user', userId, 'suggestions-for', markerId] as const,
};

const path = (s: string) => encodeURIComponent(s);
const mode = (suggestMode: boolean) => `?suggestMode=${suggestMode}`;

/** What a marker operation did (DESIGN.md): applied at once (admins) or kept as a suggestion. */
export interface MarkerAnswer {
  isSuggestion: boolean;
  suggestion?: { _id: string; status?: string };
}

export interface Votes {
  upvotes: number;
  downvotes: number;
  /** The caller's own vote: 1 up, -1 down, 0 none. */
  vote: number;
  /** The caller wrote the suggestion: they see its counts but may not vote on it. */
  own?: boolean;
}

export interface Freshness {
  markerId: string;
  lastConfirmedAt: string;
  reportCount: number;
}

/** `PATCH /api/markers/{id}`: a change of a marker (or, in suggest mode, a suggestion of one). */
export function useUpdateMarker(mapId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
      suggestMode,
    }: {
      id: string;
      body: Record<string, unknown>;
      suggestMode: boolean;
    }) => api.patch<MarkerAnswer>(`/markers/${path(id)}${mode(suggestMode)}`, body),
    onSuccess: (answer, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: mapKeys.marker(id) }),
        appliedNow(answer) ? client.invalidateQueries({ queryKey: mapKeys.markerData(mapId) }) : undefined,
        client.invalidateQueries({ queryKey: ['user'] }),
      ]),
  });
}

/** The game's items, for the item select of the edit panel (read when the panel opens). */
export const useGameItems = (gameId: string, enabled: boolean) =>
  useQuery({
    queryKey: editKeys.gameItems(gameId),
    queryFn: () =>
      api.get<{ data: TItem[] }>(`/items?${listQuery({ gameId })}&limit=10000`).then((p) => p.data),
    enabled,
    staleTime: 5 * 60_000,
  });

/**
 * 'Still here' or a 'gone'/'moved' report; the popup's marker takes the answer at once and
 * `onAnswer` passes it on to the map (its flag), without reading all the map's markers again.
 */
export function useMarkerFreshness(markerId: string, onAnswer?: (answer: Freshness) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: 'CONFIRM' | 'GONE' | 'MOVED') =>
      kind === 'CONFIRM'
        ? api.post<Freshness>(`/markers/${path(markerId)}/confirm`)
        : api.post<Freshness>(`/markers/${path(markerId)}/report`, { kind }),
    onSuccess: (answer) => {
      client.setQueryData<TPlacedMarker>(mapKeys.marker(markerId), (marker) =>
        marker
          ? { ...marker, lastConfirmedAt: answer.lastConfirmedAt, reportCount: answer.reportCount }
          : marker,
      );
      onAnswer?.(answer);
    },
  });
}

/** The caller's open suggestions about one marker (their own only: the server answers no others). */
export const useOpenSuggestionsFor = (userId: string | undefined, markerId: string) =>
  useQuery({
    queryKey: editKeys.openFor(userId ?? '', markerId),
    queryFn: () =>
      api
        .get<{ data: TSuggestion[] }>(`/suggestions?${listQuery({ targetId: markerId })}&limit=20`)
        .then((p) => p.data.filter((s) => s.status === 'SAVED' || s.status === 'REVIEW_REQUESTED')),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });

export const useSuggestionVotes = (suggestionId: string, enabled: boolean) =>
  useQuery({
    queryKey: editKeys.votes(suggestionId),
    queryFn: () => api.get<Votes>(`/suggestions/${path(suggestionId)}/votes`),
    enabled,
    retry: false,
  });

export function useVote(suggestionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (direction: 'upvote' | 'downvote') =>
      api.post<Votes>(`/suggestions/${path(suggestionId)}/${direction}`),
    onSuccess: (votes) => client.setQueryData(editKeys.votes(suggestionId), votes),
  });
}

export const useSuggestionComments = (suggestionId: string, enabled: boolean) =>
  useQuery({
    queryKey: editKeys.comments(suggestionId),
    queryFn: () => api.get<SuggestionComment[]>(`/suggestions/${path(suggestionId)}/comments`),
    enabled,
    retry: false,
  });

export function useAddComment(suggestionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) =>
      api.post<SuggestionComment[]>(`/suggestions/${path(suggestionId)}/comment`, { comment }),
    onSuccess: (comments) => client.setQueryData(editKeys.comments(suggestionId), comments),
  });
}
