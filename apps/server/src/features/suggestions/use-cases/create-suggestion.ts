import type { TNewSuggestion } from '@waypoint/shared';
import { type Executor, inTransaction } from '../../../db/database.ts';
import type { ModelRecord } from '../../../db/rows.ts';
import { recordAudit } from '../../audit/audit.ts';
import { gameOfSuggestion } from '../../community/community.repository.ts';
import { publishGameEvents } from '../../community/game-events.ts';
import { findSuggestion, insertSuggestion } from '../suggestions.repository.ts';
import {
  auditActor,
  checkImageUrl,
  checkImageUrls,
  ensureContributes,
  newSuggestionId,
  type StagedImages,
  type SuggestionActor,
  type SuggestionDeps,
} from './common.ts';
import { discardStagedImages, imageSources, stageSuggestionImages } from './stage-images.ts';
import { validateSuggestionData } from './validate-suggestion.ts';

/**
 * Records a new suggestion (validated against its type's schema), in the caller's transaction if
 * given. Its images are fetched and processed first, outside any transaction of its own (`staged`:
 * already done by a caller that holds a transaction).
 */
export async function createSuggestion(
  deps: Pick<SuggestionDeps, 'db' | 'images'>,
  input: TNewSuggestion,
  user: SuggestionActor,
  executor?: Executor,
  staged?: StagedImages,
) {
  const images = checkImageUrls(input.imageUrls);
  await ensureContributes(executor ?? deps.db.kysely, input, user);
  const imageUrl = checkImageUrl(input.imageUrl);
  const validate = (db: Executor) =>
    validateSuggestionData(db, input.type, input.action, input.parentId, input.data, {
      withImages: images.length > 0 || Boolean(imageUrl),
      admin: user.admin,
      userId: user.id,
    });
  let stagedImages = staged;
  if (!stagedImages) {
    const sources = imageSources(images, imageUrl);
    // A suggestion refused anyway fetches nothing.
    if (sources.length > 0) await validate(executor ?? deps.db.kysely);
    stagedImages = await stageSuggestionImages(deps, input.type, sources);
  }
  const work = async (trx: Executor) => {
    const valid = await validate(trx);
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
      images: stagedImages,
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
    const gameId = await gameOfSuggestion(trx, stored);
    if (gameId) {
      await publishGameEvents(trx, [
        {
          gameId,
          event: 'suggestion.created',
          data: {
            suggestionId: stored._id,
            type: stored.type,
            action: stored.action,
            parentId: stored.parentId,
            targetId: stored.targetId,
            username: stored.username,
          },
        },
      ]);
    }
    return stored;
  };
  try {
    return executor ? await work(executor) : await inTransaction(deps.db, work);
  } catch (error) {
    // Staged here, for a suggestion that was not stored.
    if (!staged) await discardStagedImages(deps, stagedImages);
    throw error;
  }
}
