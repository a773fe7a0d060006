import fs from 'node:fs/promises';
import path from 'node:path';
import { getModel, serverMessages, type TStoredImage } from '@waypoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { type Executor, inTransaction } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { createLeasedWorker } from '../../jobs/leased-worker.ts';
import { isMediaError } from '../../media/errors.ts';
import { mediaKeys, mediaRoots } from '../../media/paths.ts';
import {
  buildDirFor,
  buildEntries,
  countTilesBuilt,
  cutTilesInChild,
  expectedTileCount,
  removeAbandonedBuilds,
  removeBuildEntries,
  type TileFormat,
} from '../../media/tiles.ts';
import { type Actor, systemActor } from '../audit/audit.ts';
import { findRecord } from '../models/models.repository.ts';
import { newVersion } from './images.service.ts';
import {
  claimableJobs,
  claimJob,
  countQueued,
  dueTileVersions,
  type JobRef,
  type JobTable,
  keepTiles,
  liveClaims,
  releaseClaim,
  releaseClaimsOf,
  renewClaim,
  retireTiles,
  setProgress,
} from './map-jobs.repository.ts';
import { type PyramidUpload, uploadPyramidWhileCut } from './pyramid-upload.ts';

/** The picture field of each kind of job: a map's own picture, a floor's picture. */
export const pictureField: Record<JobTable, string> = { map: 'mapImage', maplevel: 'levelImage' };

/**
 * Where a job's tiles go: `{gameId}/{mapId}` for a map, `{gameId}/{mapId}--{levelId}` for one of
 * its floors (a sibling folder: a map's pyramid is replaced whole when it is cut again). Each run
 * writes a new version below it (`tilesPath/{version}`), which the row then names.
 */
export function tilesPathOf(table: JobTable, gameId: string, mapId: string, id: string): string {
  return table === 'map' ? `${gameId}/${mapId}` : `${gameId}/${mapId}--${id}`;
}

/** Tiles stored at once while a pyramid is written to storage. */
const UPLOAD_CONCURRENCY = 16;

/**
 * Cuts map images into tile pyramids in the background, one map at a time per server process. The
 * queue is the map table itself (imageProcessStatus PENDING → PROCESSING → DONE or ERROR with
 * imageProcessError), shared by every server process on the database: a process claims a PENDING
 * job with a conditional update (exactly one process wins it), renews its claim while the pyramid
 * is cut, and writes the result only while it still holds the claim. A PROCESSING job whose claim
 * was not renewed within the lease (its process died) is taken over. Each process looks for jobs
 * every `jobPollMs` and at once when it queues one itself. Requests never wait for a job: the
 * pyramid is cut in a low-priority child process and the queue only awaits it.
 */
export function createMapProcessor(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: { format?: TileFormat } = {},
) {
  // Pyramids are cut in local work folders (`.work/mapTiles/{gameId}/.{name}.build-…`), then stored.
  const workTiles = path.join(ctx.config.dataDir, '.work', mediaRoots.mapTiles);
  const mapModel = getModel('map');
  const leaseMs = ctx.config.jobLeaseMs;
  const clock = ctx.clock;
  const iso = (ms = clock.now()) => new Date(ms).toISOString();
  let current: JobRef | null = null;
  let started = false;
  let killCurrent: (() => void) | null = null;
  let tileRuns = 0;

  async function set(job: JobRef, fields: ModelRecord, actor: Actor = systemActor) {
    return ctx.writer.setInternal(job.table, job.id, fields, actor);
  }

  /** Writes the job's outcome only while this process still holds the claim. */
  async function finish(
    job: JobRef,
    claim: string,
    fields: (current: ModelRecord) => ModelRecord,
    also?: (trx: Executor) => Promise<void>,
  ): Promise<boolean> {
    const written = await inTransaction(ctx.db, async (trx) => {
      if (!(await releaseClaim(trx, job, claim))) return false;
      await ctx.writer.setInternal(job.table, job.id, fields, systemActor, { trx });
      await also?.(trx);
      return true;
    });
    ctx.cacheBus.changed();
    if (!written) log.info({ job }, 'map processing result dropped: the job was queued again or taken over');
    return written;
  }

  /** The job's record and its map (the same record for a map's own picture). */
  async function recordsOf(job: JobRef) {
    const record = await findRecord(ctx.db.kysely, getModel(job.table), job.id);
    if (!record) return undefined;
    const map =
      job.table === 'map' ? record : await findRecord(ctx.db.kysely, mapModel, String(record.mapId));
    return map ? { record, map } : undefined;
  }

  async function run(job: JobRef, claim: string) {
    const found = await recordsOf(job);
    if (!found) return;
    const { record, map } = found;
    const field = pictureField[job.table];
    const image = (record.images as Record<string, TStoredImage>)[field];
    const tilesPath = tilesPathOf(job.table, String(map.gameId), String(map._id), job.id);
    const versionPath = `${tilesPath}/${newVersion()}`;
    const localDir = path.join(workTiles, ...tilesPath.split('/'));
    const built = buildDirFor(localDir);
    let upload: PyramidUpload | undefined;
    // Progress: tiles cut plus tiles stored (both under way at once), against twice the tile count.
    const expected = image ? expectedTileCount(image.imageWidth, image.imageHeight) : 0;
    let lastProgress = -1;
    // Reports the work of the cutting child as it goes: real time, whatever clock the queue keeps.
    const progress = setInterval(() => {
      countTilesBuilt(localDir)
        .then((cut) => {
          const done = Math.min(cut, expected) + (upload?.stored ?? 0);
          const percent = Math.min(95, Math.floor((done / Math.max(1, 2 * expected)) * 95));
          if (percent === lastProgress) return;
          lastProgress = percent;
          return setProgress(ctx.db.kysely, job, claim, percent);
        })
        .catch((error) => log.warn({ err: error, job }, 'could not record job progress'));
    }, 500);
    const source = `${built}.source`;
    let published = false;
    let marked = false;
    try {
      if (!image)
        throw new Error(`The ${job.table === 'map' ? 'map' : 'level'} has no picture; upload one first`);
      // This process holds the job's claim, so no live process builds this pyramid: what a run killed
      // with its process left of it (kept at start while that claim had not yet run out) goes now.
      // This run cuts into a folder of its own, so leftovers that resist removal only cost space.
      const pyramid = path.basename(localDir);
      await removeAbandonedBuilds(workTiles, (name) => name !== pyramid).catch((error) =>
        log.warn({ err: error, job }, 'could not remove what a killed run left of this pyramid'),
      );
      await fs.mkdir(path.dirname(built), { recursive: true });
      const sourceKey = mediaKeys.uploadFile(job.table, job.id, field, image.fileName);
      if (!(await ctx.store.download(sourceKey, source))) {
        throw new Error('The picture file is missing; upload it again');
      }
      // The new version is written beside the one served; until the row names it, it is marked to
      // go (so a run that dies meanwhile leaves nothing behind for long).
      await retireTiles(
        ctx.db.kysely,
        versionPath,
        iso(clock.now() + ctx.config.tileJobTimeoutMs + leaseMs + ctx.config.oldTilesGraceMs),
      );
      marked = true;
      const startedAt = Date.now();
      tileRuns++;
      // A maxZoom set on the map is its coordinate scale: the pyramid puts the full-size image there
      // (a floor's pyramid too, so that its markers and tiles line up with the map's).
      // Cut in a low-priority child process: requests keep the CPU, the server keeps its memory.
      const child = cutTilesInChild(
        source,
        built,
        {
          maxInputPixels: ctx.config.maxImagePixels,
          format: options.format ?? 'png',
          maxZoom: Number(map.maxZoom) > 0 ? Number(map.maxZoom) : undefined,
        },
        { timeoutMs: ctx.config.tileJobTimeoutMs, memoryMb: ctx.config.imageJobMemoryMb },
      );
      killCurrent = child.kill;
      // Each tile is stored as soon as it is cut; a tile that cannot be stored stops the cutting.
      upload = uploadPyramidWhileCut(ctx.store, built, mediaKeys.tilesDir(versionPath), {
        concurrency: UPLOAD_CONCURRENCY,
        onFailure: () => child.kill(),
      });
      let result: Awaited<typeof child.result>;
      try {
        result = await child.result;
      } catch (error) {
        // The cut's own refusal (a corrupt image, a limit) says most; else a failed store, which
        // stopped the cutting.
        throw isMediaError(error) ? error : (upload.failure ?? error);
      } finally {
        killCurrent = null;
      }
      if (worker.stopped) return;
      const stored = await upload.finish();
      if (worker.stopped) return;
      if (stored !== result.tileCount) {
        throw new Error(`${result.tileCount} tiles were cut but ${stored} stored; process the map again`);
      }
      // One write publishes the new version: readers see the old pyramid or the new one, never a
      // mix. Tile URLs carry the version and are cached for ever.
      let previous = '';
      const done = await finish(
        job,
        claim,
        (latest) => {
          previous = String(latest.tilesPath ?? '');
          const images = { ...(latest.images as Record<string, TStoredImage>) };
          if (images[field]) images[field] = { ...images[field], version: newVersion() };
          return {
            imageProcessStatus: 'DONE',
            imageProcessError: '',
            imageProcessProgress: 100,
            tilesPath: versionPath,
            maxZoom: result.maxZoom,
            images,
          };
        },
        async (trx) => {
          await keepTiles(trx, versionPath);
          // The replaced version stays for its grace period (only a versioned one: an older
          // unversioned pyramid is the folder the new versions live in).
          if (previous && previous !== versionPath && previous.split('/').length === 3) {
            await retireTiles(trx, previous, iso(clock.now() + ctx.config.oldTilesGraceMs));
          }
        },
      );
      published = done;
      if (done) {
        log.info({ job, tiles: result.tileCount, ms: Date.now() - startedAt }, 'map tiles ready');
      }
    } catch (error) {
      if (worker.stopped) return;
      const message = isMediaError(error) || error instanceof Error ? error.message : String(error);
      log.warn({ job, err: error }, 'map processing failed');
      if (await findRecord(ctx.db.kysely, getModel(job.table), job.id)) {
        await finish(job, claim, () => ({
          imageProcessStatus: 'ERROR',
          imageProcessError: message.slice(0, 500),
        }));
      }
    } finally {
      clearInterval(progress);
      // Every write under way settles first: one landing after the removal below would stay.
      await upload?.abort();
      await fs.rm(built, { recursive: true, force: true });
      await fs.rm(source, { force: true });
      if (!published && marked) {
        // What was stored of an unpublished version goes now (or later by its mark, if this fails).
        const removal = upload?.attempted
          ? removeVersion(versionPath)
          : keepTiles(ctx.db.kysely, versionPath);
        await removal.catch((error) =>
          log.warn({ err: error, versionPath }, 'could not remove an unpublished tile version'),
        );
      }
    }
  }

  /** Deletes a pyramid version from storage, then its mark. */
  async function removeVersion(versionPath: string) {
    await ctx.store.deletePrefix(mediaKeys.tilesDir(versionPath));
    await keepTiles(ctx.db.kysely, versionPath);
  }

  /**
   * Deletes the pyramid versions whose grace period is over (replaced ones) or whose run died
   * before publishing them. Any process may do it; deleting twice is harmless.
   */
  async function sweepTileVersions(): Promise<number> {
    let removed = 0;
    for (const versionPath of await dueTileVersions(ctx.db.kysely, iso())) {
      if (worker.stopped) break;
      await removeVersion(versionPath);
      removed++;
    }
    if (removed) log.info({ removed }, 'removed old tile pyramid versions');
    return removed;
  }

  /** Claims the oldest job this process may take (one at a time: a pyramid uses a whole core). */
  async function claimNext(claim: string, now: Date, expiredBefore: Date): Promise<JobRef[]> {
    const cutoff = expiredBefore.toISOString();
    for (const candidate of await claimableJobs(ctx.db.kysely, cutoff)) {
      if (worker.stopped) return [];
      const claimed = await inTransaction(ctx.db, async (trx) => {
        if (!(await claimJob(trx, candidate, claim, cutoff, now.toISOString()))) return false;
        await ctx.writer.setInternal(
          candidate.table,
          candidate.id,
          { imageProcessStatus: 'PROCESSING', imageProcessError: '', imageProcessProgress: 0 },
          systemActor,
          { trx },
        );
        return true;
      });
      if (claimed) {
        ctx.cacheBus.changed();
        return [candidate];
      }
    }
    return [];
  }

  const worker = createLeasedWorker<JobRef>({
    name: 'map processing queue',
    log,
    clock,
    pollMs: ctx.config.jobPollMs,
    leaseMs,
    claim: claimNext,
    run: async ([job], claim) => {
      current = job!;
      try {
        await run(job!, claim);
      } finally {
        current = null;
      }
      return true;
    },
    // A lost claim (queued again, or taken over after a stall) stops the run: its result would be
    // dropped anyway.
    renew: {
      run: ([job], claim, now) => renewClaim(ctx.db.kysely, job!, claim, now.toISOString()),
      lost: () => killCurrent?.(),
    },
    // Old pyramid versions are looked for less often than jobs: their grace period is long.
    prune: { everyMs: Math.max(10, ctx.config.jobPollMs) * 12, run: sweepTileVersions },
    release: (prefix, now) => releaseClaimsOf(ctx.db.kysely, prefix, now.toISOString()),
    // A running job is stopped and handed back (PENDING), so that this or another process runs it again.
    interrupt: () => killCurrent?.(),
  });
  const kick = worker.kick;

  return {
    /** Queues a map (admin action). Answers the map with status PENDING. */
    async enqueue(mapId: string, gameId: string, actor: Actor) {
      const map = await findRecord(ctx.db.kysely, mapModel, mapId);
      if (!map) throw notFound(serverMessages.notFound(mapModel.label, mapId));
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
      // A run in progress (here or in another process) loses its claim and the job runs again.
      const updated = await set(
        { table: 'map', id: mapId },
        { imageProcessStatus: 'PENDING', imageProcessError: '', imageProcessProgress: 0 },
        actor,
      );
      void kick();
      return updated;
    },

    /** Queues a floor's picture (admin action). Answers the floor with status PENDING. */
    async enqueueLevel(levelId: string, actor: Actor) {
      const levelModel = getModel('maplevel');
      const level = await findRecord(ctx.db.kysely, levelModel, levelId);
      if (!level) throw notFound(serverMessages.notFound(levelModel.label, levelId));
      if (!(level.images as Record<string, unknown>).levelImage) {
        throw badRequest('The level has no picture; upload one first', [
          { field: 'images.levelImage', message: 'Upload a level picture first' },
        ]);
      }
      const updated = await set(
        { table: 'maplevel', id: levelId },
        { imageProcessStatus: 'PENDING', imageProcessError: '', imageProcessProgress: 0 },
        actor,
      );
      void kick();
      return updated;
    },

    /** Queues a map's or a floor's picture without checks (server's own work, e.g. demo maps). */
    async enqueueInternal(id: string, table: JobTable = 'map') {
      await set(
        { table, id },
        { imageProcessStatus: 'PENDING', imageProcessError: '', imageProcessProgress: 0 },
      );
      void kick();
    },

    /**
     * Starts the queue: removes pyramids half-built by a process that died, then looks for jobs
     * now and every `jobPollMs` (jobs queued by any process, and jobs whose claim expired).
     */
    async resume() {
      if (started || worker.stopped) return;
      started = true;
      // The build entries are listed before the live claims are read: a run claims its job before
      // it makes its entries, so one that started after this list is not on it, and one that had
      // started is still claimed below (another process may share this DATA_DIR).
      const entries = await buildEntries(workTiles);
      const cutoff = iso(clock.now() - leaseMs);
      // Build folders are named after the tiles folder: a map's id, `{mapId}--{levelId}` for a floor.
      const busy = new Set<string>();
      for (const job of await liveClaims(ctx.db.kysely, cutoff)) {
        const found = await recordsOf(job);
        if (found) busy.add(path.basename(tilesPathOf(job.table, '_', String(found.map._id), job.id)));
      }
      const removed = await removeBuildEntries(entries.filter((e) => !busy.has(e.pyramid)));
      if (removed.length) log.info({ removed: removed.length }, 'removed half-built tile pyramids');
      worker.start();
    },

    /** Resolves once this process has no job running and none is waiting that it may claim. */
    whenIdle: worker.whenIdle,

    /**
     * Stops taking jobs; a running job is stopped and handed back (PENDING), so that this or
     * another process runs it again.
     */
    stop: worker.stop,

    /** Maps waiting or being processed, by any process (PENDING + PROCESSING), e.g. for metrics. */
    queueDepth: () => countQueued(ctx.db.kysely),

    /** Jobs this process is running now (0 or 1). */
    get running(): number {
      return current ? 1 : 0;
    },

    /** Tile pyramids this process has started cutting since it started. */
    get tileRuns(): number {
      return tileRuns;
    },

    /** Deletes the old and unfinished pyramid versions that are due now (also run every minute or so). */
    sweepTileVersions,

    /** This process's name in job claims (each claim adds a counter). */
    workerId: worker.id,
  };
}

export type MapProcessor = ReturnType<typeof createMapProcessor>;
