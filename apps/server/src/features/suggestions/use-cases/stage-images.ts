import type { SuggestionType } from '@waypoint/shared';
import { modelOfType, type StagedImages, type SuggestionDeps } from './common.ts';

/** The image URLs a suggestion brings, with the request field each came from. */
export function imageSources(imageUrls: string[], imageUrl: string): { url: string; requestField: string }[] {
  if (imageUrls.length > 0) return imageUrls.map((url, i) => ({ url, requestField: `body.imageUrls.${i}` }));
  return imageUrl ? [{ url: imageUrl, requestField: 'body.imageUrl' }] : [];
}

/**
 * Fetches and processes a suggestion's images now, one after the other, for the image fields of its
 * element in order ('0'…'4' for placed markers), so that an accept has nothing left to fetch. Bounded
 * like an upload (SSRF rules, byte and time limits, decoding in a child process with its own limits).
 * A URL that cannot be fetched or is not a usable image is a 400 naming its field; what was staged
 * before it is thrown away.
 */
export async function stageSuggestionImages(
  deps: Pick<SuggestionDeps, 'images'>,
  type: SuggestionType | string,
  sources: { url: string; requestField: string }[],
): Promise<StagedImages> {
  const images = deps.images?.();
  const staged: StagedImages = {};
  if (!images || sources.length === 0) return staged;
  const fields = modelOfType(type).imageFields;
  try {
    for (const [i, { url, requestField }] of sources.entries()) {
      const field = fields[i];
      if (!field) break;
      staged[field] = await images.stage(field, url, requestField);
    }
  } catch (error) {
    await images.discard(Object.values(staged));
    throw error;
  }
  return staged;
}

/** Throws away staged images that will not be attached. */
export async function discardStagedImages(
  deps: Pick<SuggestionDeps, 'images'>,
  staged: StagedImages | undefined,
) {
  const list = Object.values(staged ?? {});
  if (list.length > 0) await deps.images?.()?.discard(list);
}
