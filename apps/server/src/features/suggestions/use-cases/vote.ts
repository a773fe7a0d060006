import { isOpenSuggestion } from '@waypoint/shared';
import { communityMessages } from '@waypoint/shared/community-messages';
import { type Executor, inTransaction } from '../../../db/database.ts';
import { forbidden } from '../../../http/errors.ts';
import { gameOfSuggestion } from '../../community/community.repository.ts';
import { queueVoteThresholdNotifications } from '../../notifications/notification-events.ts';
import {
  currentVote,
  recordVoteAlert,
  type SuggestionRecord,
  setVote,
  voteThresholdOf,
} from '../suggestions.repository.ts';
import { ensureContributes, type SuggestionActor, type SuggestionDeps, visibleSuggestion } from './common.ts';

/**
 * The suggestion's counts, the caller's own vote (1 up, -1 down, 0 none) and whether the caller is
 * its author (who may not vote on it).
 */
export async function votesOf(deps: Pick<SuggestionDeps, 'db'>, id: string, user: SuggestionActor) {
  const suggestion = await visibleSuggestion(deps, deps.db.kysely, id, user);
  const vote = await currentVote(deps.db.kysely, id, user.id);
  return {
    upvotes: Number(suggestion.upvotes ?? 0),
    downvotes: Number(suggestion.downvotes ?? 0),
    vote,
    own: suggestion.userId === user.id,
  };
}

const net = (s: Record<string, unknown>) => Number(s.upvotes ?? 0) - Number(s.downvotes ?? 0);

/**
 * An open suggestion whose net votes went from below its game's threshold to it or above: the
 * game's moderators and the admins hear of it, once per suggestion (a second crossing after a fall
 * stays silent).
 */
async function announceThreshold(
  trx: Executor,
  suggestion: SuggestionRecord,
  before: number,
  after: number,
  user: SuggestionActor,
) {
  if (after <= before || !isOpenSuggestion(suggestion.status)) return;
  const gameId = await gameOfSuggestion(trx, suggestion);
  const threshold = await voteThresholdOf(trx, gameId);
  if (!gameId || threshold <= 0 || before >= threshold || after < threshold) return;
  if (!(await recordVoteAlert(trx, suggestion._id, threshold))) return;
  await queueVoteThresholdNotifications(trx, suggestion, gameId, threshold, user.username);
}

/**
 * One vote per user and suggestion. `set` undefined toggles (the POST form): voting the same way
 * again takes the vote back; true/false set or clear that direction (the PATCH form).
 */
export async function vote(
  deps: Pick<SuggestionDeps, 'db'>,
  id: string,
  direction: 1 | -1,
  user: SuggestionActor,
  set?: boolean,
) {
  return inTransaction(deps.db, async (trx) => {
    const suggestion = await visibleSuggestion(deps, trx, id, user, { lock: true });
    await ensureContributes(trx, suggestion, user);
    // Votes weigh others' support: an author's own would count toward the game's threshold.
    if (suggestion.userId === user.id) throw forbidden(communityMessages.ownVote);
    const now = await currentVote(trx, id, user.id);
    const on = set ?? now !== direction;
    const value: -1 | 0 | 1 = on ? direction : now === direction ? 0 : (now as -1 | 0 | 1);
    const counts = await setVote(trx, id, user.id, value);
    await announceThreshold(trx, suggestion, net(suggestion), net(counts), user);
    return { ...counts, vote: value, own: false };
  });
}
