import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnedEntry } from '@waypoint/shared/domain/items';
import type { Paged, THideoutModule, TItem, TQuest, TTrader } from '@waypoint/shared/models/types';
import type { HideoutSave, QuestSave } from '@waypoint/shared/progress/schemas';
import { api, listQuery } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';

/** Query keys of the player tools: content per game, and the player's saves per user and game. */
export const toolKeys = {
  quests: (gameId: string) => ['quests', { gameId }] as const,
  items: (gameId: string) => ['items', { gameId }] as const,
  traders: (gameId: string) => ['traders', { gameId }] as const,
  hideoutModules: (gameId: string) => ['hideoutmodules', { gameId }] as const,
  questSave: (userId: string, gameId: string) => ['progress', userId, 'quests', gameId] as const,
  itemsSave: (userId: string, gameId: string) => ['progress', userId, 'items', gameId] as const,
  hideoutSave: (userId: string, gameId: string) => ['progress', userId, 'hideout', gameId] as const,
};

/** The player's quest save for one game (SPEC §3), with the ticked objectives. */
/** The player's built hideout levels of one game. */
export type { HideoutSave, QuestSave };

/** The player's items-to-keep save for one game (SPEC §3). */
export interface ItemsSave {
  gameId: string;
  itemsOwned: OwnedEntry[];
}

const contentStaleMs = 5 * 60_000;
const listLimit = 10_000;

function listOf<T>(collection: string, gameId: string) {
  return api
    .get<Paged<T>>(`/${collection}?${listQuery({ gameId })}&limit=${listLimit}`)
    .then((p) => p.data ?? []);
}

export const questsQuery = (gameId: string) =>
  queryOptions({
    queryKey: toolKeys.quests(gameId),
    queryFn: () => listOf<TQuest>('quests', gameId),
    staleTime: contentStaleMs,
  });

export const itemsQuery = (gameId: string) =>
  queryOptions({
    queryKey: toolKeys.items(gameId),
    queryFn: () => listOf<TItem>('items', gameId),
    staleTime: contentStaleMs,
  });

export const tradersQuery = (gameId: string) =>
  queryOptions({
    queryKey: toolKeys.traders(gameId),
    queryFn: () => listOf<TTrader>('traders', gameId),
    staleTime: contentStaleMs,
  });

export const hideoutModulesQuery = (gameId: string) =>
  queryOptions({
    queryKey: toolKeys.hideoutModules(gameId),
    queryFn: () => listOf<THideoutModule>('hideoutmodules', gameId),
    staleTime: contentStaleMs,
  });

const enc = encodeURIComponent;

export const questSaveQuery = (userId: string, gameId: string) =>
  queryOptions({
    queryKey: toolKeys.questSave(userId, gameId),
    queryFn: () => api.get<QuestSave>(`/user/quest/get/${enc(gameId)}`),
    // Players keep the tools open for long sessions, often in two tabs: catch up on return.
    refetchOnWindowFocus: true,
  });

export const itemsSaveQuery = (userId: string, gameId: string) =>
  queryOptions({
    queryKey: toolKeys.itemsSave(userId, gameId),
    queryFn: () => api.get<ItemsSave>(`/user/itemstokeep/get/${enc(gameId)}`),
    refetchOnWindowFocus: true,
  });

export const hideoutSaveQuery = (userId: string, gameId: string) =>
  queryOptions({
    queryKey: toolKeys.hideoutSave(userId, gameId),
    queryFn: () => api.get<HideoutSave>(`/user/hideout/${enc(gameId)}`),
    refetchOnWindowFocus: true,
  });

export const progressApi = {
  complete: (gameId: string, questId: string, completed: boolean) =>
    api.get<QuestSave>(`/user/quest/${completed ? 'complete' : 'uncomplete'}/${enc(gameId)}/${enc(questId)}`),
  /** Several quests in one change (a chain): all or nothing on the server. */
  completeMany: (gameId: string, questIds: string[], completed: boolean) =>
    api.post<QuestSave>(`/user/quest/batch/${enc(gameId)}`, { questIds, completed }),
  /** Ticks or unticks one objective (its index in the quest's objectives). */
  tickObjective: (gameId: string, questId: string, objective: number, done: boolean) =>
    api.post<QuestSave>(`/user/quest/objective/${enc(gameId)}/${enc(questId)}`, { objective, done }),
  setLevel: (gameId: string, level: number) =>
    api.get<QuestSave>(`/user/quest/setuserlevel/${enc(gameId)}/${enc(String(level))}`),
  /** `change` is '+1' / '-1' (atomic on the server) or an absolute count. */
  setItemQuantity: (gameId: string, itemId: string, findOnly: boolean, change: '+1' | '-1' | number) =>
    api.get<ItemsSave>(
      `/user/itemstokeep/setItemQuantity/${enc(gameId)}/${enc(itemId)}/${findOnly}/${enc(String(change))}`,
    ),
  /** The level built of one hideout module (0: nothing built). */
  setHideoutLevel: (gameId: string, moduleId: string, level: number) =>
    api.put<HideoutSave>(`/user/hideout/${enc(gameId)}/${enc(moduleId)}`, { level }),
};

const noGame = '';

export const useQuests = (gameId: string | undefined) =>
  useQuery({ ...questsQuery(gameId ?? noGame), enabled: Boolean(gameId) });
export const useItems = (gameId: string | undefined) =>
  useQuery({ ...itemsQuery(gameId ?? noGame), enabled: Boolean(gameId) });
export const useTraders = (gameId: string | undefined) =>
  useQuery({ ...tradersQuery(gameId ?? noGame), enabled: Boolean(gameId) });
export const useHideoutModules = (gameId: string | undefined) =>
  useQuery({ ...hideoutModulesQuery(gameId ?? noGame), enabled: Boolean(gameId) });

/** The logged-in player's quest save (nothing for guests). */
export function useQuestSave(gameId: string | undefined) {
  const session = useSession();
  return useQuery({
    ...questSaveQuery(session?.id ?? '', gameId ?? noGame),
    enabled: Boolean(session && gameId),
  });
}

/** The logged-in player's items-to-keep save (nothing for guests). */
export function useItemsSave(gameId: string | undefined) {
  const session = useSession();
  return useQuery({
    ...itemsSaveQuery(session?.id ?? '', gameId ?? noGame),
    enabled: Boolean(session && gameId),
  });
}

/** The logged-in player's built hideout levels (nothing for guests). */
export function useHideoutSave(gameId: string | undefined) {
  const session = useSession();
  return useQuery({
    ...hideoutSaveQuery(session?.id ?? '', gameId ?? noGame),
    enabled: Boolean(session && gameId),
  });
}
