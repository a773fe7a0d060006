import { serverMessages } from '@waypoint/shared';
import { notFound } from '../../../http/errors.ts';
import { mayReviewOpenSuggestions } from '../../auth/policy.ts';
import { visibleMap } from '../../map-view/map-view.service.ts';
import { openMarkerSuggestionsOfMap } from '../suggestions.repository.ts';
import type { SuggestionActor, SuggestionDeps } from './common.ts';

/**
 * The open placed-marker suggestions of a map for suggest mode: everyone's where the policy lets
 * `user` review the game's open suggestions, else (a user banned there) only their own. A hidden map
 * is not found, as its page is not, except by an admin.
 */
export async function mapSuggestions(
  deps: Pick<SuggestionDeps, 'db'>,
  mapId: string,
  user: SuggestionActor,
  page: { limit: number; skip: number },
) {
  const map = await visibleMap(deps.db, mapId, user.admin === true);
  if (!map) throw notFound(serverMessages.notFound('Map', mapId));
  const everyone = mayReviewOpenSuggestions(user, map.gameId);
  return openMarkerSuggestionsOfMap(deps.db.kysely, mapId, {
    ...page,
    userId: everyone ? undefined : user.id,
  });
}
