import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/database.ts';
import { testDatabaseUrl, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

async function poll<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 2000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * What a tick asks of content (a marker's map, a quest's game) is kept per process on PostgreSQL
 * until a content write is heard, in this process at once and in the others through the cache bus.
 */
describe.skipIf(!testDatabaseUrl)('content a tick asks, kept per process', () => {
  let other: FastifyInstance;
  let otherDb: Db;
  beforeAll(async () => {
    otherDb = env.t.openDb();
    other = await buildApp(env.t.config, { db: otherDb, clock: env.t.clock, logger: false });
    await other.ready();
    await poll(async () => other.ctx.cacheBus.listening && env.t.app.ctx.cacheBus.listening, Boolean);
  });
  afterAll(async () => {
    await other.close();
    await otherDb.close();
  });

  const tick = (app: FastifyInstance, markerId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/usercompletedmarkers/markCompleted/${markerId}`,
      headers: env.player.auth,
    });
  const setEnabled = async (enabled: boolean) => {
    const res = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/map/g1_map_a',
      headers: env.admin.auth,
      payload: { enabled },
    });
    expect(res.statusCode).toBe(200);
  };

  it("a map disabled through one process: its markers' ticks are refused there at once, and by the other once heard", async () => {
    expect((await tick(other, 'pm_1')).statusCode).toBe(200);
    expect((await tick(env.t.app, 'pm_1')).statusCode).toBe(200);
    await setEnabled(false);
    expect((await tick(env.t.app, 'pm_2')).statusCode).toBe(404);
    expect(
      await poll(
        async () => (await tick(other, 'pm_2')).statusCode,
        (s) => s === 404,
      ),
    ).toBe(404);
    await setEnabled(true);
    expect((await tick(env.t.app, 'pm_2')).statusCode).toBe(200);
    expect(
      await poll(
        async () => (await tick(other, 'pm_3')).statusCode,
        (s) => s === 200,
      ),
    ).toBe(200);
  });

  it('a quest removed through one process is unknown to its ticks there at once', async () => {
    const url = '/api/user/quest/complete/g1/q2';
    expect((await other.inject({ url, headers: env.player.auth })).statusCode).toBe(200);
    expect((await env.t.app.inject({ url, headers: env.player.auth })).statusCode).toBe(200);
    const removed = await env.t.app.inject({
      method: 'DELETE',
      url: '/api/admin/quest/q2',
      headers: env.admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await env.t.app.inject({ url, headers: env.player.auth })).statusCode).toBe(404);
    expect(
      await poll(
        async () => (await other.inject({ url, headers: env.player.auth })).statusCode,
        (s) => s === 404,
      ),
    ).toBe(404);
  });
});
