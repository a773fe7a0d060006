import { describe, expect, it } from 'vitest';
import { createContent, createTestApp, useTestApp } from '../../test/test-app.ts';

/** A small bound (about 60 KB) so that a few hundred answers overflow it. */
const env = useTestApp({ overrides: { responseCacheMb: 0.06 } });

describe('response cache: keyed on the normalized request, bounded by bytes', () => {
  it('keeps its bytes under the bound however many distinct lists are asked', async () => {
    const cache = env.t.app.ctx.cache;
    cache.invalidate();
    for (let skip = 0; skip < 300; skip++) {
      const res = await env.t.app.inject({
        url: `/api/placedmarkers?skip=${skip % 3}&limit=${1 + skip}`,
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(cache.bytes).toBeGreaterThan(0);
    expect(cache.bytes).toBeLessThanOrEqual(0.06 * 1024 * 1024);
  });

  it('answers an unknown parameter with a 400 naming it, and keeps nothing for it', async () => {
    const cache = env.t.app.ctx.cache;
    cache.invalidate();
    for (let n = 0; n < 20; n++) {
      const res = await env.t.app.inject({ url: `/api/placedmarkers?limit=5&x${n}=${n}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: `query.x${n}` })]);
    }
    for (const url of ['/api/map/g1_map_a/markers?x=1', '/api/quests/g1_map_a?x=1', '/api/game/g1?x=1']) {
      const res = await env.t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'query.x' })]);
    }
    expect(cache.size).toBe(0);
  });

  it('keeps one entry for the same list asked in different spellings', async () => {
    const cache = env.t.app.ctx.cache;
    cache.invalidate();
    const filter = (o: object) => encodeURIComponent(JSON.stringify(o));
    const urls = [
      `/api/maps?query=${filter({ gameId: 'g1' })}&limit=1000`,
      `/api/maps?limit=1000&query=${filter({ gameId: 'g1' })}`,
      `/api/maps?limit=01000&skip=0&query=${filter({ gameId: 'g1' })}`,
      `/api/maps?query=${encodeURIComponent('{ "gameId" : "g1" }')}&limit=1000`,
    ];
    const etags = new Set<string>();
    for (const url of urls) {
      const res = await env.t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      etags.add(String(res.headers.etag));
    }
    expect(etags.size).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('serves an answer bigger than the bound without keeping it', async () => {
    const cache = env.t.app.ctx.cache;
    cache.invalidate();
    const desc = 'd'.repeat(1900);
    for (let i = 0; i < 40; i++) {
      await env.t.app.ctx.writer.create(
        'placedmarker',
        { _id: `big_${i}`, mapId: 'g1_map_b', markerDefinitionId: 'def_loot', description: desc },
        { id: null, username: 'test' },
      );
    }
    const res = await env.t.app.inject({
      url: `/api/placedmarkers?query=${encodeURIComponent('{"mapId":"g1_map_b"}')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(40);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});

describe('answers one client may have computed', () => {
  it('are limited per address: a 429 with Retry-After beyond the burst, while cached answers still come', async () => {
    const t = await createTestApp(
      { readMissesPerSecond: 1, readMissBurst: 5 },
      {
        beforeReady: (app) => {
          app.get('/ready/:n', { config: { role: 'guest' } }, (request, reply) =>
            app.ctx.cache.send(
              request,
              reply,
              `public|ready|${(request.params as { n: string }).n}`,
              async () => ({ ok: 1 }),
              true,
            ),
          );
        },
      },
    );
    try {
      await createContent(t);
      const ask = (url: string, ip: string) => t.app.inject({ url, remoteAddress: ip });
      expect((await ask('/api/games', '198.51.100.1')).statusCode).toBe(200);
      const statuses: number[] = [];
      for (let skip = 0; skip < 10; skip++)
        statuses.push((await ask(`/api/placedmarkers?skip=${skip}`, '198.51.100.1')).statusCode);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
      const refused = await ask('/api/placedmarkers?skip=11', '198.51.100.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Cached answers cost nothing and still come; another address has its own budget.
      expect((await ask('/api/games', '198.51.100.1')).statusCode).toBe(200);
      expect((await ask('/api/placedmarkers?skip=12', '198.51.100.2')).statusCode).toBe(200);
      // A body made already (a marker chunk) is stored without taking from the budget.
      const ready: number[] = [];
      for (let n = 0; n < 10; n++) ready.push((await ask(`/ready/${n}`, '198.51.100.1')).statusCode);
      expect(ready).toEqual(new Array(10).fill(200));
    } finally {
      await t.close();
    }
  });
});
