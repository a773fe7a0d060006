import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { poll, useSecondProcess } from '../../test/second-process.ts';
import { testDatabaseUrl, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

/**
 * What a tick asks of content (a marker's map, a quest's game) is kept per process on PostgreSQL
 * until a content write is heard, in this process at once and in the others through the cache bus.
 */
describe.skipIf(!testDatabaseUrl)('content a tick asks, kept per process', () => {
  const peer = useSecondProcess(env);

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
    expect((await tick(peer.app, 'pm_1')).statusCode).toBe(200);
    expect((await tick(env.t.app, 'pm_1')).statusCode).toBe(200);
    await setEnabled(false);
    expect((await tick(env.t.app, 'pm_2')).statusCode).toBe(404);
    expect(
      await poll(
        async () => (await tick(peer.app, 'pm_2')).statusCode,
        (s) => s === 404,
      ),
    ).toBe(404);
    await setEnabled(true);
    expect((await tick(env.t.app, 'pm_2')).statusCode).toBe(200);
    expect(
      await poll(
        async () => (await tick(peer.app, 'pm_3')).statusCode,
        (s) => s === 200,
      ),
    ).toBe(200);
  });

  it('a quest removed through one process is unknown to its ticks there at once', async () => {
    const url = '/api/user/quest/complete/g1/q2';
    expect((await peer.app.inject({ url, headers: env.player.auth })).statusCode).toBe(200);
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
        async () => (await peer.app.inject({ url, headers: env.player.auth })).statusCode,
        (s) => s === 404,
      ),
    ).toBe(404);
  });
});
