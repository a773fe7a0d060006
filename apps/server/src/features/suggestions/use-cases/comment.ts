import { inTransaction } from '../../../db/database.ts';
import { gameOfSuggestion } from '../../community/community.repository.ts';
import { publishGameEvents } from '../../community/game-events.ts';
import { addComment, listComments } from '../suggestions.repository.ts';
import { ensureContributes, type SuggestionActor, type SuggestionDeps, visibleSuggestion } from './common.ts';

/** Adds a comment to a suggestion its author or an admin can see; answers the suggestion's comments. */
export async function commentOn(
  deps: Pick<SuggestionDeps, 'db'>,
  id: string,
  text: string,
  user: SuggestionActor,
) {
  const { kysely } = deps.db;
  const suggestion = await visibleSuggestion(deps, kysely, id, user);
  await ensureContributes(kysely, suggestion, user);
  await inTransaction(deps.db, async (trx) => {
    await addComment(trx, {
      suggestionId: id,
      userId: user.id,
      username: user.username,
      // Plain text, stored as written (trimmed, 1–2000 characters): the pages show it as text.
      comment: text,
      createdAt: new Date().toISOString(),
    });
    const gameId = await gameOfSuggestion(trx, suggestion);
    if (gameId) {
      await publishGameEvents(trx, [
        {
          gameId,
          event: 'comment.created',
          data: { suggestionId: id, type: suggestion.type, username: user.username, comment: text },
        },
      ]);
    }
  });
  return listComments(kysely, id);
}

/** A suggestion's comments, oldest first. */
export async function commentsOf(deps: Pick<SuggestionDeps, 'db'>, id: string, user: SuggestionActor) {
  await visibleSuggestion(deps, deps.db.kysely, id, user);
  return listComments(deps.db.kysely, id);
}
