import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();
const search = (q: string, map = 'g1_map_a') =>
  env.t.app.inject({ method: 'GET', url: `/api/map/${map}/search?q=${encodeURIComponent(q)}` });

beforeAll(async () => {
  const w = env.t.app.ctx.writer;
  const actor = { id: null, username: 'test' };
  await w.create('item', { _id: 'it_battery', gameId: 'g1', itemName: 'Rechargeable Battery' }, actor);
  await w.create('item', { _id: 'it_bolts', gameId: 'g1', itemName: 'Bolts' }, actor);
  const marker = (id: string, map: string, fields: Record<string, unknown>) =>
    w.create(
      'placedmarker',
      { _id: id, mapId: map, markerDefinitionId: 'def_loot', lat: -1, lng: 1, ...fields },
      actor,
    );
  await marker('pm_note', 'g1_map_a', {
    name: 'Radio shack',
    description: '<p>Behind the <strong>rusty</strong> door &amp; under the stairs</p>',
  });
  await marker('pm_percent', 'g1_map_a', { name: 'Sale 100% off' });
  await marker('pm_battery_a', 'g1_map_a', { name: 'Drawer', itemId: 'it_battery' });
  await marker('pm_battery_b', 'g1_map_b', { name: 'Radio tower', itemId: 'it_battery' });
});

describe('GET /api/map/{mapId}/search', () => {
  it('finds markers of the map by name, case-insensitively, and not those of other maps', async () => {
    const res = await search('RADIO');
    expect(res.statusCode).toBe(200);
    expect(res.json().markers.map((m: { id: string }) => m.id)).toEqual(['pm_note']);
    expect((await search('radio', 'g1_map_b')).json().markers.map((m: { id: string }) => m.id)).toEqual([
      'pm_battery_b',
    ]);
  });

  it('finds markers by their description and answers the text around the match', async () => {
    const body = (await search('under the')).json();
    expect(body.markers).toEqual([
      {
        id: 'pm_note',
        name: 'Radio shack',
        definitionId: 'def_loot',
        snippet: 'Behind the rusty door & under the stairs',
      },
    ]);
  });

  it('takes % and _ as the characters themselves', async () => {
    expect((await search('0%')).json().markers.map((m: { id: string }) => m.id)).toEqual(['pm_percent']);
    expect((await search('e_')).json().markers).toEqual([]);
  });

  it("finds the game's definitions, quests and items; an item lists where it is on this map", async () => {
    const body = (await search('loot')).json();
    expect(body.definitions).toEqual([{ id: 'def_loot', name: 'Loot' }]);
    expect((await search('steps')).json().quests).toEqual([
      { id: 'q1', name: 'First steps' },
      { id: 'q2', name: 'Second steps' },
    ]);
    const items = (await search('battery')).json().items;
    expect(items).toEqual([{ id: 'it_battery', name: 'Rechargeable Battery', markerIds: ['pm_battery_a'] }]);
    expect((await search('bolts')).json().items).toEqual([{ id: 'it_bolts', name: 'Bolts', markerIds: [] }]);
  });

  it('caps each kind of result at eight', async () => {
    for (let i = 0; i < 10; i++) {
      await env.t.app.ctx.writer.create(
        'placedmarker',
        { _id: `pm_barrel_${i}`, mapId: 'g1_map_a', markerDefinitionId: 'def_loot', name: `Barrel ${i}` },
        { id: null, username: 'test' },
      );
    }
    const body = (await search('barrel')).json();
    expect(body.markers.map((m: { id: string }) => m.id)).toEqual(
      Array.from({ length: 8 }, (_, i) => `pm_barrel_${i}`),
    );
  });

  it('answers 400 naming the field for a too short, too long or missing text, or an unknown parameter', async () => {
    for (const url of [
      '/api/map/g1_map_a/search?q=a',
      `/api/map/g1_map_a/search?q=${'x'.repeat(81)}`,
      '/api/map/g1_map_a/search',
    ]) {
      const res = await env.t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('query.q');
    }
    const extra = await env.t.app.inject({ method: 'GET', url: '/api/map/g1_map_a/search?q=ab&limit=5' });
    expect(extra.statusCode).toBe(400);
    expect(JSON.stringify(extra.json())).toContain('query.limit');
  });

  it('answers 404 for an unknown map and hides disabled maps from guests', async () => {
    expect((await search('crate', 'nope')).statusCode).toBe(404);
    expect((await search('crate', 'g1_hidden')).statusCode).toBe(404);
  });
});

describe('GET /api/map/{mapId}/status', () => {
  it('follows the tiling job live, uncached', async () => {
    const status = async () =>
      (await env.t.app.inject({ method: 'GET', url: '/api/map/g1_map_b/status' })).json();
    expect(await status()).toEqual({ status: 'NONE', progress: 0, version: '' });
    const w = env.t.app.ctx.writer;
    const system = { id: null, username: 'system' };
    await w.setInternal(
      'map',
      'g1_map_b',
      { imageProcessStatus: 'PROCESSING', imageProcessProgress: 40 },
      system,
    );
    expect(await status()).toEqual({ status: 'PROCESSING', progress: 40, version: '' });
    await w.setInternal(
      'map',
      'g1_map_b',
      {
        imageProcessStatus: 'DONE',
        imageProcessProgress: 100,
        images: { mapImage: { fileName: 'map.png', imageWidth: 256, imageHeight: 256, version: 'v7' } },
      },
      system,
    );
    expect(await status()).toEqual({ status: 'DONE', progress: 100, version: 'v7' });
  });

  it('answers 404 for an unknown or hidden map and 400 for a parameter it does not take', async () => {
    expect((await env.t.app.inject({ method: 'GET', url: '/api/map/nope/status' })).statusCode).toBe(404);
    expect((await env.t.app.inject({ method: 'GET', url: '/api/map/g1_hidden/status' })).statusCode).toBe(
      404,
    );
    expect((await env.t.app.inject({ method: 'GET', url: '/api/map/g1_map_a/status?x=1' })).statusCode).toBe(
      400,
    );
  });
});
