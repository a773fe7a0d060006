import { MediaError } from './errors.ts';

/** Top-level folders of the image host in the storage (DATA_DIR or a bucket). */
export const mediaRoots = { uploads: 'uploads', thumbs: 'thumbs', mapTiles: 'mapTiles' } as const;

/** Every top-level folder a site keeps in its storage: the image host's and suggested pictures under review. */
export const storedFolders = [...Object.values(mediaRoots), 'staged'] as const;

/**
 * Thumbnail variants: admin previews (150×150) and category cards (128 high), each also at twice the
 * size for screens of 2× pixel density (pages offer both through `srcset`).
 */
export const thumbVariants = ['150x150', 'h128', '300x300', 'h256'] as const;
export type ThumbVariant = (typeof thumbVariants)[number];

const segmentPattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;

/**
 * Checks one path segment coming from a URL, an id or a file name. Accepted: 1-200 letters, digits,
 * `_`, `-` or `.`, not starting with `.` or `-` (the id rule of the model registry). This refuses
 * `..`, `.`, slashes and backslashes, NUL, drive letters and absolute paths.
 */
export function safeSegment(value: unknown, what = 'path segment'): string {
  if (typeof value !== 'string' || !segmentPattern.test(value) || value.includes('..')) {
    throw new MediaError('BAD_PATH', `Invalid ${what}: ${JSON.stringify(String(value).slice(0, 80))}`);
  }
  return value;
}

/** Whole-number zoom/x/y of a tile URL. */
function tileNumber(value: unknown, what: string): number {
  const text = String(value);
  if (!/^\d{1,7}$/.test(text)) throw new MediaError('BAD_PATH', `Invalid tile ${what}: ${text.slice(0, 20)}`);
  return Number(text);
}

/**
 * `{gameId}/{mapId}/{version}` (or an older one- or two-segment form) relative tiles path, each
 * segment checked.
 */
export function safeTilesPath(tilesPath: string): string[] {
  const parts = String(tilesPath).split('/');
  if (parts.length < 1 || parts.length > 3) {
    throw new MediaError('BAD_PATH', `Invalid tiles path: ${JSON.stringify(String(tilesPath).slice(0, 80))}`);
  }
  return parts.map((p) => safeSegment(p, 'tiles path'));
}

/**
 * Builds every storage key of the image host and guarantees that each segment is safe, so no key
 * can leave its folder. Keys are the same in every storage driver (local files under DATA_DIR, or
 * objects in a bucket):
 * - `uploads/{model}/{id}/{field}/{file}`: a record's stored picture;
 * - `thumbs/{model}/{id}/{field}/{variant}/{file}`: its thumbnails;
 * - `mapTiles/{gameId}/{mapId}/{version}/{z}/{x}/{y}.png`: one version of a tile pyramid;
 * - `staged/{version}/{variant}/{file}`: a suggested picture waiting for its accept (not served).
 */
export const mediaKeys = {
  /** `uploads/{model}/{id}` and `thumbs/{model}/{id}`: every file of one record. */
  recordPrefixes(model: string, id: string): string[] {
    return [mediaRoots.uploads, mediaRoots.thumbs].map(
      (root) => `${root}/${safeSegment(model, 'model')}/${safeSegment(id, 'id')}`,
    );
  },

  /** `uploads/{model}/{id}/{field}` folder. */
  uploadDir(model: string, id: string, field: string): string {
    return `${mediaRoots.uploads}/${safeSegment(model, 'model')}/${safeSegment(id, 'id')}/${safeSegment(field, 'image field')}`;
  },

  /** `uploads/{model}/{id}/{field}/{file}`. */
  uploadFile(model: string, id: string, field: string, file: string): string {
    return `${mediaKeys.uploadDir(model, id, field)}/${safeSegment(file, 'file name')}`;
  },

  /** `thumbs/{model}/{id}/{field}` folder (holds one folder per variant). */
  thumbDir(model: string, id: string, field: string): string {
    return `${mediaRoots.thumbs}/${safeSegment(model, 'model')}/${safeSegment(id, 'id')}/${safeSegment(field, 'image field')}`;
  },

  /** `thumbs/{model}/{id}/{field}/{variant}/{file}`. */
  thumbFile(model: string, id: string, field: string, variant: ThumbVariant, file: string): string {
    if (!thumbVariants.includes(variant)) throw new MediaError('BAD_PATH', `Invalid thumbnail variant`);
    return `${mediaKeys.thumbDir(model, id, field)}/${variant}/${safeSegment(file, 'file name')}`;
  },

  /** `staged/{version}`: a picture fetched and processed for a suggestion, waiting for its accept. */
  stagedDir(version: string): string {
    return `staged/${safeSegment(version, 'staged image')}`;
  },

  /** `mapTiles/{tilesPath}`: one pyramid. */
  tilesDir(tilesPath: string): string {
    return `${mediaRoots.mapTiles}/${safeTilesPath(tilesPath).join('/')}`;
  },

  /** `mapTiles/{tilesPath}/{z}/{x}/{y}.{ext}`. */
  tileFile(tilesPath: string, z: unknown, x: unknown, y: unknown, ext: 'png' | 'webp' = 'png'): string {
    return `${mediaKeys.tilesDir(tilesPath)}/${tileNumber(z, 'zoom')}/${tileNumber(x, 'x')}/${tileNumber(y, 'y')}.${ext}`;
  },

  /**
   * The key of a URL path below one of the host roots (`uploads/…`, `thumbs/…`, `mapTiles/…`), or
   * BAD_PATH. Used by the image host.
   */
  resolvePublic(root: keyof typeof mediaRoots, relative: string): string {
    const parts = relative.split('/').filter((p) => p !== '');
    if (parts.length === 0 || parts.length > 8) throw new MediaError('BAD_PATH', 'Invalid path');
    return [mediaRoots[root], ...parts.map((p) => safeSegment(decodeSafe(p)))].join('/');
  },
};

function decodeSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MediaError('BAD_PATH', 'Invalid path encoding');
  }
}
