import { MediaError } from './errors.ts';

/** Largest accepted ratio of an image's long side to its short side. */
export const MAX_ASPECT_RATIO = 64;

/**
 * Refuses extreme strips (e.g. 1,000,000×268): they pass the pixel limit but make resizing and
 * tiling take far more memory and time than their pixel count suggests. Checked on the header's
 * size, before anything is decoded.
 */
export function checkAspectRatio(width: number, height: number): void {
  const long = Math.max(width, height);
  const short = Math.max(1, Math.min(width, height));
  if (long / short > MAX_ASPECT_RATIO) {
    throw new MediaError(
      'BAD_ASPECT',
      `The image is ${width}×${height} pixels; its long side may be at most ${MAX_ASPECT_RATIO} times its short side`,
    );
  }
}
