import { getModel, type ModelKey } from '@waypoint/shared';
import type { Actor } from '../../audit/audit.ts';
import type { ImageProblem, SuggestionDeps } from './common.ts';

/**
 * Fetches `urls` into the image fields of a record, in order ('0'…'4' for placed markers), through
 * the images feature's SSRF-safe path. Best effort: what fails is reported, the rest is kept.
 */
export async function attachImages(
  deps: Pick<SuggestionDeps, 'images'>,
  modelKey: string,
  id: string,
  urls: string[],
  actor: Actor,
  suggestionId?: string,
) {
  const problems: ImageProblem[] = [];
  const fetcher = deps.images?.();
  const model = getModel(modelKey as ModelKey);
  if (!fetcher || urls.length === 0) return problems;
  for (const [i, url] of urls.entries()) {
    const field = model.imageFields[i];
    if (!field) break;
    try {
      await fetcher(modelKey, id, field, url, actor);
    } catch (error) {
      problems.push({ suggestionId, field, url, message: (error as Error).message });
    }
  }
  return problems;
}
