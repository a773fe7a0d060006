/**
 * Errors raised by the media layer. Each carries an HTTP status so that routes can answer
 * with a 4xx that names the problem, and a stable code for tests and logs.
 */
export type MediaErrorCode =
  | 'BAD_PATH'
  | 'TOO_LARGE'
  | 'TOO_MANY_PIXELS'
  | 'UNSUPPORTED_TYPE'
  | 'UNSAFE_SVG'
  | 'CORRUPT_IMAGE'
  | 'BAD_ASPECT'
  | 'TOO_SLOW'
  | 'TOO_MUCH_MEMORY'
  | 'REMOTE_REFUSED'
  | 'REMOTE_FAILED';

/** HTTP status of each media error code. */
export const mediaErrorStatus: Record<MediaErrorCode, number> = {
  BAD_PATH: 400,
  TOO_LARGE: 413,
  TOO_MANY_PIXELS: 413,
  UNSUPPORTED_TYPE: 415,
  UNSAFE_SVG: 415,
  CORRUPT_IMAGE: 422,
  BAD_ASPECT: 400,
  TOO_SLOW: 422,
  TOO_MUCH_MEMORY: 422,
  REMOTE_REFUSED: 400,
  REMOTE_FAILED: 400,
};

export class MediaError extends Error {
  readonly code: MediaErrorCode;
  readonly statusCode: number;

  constructor(code: MediaErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaError';
    this.code = code;
    this.statusCode = mediaErrorStatus[code];
  }
}

export function isMediaError(error: unknown): error is MediaError {
  return error instanceof MediaError;
}

/** A short, readable message for a libvips/sharp failure (first line, without the "VipsXxx:" noise). */
export function describeSharpError(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const line =
    raw
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? 'unknown error';
  return line.replace(/^Vips\w+:\s*/, '').slice(0, 300);
}
