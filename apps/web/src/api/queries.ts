import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged, TCategory, TGame, TMap } from '@waypoint/shared/models/types';
import { api, listQuery } from './client.ts';
import { queryKeys } from './keys.ts';

const listLimit = 1000;

export const gamesQuery = () =>
  queryOptions({
    queryKey: queryKeys.games(),
    queryFn: () => api.get<Paged<TGame>>(`/games?limit=${listLimit}`).then((p) => p.data),
    staleTime: 5 * 60_000,
  });

export const gameQuery = (gameId: string) =>
  queryOptions({
    queryKey: queryKeys.game(gameId),
    queryFn: () => api.get<TGame>(`/game/${encodeURIComponent(gameId)}`),
    staleTime: 5 * 60_000,
  });

export const categoriesQuery = (gameId: string) =>
  queryOptions({
    queryKey: queryKeys.categories(gameId),
    queryFn: () =>
      api.get<Paged<TCategory>>(`/categorys?${listQuery({ gameId })}&limit=${listLimit}`).then((p) => p.data),
    staleTime: 5 * 60_000,
  });

export const mapsQuery = (gameId: string) =>
  queryOptions({
    queryKey: queryKeys.maps(gameId),
    queryFn: () =>
      api.get<Paged<TMap>>(`/maps?${listQuery({ gameId })}&limit=${listLimit}`).then((p) => p.data),
    staleTime: 5 * 60_000,
  });

export const useGames = () => useQuery(gamesQuery());
export const useGame = (gameId: string | undefined) =>
  useQuery({ ...gameQuery(gameId ?? ''), enabled: Boolean(gameId) });
export const useCategories = (gameId: string | undefined) =>
  useQuery({ ...categoriesQuery(gameId ?? ''), enabled: Boolean(gameId) });
export const useMaps = (gameId: string | undefined) =>
  useQuery({ ...mapsQuery(gameId ?? ''), enabled: Boolean(gameId) });
