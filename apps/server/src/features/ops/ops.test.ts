import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverMessages } from '@waypoint/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../test/test-app.ts';

/** A built web app is present, so that unknown paths get the app's 404 page. */
const webDist = mkdtempSync(path.join(tmpdir(), 'waypoint-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>W</title></head><body></body></html>',
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const token = 'metrics-token-for-tests';
const env = useTestApp({ overrides: { metricsToken: token, webDist } });

async function poll<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('health', () => {
  it('answers /healthz with ok, as JSON, even for a browser', async () => {
    const res = await env.t.app.inject({ url: '/healthz', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 when the database answers and migrations are done', async () => {
    const res = await env.t.app.inject({ url: '/readyz', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: true, migrations: true, storage: true, load: true, running: true },
    });
  });

  it('says not ready once the process is stopping, and goes on serving requests', async () => {
    const t = await createTestApp();
    try {
      t.app.startDraining();
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBeTruthy();
      expect(ready.json().checks).toMatchObject({ database: true, running: false });
      expect((await t.app.inject({ url: '/api/games' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('metrics', () => {
  it('are not public: a 401 without the token or with another one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${token}x` }]) {
      const res = await env.t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('nodejs_');
    }
  });

  it('count requests per route, cache hits and misses, the job queue and the event loop', async () => {
    await env.t.app.ctx.writer.setInternal('map', 'g1_map_b', { imageProcessStatus: 'PENDING' });
    await env.t.app.inject({ url: '/api/games?limit=1000' });
    await env.t.app.inject({ url: '/api/games?limit=1000' });
    const res = await env.t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/:collection"[^}]*\} [1-9]/);
    expect(text).toMatch(/waypoint_response_cache_hits_total [1-9]/);
    expect(text).toMatch(/waypoint_response_cache_misses_total [1-9]/);
    expect(text).toMatch(/waypoint_response_cache_bytes [1-9]/);
    expect(text).toMatch(/waypoint_map_jobs_queued 1\b/);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('are not served at all without a configured token', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After and a JSON body while over the memory limit; /healthz still answers', async () => {
    const t = await createTestApp({ maxRssMb: 1 });
    try {
      const res = await poll(
        () => t.app.inject({ url: '/api/games' }),
        (r) => r.statusCode === 503,
      );
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: serverMessages.serverBusy,
      });
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const ready = await t.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.load).toBe(false);
    } finally {
      await t.close();
    }
  });
});
