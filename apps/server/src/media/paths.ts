import path from 'node:path';
import { MediaError } from './errors.ts';

/** Top-level folders of the image host under DATA_DIR. */
export const mediaRoots = { uploads: 'uploads', thumbs: 'thumbs', mapTiles: 'mapTiles' } as const;

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

/** `{gameId}/{mapId}` (or a single folder name) relative tiles path, each segment checked. */
export function safeTilesPath(tilesPath: string): string[] {
  const parts = String(tilesPath).split('/');
  if (parts.length < 1 || parts.length > 2) {
    throw new MediaError('BAD_PATH', `Invalid tiles path: ${JSON.stringify(String(tilesPath).slice(0, 80))}`);
  }
  return parts.map((p) => safeSegment(p, 'tiles path'));
}

/**
 * Builds every file-system path of the image host under one root and guarantees that none of them
 * leaves it. All inputs are validated segment by segment; the joined result is checked again.
 */
export class MediaStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir);
  }

  /** Joins checked segments under the root; throws if the result is outside it. */
  private inside(...segments: string[]): string {
    const full = path.resolve(this.root, ...segments);
    if (full !== this.root && !full.startsWith(this.root + path.sep)) {
      throw new MediaError('BAD_PATH', 'Path escapes the storage folder');
    }
    return full;
  }

  /** `uploads/{model}/{id}` and `thumbs/{model}/{id}`: every file of one record. */
  recordDirs(model: string, id: string): string[] {
    return [mediaRoots.uploads, mediaRoots.thumbs].map((root) =>
      this.inside(root, safeSegment(model, 'model'), safeSegment(id, 'id')),
    );
  }

  /** `uploads/{model}/{id}/{field}` folder. */
  uploadDir(model: string, id: string, field: string): string {
    return this.inside(
      mediaRoots.uploads,
      safeSegment(model, 'model'),
      safeSegment(id, 'id'),
      safeSegment(field, 'image field'),
    );
  }

  /** `uploads/{model}/{id}/{field}/{file}`. */
  uploadFile(model: string, id: string, field: string, file: string): string {
    return path.join(this.uploadDir(model, id, field), safeSegment(file, 'file name'));
  }

  /** `thumbs/{model}/{id}/{field}` folder (holds one folder per variant). */
  thumbDir(model: string, id: string, field: string): string {
    return this.inside(
      mediaRoots.thumbs,
      safeSegment(model, 'model'),
      safeSegment(id, 'id'),
      safeSegment(field, 'image field'),
    );
  }

  /** `thumbs/{model}/{id}/{field}/{variant}/{file}`. */
  thumbFile(model: string, id: string, field: string, variant: ThumbVariant, file: string): string {
    if (!thumbVariants.includes(variant)) throw new MediaError('BAD_PATH', `Invalid thumbnail variant`);
    return path.join(this.thumbDir(model, id, field), variant, safeSegment(file, 'file name'));
  }

  /**
   * `.staged/{version}`: an image fetched and processed for a suggestion, waiting for its accept
   * (its stored file and thumbnails). Outside the served folders.
   */
  stagedDir(version: string): string {
    return this.inside('.staged', safeSegment(version, 'staged image'));
  }

  /** Folder that contains the pyramid folder of a tiles path (e.g. `mapTiles/{gameId}`). */
  tilesParentDir(tilesPath: string): string {
    const parts = safeTilesPath(tilesPath);
    return this.inside(mediaRoots.mapTiles, ...parts.slice(0, -1));
  }

  /** `mapTiles/{tilesPath}` (the served pyramid; a link to the current version). */
  tilesDir(tilesPath: string): string {
    return this.inside(mediaRoots.mapTiles, ...safeTilesPath(tilesPath));
  }

  /** `mapTiles/{tilesPath}/{z}/{x}/{y}.{ext}`. */
  tileFile(tilesPath: string, z: unknown, x: unknown, y: unknown, ext: 'png' | 'webp' = 'png'): string {
    return path.join(
      this.tilesDir(tilesPath),
      String(tileNumber(z, 'zoom')),
      String(tileNumber(x, 'x')),
      `${tileNumber(y, 'y')}.${ext}`,
    );
  }

  /**
   * Resolves a URL path below one of the host roots (`uploads/…`, `thumbs/…`, `mapTiles/…`) to a
   * file, or throws BAD_PATH. Used by the static file routes.
   */
  resolvePublic(root: keyof typeof mediaRoots, relative: string): string {
    const parts = relative.split('/').filter((p) => p !== '');
    if (parts.length === 0 || parts.length > 8) throw new MediaError('BAD_PATH', 'Invalid path');
    return this.inside(mediaRoots[root], ...parts.map((p) => safeSegment(decodeSafe(p))));
  }
}

function decodeSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MediaError('BAD_PATH', 'Invalid path encoding');
  }
}
