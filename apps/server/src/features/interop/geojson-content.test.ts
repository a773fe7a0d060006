import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  // Positions in map pixels, declared as Waypoint's exports declare them.
  crs: { type: 'name', properties: { name: 'urn:waypoint:map-pixels' } },
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

/** A real RFC 7946 file (OpenStreetMap, via overpass): 44 points around the Chiemsee, `tourism` kinds. */
const osmFile = readFileSync(
  fileURLToPath(
    new URL(
      '../../../../../packages/shared/src/interop/fixtures/osm-chiemsee-accommodation.geojson',
      import.meta.url,
    ),
  ),
  'utf8',
);
/** The picture's edges in degrees: the westernmost point of the file (12.3347255) lies outside. */
const bounds = { geoWest: 12.336, geoSouth: 47.79, geoEast: 12.55, geoNorth: 47.95 };

describe('GeoJSON in longitude/latitude (RFC 7946) through the map bounds', () => {
  const mapId = 'g1_geo_map';
  const url = `/api/admin/maps/${mapId}/import/geojson`;
  const actor = () => ({ id: env.admin.id, username: env.admin.username });
  // Counted apart from the reader: the file's Point features, and those inside the bounds.
  const points = (
    JSON.parse(osmFile) as {
      features: { geometry: { type: string; coordinates: number[] }; properties: { tourism: string } }[];
    }
  ).features.filter((f) => f.geometry.type === 'Point');
  const within = points.filter((f) => {
    const [lon, lat] = f.geometry.coordinates as [number, number];
    return lon >= bounds.geoWest && lon <= bounds.geoEast && lat >= bounds.geoSouth && lat <= bounds.geoNorth;
  });
  const kinds = (kind: string) => within.filter((f) => f.properties.tourism === kind).length;

  it('refuses a longitude/latitude file for a map without bounds, naming the setting', async () => {
    await env.t.app.ctx.writer.create('map', { _id: mapId, gameId: 'g1', name: 'Chiemsee' }, actor());
    const res = await send('POST', url, { source: 'osm.geojson', content: osmFile });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("set the map's geographic bounds first");
    expect((await send('GET', `/api/admin/maps/${mapId}/export/geojson?coords=lonlat`)).statusCode).toBe(400);
    expect(await stagedCount()).toBe(0);
  });

  it('places a real OSM file through the bounds: kinds by name or id, the rest skipped and listed; one outside is listed, not fatal', async () => {
    const writer = env.t.app.ctx.writer;
    await writer.update('map', mapId, bounds, actor());
    await writer.create('markerdefinition', { _id: 'g1_hotel', gameId: 'g1', name: 'HOTEL' }, actor());
    await writer.create('markerdefinition', { _id: 'guest_house', gameId: 'g1', name: 'Inn' }, actor());
    expect(points).toHaveLength(44);
    expect(within).toHaveLength(43);
    const res = await send('POST', url, {
      source: 'osm.geojson',
      content: osmFile,
      definitionProperty: 'tourism',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      staged: Record<string, number>;
      notes: { record: string; field: string; note: string }[];
    };
    expect(body.staged).toEqual({
      maplevel: 0,
      markerdefinition: 0,
      placedmarker: kinds('hotel') + kinds('guest_house'),
    });
    const skipped = body.notes.filter((n) => n.note.startsWith('Skipped'));
    expect(skipped).toHaveLength(points.length - kinds('hotel') - kinds('guest_house'));
    expect(skipped.filter((n) => n.note.includes("Outside the map's bounds"))).toHaveLength(1);
    expect(skipped.filter((n) => n.note.includes('"apartment" names no marker definition'))).toHaveLength(
      kinds('apartment'),
    );
    // Every feature carries an id: no note says ids are missing.
    expect(body.notes.some((n) => n.field === 'id')).toBe(false);
    await send('GET', '/api/admin/rejectAllImportedModels/placedmarker');
  });

  it('with a default definition every feature inside the bounds is placed, where the bounds say, with its picture pixel', async () => {
    const res = await send('POST', url, {
      source: 'osm.geojson',
      content: osmFile,
      definitionProperty: 'tourism',
      defaultDefinition: 'def_loot',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staged.placedmarker).toBe(within.length);
    await acceptAll();
    const live = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), 'mapId', mapId);
    expect(live).toHaveLength(within.length);
    const byDefinition = (id: string) => live.filter((m) => m.markerDefinitionId === id).length;
    expect(byDefinition('g1_hotel')).toBe(kinds('hotel'));
    expect(byDefinition('guest_house')).toBe(kinds('guest_house'));
    expect(byDefinition('def_loot')).toBe(kinds('apartment') + kinds('hostel'));
    // Frauenchiemsee's Inselwirt: x from the west edge, y down from the north edge (picture 4096 × 4096).
    const inn = live.find((m) => m.name === 'Inselwirt')!;
    expect(inn.imageX).toBeCloseTo(
      ((12.4249817 - bounds.geoWest) / (bounds.geoEast - bounds.geoWest)) * 4096,
      6,
    );
    expect(inn.imageY).toBeCloseTo(
      ((bounds.geoNorth - 47.8736885) / (bounds.geoNorth - bounds.geoSouth)) * 4096,
      6,
    );
    const api = await env.t.app.inject({
      method: 'GET',
      url: `/api/placedmarker/${encodeURIComponent(String(inn._id))}`,
    });
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ imageX: inn.imageX, imageY: inn.imageY });
    // The same file again: nothing staged (the outside feature is skipped, not gone).
    const again = await send('POST', url, {
      source: 'osm.geojson',
      content: osmFile,
      definitionProperty: 'tourism',
      defaultDefinition: 'def_loot',
    });
    expect(again.json()).toMatchObject({ staged: { placedmarker: 0 }, gone: 0 });
  });

  it('a default definition of another game is refused, naming the field', async () => {
    const res = await send('POST', url, {
      source: 'osm.geojson',
      content: osmFile,
      defaultDefinition: 'no_such_definition',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'body.defaultDefinition', message: 'Not a marker definition of this game' },
    ]);
  });

  it('exports longitude/latitude GIS tools read (no pixel declaration), which comes back staging nothing; pixels are declared', async () => {
    const res = await send('GET', `/api/admin/maps/${mapId}/export/geojson?coords=lonlat`);
    expect(res.statusCode).toBe(200);
    expect(getIssues(res.body)).toEqual([]);
    const collection = res.json();
    expect(collection.crs).toBeUndefined();
    expect(collection.waypoint.coordinates).toBe('lonlat');
    const inn = collection.features.find(
      (f: { properties: { name: string } }) => f.properties.name === 'Inselwirt',
    );
    expect(inn.geometry.coordinates[0]).toBeCloseTo(12.4249817, 9);
    expect(inn.geometry.coordinates[1]).toBeCloseTo(47.8736885, 9);
    const back = await send('POST', url, { source: 'export.geojson', content: res.body });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      staged: { maplevel: 0, markerdefinition: 0, placedmarker: 0 },
      gone: 0,
    });

    const pixels = (await send('GET', `/api/admin/maps/${mapId}/export/geojson`)).json();
    expect(pixels.crs).toEqual({ type: 'name', properties: { name: 'urn:waypoint:map-pixels' } });
    expect(pixels.waypoint.coordinates).toBe('pixels');
    expect(
      (await send('GET', `/api/admin/maps/${mapId}/export/geojson?coords=degrees`)).json().errors[0].field,
    ).toBe('query.coords');
  });
});

describe('GeoJSON in longitude/latitude placed by two reference points', () => {
  const mapId = 'g1_reference_map';
  const url = `/api/admin/maps/${mapId}/import/geojson`;
  const actor = () => ({ id: env.admin.id, username: env.admin.username });
  // Two places a quarter and three quarters into the picture (4096 × 4096), as the bounds above put them.
  const at = (fx: number, fy: number) => ({
    x: fx * 4096,
    y: fy * 4096,
    lon: bounds.geoWest + fx * (bounds.geoEast - bounds.geoWest),
    lat: bounds.geoNorth - fy * (bounds.geoNorth - bounds.geoSouth),
  });

  it('refuses points that do not span both axes or mirror the picture, naming the field; nothing staged', async () => {
    await env.t.app.ctx.writer.create(
      'map',
      { _id: mapId, gameId: 'g1', name: 'Chiemsee by points' },
      actor(),
    );
    const same = await send('POST', url, {
      source: 'osm.geojson',
      content: osmFile,
      referencePoints: [at(0.25, 0.25), { ...at(0.75, 0.75), x: 0.25 * 4096 }],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors[0].field).toBe('body.referencePoints');
    const mirrored = await send('POST', url, {
      source: 'osm.geojson',
      content: osmFile,
      referencePoints: [at(0.25, 0.25), { ...at(0.75, 0.75), lon: at(0.1, 0).lon }],
    });
    expect(mirrored.statusCode).toBe(400);
    expect(mirrored.json().errors[0].field).toBe('body.referencePoints');
    const one = await send('POST', url, {
      source: 'osm.geojson',
      content: osmFile,
      referencePoints: [at(0.5, 0.5)],
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().errors[0].field).toMatch(/^body\.referencePoints/);
    expect(await stagedCount()).toBe(0);
  });

  it('places a map without bounds where the same bounds would, and the file comes back unchanged through the same points', async () => {
    const points = [at(0.25, 0.25), at(0.75, 0.75)];
    const res = await send('POST', url, {
      source: 'osm.geojson',
      content: osmFile,
      defaultDefinition: 'def_loot',
      referencePoints: points,
    });
    expect(res.statusCode, res.body).toBe(200);
    await acceptAll();
    const live = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), 'mapId', mapId);
    expect(live.length).toBe(res.json().staged.placedmarker);
    expect(live.length).toBeGreaterThan(40);
    const inn = live.find((m) => m.name === 'Inselwirt')!;
    expect(inn.imageX).toBeCloseTo(
      ((12.4249817 - bounds.geoWest) / (bounds.geoEast - bounds.geoWest)) * 4096,
      6,
    );
    expect(inn.imageY).toBeCloseTo(
      ((bounds.geoNorth - 47.8736885) / (bounds.geoNorth - bounds.geoSouth)) * 4096,
      6,
    );
    // The map still has no bounds: the points were the import's, not a setting.
    const [map] = await findRecordsBy(env.t.db.kysely, getModel('map'), '_id', mapId);
    expect(map?.geoWest ?? null).toBeNull();
    const again = await send('POST', url, {
      source: 'osm.geojson',
      content: osmFile,
      defaultDefinition: 'def_loot',
      referencePoints: points,
    });
    expect(again.json()).toMatchObject({ staged: { placedmarker: 0 }, gone: 0 });
  });
});
