import { decodeMarkerChunk, type MarkerChunkManifest } from '@waypoint/shared/map/marker-chunks';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { buildChunkSet } from './marker-chunks.service.ts';

// Maps with more than 3 markers load in chunks here.
const env = useTestApp({ overrides: { mapChunkedAbove: 3 } });
const get = (url: string, headers: Record<string, string> = {}) =>
  env.t.app.inject({ method: 'GET', url, headers });
const bytes = (payload: Buffer) =>
  payload.buffer.slice(payload.byteOffset, payload.byteOffset + payload.byteLength) as ArrayBuffer;

beforeAll(async () => {
  const w = env.t.app.ctx.writer;
  const actor = { id: null, username: 'test' };
  await w.create('map', { _id: 'g1_big', gameId: 'g1', name: 'Big', enabled: true }, actor);
  for (let i = 0; i < 6; i++) {
    await w.create(
      'placedmarker',
      {
        _id: `pm_big_${i}`,
        mapId: 'g1_big',
        markerDefinitionId: 'def_loot',
        name: `Spot ${i}`,
        lat: -(i % 3) - 0.5,
        lng: i,
        ...(i === 4 ? { questId: 'q1', questObjective: 'Open it' } : {}),
      },
      actor,
    );
  }
});

describe('large maps: GET /api/map/{mapId}/markers answers a manifest', () => {
  it('sends the definitions, the count per definition and the chunks instead of the columns', async () => {
    const res = await get('/api/map/g1_big/markers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(6);
    expect(body.markers.id).toEqual([]);
    const manifest = body.chunks as MarkerChunkManifest;
    expect(manifest.chunks).toEqual([{ start: 0, count: 6, latMax: -0.5, latMin: -2.5 }]);
    const loot = body.definitions.findIndex((d: { _id: string }) => d._id === 'def_loot');
    expect(manifest.perDefinition[loot]).toBe(6);
    expect(manifest.version).toMatch(/^[\w-]{16}$/);
  });

  it('keeps the one JSON answer for maps at or under the threshold', async () => {
    const body = (await get('/api/map/g1_map_b/markers')).json();
    expect(body.chunks).toBeUndefined();
    expect(Array.isArray(body.markers.id)).toBe(true);
  });
});

describe('GET /api/map/{mapId}/markers/chunks/{n}', () => {
  it('answers a binary chunk in draw order, cached with an ETag', async () => {
    const { version } = (await get('/api/map/g1_big/markers')).json().chunks;
    const res = await get(`/api/map/g1_big/markers/chunks/0?v=${version}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const chunk = decodeMarkerChunk(bytes(res.rawPayload));
    // Top of the map first, then left to right.
    expect(chunk.ids).toEqual(['pm_big_0', 'pm_big_3', 'pm_big_1', 'pm_big_4', 'pm_big_2', 'pm_big_5']);
    expect([...chunk.lat]).toEqual([-0.5, -0.5, -1.5, -1.5, -2.5, -2.5]);
    expect(chunk.names[1]).toBe('Spot 3');
    expect(chunk.extras.questId).toEqual({ 3: 'q1' });
    expect(chunk.extras.questObjective).toEqual({ 3: 'Open it' });
    const again = await get('/api/map/g1_big/markers/chunks/0', {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers 409 for a chunk of another version, 404 past the last chunk or for a hidden map', async () => {
    expect((await get('/api/map/g1_big/markers/chunks/0?v=old')).statusCode).toBe(409);
    expect((await get('/api/map/g1_big/markers/chunks/1')).statusCode).toBe(404);
    expect((await get('/api/map/g1_hidden/markers/chunks/0')).statusCode).toBe(404);
    expect((await get('/api/map/nope/markers/chunks/0')).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a bad chunk number or an unknown parameter', async () => {
    for (const [url, field] of [
      ['/api/map/g1_big/markers/chunks/x', 'params.n'],
      ['/api/map/g1_big/markers/chunks/-1', 'params.n'],
      ['/api/map/g1_big/markers/chunks/0?w=1', 'query.w'],
      [`/api/map/g1_big/markers/chunks/0?v=${'x'.repeat(65)}`, 'query.v'],
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
  });

  it('follows writes: a moved marker changes the version and its chunk', async () => {
    const before = (await get('/api/map/g1_big/markers')).json().chunks.version;
    await env.t.app.ctx.writer.update('placedmarker', 'pm_big_5', { lat: 5 }, { id: null, username: 'test' });
    const after = (await get('/api/map/g1_big/markers')).json().chunks.version;
    expect(after).not.toBe(before);
    const chunk = decodeMarkerChunk(
      bytes((await get(`/api/map/g1_big/markers/chunks/0?v=${after}`)).rawPayload),
    );
    expect(chunk.ids[0]).toBe('pm_big_5');
  });
});

describe('chunk sets', () => {
  it('cut the rows into bands of the given size, each chunk knowing its first row', async () => {
    const map = { _id: 'g1_big', gameId: 'g1', categoryId: '', enabled: true };
    const set = await buildChunkSet(env.t.db, map, 4);
    expect(set.data.chunks?.chunks.map((c) => [c.start, c.count])).toEqual([
      [0, 4],
      [4, 2],
    ]);
    const second = decodeMarkerChunk(bytes(set.bodies[1]));
    expect(second.start).toBe(4);
    expect(second.count).toBe(2);
  });

  it('on a map with floors, cut floor by floor: every-floor rows first, no chunk spans two floors', async () => {
    const w = env.t.app.ctx.writer;
    const actor = { id: null, username: 'test' };
    await w.create('map', { _id: 'g1_tower', gameId: 'g1', name: 'Tower', enabled: true }, actor);
    for (const level of [0, 1])
      await w.create(
        'maplevel',
        { _id: `tower_${level}`, mapId: 'g1_tower', level, name: `Floor ${level}` },
        actor,
      );
    // Seven markers: floors 1, 0, -1 (every floor), 1, 0, 1, -1, at falling latitudes.
    const floors = [1, 0, -1, 1, 0, 1, -1];
    for (const [i, level] of floors.entries())
      await w.create(
        'placedmarker',
        { _id: `pm_tower_${i}`, mapId: 'g1_tower', markerDefinitionId: 'def_loot', lat: -i, lng: i, level },
        actor,
      );
    const map = { _id: 'g1_tower', gameId: 'g1', categoryId: '', enabled: true };
    const set = await buildChunkSet(env.t.db, map, 2);
    expect(set.data.chunks?.chunks.map((c) => [c.start, c.count, c.level, c.latMax, c.latMin])).toEqual([
      [0, 2, -1, -2, -6],
      [2, 2, 0, -1, -4],
      [4, 2, 1, 0, -3],
      [6, 1, 1, -5, -5],
    ]);
    const ids = set.bodies.flatMap((body) => decodeMarkerChunk(bytes(body)).ids);
    expect(ids).toEqual([
      'pm_tower_2',
      'pm_tower_6',
      'pm_tower_1',
      'pm_tower_4',
      'pm_tower_0',
      'pm_tower_3',
      'pm_tower_5',
    ]);
    // A map without floors keeps its chunks without a floor.
    const plain = await buildChunkSet(env.t.db, { ...map, _id: 'g1_big' }, 4);
    expect(plain.data.chunks?.chunks.every((c) => c.level === undefined)).toBe(true);
  });
});
