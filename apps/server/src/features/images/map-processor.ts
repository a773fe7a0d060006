import { existsSync } from 'node:fs';
import { getModel, messages, type TStoredImage } from '@waypoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { isMediaError } from '../../media/errors.ts';
import type { MediaStorage } from '../../media/paths.ts';
import { replaceTilesInChild, type TileFormat } from '../../media/tiles.ts';
import { type Actor, systemActor } from '../audit/audit.ts';
import { findRecord, listRecords } from '../models/models.repository.ts';
import { newVersion } from './images.service.ts';

interface Job {
  mapId: string;
  gameId: string;
}

/**
 * Cuts map images into tile pyramids in the background, one map at a time. A job is recorded on
 * the map (imageProcessStatus PENDING → PROCESSING → DONE or ERROR with imageProcessError), so a
 * job interrupted by a restart is found and run again on start. Requests never wait for a job: the
 * pyramid is cut in a low-priority child process and the queue only awaits it.
 */
export function createMapProcessor(
  ctx: AppContext,
  storage: MediaStorage,
  log: FastifyBaseLogger,
  options: { format?: TileFormat } = {},
) {
  const mapModel = getModel('map');
  const queue: Job[] = [];
  let running: Promise<void> | null = null;
  let current: Job | null = null;
  let rerunCurrent = false;
  let stopped = false;
  let killCurrent: (() => void) | null = null;
  const idleWaiters: (() => void)[] = [];

  async function set(mapId: string, fields: ModelRecord, actor: Actor = systemActor) {
    return ctx.writer.setInternal('map', mapId, fields, actor);
  }

  async function run(job: Job) {
    const map = await findRecord(ctx.db.kysely, mapModel, job.mapId);
    if (!map) return;
    const image = (map.images as Record<string, TStoredImage>).mapImage;
    await set(job.mapId, { imageProcessStatus: 'PROCESSING', imageProcessError: '' });
    const tilesPath = `${job.gameId}/${job.mapId}`;
    try {
      if (!image) throw new Error('The map has no map image; upload one first');
      const source = storage.uploadFile('map', job.mapId, 'mapImage', image.fileName);
      if (!existsSync(source)) throw new Error('The map image file is missing; upload it again');
      const started = Date.now();
      // A maxZoom set on the map is its coordinate scale: the pyramid puts the full-size image there.
      // Cut in a low-priority child process: requests keep the CPU, the server keeps its memory.
      const child = replaceTilesInChild(source, storage.tilesDir(tilesPath), {
        maxInputPixels: ctx.config.maxImagePixels,
        format: options.format ?? 'png',
        maxZoom: Number(map.maxZoom) > 0 ? Number(map.maxZoom) : undefined,
      });
      killCurrent = child.kill;
      const result = await child.result.finally(() => {
        killCurrent = null;
      });
      if (stopped) return;
      const latest = await findRecord(ctx.db.kysely, mapModel, job.mapId);
      if (!latest) return;
      // Tile URLs carry the image version and are cached for ever: a new pyramid needs a new version.
      const images = { ...(latest.images as Record<string, TStoredImage>) };
      if (images.mapImage) images.mapImage = { ...images.mapImage, version: newVersion() };
      await set(job.mapId, {
        imageProcessStatus: 'DONE',
        imageProcessError: '',
        tilesPath,
        maxZoom: result.maxZoom,
        images,
      });
      log.info({ mapId: job.mapId, tiles: result.tileCount, ms: Date.now() - started }, 'map tiles ready');
    } catch (error) {
      if (stopped) return;
      const message = isMediaError(error) || error instanceof Error ? error.message : String(error);
      log.warn({ mapId: job.mapId, err: error }, 'map processing failed');
      if (await findRecord(ctx.db.kysely, mapModel, job.mapId)) {
        await set(job.mapId, { imageProcessStatus: 'ERROR', imageProcessError: message.slice(0, 500) });
      }
    }
  }

  async function loop() {
    while (!stopped && queue.length > 0) {
      current = queue.shift()!;
      rerunCurrent = false;
      try {
        await run(current);
      } catch (error) {
        if (!stopped) log.error({ err: error, mapId: current.mapId }, 'map processing job failed');
      }
      if (rerunCurrent && !stopped) queue.unshift(current);
      current = null;
    }
  }

  function kick() {
    if (running || stopped) return;
    running = loop().finally(() => {
      running = null;
      if (queue.length > 0 && !stopped) kick();
      else for (const resolve of idleWaiters.splice(0)) resolve();
    });
  }

  function add(job: Job) {
    if (current?.mapId === job.mapId) {
      // The image may have changed since this run started: run it once more afterwards.
      rerunCurrent = true;
      current.gameId = job.gameId;
      return;
    }
    const queued = queue.find((j) => j.mapId === job.mapId);
    if (queued) queued.gameId = job.gameId;
    else queue.push(job);
    kick();
  }

  return {
    /** Queues a map (admin action). Answers the map with status PENDING. */
    async enqueue(mapId: string, gameId: string, actor: Actor) {
      const map = await findRecord(ctx.db.kysely, mapModel, mapId);
      if (!map) throw notFound(messages.notFound(mapModel.label, mapId));
      if (map.gameId !== gameId) {
        throw badRequest(`Invalid params.gameId: map ${mapId} belongs to game ${String(map.gameId)}`, [
          { field: 'params.gameId', message: `The map belongs to game ${String(map.gameId)}` },
        ]);
      }
      if (!(map.images as Record<string, unknown>).mapImage) {
        throw badRequest('The map has no map image; upload one first', [
          { field: 'images.mapImage', message: 'Upload a map image first' },
        ]);
      }
      const updated = await set(mapId, { imageProcessStatus: 'PENDING', imageProcessError: '' }, actor);
      add({ mapId, gameId });
      return updated;
    },

    /** Queues a map without checks (server's own work, e.g. demo maps). */
    async enqueueInternal(mapId: string, gameId: string) {
      await set(mapId, { imageProcessStatus: 'PENDING', imageProcessError: '' });
      add({ mapId, gameId });
    },

    /** Picks up jobs left PENDING or PROCESSING by an earlier run of the server. */
    async resume() {
      for (const status of ['PROCESSING', 'PENDING']) {
        const { data } = await listRecords(ctx.db.kysely, mapModel, {
          filter: { imageProcessStatus: status },
          limit: 10_000,
          skip: 0,
        });
        for (const map of data) add({ mapId: map._id as string, gameId: map.gameId as string });
      }
    },

    /** Resolves once the queue is empty and no job runs. */
    whenIdle(): Promise<void> {
      if (!running && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    /** Stops taking jobs; a running job's result is dropped and it is resumed on the next start. */
    stop() {
      stopped = true;
      queue.length = 0;
      killCurrent?.();
      for (const resolve of idleWaiters.splice(0)) resolve();
    },

    get pending(): number {
      return queue.length + (current ? 1 : 0);
    },
  };
}

export type MapProcessor = ReturnType<typeof createMapProcessor>;
