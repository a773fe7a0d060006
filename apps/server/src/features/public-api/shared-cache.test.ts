import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { writtenHeader } from '../models/cache-bus.ts';

const env = useTestApp();
const get = (url: string, headers: Record<string, string> = {}) =>
  env.t.app.inject({ method: 'GET', url, headers });
const shared = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

describe('read API answers for a CDN', () => {
  it('a guest answer may be kept by shared caches briefly, carries an ETag and is answered 304 when unchanged', async () => {
    for (const url of ['/api/games', '/api/game/g1', '/api/map/g1_map_a/markers']) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe(shared);
      expect(first.headers.vary, url).toMatch(/accept-encoding/);
      expect(first.headers.vary, url).toMatch(/authorization/);
      expect(first.headers.vary, url).toContain(writtenHeader);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control'], url).toBe(shared);
      expect(again.headers.etag, url).toBe(etag);
    }
  });

  it('a logged-in answer, and a read right after one’s own write, stay private', async () => {
    const player = await get('/api/games', env.player.auth);
    expect(player.headers['cache-control']).toBe('private, no-cache');
    const admin = await get('/api/game/g1', env.admin.auth);
    expect(admin.headers['cache-control']).toBe('private, no-cache');
    expect(admin.headers.etag).toBeDefined();
    const own = await get('/api/games', { [writtenHeader]: 'p1:1' });
    expect(own.headers['cache-control']).toBe('private, no-cache');
    // A logged-in answer computed outside the response cache gets an ETag and 304 too.
    const mine = await get('/api/suggestions?limit=5', env.player.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const etag = String(mine.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/api/suggestions?limit=5', { ...env.player.auth, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('a content write changes the answer and its ETag at once: the old ETag gets the new body', async () => {
    const before = await get('/api/game/g1');
    const etag = String(before.headers.etag);
    const edit = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/game/g1',
      headers: env.admin.auth,
      payload: { name: 'Game One, renamed' },
    });
    expect(edit.statusCode).toBe(200);
    const after = await get('/api/game/g1', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe('Game One, renamed');
    expect(after.headers.etag).not.toBe(etag);
    expect(after.headers['cache-control']).toBe(shared);
  });

  it('answers with their own lifetime keep it; writes and user routes are not made public', async () => {
    expect((await get('/api/openapi.json')).headers['cache-control']).toBe('public, max-age=300');
    const progress = await get('/api/usercompletedmarkers/list', env.player.auth);
    expect(progress.headers['cache-control']).not.toMatch(/public/);
    const write = await env.t.app.inject({
      method: 'POST',
      url: '/api/usercompletedmarkers/markCompleted/pm_1',
      headers: env.player.auth,
    });
    expect(String(write.headers['cache-control'] ?? '')).not.toMatch(/public/);
  });
});

describe('shared caching turned off', () => {
  const off = useTestApp({ overrides: { apiSharedMaxAgeSeconds: 0 } });
  it('guest answers are revalidated by every cache (no-cache), still with ETag and 304', async () => {
    const res = await off.t.app.inject({ url: '/api/games' });
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = String(res.headers.etag);
    expect(
      (await off.t.app.inject({ url: '/api/games', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
  });
});
