import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { getModel, type TStoredImage } from '@waypoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { lookOfMap, type MapLook } from '../../db/seed/art/procedural-plan.ts';
import { runMediaChild } from '../../media/child.ts';
import { getSharp } from '../../media/sharp.ts';
import { systemActor } from '../audit/audit.ts';
import { listRecords } from '../models/models.repository.ts';
import type { ImageService } from './images.service.ts';
import type { MapProcessor } from './map-processor.ts';

/** Largest side drawn for a demo map (the seed declares 4096-6144). */
const MAX_DEMO_SIDE = 8192;

let running: Promise<void> | null = null;
let killDrawing: (() => void) | null = null;

/** Stops a drawing in progress (server closing); the image is drawn on the next start. */
export function stopDemoImages(): void {
  killDrawing?.();
}

/**
 * Demo content declares images (maps: `mapImage` with a size; their floors: `levelImage`; IMAGE
 * marker definitions: an icon) with an empty version and no file. This draws each missing one — maps as procedural terrain in a
 * low-priority child process, icons in-process — stores it like an upload and queues the maps for
 * tiling. Runs in the background; the site is usable meanwhile. Safe to call on every start: only
 * images still missing are drawn, so an interrupted first start is completed by the next one.
 */
export function startDemoImages(
  ctx: AppContext,
  service: ImageService,
  processor: MapProcessor,
  log: FastifyBaseLogger,
  isClosed: () => boolean = () => false,
): Promise<void> {
  running ??= drawMissing(ctx, service, processor, log, isClosed)
    .catch((error) => log.error({ err: error }, 'demo images failed'))
    .finally(() => {
      running = null;
    });
  return running;
}

async function missing(service: ImageService, model: string, record: Record<string, unknown>, field: string) {
  const image = (record.images as Record<string, TStoredImage> | undefined)?.[field];
  if (image?.version !== '') return null;
  const key = service.storage.uploadFile(model, record._id as string, field, image.fileName);
  return (await service.store.head(key)) ? null : image;
}

async function drawMissing(
  ctx: AppContext,
  service: ImageService,
  processor: MapProcessor,
  log: FastifyBaseLogger,
  isClosed: () => boolean,
) {
  const all = { limit: 100_000, skip: 0, filter: {} };
  const definitions = await listRecords(ctx.db.kysely, getModel('markerdefinition'), all);
  let icons = 0;
  for (const def of definitions.data) {
    if (isClosed()) return;
    const image = await missing(service, 'markerdefinition', def, 'image');
    if (!image) continue;
    try {
      const icon = await drawIcon(def._id as string, image.imageWidth || 64, String(def.innerColor || ''));
      await service.storeGenerated('markerdefinition', def._id as string, 'image', icon, systemActor);
      icons++;
    } catch (error) {
      log.error({ err: error, id: def._id }, 'demo marker icon failed');
    }
  }
  if (icons) log.info({ icons }, 'demo marker icons drawn');

  const traders = await listRecords(ctx.db.kysely, getModel('trader'), all);
  for (const trader of traders.data) {
    if (isClosed()) return;
    const image = await missing(service, 'trader', trader, 'image');
    if (!image) continue;
    try {
      const portrait = await drawPortrait(trader._id as string, image.imageWidth || 128);
      await service.storeGenerated('trader', trader._id as string, 'image', portrait, systemActor);
    } catch (error) {
      log.error({ err: error, id: trader._id }, 'demo trader portrait failed');
    }
  }

  const maps = await listRecords(ctx.db.kysely, getModel('map'), all);
  const categories = await listRecords(ctx.db.kysely, getModel('category'), all);
  const regionName = new Map(categories.data.map((c) => [c._id as string, String(c.name ?? '')]));
  for (const map of maps.data) {
    if (isClosed()) return;
    const image = await missing(service, 'map', map, 'mapImage');
    if (!image) continue;
    const width = Math.min(MAX_DEMO_SIDE, Math.max(256, image.imageWidth || 4096));
    const height = Math.min(MAX_DEMO_SIDE, Math.max(256, image.imageHeight || 4096));
    const started = Date.now();
    try {
      const png = await drawMapInChild(
        ctx.config.dataDir,
        width,
        height,
        map._id as string,
        String(map.name),
        // Cities, caverns and bunkers by the map's name or region; the seed places markers on the same ground.
        lookOfMap(String(map.name), regionName.get(map.categoryId as string)),
      );
      if (isClosed()) return;
      await service.storeGenerated('map', map._id as string, 'mapImage', png, systemActor);
      await processor.enqueueInternal(map._id as string);
      log.info({ mapId: map._id, width, height, ms: Date.now() - started }, 'demo map drawn');
    } catch (error) {
      log.error({ err: error, mapId: map._id }, 'demo map drawing failed');
    }
  }
  // Stored map records carry the pictures just drawn.
  const drawn = await listRecords(ctx.db.kysely, getModel('map'), all);
  await drawGameCards(ctx, service, drawn.data, log, isClosed);

  // Floors: the same ground drawn again from another seed, one picture per floor of the map's size.
  const levels = await listRecords(ctx.db.kysely, getModel('maplevel'), all);
  const mapById = new Map(drawn.data.map((m) => [m._id as string, m]));
  for (const level of levels.data) {
    if (isClosed()) return;
    const image = await missing(service, 'maplevel', level, 'levelImage');
    const map = mapById.get(level.mapId as string);
    const mapImage = (map?.images as Record<string, TStoredImage> | undefined)?.mapImage;
    if (!image || !map || !mapImage) continue;
    const started = Date.now();
    try {
      const png = await drawMapInChild(
        ctx.config.dataDir,
        mapImage.imageWidth,
        mapImage.imageHeight,
        `${map._id as string}--${level._id as string}`,
        `${String(map.name)}: ${String(level.name)}`,
        lookOfMap(String(map.name), regionName.get(map.categoryId as string)),
      );
      if (isClosed()) return;
      await service.storeGenerated('maplevel', level._id as string, 'levelImage', png, systemActor);
      await processor.enqueueInternal(level._id as string, 'maplevel');
      log.info({ levelId: level._id, ms: Date.now() - started }, 'demo map level drawn');
    } catch (error) {
      log.error({ err: error, levelId: level._id }, 'demo map level drawing failed');
    }
  }
}

/**
 * The card picture of each demo game that declares one: its first map's picture (by weight), scaled
 * down and cut to the card's shape, so the home page shows the game's own ground.
 */
export async function drawGameCards(
  ctx: AppContext,
  service: ImageService,
  maps: Record<string, unknown>[],
  log: FastifyBaseLogger,
  isClosed: () => boolean,
) {
  const games = await listRecords(ctx.db.kysely, getModel('game'), { limit: 10_000, skip: 0, filter: {} });
  for (const game of games.data) {
    if (isClosed()) return;
    const image = await missing(service, 'game', game, 'image');
    if (!image) continue;
    let source: Buffer | undefined;
    for (const m of maps
      .filter((m) => m.gameId === game._id)
      .sort((a, b) => Number(b.weight ?? 0) - Number(a.weight ?? 0))) {
      const stored = (m.images as Record<string, TStoredImage> | undefined)?.mapImage;
      const object =
        stored &&
        (await service.store.get(
          service.storage.uploadFile('map', m._id as string, 'mapImage', stored.fileName),
        ));
      if (object) {
        source = await buffer(object.body);
        break;
      }
    }
    if (!source) continue;
    try {
      const card = await getSharp()(source, { limitInputPixels: false })
        .resize(image.imageWidth || 800, image.imageHeight || 450, { fit: 'cover', position: 'centre' })
        .png()
        .toBuffer();
      await service.storeGenerated('game', game._id as string, 'image', card, systemActor);
    } catch (error) {
      log.error({ err: error, id: game._id }, 'demo game card failed');
    }
  }
}

/** A round map pin in the definition's colour with a light ring (drawn, not copied from anywhere). */
async function drawIcon(id: string, size: number, colour: string): Promise<Buffer> {
  const fill = /^#[0-9a-f]{3,8}$/i.test(colour) ? colour : hueFor(id);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<circle cx="32" cy="32" r="28" fill="#1d1f24" opacity="0.35"/>
<circle cx="32" cy="30" r="26" fill="${fill}" stroke="#f5f1e6" stroke-width="4"/>
<path d="M32 14 L36 26 L48 27 L38.5 34.5 L42 46 L32 39 L22 46 L25.5 34.5 L16 27 L28 26 Z" fill="#f5f1e6"/>
</svg>`;
  return getSharp()(Buffer.from(svg)).png().toBuffer();
}

/** A trader's portrait: a head-and-shoulders silhouette on a background of the trader's own hue. */
async function drawPortrait(id: string, size: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" fill="${hueFor(id)}"/>
<circle cx="32" cy="25" r="12" fill="#f5f1e6"/>
<path d="M10 64 C10 46 20 40 32 40 C44 40 54 46 54 64 Z" fill="#f5f1e6"/>
<path d="M20 22 C22 12 42 12 44 22 C40 18 24 18 20 22 Z" fill="#1d1f24" opacity="0.55"/>
</svg>`;
  return getSharp()(Buffer.from(svg)).png().toBuffer();
}

function hueFor(text: string): string {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 360;
  return `hsl(${h}, 55%, 45%)`;
}

/** Runs the drawing in a child process at low priority so requests keep their CPU share. */
async function drawMapInChild(
  dataDir: string,
  width: number,
  height: number,
  seed: string,
  title: string,
  look: MapLook,
) {
  const workDir = path.join(dataDir, '.work');
  await fs.mkdir(workDir, { recursive: true });
  const out = path.join(workDir, `demo-${process.pid}-${seed.replace(/[^\w.-]/g, '_')}.png`);
  const worker = path.join(import.meta.dirname, 'demo-images.worker.ts');
  try {
    const run = runMediaChild(worker, [out, String(width), String(height), seed, title, look]);
    killDrawing = run.kill;
    await run.result.finally(() => {
      killDrawing = null;
    });
    return await fs.readFile(out);
  } finally {
    await fs.rm(out, { force: true });
  }
}
