import type { Readable } from 'node:stream';

/** One stored object as listing and `head` describe it. */
export interface ObjectInfo {
  /** Its key, relative to the store's root (`uploads/map/…`). */
  key: string;
  size: number;
  /** Changes whenever the content does (a strong validator for HTTP). */
  etag: string;
  lastModified: Date;
}

/** An object being read: its description and its content as a stream (read it or destroy it). */
export interface ObjectBody extends ObjectInfo {
  body: Readable;
}

/**
 * Where pictures, thumbnails and tile pyramids live: the file system under DATA_DIR or an
 * S3-compatible bucket. Keys are `/`-separated segments checked by `checkKey`.
 *
 * Semantics both drivers keep:
 * - `put` is atomic per object: a reader sees the whole old content or the whole new one, never a
 *   partial object (local: temporary sibling + rename; S3: a PUT becomes visible only when complete).
 * - Nothing is atomic across objects. A set of objects that must change together (a tile pyramid) is
 *   written under a new prefix and published by one database write that points to it.
 * - `list` and `deletePrefix` work on whole folders (`prefix` is a key whose objects lie below it).
 * - Reads after a completed write see it (S3 is strongly read-after-write consistent).
 * - A failure to reach the storage is a `StorageUnavailableError` (the API answers 503).
 */
export interface ObjectStore {
  /** `local` or `s3`, and a description for logs (no credentials). */
  readonly kind: 'local' | 's3';
  readonly description: string;
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Stores a local file's content (streamed). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** The object with its content stream, or undefined when it does not exist. */
  get(key: string): Promise<ObjectBody | undefined>;
  head(key: string): Promise<ObjectInfo | undefined>;
  /** Copies an object into a local file (created or replaced); false when it does not exist. */
  download(key: string, file: string): Promise<boolean>;
  /** Every object below the folder `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** Removes objects; keys that do not exist are ignored. */
  delete(keys: string[]): Promise<void>;
  /** Removes every object below the folder `prefix`; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Throws `StorageUnavailableError` unless the storage answers and is writable/readable. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** The storage could not be reached or refused the operation (network, credentials, missing bucket). */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

export function isStorageUnavailable(error: unknown): error is StorageUnavailableError {
  return error instanceof StorageUnavailableError;
}

const segmentPattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;

/**
 * Checks a key: 1-12 segments of letters, digits, `_`, `-`, `.`, none starting with `.` or `-` and
 * none containing `..`. So a key can never leave the store's root or name a driver's temporary file.
 */
export function checkKey(key: string): string {
  const parts = typeof key === 'string' ? key.split('/') : [];
  if (
    parts.length < 1 ||
    parts.length > 12 ||
    parts.some((p) => !segmentPattern.test(p) || p.includes('..'))
  ) {
    throw new TypeError(`Invalid storage key: ${JSON.stringify(String(key).slice(0, 120))}`);
  }
  return key;
}
