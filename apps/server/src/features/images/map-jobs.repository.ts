import fs from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../../db/database.ts';

/**
 * The map-processing queue on the map table (see map-processor.ts). Every statement that changes a
 * claim is one conditional UPDATE, so two processes can never both hold a job: the database lets
 * one of them change the row and answers "0 rows" to the other.
 */

const now = () => new Date().toISOString();

/** Jobs a process may claim: PENDING ones, and PROCESSING ones whose claim is older than `cutoff`. */
export async function claimableJobs(db: Executor, cutoff: string, limit = 20) {
  const rows = await db
    .selectFrom('map')
    .select(['_id', 'gameId'])
    .where((eb) =>
      eb.or([
        eb('imageProcessStatus', '=', 'PENDING'),
        eb.and([
          eb('imageProcessStatus', '=', 'PROCESSING'),
          eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', cutoff)]),
        ]),
      ]),
    )
    .orderBy('updatedAt')
    .orderBy('_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ mapId: r._id, gameId: r.gameId }));
}

/** Claims one job for `worker`; true when this call won it. */
export async function claimJob(
  db: Executor,
  mapId: string,
  worker: string,
  cutoff: string,
): Promise<boolean> {
  const result = await db
    .updateTable('map')
    .set({ claimedBy: worker, claimedAt: now() })
    .where('_id', '=', mapId)
    .where((eb) =>
      eb.or([
        eb('imageProcessStatus', '=', 'PENDING'),
        eb.and([
          eb('imageProcessStatus', '=', 'PROCESSING'),
          eb.or([eb('claimedAt', 'is', null), eb('claimedAt', '<', cutoff)]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renews `worker`'s claim; false when the job was queued again or taken over meanwhile. */
export async function renewClaim(db: Executor, mapId: string, worker: string): Promise<boolean> {
  const result = await db
    .updateTable('map')
    .set({ claimedAt: now() })
    .where('_id', '=', mapId)
    .where('claimedBy', '=', worker)
    .where('imageProcessStatus', '=', 'PROCESSING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends `worker`'s claim before its result is written; false when it no longer holds the job. */
export async function releaseClaim(db: Executor, mapId: string, worker: string): Promise<boolean> {
  const result = await db
    .updateTable('map')
    .set({ claimedBy: null, claimedAt: null })
    .where('_id', '=', mapId)
    .where('claimedBy', '=', worker)
    .where('imageProcessStatus', '=', 'PROCESSING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hands the jobs `worker` holds back to the queue (the process is stopping). */
export async function releaseClaimsOf(db: Executor, worker: string): Promise<void> {
  await db
    .updateTable('map')
    .set({ imageProcessStatus: 'PENDING', claimedBy: null, claimedAt: null, updatedAt: now() })
    .where('claimedBy', '=', worker)
    .where('imageProcessStatus', '=', 'PROCESSING')
    .execute();
}

/** Maps being processed under a live claim (their build folders are in use). */
export async function liveClaims(db: Executor, cutoff: string): Promise<string[]> {
  const rows = await db
    .selectFrom('map')
    .select('_id')
    .where('imageProcessStatus', '=', 'PROCESSING')
    .where('claimedAt', '>=', cutoff)
    .execute();
  return rows.map((r) => r._id);
}

/** Jobs waiting or running in any process. */
export async function countQueued(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('map')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('imageProcessStatus', 'in', ['PENDING', 'PROCESSING'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Records how far `worker`'s running job is (0-100); nothing when it no longer holds the job. */
export async function setProgress(db: Executor, mapId: string, worker: string, percent: number) {
  await db
    .updateTable('map')
    .set({ imageProcessProgress: percent })
    .where('_id', '=', mapId)
    .where('claimedBy', '=', worker)
    .where('imageProcessStatus', '=', 'PROCESSING')
    .execute();
}

/** The processing state of a map as the admin page follows it (read uncached, for live status). */
export async function jobStatus(db: Executor, mapId: string) {
  return db
    .selectFrom('map')
    .select(['_id', 'imageProcessStatus', 'imageProcessError', 'imageProcessProgress', 'tilesPath'])
    .where('_id', '=', mapId)
    .executeTakeFirst();
}

async function countFiles(dir: string): Promise<number> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let count = 0;
  for (const entry of entries) {
    if (entry.isDirectory()) count += await countFiles(path.join(dir, entry.name));
    else count++;
  }
  return count;
}

/** Tiles of a pyramid being built for `liveDir` so far (its hidden build and work folders). */
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
    if (entry.startsWith(prefix)) count += await countFiles(path.join(parent, entry));
  return count;
}
