import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

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
