/**
 * The data disk full, on SQLite: SQLite's own size limit (`max_page_count`) stands in for a full disk
 * (the same SQLITE_FULL error). Writes answer 507 with a clear message and save nothing; once space
 * is back the same write succeeds. The fault is counted in /metrics.
 */
import { serverMessages } from '@waypoint/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl, useTestApp } from '../../test/test-app.ts';

describe.skipIf(Boolean(testDatabaseUrl))('a full disk (SQLite)', () => {
  const env = useTestApp({ overrides: { metricsToken: 'metrics-token-for-tests' } });

  it('answers 507, saves nothing, and works again once space is freed', async () => {
    const { app, db } = env.t;
    const put = (id: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/game',
        headers: env.admin.auth,
        payload: { _id: id, name: `A game with a long description ${id}`, description: 'x'.repeat(20_000) },
      });
    const pages = Number(
      (await sql<{ page_count: number }>`pragma page_count`.execute(db.kysely)).rows[0]?.page_count,
    );
    await sql.raw(`pragma max_page_count = ${pages}`).execute(db.kysely);
    try {
      const full = await put('no_room');
      expect(full.statusCode).toBe(507);
      expect(full.json()).toMatchObject({ statusCode: 507, message: serverMessages.storageFull });
      expect(full.headers['retry-after']).toBeDefined();
      // Nothing half-written: neither the record nor its audit entry.
      expect((await app.inject({ url: '/api/game/no_room' })).statusCode).toBe(404);
      // Reads keep answering while the disk is full.
      expect((await app.inject({ url: '/api/games' })).statusCode).toBe(200);
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(db.kysely);
    }
    expect((await put('no_room')).statusCode).toBe(201);
    expect((await app.inject({ url: '/api/game/no_room' })).statusCode).toBe(200);
    const metrics = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-tests' },
    });
    expect(metrics.body).toMatch(/waypoint_faults_total\{kind="storage_full"\} [1-9]/);
  });
});
