import { sql } from 'kysely';
import type { Db } from './database.ts';

/** Key of the PostgreSQL advisory lock held while a process seeds the database at start. */
const STARTUP_LOCK_KEY = 7_340_001;

/**
 * Runs `work` while no other server process on the same PostgreSQL database runs its own: several
 * processes started together would otherwise all find the database empty and all seed it. One
 * transaction holds an advisory lock for the duration (a transaction's lock, not a session's: a
 * pooler in transaction mode keeps one server connection only for a transaction); `work` uses the
 * pool as usual. SQLite serves one process, so it just runs.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  return db.kysely.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`.execute(trx);
    return work();
  });
}
