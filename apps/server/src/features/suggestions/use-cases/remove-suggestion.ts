import { serverMessages } from '@waypoint/shared';
import { type Executor, inTransaction } from '../../../db/database.ts';
import { notFound } from '../../../http/errors.ts';
import { recordAudit } from '../../audit/audit.ts';
import { deleteOpenSuggestionsOfUser, deleteSuggestion, findUserByName } from '../suggestions.repository.ts';
import {
  auditActor,
  editableSuggestion,
  type SuggestionActor,
  type SuggestionDeps,
  visibleSuggestion,
} from './common.ts';
import { discardStagedImages } from './stage-images.ts';

/** Withdraws an open suggestion (its author) or removes any (an admin). */
export async function removeSuggestion(
  deps: Pick<SuggestionDeps, 'db' | 'images'>,
  id: string,
  user: SuggestionActor,
  executor?: Executor,
) {
  const work = async (trx: Executor) => {
    const before = user.admin
      ? await visibleSuggestion(deps, trx, id, user, { lock: true })
      : await editableSuggestion(deps, trx, id, user);
    if (!(await deleteSuggestion(trx, id))) throw notFound(serverMessages.notFound('Suggestion', id));
    await recordAudit(trx, {
      actor: auditActor(user),
      model: 'suggestion',
      recordId: id,
      action: 'delete',
      before,
    });
    return before;
  };
  const before = executor ? await work(executor) : await inTransaction(deps.db, work);
  await discardStagedImages(deps, before.images);
  return before;
}

/** Removes every open suggestion of the user named `username` (an admin's 'Remove all user suggestions'). */
export async function removeOpenSuggestionsOfUser(
  deps: Pick<SuggestionDeps, 'db' | 'images'>,
  username: string,
  admin: SuggestionActor,
) {
  const user = await findUserByName(deps.db.kysely, username);
  if (!user) throw notFound(serverMessages.notFound('User', username));
  const removed = await inTransaction(deps.db, async (trx) => {
    const deleted = await deleteOpenSuggestionsOfUser(trx, user.id);
    for (const { _id } of deleted) {
      await recordAudit(trx, {
        actor: auditActor(admin),
        model: 'suggestion',
        recordId: _id,
        action: 'delete',
      });
    }
    return deleted;
  });
  for (const { images } of removed) await discardStagedImages(deps, images);
  return { username: user.username, removed: removed.length };
}
