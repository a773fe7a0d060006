import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface Hit {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the window ends, ms since the epoch. */
  windowEnd: number;
}

/** Expired rows are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Fixed-window counters in the `rate_limit` table, shared by every server process on the database.
 * Each hit is one atomic upsert (`INSERT … ON CONFLICT … DO UPDATE … RETURNING`) on both engines,
 * so parallel requests to several processes never lose a count.
 */
export class RateLimitCounters {
  private lastPrune = Date.now();

  constructor(private readonly db: Db) {}

  /** Counts one hit of `key`; starts a new window of `windowMs` when the last one has ended. */
  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = Date.now();
    const expired = sql<boolean>`${sql.ref('rate_limit.windowEnd')} <= ${now}`;
    const row = await this.db.kysely
      .insertInto('rate_limit')
      .values({ key, count: 1, windowEnd: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else ${sql.ref('rate_limit.count')} + 1 end`,
          windowEnd: sql<number>`case when ${expired} then ${sql.ref('excluded.windowEnd')} else ${sql.ref('rate_limit.windowEnd')} end`,
        }),
      )
      .returning(['count', 'windowEnd'])
      .executeTakeFirstOrThrow();
    this.maybePrune(now);
    return { count: Number(row.count), windowEnd: Number(row.windowEnd) };
  }

  /** The live window of `key`, or null when there is none. */
  async read(key: string): Promise<Hit | null> {
    const row = await this.db.kysely
      .selectFrom('rate_limit')
      .select(['count', 'windowEnd'])
      .where('key', '=', key)
      .where('windowEnd', '>', Date.now())
      .executeTakeFirst();
    return row ? { count: Number(row.count), windowEnd: Number(row.windowEnd) } : null;
  }

  async reset(key: string): Promise<void> {
    await this.db.kysely.deleteFrom('rate_limit').where('key', '=', key).execute();
  }

  /** Deletes the rows whose window has ended, now and then, without holding up the request. */
  private maybePrune(now: number) {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.db.kysely
      .deleteFrom('rate_limit')
      .where('windowEnd', '<=', now)
      .execute()
      .catch(() => {
        // The next prune tries again; an expired row is harmless meanwhile.
      });
  }
}

/**
 * A `@fastify/rate-limit` store over the shared counters. Keys come from the key generators in
 * `limits.ts`, which already name the limit they belong to, so route children share one store.
 */
export function databaseStore(counters: RateLimitCounters): FastifyRateLimitStoreCtor {
  const toResult = (hit: Hit | null) => ({
    current: hit?.count ?? 0,
    ttl: hit ? Math.max(0, hit.windowEnd - Date.now()) : 0,
  });
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(key, timeWindow).then(
        (hit) => callback(null, toResult(hit)),
        (error: Error) => callback(error),
      );
    }
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      counters.read(key).then(
        (hit) => callback(null, toResult(hit)),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  }
  return DatabaseStore;
}
