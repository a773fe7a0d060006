import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/** Anything that runs queries: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back as strings from PostgreSQL; our counts fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Opens the embedded SQLite file under dataDir, or PostgreSQL when databaseUrl is a postgres:// URL. */
export function openDatabase(options: {
  databaseUrl: string;
  dataDir: string;
  searchPath?: string;
  /** SQLite only (SQLITE_SYNCHRONOUS); NORMAL unless set. */
  sqliteSynchronous?: 'NORMAL' | 'FULL';
}): Db {
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'waypoint.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}
