import { mayReviewOpenSuggestions } from '../../auth/policy.ts';
import { gameOfSuggestion } from '../../community/community.repository.ts';
import { openMarkerSuggestionsOfMap } from '../suggestions.repository.ts';
import type { SuggestionActor, SuggestionDeps } from './common.ts';

/**
 * The open placed-marker suggestions of a map for suggest mode: everyone's where the policy lets
 * `user` review the game's open suggestions, else (a user banned there) only their own.
 */
export async function mapSuggestions(
  deps: Pick<SuggestionDeps, 'db'>,
  mapId: string,
  user: SuggestionActor,
  page: { limit: number; skip: number },
) {
  const { kysely } = deps.db;
  const gameId = await gameOfSuggestion(kysely, { type: 'PLACED_MARKER', parentId: mapId });
  const everyone = mayReviewOpenSuggestions(user, gameId);
  return openMarkerSuggestionsOfMap(kysely, mapId, { ...page, userId: everyone ? undefined : user.id });
}
