import { checkAspectRatio } from './aspect.ts';
import { describeSharpError, MediaError } from './errors.ts';
import { getSharp } from './sharp.ts';
import { type ImageType, imageExtensions, readHeaderSize, sniffImageType } from './sniff.ts';
import { rasterizeSvg, svgSafetyProblem } from './svg.ts';

/** Limits applied to every incoming image (configurable; see config.ts). */
export interface MediaLimits {
  /** Largest accepted file, in bytes. */
  maxUploadBytes: number;
  /** Largest accepted width × height, checked on the declared header size before any decoding. */
  maxInputPixels: number;
}

export const defaultMediaLimits: MediaLimits = {
  maxUploadBytes: 200 * 1024 * 1024,
  maxInputPixels: 16384 * 16384,
};

export type RasterType = Exclude<ImageType, 'svg'>;

/** An accepted image, ready to be stored. */
export interface PreparedImage {
  data: Buffer;
  type: RasterType;
  /** File extension for the stored file (`png`, `jpg`, `webp`, `gif`). */
  ext: string;
  width: number;
  height: number;
  /** True when the source was an SVG drawn to PNG. */
  rasterized: boolean;
}

export function checkByteSize(size: number, limits: MediaLimits): void {
  if (size > limits.maxUploadBytes) {
    throw new MediaError(
      'TOO_LARGE',
      `The file is too large (${formatBytes(size)}; the limit is ${formatBytes(limits.maxUploadBytes)})`,
    );
  }
}

export function checkPixelCount(width: number, height: number, limits: MediaLimits): void {
  if (width * height > limits.maxInputPixels) {
    throw new MediaError(
      'TOO_MANY_PIXELS',
      `The image is too large (${width}×${height} pixels; the limit is ${limits.maxInputPixels.toLocaleString('en-US')} pixels)`,
    );
  }
}

/**
 * The checks that need no decoding, cheap enough for the server process: size, real type (from the
 * bytes), and for raster images the declared size from the header (pixel count and aspect ratio);
 * an SVG is checked for safety. Answers the sniffed type.
 */
export function checkImageHeader(input: Buffer, limits: MediaLimits = defaultMediaLimits): ImageType {
  checkByteSize(input.length, limits);
  const sniffed = sniffImageType(input);
  if (!sniffed) {
    throw new MediaError(
      'UNSUPPORTED_TYPE',
      'The file is not a supported image (PNG, JPEG, WebP, GIF or SVG)',
    );
  }
  if (sniffed === 'svg') {
    const problem = svgSafetyProblem(input.toString('utf8'));
    if (problem) throw new MediaError('UNSAFE_SVG', `SVG refused: ${problem}`);
    return sniffed;
  }
  const declared = readHeaderSize(input, sniffed);
  if (!declared || declared.width === 0 || declared.height === 0) {
    throw new MediaError('CORRUPT_IMAGE', `The ${sniffed.toUpperCase()} header could not be read`);
  }
  checkPixelCount(declared.width, declared.height, limits);
  checkAspectRatio(declared.width, declared.height);
  return sniffed;
}

/**
 * Checks a file before it is stored (`checkImageHeader`), then reads the metadata with libvips
 * under the same pixel limit. SVG files are drawn to PNG. The pixels themselves are decoded later
 * (thumbnails, tiles) where a corrupt body gives a CORRUPT_IMAGE error. Decoding work: the server
 * runs it in a media child process (`media/image-job.ts`).
 */
export async function prepareImage(
  input: Buffer,
  limits: MediaLimits = defaultMediaLimits,
): Promise<PreparedImage> {
  const sniffed = checkImageHeader(input, limits);
  let data = input;
  let type: RasterType;
  if (sniffed === 'svg') {
    data = await rasterizeSvg(input, limits.maxInputPixels);
    type = 'png';
  } else {
    type = sniffed;
  }
  const declared = readHeaderSize(data, type);
  if (!declared || declared.width === 0 || declared.height === 0) {
    throw new MediaError('CORRUPT_IMAGE', `The ${type.toUpperCase()} header could not be read`);
  }
  checkPixelCount(declared.width, declared.height, limits);
  checkAspectRatio(declared.width, declared.height);

  const meta = await getSharp()(data, { limitInputPixels: limits.maxInputPixels })
    .metadata()
    .catch((error: unknown) => {
      throw new MediaError('CORRUPT_IMAGE', `The image could not be read: ${describeSharpError(error)}`, {
        cause: error,
      });
    });
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new MediaError('CORRUPT_IMAGE', 'The image has no size');
  checkPixelCount(width, height, limits);
  checkAspectRatio(width, height);
  return { data, type, ext: imageExtensions[type], width, height, rasterized: sniffed === 'svg' };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}
