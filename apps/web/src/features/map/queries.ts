import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { levelParam } from '@waypoint/shared/map/levels';
import type { MapMarkerData } from '@waypoint/shared/map/marker-data';
import type { TItem, TPlacedMarker, TQuest } from '@waypoint/shared/models/types';
import { apiPaths } from '@waypoint/shared/pages/api-paths';
import { useCallback } from 'react';
import { api, HttpError } from '../../api/client.ts';
import type { Session } from '../../api/session.ts';
import { completedMarkersKey } from '../offline/keys.ts';
import { prepareMarkerData } from './chunk-loader.ts';

/** The completion queue (IndexedDB) loads with the first read or tick of a player's progress. */
const offlineQueue = () => import('../offline/replay.ts');

/** Query keys of the map page (the shared factory's style: resource first, then its scope). */
export const mapKeys = {
  markerData: (mapId: string) => ['map-markers', mapId] as const,
  quests: (mapId: string) => ['map-quests', mapId] as const,
  marker: (id: string) => ['placedmarker', id] as const,
  item: (id: string) => ['item', id] as const,
  completedMarkers: completedMarkersKey,
  questSave: (userId: string, gameId: string) => ['user', userId, 'quest-save', gameId] as const,
};

export interface QuestMarker {
  _id: string;
  markerDefinitionId: string;
  questObjective: string;
  lat: number;
  lng: number;
  /** The marker's floor; absent for -1 (every floor). */
  level?: number;
}

export interface QuestWithMarkers {
  quest: TQuest;
  markers: QuestMarker[];
  selected: boolean;
}

export interface QuestSave {
  gameId: string;
  completedQuests: string[];
  level: number;
}

const path = (s: string) => encodeURIComponent(s);

export const markerDataQuery = (mapId: string) =>
  queryOptions({
    queryKey: mapKeys.markerData(mapId),
    // A large map answers a manifest; its chunks are loaded by the map view, those in view first.
    queryFn: async () => {
      // When the page's code asks for the answer (often fetched already, by the page's preload hint).
      performance.mark('waypoint:marker-answer');
      // A large map's first chunks are those of the floor the address opens.
      return prepareMarkerData(
        await api.get<MapMarkerData>(apiPaths.markers(mapId)),
        (n, v) => api.getBytes(apiPaths.markerChunk(mapId, n, v)),
        new URLSearchParams(window.location.search).get(levelParam),
      );
    },
    staleTime: 60_000,
    // Each answer is a new object: a chunked answer's loader is found by its manifest object, and
    // comparing a large answer with the last one would cost more than it saves.
    structuralSharing: false,
  });

export const useMarkerData = (mapId: string | undefined) =>
  useQuery({ ...markerDataQuery(mapId ?? ''), enabled: Boolean(mapId) });

export const useMapQuests = (mapId: string | undefined) =>
  useQuery({
    queryKey: mapKeys.quests(mapId ?? ''),
    queryFn: () => api.get<QuestWithMarkers[]>(apiPaths.quests(mapId ?? '')),
    enabled: Boolean(mapId),
    staleTime: 60_000,
  });

/** Popup details of one marker (description, images, item), read when its popup opens. */
/** A placed marker's details (not read for a marker that exists only as a suggestion: `enabled` false). */
export const useMarkerDetails = (id: string, enabled = true) =>
  useQuery({
    queryKey: mapKeys.marker(id),
    queryFn: () => api.get<TPlacedMarker>(`/placedmarker/${path(id)}`),
    staleTime: 60_000,
    enabled,
  });

export const useItem = (id: string | undefined) =>
  useQuery({
    queryKey: mapKeys.item(id ?? ''),
    queryFn: () => api.get<TItem>(`/item/${path(id ?? '')}`),
    enabled: Boolean(id),
    staleTime: 5 * 60_000,
  });

export const useCompletedMarkers = (session: Session | null) =>
  useQuery({
    queryKey: mapKeys.completedMarkers(session?.id ?? ''),
    // Ticks still waiting to be sent (made offline) count as made.
    queryFn: async () => {
      const [list, queue] = await Promise.all([
        api.get<string[]>('/usercompletedmarkers/list'),
        offlineQueue(),
      ]);
      return queue.withQueued(session?.id ?? '', list);
    },
    enabled: Boolean(session),
  });

export const useQuestSave = (session: Session | null, gameId: string) =>
  useQuery({
    queryKey: mapKeys.questSave(session?.id ?? '', gameId),
    queryFn: () => api.get<QuestSave>(`/user/quest/get/${path(gameId)}`),
    enabled: Boolean(session && gameId),
  });

/**
 * Marks a marker completed or not; the list updates at once and is put right by the answer. The
 * tick is queued first: offline (or when the network fails) it waits, across reloads, and is sent
 * when the browser is back online (features/offline).
 */
export function useSetMarkerCompleted(session: Session | null) {
  const client = useQueryClient();
  const key = mapKeys.completedMarkers(session?.id ?? '');
  return useMutation({
    // Runs offline too: the queue keeps the tick.
    networkMode: 'always',
    mutationFn: async ({ id, completed }: { id: string; completed: boolean }) => {
      if (!session) throw new Error('Not logged in');
      return (await offlineQueue()).saveCompletion(session.id, id, completed);
    },
    onMutate: async ({ id, completed }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<string[]>(key);
      const rest = (before ?? []).filter((x) => x !== id);
      client.setQueryData<string[]>(key, completed ? [...rest, id] : rest);
      return { before };
    },
    onError: (_error, _vars, context) => client.setQueryData(key, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Completes or reopens a quest for the game. */
export function useSetQuestCompleted(session: Session | null, gameId: string) {
  const client = useQueryClient();
  const key = mapKeys.questSave(session?.id ?? '', gameId);
  return useMutation({
    mutationFn: ({ questId, completed }: { questId: string; completed: boolean }) =>
      api.get<QuestSave>(
        `/user/quest/${completed ? 'complete' : 'uncomplete'}/${path(gameId)}/${path(questId)}`,
      ),
    onMutate: async ({ questId, completed }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<QuestSave>(key);
      if (before) {
        const rest = before.completedQuests.filter((id) => id !== questId);
        client.setQueryData<QuestSave>(key, {
          ...before,
          completedQuests: completed ? [...rest, questId] : rest,
        });
      }
      return { before };
    },
    onError: (_error, _vars, context) => client.setQueryData(key, context?.before),
    onSuccess: (save) => client.setQueryData(key, save),
  });
}

export function useSetPlayerLevel(session: Session | null, gameId: string) {
  const client = useQueryClient();
  const key = mapKeys.questSave(session?.id ?? '', gameId);
  return useMutation({
    mutationFn: (level: number) => api.get<QuestSave>(`/user/quest/setuserlevel/${path(gameId)}/${level}`),
    onSuccess: (save) => client.setQueryData(key, save),
  });
}

/** A large map's chunk failed: when the map changed since its manifest was read, it is read again. */
export function useChunkErrorReload(mapId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (error instanceof HttpError && error.status === 409)
        queryClient.invalidateQueries({ queryKey: mapKeys.markerData(mapId) });
    },
    [queryClient, mapId],
  );
}
