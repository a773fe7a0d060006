import { sql } from 'kysely';
import type { Db } from './database.ts';

/** Key of the PostgreSQL advisory lock held while a process seeds the database at start. */
const STARTUP_LOCK_KEY = 7_340_001;

/**
 * Runs `work` while no other server process on the same PostgreSQL database runs its own: several
 * processes started together would otherwise all find the database empty and all seed it. One
 * connection holds a session-level advisory lock for the duration; `work` uses the pool as usual.
 * SQLite serves one process, so it just runs.
 */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return work();
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
