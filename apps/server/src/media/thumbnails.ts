import { constants } from '@waypoint/shared';
import type { Sharp } from 'sharp';
import { describeSharpError, MediaError } from './errors.ts';
import { writeAtomically } from './fsutil.ts';
import type { RasterType } from './limits.ts';
import type { ThumbVariant } from './paths.ts';
import { getSharp } from './sharp.ts';

/** Size rule of each thumbnail variant (SPEC §9: admin 150×150, category 128 high; and both at 2×). */
export const thumbSpecs: Record<ThumbVariant, { width?: number; height: number; fit: 'cover' | 'inside' }> = {
  '150x150': { width: constants.adminThumbPx, height: constants.adminThumbPx, fit: 'cover' },
  h128: { height: constants.categoryThumbHeightPx, fit: 'inside' },
  '300x300': { width: 2 * constants.adminThumbPx, height: 2 * constants.adminThumbPx, fit: 'cover' },
  h256: { height: 2 * constants.categoryThumbHeightPx, fit: 'inside' },
};

function encode(pipeline: Sharp, type: RasterType): Sharp {
  switch (type) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case 'webp':
      return pipeline.webp({ quality: 82 });
    case 'gif':
      return pipeline.gif();
    default:
      return pipeline.png({ compressionLevel: 9, palette: false });
  }
}

/**
 * Writes the thumbnail variants of an image (same format as the original), each atomically.
 * A corrupt body fails here with CORRUPT_IMAGE and a readable reason.
 */
export async function writeThumbnails(
  input: Buffer | string,
  type: RasterType,
  targets: Partial<Record<ThumbVariant, string>>,
  maxInputPixels: number,
): Promise<void> {
  const sharp = getSharp();
  for (const [variant, file] of Object.entries(targets) as [ThumbVariant, string][]) {
    const spec = thumbSpecs[variant];
    const pipeline = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .autoOrient()
      .resize({ width: spec.width, height: spec.height, fit: spec.fit, position: 'attention' });
    try {
      await writeAtomically(file, (tmp) => encode(pipeline, type).toFile(tmp));
    } catch (error) {
      throw new MediaError('CORRUPT_IMAGE', `The image could not be decoded: ${describeSharpError(error)}`, {
        cause: error,
      });
    }
  }
}
