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
  ensureContributes,
  fieldError,
  parseData,
  type StagedImages,
  type SuggestionActor,
  type SuggestionDeps,
} from './common.ts';
import { discardStagedImages, imageSources, stageSuggestionImages } from './stage-images.ts';
import { validateSuggestionData } from './validate-suggestion.ts';

/**
 * Changes an open suggestion's element (validated again), images, status or weight. New images are
 * fetched and processed first, outside any transaction of its own (`staged`: already done by a
 * caller that holds a transaction); the ones they replace are thrown away once the change is stored.
 */
export async function updateSuggestionOf(
  deps: Pick<SuggestionDeps, 'db' | 'images'>,
  id: string,
  body: unknown,
  user: SuggestionActor,
  executor?: Executor,
  staged?: StagedImages,
) {
  const patch = parse(zSuggestionPatch, body, 'body');
  const newImages = patch.imageUrls !== undefined || patch.imageUrl !== undefined;
  const imageUrls = patch.imageUrls === undefined ? undefined : checkImageUrls(patch.imageUrls);
  const imageUrl = patch.imageUrl === undefined ? undefined : checkImageUrl(patch.imageUrl);
  let stagedImages = staged;
  if (newImages && !stagedImages) {
    // Only the author or an admin makes the server fetch anything.
    const current = await editableSuggestion(deps, executor ?? deps.db.kysely, id, user);
    const sources = imageSources(imageUrls ?? current.imageUrls ?? [], imageUrl ?? current.imageUrl ?? '');
    stagedImages = await stageSuggestionImages(deps, current.type, sources);
  }
  let replaced: StagedImages | undefined;
  const work = async (trx: Executor) => {
    const before = await editableSuggestion(deps, trx, id, user);
    await ensureContributes(trx, before, user);
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
    if (imageUrl !== undefined) fields.imageUrl = imageUrl;
    if (imageUrls !== undefined) fields.imageUrls = JSON.stringify(imageUrls);
    if (newImages && stagedImages) {
      fields.images = stagedImages;
      replaced = before.images;
    }
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
  try {
    const after = executor ? await work(executor) : await inTransaction(deps.db, work);
    await discardStagedImages(deps, replaced);
    return after;
  } catch (error) {
    // Staged here, for a change that was not stored.
    if (!staged) await discardStagedImages(deps, stagedImages);
    throw error;
  }
}
