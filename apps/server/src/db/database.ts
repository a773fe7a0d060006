import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import {
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteDialect,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { privateDirSync, privateFileMode } from '../storage/private-files.ts';
import { type ContentChanges, createContentChanges } from './content-changes.ts';
import {
  createLiveOutbox,
  type LiveMessage,
  type LiveOutbox,
  outboxOfExecutor,
  queuedInTransaction,
} from './live-outbox.ts';
import type { Database } from './schema.ts';
import { createSessionChanges, type SessionChanges } from './session-changes.ts';

export type Dialect = 'sqlite' | 'postgres';

/** Anything that runs queries: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * Called when an idle pooled PostgreSQL connection breaks (database restarted, connection cut): the
   * pool drops it and opens a new one on next use, so this only reports it.
   */
  onConnectionError: (error: Error) => void;
  /** Changes of sessions and users heard from PostgreSQL (fed by the cache bus; never on SQLite). */
  sessionChanges: SessionChanges;
  /** Content changes heard by the cache bus (PostgreSQL), for lookups kept per process. */
  contentChanges: ContentChanges;
  /** Live events of committed writes, for the open streams (features/live). */
  live: LiveOutbox;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back as strings from PostgreSQL; our counts fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR); Kysely's own
 * ROLLBACK then fails with "no transaction is active" and that error would hide the real one.
 */
class SqliteKeepingErrors extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (...args: Parameters<Driver['rollbackTransaction']>) => {
      try {
        await rollback(...args);
      } catch (error) {
        if (!(error instanceof Error && /no transaction is active/.test(error.message))) throw error;
      }
    };
    return driver;
  }
}

/** Prepared statements kept per connection; beyond, the set starts over. */
const MAX_STATEMENTS = 1000;

/**
 * The SQLite connection as Kysely sees it, with each distinct statement prepared once: Kysely asks
 * to prepare every query it runs, and preparing costs about as much as running a small one. A
 * statement still being iterated is never handed out twice.
 */
function withPreparedStatements(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      const kept = statements.get(text);
      if (kept && !kept.busy) return kept;
      const statement = sqlite.prepare(text);
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      statements.set(text, statement);
      return statement;
    },
    close() {
      sqlite.close();
    },
  };
}

/** SQL texts sent as named statements on PostgreSQL, by text: each parsed once per connection. */
const statementNames = new Map<string, string>();

/**
 * Names `text` for PostgreSQL: from now on each connection parses and plans it once and then only
 * binds each run's values (the hot queries of `reusableQuery`; a name per distinct text).
 */
export function nameStatement(text: string): void {
  if (!statementNames.has(text)) statementNames.set(text, `waypoint_${statementNames.size + 1}`);
}

/**
 * The pool as Kysely sees it, each connection sending the texts named by `nameStatement` as named
 * statements (the driver keeps which ones a connection has parsed) and every other query as before.
 * Without `named` every query goes unnamed: a pooler in transaction mode that does not keep named
 * statements (PgBouncer before 1.21) may run the next query on a server connection that never saw
 * its statement.
 */
function withNamedStatements(pool: pg.Pool, named: boolean): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let kept = wrapped.get(client);
      if (!kept) {
        // The driver writes each message of a query (parse, bind, describe, execute, sync) to the
        // socket by itself: corked, they leave in one system call.
        const socket = (client as unknown as { connection?: { stream?: Partial<Writable> } }).connection
          ?.stream;
        const send = (text: unknown, values?: readonly unknown[]) => {
          const name = named && typeof text === 'string' && values ? statementNames.get(text) : undefined;
          if (name) return client.query({ name, text: text as string, values: values as unknown[] });
          return client.query(text as string, values as unknown[]);
        };
        const query = (text: unknown, values?: readonly unknown[]) => {
          if (!socket?.cork || !socket.uncork) return send(text, values);
          socket.cork();
          try {
            return send(text, values);
          } finally {
            socket.uncork();
          }
        };
        kept = { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
        wrapped.set(client, kept);
      }
      return kept;
    },
    end: () => pool.end(),
  };
}

/** Opens the embedded SQLite file under dataDir, or PostgreSQL when databaseUrl is a postgres:// URL. */
export function openDatabase(options: {
  databaseUrl: string;
  dataDir: string;
  searchPath?: string;
  /** SQLite only (SQLITE_SYNCHRONOUS); NORMAL unless set. */
  sqliteSynchronous?: 'NORMAL' | 'FULL';
  /** Longest wait for a connection (pool full, or the database not answering a connect). */
  databaseTimeoutMs?: number;
  /** PostgreSQL: longest a statement may run or wait for a lock (0: no bound); migrations are exempt. */
  statementTimeoutMs?: number;
  /** PostgreSQL: send the hot queries as named statements (DATABASE_PREPARED_STATEMENTS); on unless false. */
  databasePreparedStatements?: boolean;
}): Db {
  if (isPostgresUrl(options.databaseUrl)) {
    const settings = [
      ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
      ...(options.statementTimeoutMs
        ? [`-c statement_timeout=${Math.round(options.statementTimeoutMs)}`]
        : []),
    ];
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.databaseTimeoutMs ?? 10_000,
      keepAlive: true,
      ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
    });
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: withNamedStatements(pool, options.databasePreparedStatements !== false),
      }),
    });
    const db: Db = {
      kysely,
      dialect: 'postgres',
      onConnectionError: () => {},
      sessionChanges: createSessionChanges(),
      contentChanges: createContentChanges(),
      live: createLiveOutbox(),
      close: () => kysely.destroy(),
    };
    outboxOfExecutor.set(kysely, db.live);
    // Without a listener a connection's error would end the process (an unhandled 'error' event):
    // the pool listens on idle connections, each connection itself also while it is checked out
    // (the database may end it between two statements of a transaction). A broken connection is
    // dropped by the pool when it comes back.
    pool.on('error', (error) => db.onConnectionError(error));
    pool.on('connect', (client) => client.on('error', (error) => db.onConnectionError(error)));
    return db;
  }
  privateDirSync(options.dataDir);
  const file = path.join(options.dataDir, 'waypoint.db');
  // The database holds password hashes and sessions: created 0600 before SQLite opens it (SQLite
  // gives its WAL and shared-memory files the database file's mode); files of older installs narrowed.
  closeSync(openSync(file, 'a', privateFileMode));
  for (const suffix of ['', '-wal', '-shm'])
    if (existsSync(`${file}${suffix}`)) chmodSync(`${file}${suffix}`, privateFileMode);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteKeepingErrors({ database: withPreparedStatements(sqlite) }),
  });
  const live = createLiveOutbox();
  outboxOfExecutor.set(kysely, live);
  return {
    kysely,
    dialect: 'sqlite',
    onConnectionError: () => {},
    sessionChanges: createSessionChanges(),
    contentChanges: createContentChanges(),
    live,
    close: () => kysely.destroy(),
  };
}

/**
 * Runs `work` in one transaction (committed when it resolves, rolled back when it throws). Services
 * open their transactions here and hand the executor on to repository functions.
 */
export async function inTransaction<T>(db: Db, work: (trx: Executor) => Promise<T>): Promise<T> {
  // Live events queued in it (`queueLiveMessage`) go out once it is committed.
  const queued: LiveMessage[] = [];
  const result = await db.kysely.transaction().execute((trx) => {
    queuedInTransaction.set(trx, queued);
    return work(trx);
  });
  for (const message of queued) db.live.publish(message);
  return result;
}
