import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.ts';
import type { ResponseCache } from './response-cache.ts';

/**
 * Tells every server process over one PostgreSQL database that content changed, so that each drops
 * its response cache at once. On SQLite (one process) it only drops the local cache.
 */
export interface CacheBus {
  /** Drops the local cache and tells the other processes to drop theirs; call after the write committed. */
  changed(): void;
  /** True while other processes' changes are heard (always on SQLite). */
  readonly listening: boolean;
  /** This process's id in the notifications it sends (its own are ignored). */
  readonly origin: string;
  close(): Promise<void>;
}

export const cacheChannel = 'waypoint_cache';

export interface CacheBusOptions {
  db: Db;
  databaseUrl: string;
  cache: ResponseCache;
  log: FastifyBaseLogger;
  /** First reconnection delay; doubles per failed attempt up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * On PostgreSQL: `NOTIFY waypoint_cache, '<origin>'` after each change and `LISTEN` on a dedicated
 * connection. While that connection is down (and until it first listens) the cache is bypassed, since
 * another process's write could go unheard; it reconnects with a growing delay. Processes share the
 * channel when they use the same schema (the channel of a schema other than `public` carries its name).
 */
export async function startCacheBus(options: CacheBusOptions): Promise<CacheBus> {
  const { db, cache, log } = options;
  const origin = randomUUID();
  if (db.dialect !== 'postgres') {
    return { changed: () => cache.invalidate(), listening: true, origin, close: async () => {} };
  }

  const schema = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  const current = schema.rows[0]?.schema ?? 'public';
  const channel = current === 'public' ? cacheChannel : `${cacheChannel}_${current}`;
  const retryMs = options.retryMs ?? 200;
  const maxRetryMs = options.maxRetryMs ?? 30_000;

  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  cache.setBypass(true);

  const lost = (c: pg.Client, reason: unknown) => {
    if (client !== c) return;
    client = null;
    c.removeAllListeners();
    c.on('error', () => {});
    c.end().catch(() => {});
    if (listening) log.warn({ err: reason }, 'cache bus: lost the database connection, cache bypassed');
    listening = false;
    cache.setBypass(true);
    if (!closed) schedule();
  };

  const schedule = () => {
    const delay = Math.min(maxRetryMs, retryMs * 2 ** attempt) * (0.75 + Math.random() / 2);
    attempt++;
    timer = setTimeout(connect, delay);
    timer.unref();
  };

  async function connect() {
    timer = null;
    if (closed) return;
    const c = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: `waypoint-cache-bus-${origin.slice(0, 8)}`,
      keepAlive: true,
    });
    client = c;
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c, new Error('connection ended')));
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== origin) cache.invalidate();
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      lost(c, error);
      return;
    }
    if (client !== c || closed) return;
    if (attempt > 0) log.info('cache bus: listening again, cache back in use');
    attempt = 0;
    listening = true;
    // Changes made while not listening went unheard: start from an empty cache.
    cache.setBypass(false);
  }

  await connect();

  return {
    origin,
    get listening() {
      return listening;
    },
    changed() {
      cache.invalidate();
      sql`select pg_notify(${channel}, ${origin})`.execute(db.kysely).catch((error) => {
        log.error({ err: error }, 'cache bus: could not notify the other processes');
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      listening = false;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
