import { inTransaction } from '../../../db/database.ts';
import { currentVote, setVote } from '../suggestions.repository.ts';
import { ensureContributes, type SuggestionActor, type SuggestionDeps, visibleSuggestion } from './common.ts';

/** The suggestion's counts and the caller's own vote (1 up, -1 down, 0 none). */
export async function votesOf(deps: Pick<SuggestionDeps, 'db'>, id: string, user: SuggestionActor) {
  const suggestion = await visibleSuggestion(deps, deps.db.kysely, id, user);
  const vote = await currentVote(deps.db.kysely, id, user.id);
  return { upvotes: Number(suggestion.upvotes ?? 0), downvotes: Number(suggestion.downvotes ?? 0), vote };
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
    const now = await currentVote(trx, id, user.id);
    const on = set ?? now !== direction;
    const value: -1 | 0 | 1 = on ? direction : now === direction ? 0 : (now as -1 | 0 | 1);
    const counts = await setVote(trx, id, user.id, value);
    return { ...counts, vote: value };
  });
}
