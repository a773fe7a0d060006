import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from './database.ts';

/** SQLite's `synchronous` of a database opened with the configuration of `env` (1 NORMAL, 2 FULL). */
async function synchronousOf(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-sync-'));
  const config = loadConfig({ ...env, DATA_DIR: dataDir });
  const db = openDatabase({ ...config, databaseUrl: '' });
  try {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely);
    return rows[0]?.synchronous;
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('SQLITE_SYNCHRONOUS', () => {
  it('runs NORMAL by default and FULL when set, and refuses anything else', async () => {
    expect(await synchronousOf({})).toBe(1);
    expect(await synchronousOf({ SQLITE_SYNCHRONOUS: 'FULL' })).toBe(2);
    expect(await synchronousOf({ SQLITE_SYNCHRONOUS: 'full' })).toBe(2);
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF', DATA_DIR: tmpdir() })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});
