import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testDatabaseUrl, useTestApp } from '../../test/test-app.ts';
import { writtenHeader } from './cache-bus.ts';

const env = useTestApp();

async function poll<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 1000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Several server processes over one PostgreSQL database; SQLite is one process. */
describe.skipIf(!testDatabaseUrl)('cache invalidation across processes', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp(env.t.config, { db: env.t.db, logger: false });
    await other.ready();
    await poll(async () => other.ctx.cacheBus.listening, Boolean);
  });
  afterAll(() => other.close());

  const nameOnOther = async () => (await other.inject({ url: '/api/game/g1' })).json().name as string;

  it('a write through one app is seen at once by a read through another', async () => {
    expect(await nameOnOther()).toBe('Game One');
    expect(await nameOnOther()).toBe('Game One'); // now cached in the other app
    const res = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/game/g1',
      headers: env.admin.auth,
      payload: { name: 'Renamed in A' },
    });
    expect(res.statusCode).toBe(200);
    expect(await poll(nameOnOther, (name) => name === 'Renamed in A')).toBe('Renamed in A');
  });

  it('a client reads its own write through another process at once, every time', async () => {
    let stale = 0;
    for (let i = 0; i < 100; i++) {
      await nameOnOther(); // cached in the other app
      const res = await env.t.app.inject({
        method: 'PATCH',
        url: '/api/admin/game/g1',
        headers: env.admin.auth,
        payload: { name: `Write ${i}` },
      });
      expect(res.statusCode).toBe(200);
      const written = res.headers[writtenHeader];
      expect(written).toMatch(/^[0-9a-f-]{36}:\d+$/);
      // The very next read, through the other process, names the write.
      const read = await other.inject({ url: '/api/game/g1', headers: { [writtenHeader]: String(written) } });
      if (read.json().name !== `Write ${i}`) stale++;
    }
    expect(stale).toBe(0);
    // Once heard, the same header is answered from the cache again.
    await poll(
      async () => other.ctx.cacheBus.unheard(env.t.app.ctx.cacheBus.written),
      (u) => !u,
    );
    expect(other.ctx.cacheBus.unheard(env.t.app.ctx.cacheBus.written)).toBe(false);
    expect(other.ctx.cacheBus.unheard('not a token')).toBe(false);
  });

  it('bypasses the cache while the signal is lost, and listens again', async () => {
    const app = `waypoint-cache-bus-${other.ctx.cacheBus.origin.slice(0, 8)}`;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${app}`.execute(
      env.t.db.kysely,
    );
    expect(await poll(async () => other.ctx.cache.bypassed, Boolean)).toBe(true);
    // While bypassed nothing is kept: every read sees the database.
    await nameOnOther();
    expect(other.ctx.cache.size).toBe(0);
    expect(await poll(async () => other.ctx.cacheBus.listening, Boolean, 5000)).toBe(true);
    expect(other.ctx.cache.bypassed).toBe(false);
    await nameOnOther();
    await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/game/g1',
      headers: env.admin.auth,
      payload: { name: 'Renamed again' },
    });
    expect(await poll(nameOnOther, (name) => name === 'Renamed again')).toBe('Renamed again');
  });
});
