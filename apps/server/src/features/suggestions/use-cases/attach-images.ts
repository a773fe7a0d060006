import { getModel, type ModelKey, serverMessages } from '@waypoint/shared';
import type { Actor } from '../../audit/audit.ts';
import type { ImageProblem, StagedImages, SuggestionDeps } from './common.ts';

/**
 * An admin's direct change: fetches `urls` into the image fields of a record, in order ('0'…'4' for
 * placed markers), through the images feature's SSRF-safe path. Best effort: what fails is
 * reported, the rest is kept.
 */
export async function attachImages(
  deps: Pick<SuggestionDeps, 'images'>,
  modelKey: string,
  id: string,
  urls: string[],
  actor: Actor,
) {
  const problems: ImageProblem[] = [];
  const images = deps.images?.();
  const model = getModel(modelKey as ModelKey);
  if (!images || urls.length === 0) return problems;
  for (const [i, url] of urls.entries()) {
    const field = model.imageFields[i];
    if (!field) break;
    try {
      await images.fetch(modelKey, id, field, url, actor);
    } catch (error) {
      problems.push({ field, url, message: (error as Error).message });
    }
  }
  return problems;
}

/**
 * An accepted suggestion's images, fetched and processed when it was made, moved onto the record's
 * image fields: no network, no image work. What cannot be moved is reported, the rest is kept.
 */
export async function attachStagedImages(
  deps: Pick<SuggestionDeps, 'images'>,
  modelKey: string,
  id: string,
  staged: StagedImages,
  urls: string[],
  actor: Actor,
  suggestionId: string,
) {
  const problems: ImageProblem[] = [];
  const images = deps.images?.();
  if (!images) return problems;
  const fields = getModel(modelKey as ModelKey).imageFields;
  for (const [i, field] of fields.entries()) {
    const image = staged[field];
    const url = urls[i] ?? '';
    if (!image) {
      // Only a suggestion stored before images were fetched when suggested lacks them.
      if (url) problems.push({ suggestionId, field, url, message: serverMessages.imageNotStaged });
      continue;
    }
    try {
      await images.attach(modelKey, id, field, image, actor);
    } catch (error) {
      problems.push({ suggestionId, field, url, message: (error as Error).message });
    }
  }
  return problems;
}
