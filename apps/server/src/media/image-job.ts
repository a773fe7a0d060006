import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type ChildLimits, runMediaChild } from './child.ts';
import { MediaError, type MediaErrorCode, mediaErrorStatus } from './errors.ts';
import { checkImageHeader, type MediaLimits, type RasterType } from './limits.ts';
import type { ThumbVariant } from './paths.ts';

/** An incoming image decoded in a child process: its stored form and thumbnails, in a work folder. */
export interface DecodedImage {
  type: RasterType;
  ext: string;
  width: number;
  height: number;
  /** The file to store (a raster; an SVG has been drawn to PNG). */
  file: string;
  thumbs: Partial<Record<ThumbVariant, string>>;
  /** Removes what is left of the work files (call after moving the files into place). */
  cleanUp(): Promise<void>;
}

/**
 * Checks and decodes an incoming image. The cheap header checks (size, type, pixel count, aspect
 * ratio, SVG safety) run here; decoding, SVG drawing and thumbnails run in a low-priority child
 * process with a time and memory limit (`limits`), so a hostile image can neither stall nor bloat
 * the server. Work files live in `workDir` (on the same disk as the stored files, so that moving
 * them into place is a rename).
 */
export async function decodeImageInChild(
  input: Buffer,
  workDir: string,
  variants: readonly ThumbVariant[],
  mediaLimits: MediaLimits,
  limits: ChildLimits,
): Promise<DecodedImage> {
  checkImageHeader(input, mediaLimits);
  await fs.mkdir(workDir, { recursive: true });
  const base = path.join(workDir, `image-${process.pid}-${randomBytes(6).toString('hex')}`);
  const thumbs = Object.fromEntries(variants.map((v) => [v, `${base}.${v}`])) as Partial<
    Record<ThumbVariant, string>
  >;
  const files = [`${base}.in`, `${base}.out`, ...Object.values(thumbs)];
  const cleanUp = async () => {
    await Promise.all(files.map((file) => fs.rm(file, { force: true })));
  };
  try {
    await fs.writeFile(`${base}.in`, input);
    const run = runMediaChild<{ type: RasterType; ext: string; width: number; height: number }>(
      path.join(import.meta.dirname, 'image.worker.ts'),
      [
        JSON.stringify({
          input: `${base}.in`,
          output: `${base}.out`,
          thumbs,
          // The byte size was checked above (it may be unlimited, which JSON cannot carry).
          limits: { ...mediaLimits, maxUploadBytes: Number.MAX_SAFE_INTEGER },
        }),
      ],
      limits,
    );
    const meta = await run.result.catch((error: Error & { code?: string }) => {
      if (error instanceof MediaError) throw error;
      if (error.code && error.code in mediaErrorStatus) {
        throw new MediaError(error.code as MediaErrorCode, error.message);
      }
      throw error;
    });
    await fs.rm(`${base}.in`, { force: true });
    return { ...meta, file: `${base}.out`, thumbs, cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
