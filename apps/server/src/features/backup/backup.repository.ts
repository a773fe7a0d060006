import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.ts';

const run = promisify(execFile);

/** Row count of every table, by name. */
export type TableCounts = Record<string, number>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The tables of the database the app uses (SQLite file, or PostgreSQL's current schema). */
export async function listTables(db: Db): Promise<string[]> {
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' order by name`.execute(db.kysely)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
          db.kysely,
        );
  return rows.rows.map((r) => r.name);
}

/**
 * Counts every table's rows by reading them all (a query walk: a damaged page or index entry makes
 * the read fail rather than the count be taken from metadata).
 */
export async function countTables(db: Db): Promise<TableCounts> {
  const counts: TableCounts = {};
  for (const table of await listTables(db)) {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.raw(quote(table))}`.execute(db.kysely);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/**
 * Copies a live SQLite database file with SQLite's online backup API. The pages are copied in one
 * step, i.e. in one read transaction: the copy is the database as of one commit, and writers go on
 * meanwhile (WAL mode). Copying in small steps would restart on every write of another connection.
 */
export async function sqliteOnlineBackup(sourceFile: string, targetFile: string): Promise<void> {
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(targetFile, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

/** Row counts and SQLite's own integrity check (`ok` when sound) of a database file. */
export function inspectSqliteFile(file: string): { counts: TableCounts; integrity: string } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
    const tables = db
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
      )
      .pluck()
      .all() as string[];
    const counts: TableCounts = {};
    for (const table of tables)
      counts[table] = Number(
        db
          .prepare(`select count(*) from ${quote(table)}`)
          .pluck()
          .get(),
      );
    return { counts, integrity };
  } finally {
    db.close();
  }
}

/**
 * Dumps a PostgreSQL database with `pg_dump` (custom format) and counts its tables in the same
 * snapshot: a repeatable-read transaction exports its snapshot and pg_dump reads that one, so the
 * counts describe exactly what the dump holds.
 */
export async function pgDumpWithCounts(databaseUrl: string, file: string): Promise<TableCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0].id;
    const tables = (
      await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows.map((r) => r.name);
    const counts: TableCounts = {};
    for (const table of tables)
      counts[table] = Number((await client.query(`select count(*) as n from ${quote(table)}`)).rows[0].n);
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${file}`,
      `--dbname=${databaseUrl}`,
    ]);
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
}

/** Restores a custom-format dump into a database, all or nothing (one transaction). */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

async function runTool(tool: string, args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error(`${tool} was not found on the PATH (install the PostgreSQL client tools)`);
    throw new Error(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}
