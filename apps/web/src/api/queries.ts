import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged, TCategory, TGame, TMap } from '@waypoint/shared/models/types';
import { apiPaths } from '@waypoint/shared/pages/api-paths';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

// The addresses are the page manifest's: the server's preload hints fetch these very answers.

export const gamesQuery = () =>
  queryOptions({
    queryKey: queryKeys.games(),
    queryFn: () => api.get<Paged<TGame>>(apiPaths.games()).then((p) => p.data),
    staleTime: 5 * 60_000,
  });

export const gameQuery = (gameId: string) =>
  queryOptions({
    queryKey: queryKeys.game(gameId),
    queryFn: () => api.get<TGame>(apiPaths.game(gameId)),
    staleTime: 5 * 60_000,
  });

export const categoriesQuery = (gameId: string) =>
  queryOptions({
    queryKey: queryKeys.categories(gameId),
    queryFn: () => api.get<Paged<TCategory>>(apiPaths.categories(gameId)).then((p) => p.data),
    staleTime: 5 * 60_000,
  });

export const mapsQuery = (gameId: string) =>
  queryOptions({
    queryKey: queryKeys.maps(gameId),
    queryFn: () => api.get<Paged<TMap>>(apiPaths.maps(gameId)).then((p) => p.data),
    staleTime: 5 * 60_000,
  });

export const useGames = () => useQuery(gamesQuery());
export const useGame = (gameId: string | undefined) =>
  useQuery({ ...gameQuery(gameId ?? ''), enabled: Boolean(gameId) });
export const useCategories = (gameId: string | undefined) =>
  useQuery({ ...categoriesQuery(gameId ?? ''), enabled: Boolean(gameId) });
export const useMaps = (gameId: string | undefined) =>
  useQuery({ ...mapsQuery(gameId ?? ''), enabled: Boolean(gameId) });
