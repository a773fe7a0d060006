import { randomUUID } from 'node:crypto';
import { constants } from '@waypoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.ts';
import { everyone, sessionChannel } from '../../db/session-changes.ts';
import type { ResponseCache } from './response-cache.ts';

/**
 * Tells every server process over one PostgreSQL database that content changed, so that each drops
 * its response cache at once. On SQLite (one process) it only drops the local cache.
 */
export interface CacheBus {
  /** Drops the local cache and tells the other processes to drop theirs; call after the write committed. */
  changed(): void;
  /**
   * This process's last change as `origin:sequence` (PostgreSQL only): a write's answer carries it
   * (header `x-waypoint-written`) and the client sends it back on its reads.
   */
  readonly written: string | undefined;
  /** Whether a change named in such a header (comma-separated tokens) has not reached this process yet. */
  unheard(tokens: string | undefined): boolean;
  /** True while other processes' changes are heard (always on SQLite). */
  readonly listening: boolean;
  /** This process's id in the notifications it sends (its own are ignored). */
  readonly origin: string;
  /**
   * Another feature's channel on the same listening connection (the live streams): `onMessage` hears
   * every payload sent on it, this process's own included; `onListening` is told when hearing starts
   * and stops (while it does not, payloads go unheard). On SQLite payloads go straight to `onMessage`.
   */
  listen(name: string, onMessage: (payload: string) => void, onListening: (listening: boolean) => void): void;
  /** Sends `payload` (under 8,000 bytes) on a channel of `listen` to every process. */
  notify(name: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

interface Subscriber {
  onMessage: (payload: string) => void;
  onListening: (listening: boolean) => void;
}

export const cacheChannel = 'waypoint_cache';

/** The header that carries a client's last writes (answers to writes; the client's reads). */
export const writtenHeader = constants.writtenHeader;
/** Tokens a read may name (one per process the client wrote through lately). */
const MAX_TOKENS = 8;

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
 * connection, which also hears the changes of sessions and users (`db.sessionChanges`). While that connection is down (and until it first listens) the cache is bypassed, since
 * another process's write could go unheard; it reconnects with a growing delay. Processes share the
 * channel when they use the same schema (the channel of a schema other than `public` carries its name).
 */
export async function startCacheBus(options: CacheBusOptions): Promise<CacheBus> {
  const { db, cache, log } = options;
  const origin = randomUUID();
  if (db.dialect !== 'postgres') {
    const local = new Map<string, Subscriber>();
    return {
      changed: () => cache.invalidate(),
      written: undefined,
      unheard: () => false,
      listening: true,
      origin,
      listen(name, onMessage, onListening) {
        local.set(name, { onMessage, onListening });
        onListening(true);
      },
      async notify(name, payload) {
        local.get(name)?.onMessage(payload);
      },
      close: async () => {},
    };
  }

  const schema = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  const current = schema.rows[0]?.schema ?? 'public';
  const channel = current === 'public' ? cacheChannel : `${cacheChannel}_${current}`;
  const sessions = current === 'public' ? sessionChannel : `${sessionChannel}_${current}`;
  const channelOf = (name: string) => (current === 'public' ? name : `${name}_${current}`);
  /** Other features' channels (`listen`), by channel name. */
  const subscribers = new Map<string, Subscriber>();
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const retryMs = options.retryMs ?? 200;
  const maxRetryMs = options.maxRetryMs ?? 30_000;

  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let sequence = 0;
  /** The last change heard of per other process. */
  const heard = new Map<string, number>();

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
    db.sessionChanges.setListening(false);
    db.contentChanges.setListening(false);
    for (const subscriber of subscribers.values()) subscriber.onListening(false);
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
      if (message.channel === sessions) {
        db.sessionChanges.changed(message.payload || everyone);
        return;
      }
      const subscriber = subscribers.get(message.channel);
      if (subscriber) {
        subscriber.onMessage(message.payload ?? '');
        return;
      }
      if (message.channel !== channel || !message.payload) return;
      const [from, seq] = message.payload.split(':');
      if (!from || from === origin) return;
      cache.invalidate();
      db.contentChanges.changed();
      const n = Number(seq);
      if (Number.isSafeInteger(n) && n > (heard.get(from) ?? 0)) heard.set(from, n);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      await c.query(`LISTEN "${sessions.replaceAll('"', '""')}"`);
      for (const name of subscribers.keys()) await c.query(`LISTEN ${quoted(name)}`);
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
    db.sessionChanges.setListening(true, () => c.query('select 1'));
    db.contentChanges.setListening(true);
    for (const subscriber of subscribers.values()) subscriber.onListening(true);
  }

  await connect();

  return {
    origin,
    get listening() {
      return listening;
    },
    get written() {
      return sequence > 0 ? `${origin}:${sequence}` : undefined;
    },
    unheard(tokens) {
      if (!tokens) return false;
      for (const token of tokens.split(',', MAX_TOKENS)) {
        const [from, seq] = token.trim().split(':');
        if (!from || from === origin) continue;
        if ((heard.get(from) ?? 0) < Number(seq)) return true;
      }
      return false;
    },
    changed() {
      cache.invalidate();
      db.contentChanges.changed();
      sequence += 1;
      sql`select pg_notify(${channel}, ${`${origin}:${sequence}`})`.execute(db.kysely).catch((error) => {
        log.error({ err: error }, 'cache bus: could not notify the other processes');
      });
    },
    listen(name, onMessage, onListening) {
      const channel = channelOf(name);
      subscribers.set(channel, { onMessage, onListening });
      const c = client;
      if (!c || !listening) return;
      c.query(`LISTEN ${quoted(channel)}`).then(
        () => {
          if (client === c && listening) onListening(true);
        },
        (error) => lost(c, error),
      );
    },
    async notify(name, payload) {
      await sql`select pg_notify(${channelOf(name)}, ${payload})`.execute(db.kysely);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      db.sessionChanges.setListening(false);
      db.contentChanges.setListening(false);
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
