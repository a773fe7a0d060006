import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { registry } from '@waypoint/shared';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import { mediaKeys, safeSegment } from '../../media/paths.ts';
import { getSharp } from '../../media/sharp.ts';
import type { ObjectStore } from '../../storage/index.ts';
import { gameDefinitions, mapMarkers } from '../map-view/map-view.repository.ts';

// biome-ignore lint/suspicious/noExplicitAny: table names come from the registry
const dyn = (db: Db) => db.kysely as unknown as Kysely<any>;

/** The three slides of the in-game app promo (SPEC §2.11), in carousel order. */
export const promoSlides = ['overview', 'loot', 'tactical'] as const;
export type PromoSlide = (typeof promoSlides)[number];

const width = 1280;
const height = 720;

/** Marker categories each close-up slide shows (the demo games' and common names). */
const slideCategories: Record<Exclude<PromoSlide, 'overview'>, RegExp> = {
  loot: /loot|treasure|gathering|item|stash|shop|cache|resource|chest/i,
  tactical: /extract|spawn|boss|enem|key|intel|dealer|hotspot|landmark|exit|danger|zone/i,
};

interface PromoMap {
  id: string;
  /** Storage key of the map picture. */
  file: string;
  version: string;
  imageWidth: number;
  imageHeight: number;
  maxZoom: number;
}

interface Pin {
  x: number;
  y: number;
  wrapper: string;
  inner: string;
  category: string;
}

const json = <T>(value: unknown, fallback: T): T => {
  if (typeof value !== 'string') return (value as T) ?? fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};

/** The game's first map (by weight) whose picture is stored. */
async function promoMap(db: Db, store: ObjectStore, gameId: string): Promise<PromoMap | undefined> {
  const rows = await dyn(db)
    .selectFrom(registry.map.table)
    .select(['_id', 'images', 'maxZoom', 'weight'])
    .where('gameId', '=', gameId)
    .orderBy('weight', 'desc')
    .orderBy('_id', 'asc')
    .execute();
  for (const row of rows) {
    const image = json<
      Record<string, { fileName?: string; version?: string; imageWidth?: number; imageHeight?: number }>
    >(row.images, {}).mapImage;
    if (!image?.fileName || !image.version || !image.imageWidth || !image.imageHeight) continue;
    const file = mediaKeys.uploadFile('map', safeSegment(row._id), 'mapImage', safeSegment(image.fileName));
    if (!(await store.head(file))) continue;
    return {
      id: row._id,
      file,
      version: image.version,
      imageWidth: image.imageWidth,
      imageHeight: image.imageHeight,
      maxZoom: Number(row.maxZoom ?? 0),
    };
  }
  return undefined;
}

/** The map's point markers (polygons and routes left out) in picture pixels, with their colours. */
async function pins(db: Db, gameId: string, map: PromoMap): Promise<Pin[]> {
  const definitions = new Map((await gameDefinitions(db, gameId)).map((d) => [String(d._id), d]));
  const scale = 2 ** map.maxZoom;
  const out: Pin[] = [];
  for (const marker of await mapMarkers(db, map.id)) {
    const definition = definitions.get(marker.markerDefinitionId);
    if (!definition || (marker.polygonPoints?.length ?? 0) > 0) continue;
    out.push({
      x: marker.lng * scale,
      y: -marker.lat * scale,
      wrapper: String(definition.wrapperColor || '#334155'),
      inner: String(definition.innerColor || '#f8fafc'),
      category: `${definition.markerCategory ?? ''} ${definition.name ?? ''}`,
    });
  }
  return out;
}

interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The 16:9 window (a third of the map across) holding the most of these pins. */
function busiestWindow(map: PromoMap, points: Pin[]): Frame {
  const w = Math.max(320, Math.round(map.imageWidth / 3));
  const h = Math.min(map.imageHeight, Math.round((w * height) / width));
  let best: Frame = { left: 0, top: 0, width: Math.min(w, map.imageWidth), height: h };
  let bestCount = -1;
  for (const p of points) {
    const left = Math.round(Math.min(Math.max(0, p.x - w / 2), Math.max(0, map.imageWidth - w)));
    const top = Math.round(Math.min(Math.max(0, p.y - h / 2), Math.max(0, map.imageHeight - h)));
    const count = points.filter((q) => q.x >= left && q.x < left + w && q.y >= top && q.y < top + h).length;
    if (count > bestCount) {
      bestCount = count;
      best = { left, top, width: Math.min(w, map.imageWidth), height: h };
    }
  }
  return best;
}

/** A map pin like the map page draws: wrapper colour outside, inner colour in the middle. */
function pinSvg(x: number, y: number, size: number, pin: Pin): string {
  const r = size / 2;
  const cy = y - size * 1.2 + r;
  const esc = (c: string) => (/^#[0-9a-f]{3,8}$/i.test(c) ? c : '#334155');
  return (
    `<path d="M${x} ${y} C${x - r * 0.35} ${y - r * 0.9} ${x - r} ${cy + r * 0.75} ${x - r} ${cy} ` +
    `A${r} ${r} 0 0 1 ${x + r} ${cy} C${x + r} ${cy + r * 0.75} ${x + r * 0.35} ${y - r * 0.9} ${x} ${y}Z" ` +
    `fill="${esc(pin.wrapper)}" stroke="#fff" stroke-width="1.5"/>` +
    `<circle cx="${x}" cy="${cy}" r="${r * 0.45}" fill="${esc(pin.inner)}"/>`
  );
}

/** One slide: the map picture (all of it, or the busiest close-up) with its markers drawn on it. */
async function renderSlide(
  store: ObjectStore,
  map: PromoMap,
  all: Pin[],
  slide: PromoSlide,
): Promise<Buffer> {
  const sharp = getSharp();
  const chosen = slide === 'overview' ? all : all.filter((p) => slideCategories[slide].test(p.category));
  const points = chosen.length > 0 ? chosen : all;
  const frame: Frame =
    slide === 'overview'
      ? { left: 0, top: 0, width: map.imageWidth, height: map.imageHeight }
      : busiestWindow(map, points);
  const fit = Math.min(width / frame.width, height / frame.height);
  const outW = Math.round(frame.width * fit);
  const outH = Math.round(frame.height * fit);
  const offsetX = Math.round((width - outW) / 2);
  const offsetY = Math.round((height - outH) / 2);
  const stored = await store.get(map.file);
  if (!stored) throw new Error(`The map picture ${map.file} is no longer stored`);
  const picture = await sharp(await buffer(stored.body), { limitInputPixels: false })
    .extract(frame)
    .resize(outW, outH)
    .toBuffer();
  const size = slide === 'overview' ? 14 : 26;
  const step = slide === 'overview' ? Math.max(1, Math.ceil(points.length / 400)) : 1;
  const svgPins = points
    .filter((_, i) => i % step === 0)
    .filter(
      (p) =>
        p.x >= frame.left &&
        p.x < frame.left + frame.width &&
        p.y >= frame.top &&
        p.y < frame.top + frame.height,
    )
    .map((p) => pinSvg(offsetX + (p.x - frame.left) * fit, offsetY + (p.y - frame.top) * fit, size, p))
    .join('');
  const overlay = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svgPins}</svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: '#10151c' } })
    .composite([
      { input: picture, left: offsetX, top: offsetY },
      { input: overlay, left: 0, top: 0 },
    ])
    .webp({ quality: 78 })
    .toBuffer();
}

const running = new Map<string, Promise<Buffer | undefined>>();

/**
 * A promo slide of a game: a real picture of the game's own map with its markers, made from the
 * stored map image and kept under `DATA_DIR/promo/` until the map's image changes. Undefined while
 * the game has no map picture yet (a demo map still being drawn).
 */
export async function promoImage(
  db: Db,
  store: ObjectStore,
  dataDir: string,
  gameId: string,
  slide: PromoSlide,
) {
  const map = await promoMap(db, store, gameId);
  if (!map) return undefined;
  const dir = path.join(dataDir, 'promo', safeSegment(gameId));
  const file = path.join(dir, `${safeSegment(map.id)}-${safeSegment(map.version)}-${slide}.webp`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return cached;
  let job = running.get(file);
  if (!job) {
    job = (async () => {
      const image = await renderSlide(store, map, await pins(db, gameId, map), slide);
      await mkdir(dir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, image);
      await rename(temp, file);
      return image;
    })().finally(() => running.delete(file));
    running.set(file, job);
  }
  return job;
}
