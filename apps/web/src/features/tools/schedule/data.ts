import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MixingContent, TSavedRecipeInput, TSavedRecipes } from '@waypoint/shared/schedule-one/api';
import { useMemo } from 'react';
import { api } from '../../../api/client.ts';
import { useSession } from '../../../api/session.ts';
import { toMixingData } from './mixing-data.ts';

const enc = encodeURIComponent;

export const mixingKeys = {
  content: (gameId: string) => ['mixing', { gameId }] as const,
  saved: (userId: string, gameId: string) => ['progress', userId, 'recipes', gameId] as const,
};

export const mixingQuery = (gameId: string) =>
  queryOptions({
    queryKey: mixingKeys.content(gameId),
    queryFn: () => api.get<MixingContent>(`/mixing/${enc(gameId)}`),
    staleTime: 5 * 60_000,
  });

/** The game's Schedule I content (one cached request) and the compiled mixing data. */
export function useMixing(gameId: string) {
  const query = useQuery(mixingQuery(gameId));
  const data = useMemo(() => {
    if (!query.data) return undefined;
    try {
      return toMixingData(query.data);
    } catch {
      // An effect name an admin mistyped: the tools show the error instead of a wrong answer.
      return null;
    }
  }, [query.data]);
  return { ...query, content: query.data, mixing: data };
}

/** Effect colours by effect name (lower case). */
export function useEffectColours(content: MixingContent | undefined) {
  return useMemo(
    () => new Map((content?.effects ?? []).map((e) => [e.name.toLowerCase(), e.labelColor || '#cccccc'])),
    [content],
  );
}

/** The logged-in player's "My recipes" for the game, with save and delete. */
export function useSavedRecipes(gameId: string) {
  const session = useSession();
  const qc = useQueryClient();
  const key = mixingKeys.saved(session?.id ?? '', gameId);
  const list = useQuery({
    queryKey: key,
    queryFn: () => api.get<TSavedRecipes>(`/user/recipes/${enc(gameId)}`),
    enabled: Boolean(session),
  });
  const save = useMutation({
    mutationFn: (input: TSavedRecipeInput) => api.post(`/user/recipes/${enc(gameId)}`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/user/recipes/${enc(gameId)}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  /** Publishing a mix is a recipe suggestion: it joins the recipe list once an admin accepts it. */
  const publish = useMutation({
    mutationFn: (recipe: TSavedRecipeInput & { authorName: string }) =>
      api.post('/suggestion', {
        type: 'MIX_RECIPE',
        action: 'ADD',
        parentId: gameId,
        data: JSON.stringify({
          _id: `r_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`,
          gameId,
          ...recipe,
        }),
      }),
  });
  return { session, list, save, remove, publish };
}
