import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { insertUser } from '../features/account/account.repository.ts';
import { testDatabaseUrl } from '../test/test-app.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest, migrations } from './migrate.ts';

/** A database of its own (a temporary SQLite file, or a fresh schema of the PostgreSQL test database). */
async function emptyDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-migrate-'));
  const schema = testDatabaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  if (schema) await admin(`create schema ${schema}`);
  const db = openDatabase({ databaseUrl: testDatabaseUrl, dataDir, searchPath: schema });
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  return {
    db,
    migrator,
    async close() {
      await db.close();
      if (schema) await admin(`drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe("the migration of players' found markers to going with their player", () => {
  it("keeps every player's found markers and untick times; a player's removal takes theirs", async () => {
    const { db, migrator, close } = await emptyDatabase();
    try {
      const before = await migrator.migrateTo('0027_completed_markers_by_player');
      expect(before.error).toBeUndefined();
      const k = db.kysely;
      const players = [];
      for (const name of ['kept', 'gone'])
        players.push(
          await insertUser(k, { username: name, email: `${name}@example.test`, passwordHash: 'x' }),
        );
      for (const { id: userId } of players) {
        await k
          .insertInto('user_completed_marker')
          .values(['m1', 'm2'].map((markerId) => ({ userId, markerId, mapId: 'map', completedAt: 'a' })))
          .execute();
        await k
          .insertInto('user_marker_untick')
          .values({ userId, markerId: 'm3', mapId: 'map', uncompletedAt: 'b' })
          .execute();
      }
      const rows = async () => ({
        found: await k
          .selectFrom('user_completed_marker')
          .selectAll()
          .orderBy('userId')
          .orderBy('markerId')
          .execute(),
        unticked: await k.selectFrom('user_marker_untick').selectAll().orderBy('userId').execute(),
      });
      const written = await rows();
      await migrateToLatest(db);
      expect(await rows()).toEqual(written);

      const [kept, gone] = players as [(typeof players)[0], (typeof players)[0]];
      await k.deleteFrom('user').where('id', '=', gone.id).execute();
      const left = await rows();
      expect(left.found.map((r) => [r.userId, r.markerId])).toEqual([
        [kept.id, 'm1'],
        [kept.id, 'm2'],
      ]);
      expect(left.unticked.map((r) => r.userId)).toEqual([kept.id]);
    } finally {
      await close();
    }
  });
});
