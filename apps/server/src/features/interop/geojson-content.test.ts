import { getIssues } from '@placemarkio/check-geojson';
import { getModel } from '@waypoint/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { findRecordsBy } from '../models/models.repository.ts';

const env = useTestApp();
const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  env.t.app.inject({ method, url, headers: env.admin.auth, payload: payload as never });
const stagedCount = async () =>
  (
    await env.t.db.kysely
      .selectFrom('importedcrudmodel' as never)
      .select(['type' as never])
      .execute()
  ).length;
const acceptAll = async () => {
  for (const model of ['markerdefinition', 'placedmarker'])
    expect((await send('GET', `/api/admin/acceptAllImportedModels/${model}`)).statusCode).toBe(200);
};

/** A collection from another tool: a camp (a definition the game has), a road and a zone (new ones). */
const outside = (name = 'Old road') => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 'camp-1',
      geometry: { type: 'Point', coordinates: [100, 200] },
      properties: { definition: 'def_loot', name: 'Camp' },
    },
    {
      type: 'Feature',
      id: 'road-1',
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [300, 400],
        ],
      },
      properties: { definition: 'roads', definitionName: 'Roads', name, floor: -1 },
    },
    {
      type: 'Feature',
      id: 'zone-1',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10, 10],
            [90, 10],
            [90, 90],
            [10, 10],
          ],
        ],
      },
      properties: { definition: 'zones', name: 'Danger' },
    },
  ],
});

describe('GeoJSON content through the review', () => {
  const url = '/api/admin/maps/g1_map_b/import/geojson';

  it('stages nothing on bad input and answers 400 naming the feature and field; admins only', async () => {
    const bad = outside();
    (bad.features[1]!.geometry as { type: string }).type = 'MultiLineString';
    const res = await send('POST', url, { source: 'roads.geojson', content: JSON.stringify(bad) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'features[1].geometry.type',
        message: 'MultiLineString: only Point, Polygon and LineString are read',
      },
    ]);
    expect((await send('POST', url, { source: 'x', content: 'nope' })).statusCode).toBe(400);
    expect((await send('POST', url, { content: '{}' })).json().errors[0].field).toBe('body.source');
    expect(await stagedCount()).toBe(0);
    const player = await env.t.app.inject({
      method: 'POST',
      url,
      headers: env.player.auth,
      payload: { source: 'x', content: '{}' },
    });
    expect(player.statusCode).toBe(403);
  });

  it('stages markers and the definitions the game lacks; accepted, they are live; the same file again stages nothing (its definitions exist now), a changed one only the change', async () => {
    const first = await send('POST', url, { source: 'roads.geojson', content: JSON.stringify(outside()) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ staged: { markerdefinition: 2, placedmarker: 3 }, unchanged: 0 });
    await acceptAll();
    const live = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), 'mapId', 'g1_map_b');
    expect(live.map((m) => m.name).sort()).toEqual(['Camp', 'Danger', 'Old road']);
    const road = live.find((m) => m.name === 'Old road')!;
    expect(road.polygonPoints).toEqual([
      [0, 0],
      [-400, 300],
    ]);
    const again = await send('POST', url, { source: 'roads.geojson', content: JSON.stringify(outside()) });
    expect(again.json()).toMatchObject({ staged: { markerdefinition: 0, placedmarker: 0 }, unchanged: 3 });
    const changed = await send('POST', url, {
      source: 'roads.geojson',
      content: JSON.stringify(outside('New road')),
    });
    expect(changed.json()).toMatchObject({ staged: { markerdefinition: 0, placedmarker: 1 }, unchanged: 2 });
  });

  it('a later import flags what is gone from the source and what was edited here since; accepting removes the gone', async () => {
    const writer = env.t.app.ctx.writer;
    const actor = { id: env.admin.id, username: env.admin.username };
    // Accept the pending change of the last test, then edit the road here.
    await acceptAll();
    const live = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), 'mapId', 'g1_map_b');
    const road = live.find((m) => m.name === 'New road')!;
    const camp = live.find((m) => m.name === 'Camp')!;
    await writer.update('placedmarker', String(road._id), { description: '<p>Paved last week</p>' }, actor);
    const file = outside('Renamed road');
    file.features.splice(0, 1); // the camp is gone from the source
    const res = await send('POST', url, { source: 'roads.geojson', content: JSON.stringify(file) });
    expect(res.json()).toMatchObject({ staged: { placedmarker: 2 }, gone: 1, editedHere: 1 });
    const review = (await send('GET', '/api/admin/importedModels/placedmarker')).json();
    const byId = Object.fromEntries(review.data.map((r: { recordId: string }) => [r.recordId, r])) as Record<
      string,
      { gone: boolean; editedHere: boolean; imported: unknown; stored: unknown }
    >;
    expect(byId[String(camp._id)]).toMatchObject({ gone: true, editedHere: false, imported: null });
    expect(byId[String(road._id)]).toMatchObject({ gone: false, editedHere: true });
    await acceptAll();
    const after = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), 'mapId', 'g1_map_b');
    expect(after.map((m) => m.name).sort()).toEqual(['Danger', 'Renamed road']);
    // Imported again unchanged: nothing is gone, nothing edited.
    const again = await send('POST', url, { source: 'roads.geojson', content: JSON.stringify(file) });
    expect(again.json()).toMatchObject({ staged: { placedmarker: 0 }, gone: 0, editedHere: 0 });
  });

  it('exports the map as GeoJSON a checker accepts, which comes back unchanged', async () => {
    const res = await send('GET', '/api/admin/maps/g1_map_b/export/geojson');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(res.headers['content-disposition']).toContain('g1_map_b.geojson');
    expect(getIssues(res.body)).toEqual([]);
    const collection = res.json();
    expect(collection.features.map((f: { geometry: { type: string } }) => f.geometry.type).sort()).toEqual([
      'LineString',
      'Polygon',
    ]);
    const back = await send('POST', url, { source: 'export', content: res.body });
    expect(back.statusCode).toBe(200);
    expect(back.json().staged).toEqual({ maplevel: 0, markerdefinition: 0, placedmarker: 0 });
  });
});
