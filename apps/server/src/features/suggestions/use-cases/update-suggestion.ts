import {
  type SuggestionAction,
  type SuggestionType,
  serverMessages,
  zSuggestionPatch,
} from '@waypoint/shared';
import { type Executor, inTransaction } from '../../../db/database.ts';
import { forbidden, parse } from '../../../http/errors.ts';
import { recordAudit } from '../../audit/audit.ts';
import { findSuggestion, updateSuggestion } from '../suggestions.repository.ts';
import {
  auditActor,
  checkImageUrl,
  checkImageUrls,
  editableSuggestion,
  fieldError,
  parseData,
  type SuggestionActor,
  type SuggestionDeps,
} from './common.ts';
import { validateSuggestionData } from './validate-suggestion.ts';

/** Changes an open suggestion's element (validated again), image URL, status or weight. */
export async function updateSuggestionOf(
  deps: Pick<SuggestionDeps, 'db'>,
  id: string,
  body: unknown,
  user: SuggestionActor,
  executor?: Executor,
) {
  const patch = parse(zSuggestionPatch, body, 'body');
  const work = async (trx: Executor) => {
    const before = await editableSuggestion(deps, trx, id, user);
    for (const name of ['type', 'action', 'parentId'] as const) {
      if (patch[name] !== undefined && patch[name] !== before[name]) {
        throw fieldError(`body.${name}`, 'Cannot change; make a new suggestion instead');
      }
    }
    const fields: Record<string, unknown> = {};
    if (patch.data !== undefined) {
      // The new element is the old one with the sent fields changed; its id stays the target.
      const merged = { ...JSON.parse(before.data || '{}'), ...parseData(patch.data), _id: before.targetId };
      const valid = await validateSuggestionData(
        trx,
        before.type as SuggestionType,
        before.action as SuggestionAction,
        before.parentId,
        merged,
        {
          withImages:
            (patch.imageUrls ?? before.imageUrls ?? []).length > 0 ||
            Boolean(patch.imageUrl ?? before.imageUrl),
          suggestionId: id,
          admin: user.admin,
        },
      );
      fields.data = JSON.stringify(valid.data);
    }
    if (patch.imageUrl !== undefined) fields.imageUrl = checkImageUrl(patch.imageUrl);
    if (patch.imageUrls !== undefined) fields.imageUrls = JSON.stringify(checkImageUrls(patch.imageUrls));
    if (patch.status !== undefined) fields.status = patch.status;
    if (patch.weight !== undefined) {
      if (!user.admin) throw forbidden(serverMessages.adminRequired);
      fields.weight = patch.weight;
    }
    if (Object.keys(fields).length === 0) return before;
    await updateSuggestion(trx, id, fields);
    const after = (await findSuggestion(trx, id))!;
    await recordAudit(trx, {
      actor: auditActor(user),
      model: 'suggestion',
      recordId: id,
      action: 'update',
      before,
      after,
    });
    return after;
  };
  return executor ? work(executor) : inTransaction(deps.db, work);
}
