import { readFileSync } from 'node:fs';
import { getModel } from '@waypoint/shared';
import {
  dataMapsMaxBytes,
  type ExportSource,
  InteropError,
  readDataMaps,
  writeDataMaps,
} from '@waypoint/shared/interop/datamaps';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { findRecordsBy } from '../models/models.repository.ts';

const target = { gameId: 'g1', mapId: 'm1', width: 2000, height: 1000, maxZoom: 2, source: 'Map:Island' };
const v = (n: string) => `https://ark.wiki.gg/extensions/DataMaps/schemas/${n}.json`;

/** A DataMaps page with two floors, every group style, categories and wikitext. */
function islandPage(extra: Record<string, unknown> = {}) {
  return {
    $schema: v('v17.4'),
    crs: [
      [0, 0],
      [100, 200],
    ],
    backgrounds: [
      { name: 'Surface', image: 'Island.png', associatedLayer: 'surface' },
      {
        name: 'Caves',
        image: 'Island caves.png',
        associatedLayer: 'caves',
        overlays: [
          {
            name: 'Cave path',
            path: [
              [10, 10],
              [20, 40],
              [30, 60],
            ],
          },
        ],
      },
    ],
    groups: {
      ore: { name: 'Ore', fillColor: [255, 128, 0], strokeColor: '#000', size: 10, isCollectible: true },
      camp: {
        name: "'''Camp'''",
        pinColor: '#00ff00',
        description: 'See [[Camps|the camps]] and [https://example.org site]',
      },
      drop: { name: 'Supply drop', icon: 'Drop.png', size: [24, 30], article: 'Drops' },
    },
    categories: { rare: { name: 'Rare ore' } },
    markers: {
      'ore rare bg:caves': [
        { id: 'ore-1', y: 50, x: 100, name: 'Iron ✓ ore', description: ['Line one', 'Line [[two]]'] },
      ],
      'camp bg:surface': [{ id: 7, lat: 25, lon: 50 }],
      drop: [{ x: 0, y: 100, image: 'Drop pic.png' }],
    },
    ...extra,
  };
}

describe('DataMaps page read', () => {
  it('maps the crs box to map pixels, backgrounds to floors, groups to definitions, markers to their floor', () => {
    const { records, notes } = readDataMaps(JSON.stringify(islandPage()), {
      ...target,
      articleUrl: 'https://ark.wiki.gg/wiki/',
    });
    expect(records.maplevel.map((l) => [l.level, l.name])).toEqual([
      [0, 'Surface'],
      [1, 'Caves'],
    ]);
    const defs = new Map(records.markerdefinition.map((d) => [String(d.name), d]));
    expect(defs.get('Ore')).toMatchObject({
      backgroundShape: 'CIRCLE',
      innerColor: '#ff8000',
      wrapperColor: '#000',
      width: 10,
      completable: true,
      markerCategory: 'Rare ore',
    });
    expect(defs.get('Camp')).toMatchObject({ wrapperColor: '#00ff00', completable: false });
    expect(defs.get('Camp')?.description).toBe(
      '<p>See <a href="https://ark.wiki.gg/wiki/Camps">the camps</a> and <a href="https://example.org">site</a></p>',
    );
    expect(defs.get('Supply drop')).toMatchObject({ markerDefinitionType: 'IMAGE', width: 24, height: 30 });
    expect(defs.get('Routes')).toMatchObject({ markerDefinitionType: 'ROUTE' });
    const markers = new Map(records.placedmarker.map((m) => [String(m.name), m]));
    // crs [0,0]-[100,200] (y, x) onto a 2000 x 1000 picture: (x 100, y 50) is its middle.
    expect(markers.get('Iron ✓ ore')).toMatchObject({
      imageX: 1000,
      imageY: 500,
      lat: -125,
      lng: 250,
      level: 1,
    });
    expect(markers.get('Iron ✓ ore')?.description).toBe(
      '<p>Line one</p><p>Line <a href="https://ark.wiki.gg/wiki/two">two</a></p>',
    );
    const camp = records.placedmarker.find((m) => String(m._id).endsWith('.7'));
    expect(camp).toMatchObject({ imageX: 500, imageY: 250, level: 0 });
    const drop = records.placedmarker.find((m) => m.markerDefinitionId === defs.get('Supply drop')?._id);
    expect(drop).toMatchObject({ imageX: 0, imageY: 1000, level: -1 });
    expect(markers.get('Cave path')).toMatchObject({ level: 1, imageX: 100, imageY: 100 });
    expect(markers.get('Cave path')?.polygonPoints).toHaveLength(3);
    // What has no place is listed, record and field.
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record: 'backgrounds[0]', field: 'image' }),
        expect.objectContaining({ record: 'groups.drop', field: 'article' }),
        expect.objectContaining({ record: 'groups.drop', field: 'icon' }),
        expect.objectContaining({ record: 'markers["drop"][0]', field: 'image' }),
      ]),
    );
  });

  it('reads version 16 pages: legacy crs object with xy order, layers, one background, bottom-left origin', () => {
    const page = {
      $schema: v('v16'),
      crs: { order: 'xy', topLeft: [0, 0], bottomRight: [400, 200] },
      background: 'Old.png',
      groups: { chest: { name: 'Chest', pinColor: '#123456' } },
      layers: { gold: { name: 'Gold', subtleText: 'shiny' } },
      markers: { 'chest gold': [{ id: 'c1', x: 100, y: 50 }] },
    };
    const { records, notes } = readDataMaps(JSON.stringify(page), target);
    expect(records.maplevel).toEqual([]);
    expect(records.placedmarker[0]).toMatchObject({ imageX: 500, imageY: 250, level: -1 });
    expect(records.markerdefinition[0]).toMatchObject({ markerCategory: 'Gold' });
    expect(notes).toEqual(
      expect.arrayContaining([expect.objectContaining({ record: 'layers.gold', field: 'subtleText' })]),
    );
    const flipped = readDataMaps(
      JSON.stringify({ ...islandPage(), coordinates: { origin: 'bottomLeft' }, $schema: v('v17.2') }),
      target,
    );
    const camp = flipped.records.placedmarker.find((m) => String(m._id).endsWith('.7'));
    expect(camp).toMatchObject({ imageX: 500, imageY: 750 });
  });

  const problemsOf = (text: string) => {
    try {
      readDataMaps(text, target);
    } catch (error) {
      if (error instanceof InteropError) return error.problems;
      throw error;
    }
    return [];
  };

  it('refuses bad input naming the record and field', () => {
    expect(problemsOf('{"nope": ')[0]).toMatchObject({
      record: '(file)',
      message: expect.stringContaining('Not JSON'),
    });
    expect(problemsOf(JSON.stringify({ ...islandPage(), $schema: v('v0.15') }))[0]).toMatchObject({
      record: '(page)',
      field: '$schema',
    });
    const { $schema: _s, ...noSchema } = islandPage();
    expect(problemsOf(JSON.stringify(noSchema))[0]).toMatchObject({ field: '$schema' });
    expect(problemsOf(JSON.stringify(islandPage({ markers: { ghost: [{ x: 1, y: 1 }] } })))).toEqual([
      { record: 'markers["ghost"]', field: 'group', message: 'Unknown group "ghost"' },
    ]);
    expect(
      problemsOf(JSON.stringify(islandPage({ markers: { ore: [{ id: 'far', x: 201, y: 1 }] } }))),
    ).toEqual([{ record: 'markers["ore"][0] (id far)', field: 'x', message: 'Outside the map box (crs)' }]);
    expect(
      problemsOf(
        JSON.stringify(
          islandPage({ markers: { ore: [{ id: 'a', x: 1, y: 1 }], camp: [{ id: 'a', x: 2, y: 2 }] } }),
        ),
      ),
    ).toEqual([
      { record: 'markers["camp"][0]', field: 'id', message: 'Duplicate id "a" (also markers["ore"][0])' },
    ]);
    expect(
      problemsOf(JSON.stringify(islandPage({ markers: { 'ore bg:attic': [{ x: 1, y: 1 }] } })))[0],
    ).toMatchObject({
      field: 'bg',
    });
    expect(problemsOf(' '.repeat(dataMapsMaxBytes + 1))[0]).toMatchObject({
      message: expect.stringContaining('Too large'),
    });
  });
});

/** A generated Waypoint map: floors, every definition style DataMaps can carry, unicode text. */
function generatedMap(): ExportSource {
  const levels = [
    { _id: 'lv_b1', mapId: 'm1', level: 0, name: 'Basement', shortLabel: 'B1', isDefault: false },
    { _id: 'lv_g', mapId: 'm1', level: 1, name: 'Ground', shortLabel: 'G', isDefault: true },
    { _id: 'lv_top', mapId: 'm1', level: 5, name: 'Dach – 屋根', shortLabel: '5', isDefault: false },
  ];
  const base = {
    gameId: 'g1',
    description: '',
    markerCategory: '',
    key: '',
    quest: false,
    door: false,
    showNameLabel: false,
    polygonColor: '',
  };
  const definitions = [
    {
      ...base,
      _id: 'd_circle',
      name: 'Erz ⛏',
      markerDefinitionType: 'SVG',
      backgroundShape: 'CIRCLE',
      innerColor: '#ff8800',
      wrapperColor: '#112233',
      width: 14,
      height: 14,
      completable: true,
      markerCategory: 'Rohstoffe & Erze',
    },
    {
      ...base,
      _id: 'd_pin',
      name: 'Camp',
      markerDefinitionType: 'SVG',
      backgroundShape: 'NONE',
      innerColor: '',
      wrapperColor: '#00aa00',
      width: 32,
      height: 32,
      completable: false,
      disabled: true,
      description: '<p>Sleep <a href="https://example.org/a?b=1">here</a></p>',
    },
    {
      ...base,
      _id: 'd_icon',
      name: 'Drop',
      markerDefinitionType: 'IMAGE',
      backgroundShape: 'NONE',
      innerColor: '',
      wrapperColor: '',
      width: 24,
      height: 30,
      completable: true,
      door: true,
      key: 'k1',
    },
    {
      ...base,
      _id: 'd_html',
      name: 'Note',
      markerDefinitionType: 'HTML',
      backgroundShape: 'NONE',
      innerColor: '#ffffff',
      wrapperColor: '#000000',
      width: 20,
      height: 20,
      completable: false,
    },
    {
      ...base,
      _id: 'd_route',
      name: 'Route',
      markerDefinitionType: 'ROUTE',
      backgroundShape: 'NONE',
      innerColor: '',
      wrapperColor: '',
      width: -1,
      height: -1,
      completable: false,
      polygonColor: '#3366ff',
    },
    {
      ...base,
      _id: 'd_area',
      name: 'Zone',
      markerDefinitionType: 'POLYGON',
      backgroundShape: 'NONE',
      innerColor: '',
      wrapperColor: '',
      width: -1,
      height: -1,
      completable: false,
      polygonColor: '#ff000080',
    },
  ];
  const unit = 2 ** 2;
  const markers: Record<string, unknown>[] = [];
  const point = (i: number) => ({ x: (i * 37) % 2000, y: (i * 53) % 1000 });
  const point_ids = ['d_circle', 'd_pin', 'd_icon', 'd_html'];
  for (let i = 0; i < 40; i++) {
    const p = point(i);
    markers.push({
      _id: `pm_${i}`,
      mapId: 'm1',
      markerDefinitionId: point_ids[i % 4],
      name: i % 3 ? `Marker ${i} «ß» 🗺` : '',
      description: i % 2 ? `<p>Zeile ${i}</p><p>Ünïcødé 東京</p>` : '',
      lat: -p.y / unit,
      lng: p.x / unit,
      imageX: p.x,
      imageY: p.y,
      polygonPoints: [],
      level: [-1, 0, 1, 5][i % 4],
    });
  }
  for (let i = 0; i < 6; i++) {
    const pts = [point(i + 100), point(i + 200), point(i + 300), point(i + 400)];
    markers.push({
      _id: `path_${i}`,
      mapId: 'm1',
      markerDefinitionId: i % 2 ? 'd_route' : 'd_area',
      name: `Weg ${i} → Ziel`,
      description: i % 2 ? '<p>Über die Brücke</p>' : '',
      lat: -(pts[0]?.y ?? 0) / unit,
      lng: (pts[0]?.x ?? 0) / unit,
      imageX: pts[0]?.x,
      imageY: pts[0]?.y,
      polygonPoints: pts.map((p) => [-p.y / unit, p.x / unit]),
      level: [0, 1, 5][i % 3],
    });
  }
  return {
    map: { _id: 'm1', name: 'Insel Ω' },
    width: 2000,
    height: 1000,
    maxZoom: 2,
    levels,
    definitions,
    markers,
  };
}

describe('DataMaps page written', () => {
  it('validates against the extension’s own v17.4 schema', () => {
    const schema = JSON.parse(
      readFileSync(new URL('./fixtures/datamaps-v17.4.schema.json', import.meta.url), 'utf8'),
    );
    // The published file carries `"required": {}` at its top, which PHP's validator ignores and
    // JSON Schema forbids: it is dropped before compiling (it requires nothing either way).
    if (!Array.isArray(schema.required)) delete schema.required;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    const { page } = writeDataMaps(generatedMap());
    // The extension resolves `$schema` itself and validates the rest of the page.
    const { $schema, ...rest } = page;
    expect($schema).toMatch(/\/v17\.4\.json$/);
    const ok = validate(rest);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // And a page the schema refuses is refused (the check can fail).
    expect(validate({ ...rest, groups: { x: { name: 'no style' } } })).toBe(false);
  });

  it('round-trips Waypoint → DataMaps → Waypoint keeping every field it carries', () => {
    const src = generatedMap();
    const { page, notes } = writeDataMaps(src);
    const back = readDataMaps(JSON.stringify(page), {
      ...target,
      width: src.width,
      height: src.height,
      maxZoom: src.maxZoom,
    });
    const byId = <T extends Record<string, unknown>>(list: T[]) =>
      new Map(list.map((r) => [String(r._id), r]));
    const levels = byId(back.records.maplevel);
    for (const l of src.levels) expect(levels.get(String(l._id))).toMatchObject(l);
    const defs = byId(back.records.markerdefinition);
    for (const d of src.definitions) {
      const { gameId: _g, ...fields } = d;
      expect(defs.get(String(d._id))).toMatchObject(fields);
    }
    const markers = byId(back.records.placedmarker);
    expect(markers.size).toBe(src.markers.length);
    for (const m of src.markers) {
      const got = markers.get(String(m._id));
      expect(got, String(m._id)).toMatchObject({
        name: m.name,
        description: m.description,
        markerDefinitionId: m.markerDefinitionId,
        level: m.level,
      });
      expect(got?.imageX).toBeCloseTo(Number(m.imageX), 6);
      expect(got?.imageY).toBeCloseTo(Number(m.imageY), 6);
      expect(got?.lat).toBeCloseTo(Number(m.lat), 6);
      const pts = m.polygonPoints as number[][];
      const gotPts = (got?.polygonPoints ?? []) as number[][];
      expect(gotPts.length).toBe(pts.length);
      gotPts.forEach((p, i) => {
        expect(p[0]).toBeCloseTo(pts[i]?.[0] ?? NaN, 6);
        expect(p[1]).toBeCloseTo(pts[i]?.[1] ?? NaN, 6);
      });
    }
    expect(notes).toEqual(
      expect.arrayContaining([expect.objectContaining({ record: 'groups.d_icon', field: 'door' })]),
    );
  });
});

const env = useTestApp();
const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  env.t.app.inject({ method, url, headers: env.admin.auth, payload: payload as never });
const staged = async () => {
  const rows = await env.t.db.kysely
    .selectFrom('importedcrudmodel' as never)
    .select(['type' as never])
    .execute();
  return rows.length;
};

describe('DataMaps import through the review', () => {
  const url = '/api/admin/maps/g1_map_b/import/datamaps';
  const page = () =>
    islandPage({
      markers: {
        'ore rare bg:caves': [{ id: 'ore-1', y: 50, x: 100, name: 'Iron' }],
        'camp bg:surface': [{ id: 7, lat: 25, lon: 50 }],
      },
    });

  it('stages nothing on bad input and answers 400 naming the record and field', async () => {
    const bad = await send('POST', url, {
      source: 'Map:Island',
      content: JSON.stringify(
        islandPage({
          markers: {
            ore: [
              { id: 'a', x: 1, y: 1 },
              { id: 'b', x: 999, y: 1 },
            ],
          },
        }),
      ),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'markers["ore"][1] (id b).x', message: 'Outside the map box (crs)' },
    ]);
    expect((await send('POST', url, { source: 'x', content: 'not json' })).statusCode).toBe(400);
    expect(await staged()).toBe(0);
    expect(
      (
        await env.t.app.inject({
          method: 'POST',
          url,
          headers: env.player.auth,
          payload: { source: 'x', content: '{}' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('stages floors, definitions and markers; accepting them puts the markers on their floors; an unchanged re-import stages nothing', async () => {
    const first = await send('POST', url, { source: 'Map:Island', content: JSON.stringify(page()) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      staged: { maplevel: 2, markerdefinition: 4, placedmarker: 3 },
      unchanged: 0,
    });
    for (const model of ['maplevel', 'markerdefinition', 'placedmarker'])
      expect((await send('GET', `/api/admin/acceptAllImportedModels/${model}`)).statusCode).toBe(200);
    const live = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), 'mapId', 'g1_map_b');
    expect(live.map((m) => [m.name, m.level]).sort()).toEqual([
      ['', 0],
      ['Cave path', 1],
      ['Iron', 1],
    ]);
    const again = await send('POST', url, { source: 'Map:Island', content: JSON.stringify(page()) });
    expect(again.json()).toMatchObject({
      staged: { maplevel: 0, markerdefinition: 0, placedmarker: 0 },
      unchanged: 9,
    });
    expect(await staged()).toBe(0);
    const changed = page();
    (changed.markers as Record<string, unknown[]>)['ore rare bg:caves'] = [
      { id: 'ore-1', y: 50, x: 100, name: 'Iron (rich)' },
      { id: 'ore-2', y: 60, x: 100 },
    ];
    const third = await send('POST', url, { source: 'Map:Island', content: JSON.stringify(changed) });
    expect(third.json()).toMatchObject({
      staged: { maplevel: 0, markerdefinition: 0, placedmarker: 2 },
      unchanged: 8,
    });
  });

  it('exports the map as a DataMaps page that reads back to the same markers', async () => {
    const res = await send('GET', '/api/admin/maps/g1_map_b/export/datamaps');
    expect(res.statusCode).toBe(200);
    const back = readDataMaps(res.body, {
      ...target,
      mapId: 'g1_map_b',
      width: 4096,
      height: 4096,
      maxZoom: 0,
    });
    const live = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), 'mapId', 'g1_map_b');
    expect(back.records.placedmarker.map((m) => m._id).sort()).toEqual(live.map((m) => m._id).sort());
  });
});
