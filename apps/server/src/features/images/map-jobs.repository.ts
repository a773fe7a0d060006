import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { MapJobColumns } from '../../db/schema.ts';

/**
 * The map-processing queue on the map table and the map level table (see map-processor.ts): a
 * map's picture and each floor's picture are jobs. Every statement that changes a claim is one
 * conditional UPDATE, so two processes can never both hold a job: the database lets one of them
 * change the row and answers "0 rows" to the other.
 */

/** The tables holding jobs: maps and their floors. */
export type JobTable = 'map' | 'maplevel';
export const jobTables: readonly JobTable[] = ['map', 'maplevel'];

/** Both tables carry the same job columns; statements are written once against them. */
const on = (db: Executor, _table: JobTable) => db as unknown as Kysely<{ job: MapJobColumns }>;
const T = (table: JobTable) => table as 'job';

export interface JobRef {
  table: JobTable;
  id: string;
}

/** Jobs a process may claim: PENDING ones, and PROCESSING ones whose claim is older than `cutoff`. */
export async function claimableJobs(db: Executor, cutoff: string, limit = 20): Promise<JobRef[]> {
  const out: JobRef[] = [];
  for (const table of jobTables) {
    const rows = await on(db, table)
      .selectFrom(T(table))
      .select(['_id', 'updatedAt'])
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
    for (const r of rows) out.push({ table, id: r._id, updatedAt: r.updatedAt } as JobRef);
  }
  // Oldest first across both tables.
  return (out as (JobRef & { updatedAt: string })[])
    .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.id.localeCompare(b.id))
    .slice(0, limit)
    .map(({ table, id }) => ({ table, id }));
}

/** Claims one job for `claim` at `now`; true when this call won it. */
export async function claimJob(
  db: Executor,
  job: JobRef,
  claim: string,
  cutoff: string,
  now: string,
): Promise<boolean> {
  const result = await on(db, job.table)
    .updateTable(T(job.table))
    .set({ claimedBy: claim, claimedAt: now })
    .where('_id', '=', job.id)
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

/** Renews `claim` at `now`; false when the job was queued again or taken over meanwhile. */
export async function renewClaim(db: Executor, job: JobRef, claim: string, now: string): Promise<boolean> {
  const result = await on(db, job.table)
    .updateTable(T(job.table))
    .set({ claimedAt: now })
    .where('_id', '=', job.id)
    .where('claimedBy', '=', claim)
    .where('imageProcessStatus', '=', 'PROCESSING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends `claim` before its result is written; false when it no longer holds the job. */
export async function releaseClaim(db: Executor, job: JobRef, claim: string): Promise<boolean> {
  const result = await on(db, job.table)
    .updateTable(T(job.table))
    .set({ claimedBy: null, claimedAt: null })
    .where('_id', '=', job.id)
    .where('claimedBy', '=', claim)
    .where('imageProcessStatus', '=', 'PROCESSING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hands the jobs of the claims starting with `prefix` back to the queue (the process is stopping). */
export async function releaseClaimsOf(db: Executor, prefix: string, now: string): Promise<void> {
  for (const table of jobTables) {
    await on(db, table)
      .updateTable(T(table))
      .set({ imageProcessStatus: 'PENDING', claimedBy: null, claimedAt: null, updatedAt: now })
      .where('claimedBy', 'like', `${prefix}%`)
      .where('imageProcessStatus', '=', 'PROCESSING')
      .execute();
  }
}

/** Jobs being processed under a live claim (their build folders are in use). */
export async function liveClaims(db: Executor, cutoff: string): Promise<JobRef[]> {
  const out: JobRef[] = [];
  for (const table of jobTables) {
    const rows = await on(db, table)
      .selectFrom(T(table))
      .select('_id')
      .where('imageProcessStatus', '=', 'PROCESSING')
      .where('claimedAt', '>=', cutoff)
      .execute();
    for (const r of rows) out.push({ table, id: r._id });
  }
  return out;
}

/** Jobs waiting or running in any process. */
export async function countQueued(db: Executor): Promise<number> {
  let count = 0;
  for (const table of jobTables) {
    const row = await on(db, table)
      .selectFrom(T(table))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('imageProcessStatus', 'in', ['PENDING', 'PROCESSING'])
      .executeTakeFirstOrThrow();
    count += Number(row.count);
  }
  return count;
}

/** Records how far the job `claim` holds is (0-100); nothing when it no longer holds the job. */
export async function setProgress(db: Executor, job: JobRef, claim: string, percent: number) {
  await on(db, job.table)
    .updateTable(T(job.table))
    .set({ imageProcessProgress: percent })
    .where('_id', '=', job.id)
    .where('claimedBy', '=', claim)
    .where('imageProcessStatus', '=', 'PROCESSING')
    .execute();
}

/** The processing state of a map or floor as the admin page follows it (read uncached, for live status). */
export async function jobStatus(db: Executor, id: string, table: JobTable = 'map') {
  return on(db, table)
    .selectFrom(T(table))
    .select(['_id', 'imageProcessStatus', 'imageProcessError', 'imageProcessProgress', 'tilesPath'])
    .where('_id', '=', id)
    .executeTakeFirst();
}

/**
 * Marks a pyramid version for deletion after `deleteAfter` (a replaced version's grace period, or
 * a version being written: removed if its run never publishes it).
 */
export async function retireTiles(db: Executor, tilesPath: string, deleteAfter: string) {
  await db
    .insertInto('tile_version')
    .values({ tilesPath, deleteAfter })
    .onConflict((oc) => oc.column('tilesPath').doUpdateSet({ deleteAfter }))
    .execute();
}

/** A version is in use (the map's row points to it): it is no longer to be deleted. */
export async function keepTiles(db: Executor, tilesPath: string) {
  await db.deleteFrom('tile_version').where('tilesPath', '=', tilesPath).execute();
}

/** Versions whose time has come, oldest first. */
export async function dueTileVersions(db: Executor, at: string, limit = 20): Promise<string[]> {
  const rows = await db
    .selectFrom('tile_version')
    .select('tilesPath')
    .where('deleteAfter', '<=', at)
    .orderBy('deleteAfter')
    .limit(limit)
    .execute();
  return rows.map((r) => r.tilesPath);
}
