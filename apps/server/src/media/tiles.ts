import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type ChildLimits, runMediaChild } from './child.ts';
import { describeSharpError, MediaError, type MediaErrorCode, mediaErrorStatus } from './errors.ts';
import { getSharp } from './sharp.ts';

export const TILE_SIZE = 256;

export type TileFormat = 'png' | 'webp';

export interface TileOptions {
  /** Pixel limit applied to the source image (required: the library default refuses 16384²). */
  maxInputPixels: number;
  /** Tile encoding: PNG (default, lossless) or WebP (lossy, about a third of the bytes). */
  format?: TileFormat;
  /** PNG zlib level 0-9 (default 6) or WebP quality 1-100 (default 80). */
  quality?: number;
  /**
   * Zoom at which the image is shown at full size (the map's coordinate scale: one map unit is
   * 2^maxZoom pixels). Default: the natural zoom, `maxZoomFor(width, height)`. A smaller value drops
   * the lowest levels; a larger one adds smaller overview levels, so that level `maxZoom` is always
   * the full-size image.
   */
  maxZoom?: number;
  /** Colour of the area outside the image in edge tiles (default transparent black). */
  background?: { r: number; g: number; b: number; alpha: number };
}

export interface TileResult {
  width: number;
  height: number;
  maxZoom: number;
  tileCount: number;
  format: TileFormat;
}

/** Highest zoom of a pyramid whose top level shows the image at full size. */
export function maxZoomFor(width: number, height: number, tileSize = TILE_SIZE): number {
  const long = Math.max(width, height, 1);
  return Math.max(0, Math.ceil(Math.log2(long / tileSize)));
}

/** Number of tiles a pyramid has (tiles that overlap the image at each zoom). */
export function expectedTileCount(width: number, height: number, tileSize = TILE_SIZE): number {
  const maxZoom = maxZoomFor(width, height, tileSize);
  let count = 0;
  for (let z = 0; z <= maxZoom; z++) {
    const scale = 2 ** (maxZoom - z);
    count += Math.ceil(Math.ceil(width / scale) / tileSize) * Math.ceil(Math.ceil(height / scale) / tileSize);
  }
  return count;
}

/**
 * Cuts an image into a `{z}/{x}/{y}.{ext}` pyramid of 256-px tiles (the Google/Leaflet layout, the
 * image anchored top-left) in `outDir`, which must not exist yet. libvips builds all levels in one
 * streaming pass (`dzsave`, multi-threaded) into `workDir`, writing each `{z}/{y}/{x}` file in place
 * as its part of the image is done; every tile found complete is moved meanwhile to its `{z}/{x}/{y}`
 * name in `outDir`, so the pyramid fills up while it is cut and a reader of `outDir` (the map
 * processing, which stores each tile as it appears) only ever sees whole tiles. `workDir` holds the
 * intermediate files and is removed afterwards.
 */
export async function cutTiles(
  input: string | Buffer,
  outDir: string,
  options: TileOptions,
  workDir = `${outDir}.work`,
): Promise<TileResult> {
  const sharp = getSharp();
  const format = options.format ?? 'png';
  const rawDir = path.join(workDir, 'raw');
  await fs.mkdir(workDir, { recursive: true });
  let cut = false;
  try {
    const open = () => sharp(input, { limitInputPixels: options.maxInputPixels, failOn: 'error' });
    // The levels are known from the header: tiles can take their final names while they are cut.
    let header: { width: number; height: number };
    try {
      const meta = await open().metadata();
      header = meta.autoOrient ?? { width: meta.width, height: meta.height };
    } catch (error) {
      throw corrupt(error);
    }
    const natural = maxZoomFor(header.width, header.height);
    const maxZoom = options.maxZoom && options.maxZoom > 0 ? Math.round(options.maxZoom) : natural;
    const offset = maxZoom - natural;
    const mover = moveFinishedTiles(rawDir, outDir, format, offset);
    let info: { width: number; height: number };
    try {
      let pipeline = open().autoOrient();
      pipeline =
        format === 'webp'
          ? pipeline.webp({ quality: options.quality ?? 80, effort: 2 })
          : pipeline.png({ compressionLevel: options.quality ?? 6, adaptiveFiltering: false });
      info = await pipeline
        .tile({
          size: TILE_SIZE,
          layout: 'google',
          background: options.background ?? { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .toFile(rawDir);
    } catch (error) {
      throw corrupt(error);
    } finally {
      await mover.stop();
    }
    if (info.width !== header.width || info.height !== header.height) {
      // Tiles already moved would carry the wrong zoom: refuse rather than publish them.
      throw new MediaError(
        'CORRUPT_IMAGE',
        `The map image could not be tiled: its header says ${header.width}×${header.height}, its pixels are ${info.width}×${info.height}`,
      );
    }
    let tileCount = mover.moved + (await moveToXY(rawDir, outDir, format, offset, mover.made));
    if (offset > 0) {
      tileCount += await writeOverviews(
        path.join(outDir, String(offset), '0', `0.${format}`),
        outDir,
        workDir,
        format,
        offset,
        options,
      );
    }
    cut = true;
    return { width: info.width, height: info.height, maxZoom, tileCount, format };
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
    // Tiles moved before a failure are no pyramid.
    if (!cut) await fs.rm(outDir, { recursive: true, force: true });
  }
}

function corrupt(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  return new MediaError('CORRUPT_IMAGE', `The map image could not be tiled: ${describeSharpError(error)}`, {
    cause: error,
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Whether a tile file's bytes are the whole encoded tile. libvips writes a tile in place (open,
 * write, close), so a file read while it is written is a prefix of it: a PNG is whole when its
 * chunks, followed by their lengths from the signature on, end with IEND exactly at the last byte;
 * a WebP when its RIFF header's length is the file's.
 */
export function isWholeTile(data: Buffer, format: TileFormat): boolean {
  if (format === 'webp') {
    return (
      data.length >= 12 &&
      data.toString('latin1', 0, 4) === 'RIFF' &&
      data.toString('latin1', 8, 12) === 'WEBP' &&
      data.readUInt32LE(4) + 8 === data.length
    );
  }
  if (data.length < PNG_SIGNATURE.length + 12 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= data.length) {
    const end = at + 12 + data.readUInt32BE(at);
    if (data.toString('latin1', at + 4, at + 8) === 'IEND') return end === data.length;
    at = end;
  }
  return false;
}

/** How often the tiles libvips has finished are looked for while it cuts. */
const MOVE_POLL_MS = 200;

/**
 * While libvips writes `raw/{z}/{y}/{x}.ext`, moves each tile that is whole (`isWholeTile`) to
 * `out/{z + offset}/{x}/{y}.ext` (a rename: readers of `out` see whole files only). `stop()` ends
 * the looking after the current pass; `moveToXY` then moves what is left.
 */
function moveFinishedTiles(rawDir: string, outDir: string, format: TileFormat, offset: number) {
  const made = new Set<string>();
  let moved = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  const pass = async () => {
    for (const rawZ of await numericEntries(rawDir).catch(() => [])) {
      const z = Number(rawZ) + offset;
      if (z < 0) continue;
      for (const y of await numericEntries(path.join(rawDir, rawZ)).catch(() => [])) {
        const row = path.join(rawDir, rawZ, y);
        for (const name of await fs.readdir(row).catch(() => [])) {
          if (stopped) return;
          if (!name.endsWith(`.${format}`)) continue;
          const from = path.join(row, name);
          const data = await fs.readFile(from).catch(() => undefined);
          if (!data || !isWholeTile(data, format)) continue;
          const dir = path.join(outDir, String(z), name.slice(0, -(format.length + 1)));
          if (!made.has(dir)) {
            await fs.mkdir(dir, { recursive: true });
            made.add(dir);
          }
          await fs.rename(from, path.join(dir, `${y}.${format}`));
          moved++;
        }
      }
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await pass();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, MOVE_POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  // A failed move is answered by stop(); until then it must not count as unhandled.
  loop.catch(() => {});
  return {
    made,
    get moved() {
      return moved;
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}

/**
 * Moves `raw/{z}/{y}/{x}.ext` to `out/{z + offset}/{x}/{y}.ext` (levels that would fall below 0 are
 * left out); returns the number of tiles moved. `made`: folders of `out` known to exist.
 */
async function moveToXY(
  rawDir: string,
  outDir: string,
  ext: string,
  offset = 0,
  made = new Set<string>(),
): Promise<number> {
  await fs.mkdir(outDir, { recursive: true });
  const moves: [string, string][] = [];
  for (const rawZ of await numericEntries(rawDir)) {
    const z = String(Number(rawZ) + offset);
    if (Number(z) < 0) continue;
    for (const y of await numericEntries(path.join(rawDir, rawZ))) {
      for (const name of await fs.readdir(path.join(rawDir, rawZ, y))) {
        if (!name.endsWith(`.${ext}`)) continue;
        const x = name.slice(0, -(ext.length + 1));
        const dir = path.join(outDir, z, x);
        if (!made.has(dir)) {
          await fs.mkdir(dir, { recursive: true });
          made.add(dir);
        }
        moves.push([path.join(rawDir, rawZ, y, name), path.join(dir, `${y}.${ext}`)]);
      }
    }
  }
  const batch = 64;
  for (let i = 0; i < moves.length; i += batch) {
    await Promise.all(moves.slice(i, i + batch).map(([from, to]) => fs.rename(from, to)));
  }
  return moves.length;
}

/**
 * Levels below the smallest one libvips makes (which already fits one tile): each is that tile
 * halved again, anchored top-left and padded back to a full tile.
 */
async function writeOverviews(
  smallestTile: string,
  outDir: string,
  workDir: string,
  format: TileFormat,
  count: number,
  options: TileOptions,
): Promise<number> {
  const sharp = getSharp();
  const background = options.background ?? { r: 0, g: 0, b: 0, alpha: 0 };
  for (let z = 0; z < count; z++) {
    const size = Math.max(1, Math.round(TILE_SIZE / 2 ** (count - z)));
    let pipeline = sharp(smallestTile)
      .resize(size, size, { fit: 'fill' })
      .extend({ right: TILE_SIZE - size, bottom: TILE_SIZE - size, background });
    pipeline = format === 'webp' ? pipeline.webp({ quality: options.quality ?? 80 }) : pipeline.png();
    const dir = path.join(outDir, String(z), '0');
    await fs.mkdir(dir, { recursive: true });
    // Written beside, then renamed: a tile in `outDir` is always whole.
    const written = path.join(workDir, `overview-${z}.${format}`);
    await pipeline.toFile(written);
    await fs.rename(written, path.join(dir, `0.${format}`));
  }
  return count;
}

async function numericEntries(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).filter((name) => /^\d+$/.test(name));
}

/**
 * A build, work, source or link entry of pyramid `{name}`, as a run leaves it when its process dies
 * (the source is the picture the run copied from the storage to cut it).
 */
const abandonedEntry = /^\.(.+)\.(build-[0-9a-f]+(\.work|\.source)?|link-[0-9a-f]+)$/;

/** A build, work, source or link entry left beside the pyramid `pyramid` (see `abandonedEntry`). */
export interface BuildEntry {
  pyramid: string;
  path: string;
}

/**
 * The build, work, source and link entries under `tilesRoot/{gameId}/` now: what runs under way are
 * building, and what runs killed with their process left. Each run's entries carry a name of their
 * own, so an entry made after this list was taken is never on it.
 */
export async function buildEntries(tilesRoot: string): Promise<BuildEntry[]> {
  const found: BuildEntry[] = [];
  let games: string[] = [];
  try {
    games = await fs.readdir(tilesRoot);
  } catch {
    return found;
  }
  for (const game of games) {
    if (game.startsWith('.')) continue;
    let entries: string[] = [];
    try {
      entries = await fs.readdir(path.join(tilesRoot, game));
    } catch {
      continue;
    }
    for (const entry of entries) {
      const match = abandonedEntry.exec(entry);
      if (match) found.push({ pyramid: match[1] as string, path: path.join(tilesRoot, game, entry) });
    }
  }
  return found;
}

/** Removes build entries (a killed run's half-built pyramid, its work folder, source and links). */
export async function removeBuildEntries(entries: BuildEntry[]): Promise<string[]> {
  for (const entry of entries) {
    // The dead run's cutting child can still write for a moment after its server was killed
    // (it exits when it notices): retried, a folder that filled up again meanwhile goes too.
    await fs.rm(entry.path, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
  return entries.map((e) => e.path);
}

/**
 * Removes the build entries under `tilesRoot` of the pyramids `busy(name)` does not keep. Answers
 * the removed paths.
 */
export async function removeAbandonedBuilds(
  tilesRoot: string,
  busy: (name: string) => boolean,
): Promise<string[]> {
  return removeBuildEntries((await buildEntries(tilesRoot)).filter((e) => !busy(e.pyramid)));
}

/** A hidden folder next to `liveDir` in which a new pyramid is built. */
export function buildDirFor(liveDir: string): string {
  return path.join(
    path.dirname(liveDir),
    `.${path.basename(liveDir)}.build-${randomBytes(4).toString('hex')}`,
  );
}

/**
 * `cutTiles` in a low-priority child process: the server keeps its CPU share and memory while a
 * big image is cut. A media refusal keeps its code (CORRUPT_IMAGE…) and message.
 */
export function cutTilesInChild(
  input: string,
  outDir: string,
  options: TileOptions,
  limits: ChildLimits = {},
) {
  const run = runMediaChild<TileResult>(
    path.join(import.meta.dirname, 'tiles.worker.ts'),
    [JSON.stringify({ input, outDir, options })],
    limits,
  );
  return {
    kill: run.kill,
    result: run.result.catch((error: Error & { code?: string }) => {
      if (error.code && error.code in mediaErrorStatus) {
        throw new MediaError(error.code as MediaErrorCode, error.message);
      }
      throw error;
    }),
  };
}

/** Every file below `dir`, as paths relative to it with `/` separators. */
export async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesBelow(path.join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out;
}

/** Tiles of a pyramid being cut for `liveDir` so far (its hidden build and work folders). */
export async function countTilesBuilt(liveDir: string): Promise<number> {
  const parent = path.dirname(liveDir);
  const prefix = `.${path.basename(liveDir)}.build-`;
  let entries: string[] = [];
  try {
    entries = await fs.readdir(parent);
  } catch {
    return 0;
  }
  let count = 0;
  for (const entry of entries)
    if (entry.startsWith(prefix)) count += (await filesBelow(path.join(parent, entry))).length;
  return count;
}
