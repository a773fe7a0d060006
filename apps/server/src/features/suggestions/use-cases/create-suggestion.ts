import type { TNewSuggestion } from '@waypoint/shared';
import { type Executor, inTransaction } from '../../../db/database.ts';
import type { ModelRecord } from '../../../db/rows.ts';
import { recordAudit } from '../../audit/audit.ts';
import { findSuggestion, insertSuggestion } from '../suggestions.repository.ts';
import {
  auditActor,
  checkImageUrl,
  checkImageUrls,
  newSuggestionId,
  type SuggestionActor,
  type SuggestionDeps,
} from './common.ts';
import { validateSuggestionData } from './validate-suggestion.ts';

/** Records a new suggestion (validated against its type's schema), in the caller's transaction if given. */
export async function createSuggestion(
  deps: Pick<SuggestionDeps, 'db'>,
  input: TNewSuggestion,
  user: SuggestionActor,
  executor?: Executor,
) {
  const work = async (trx: Executor) => {
    const images = checkImageUrls(input.imageUrls);
    const valid = await validateSuggestionData(trx, input.type, input.action, input.parentId, input.data, {
      withImages: images.length > 0 || Boolean(input.imageUrl),
      admin: user.admin,
    });
    const now = new Date().toISOString();
    const record: ModelRecord = {
      _id: newSuggestionId(),
      status: 'SAVED',
      type: input.type,
      action: input.action,
      parentId: input.parentId,
      userId: user.id,
      username: user.username,
      data: JSON.stringify(valid.data),
      imageUrl: checkImageUrl(input.imageUrl),
      imageUrls: images,
      weight: 0,
      upvotes: 0,
      downvotes: 0,
      targetId: valid.targetId,
      baseUpdatedAt: valid.baseUpdatedAt,
    };
    await insertSuggestion(trx, record, now);
    const stored = (await findSuggestion(trx, String(record._id)))!;
    await recordAudit(trx, {
      actor: auditActor(user),
      model: 'suggestion',
      recordId: stored._id,
      action: 'create',
      after: stored,
    });
    return stored;
  };
  return executor ? work(executor) : inTransaction(deps.db, work);
}
