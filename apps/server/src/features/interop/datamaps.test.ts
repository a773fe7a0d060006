import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getModel } from '@waypoint/shared';
import {
  dataMapsMaxBytes,
  dataMapsSchemaUrl,
  readDataMaps,
  writeDataMaps,
} from '@waypoint/shared/interop/datamaps';
import { type ExportSource, InteropError } from '@waypoint/shared/interop/format';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { findRecordsBy } from '../models/models.repository.ts';
import { fragmentsFrom, fragmentsOfZip } from './datamaps-files.ts';
import { wikiLookalikes } from './fixtures/datamaps-wiki.ts';

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
      expect.arrayContaining([
        expect.objectContaining({ record: 'categories.gold', field: 'subtleText' }),
        expect.objectContaining({ record: '(page)', field: '$schema', note: expect.stringContaining('v16') }),
      ]),
    );
    const flipped = readDataMaps(
      JSON.stringify({ ...islandPage(), coordinates: { origin: 'bottomLeft' }, $schema: v('v17.2') }),
      target,
    );
    const camp = flipped.records.placedmarker.find((m) => String(m._id).endsWith('.7'));
    expect(camp).toMatchObject({ imageX: 500, imageY: 750 });
  });

  it('refuses bad input naming the record and field', () => {
    expect(problemsOf('{"nope": ')[0]).toMatchObject({
      record: '(file)',
      message: expect.stringContaining('Not JSON'),
    });
    expect(problemsOf(JSON.stringify({ ...islandPage(), $schema: v('v18') }))[0]).toMatchObject({
      record: '(page)',
      field: '$schema',
      message: expect.stringContaining('Unsupported schema version v18'),
    });
    const { $schema: _s, ...noSchema } = islandPage();
    expect(problemsOf(JSON.stringify(noSchema))[0]).toMatchObject({ field: '$schema' });
    expect(problemsOf(JSON.stringify(islandPage({ markers: { ghost: [{ x: 1, y: 1 }] } })))).toEqual([
      { record: 'markers["ghost"]', field: 'group', message: 'Unknown group "ghost"' },
    ]);
    expect(
      problemsOf(JSON.stringify(islandPage({ markers: { ore: [{ id: 'far', x: 230, y: 1 }] } }))),
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

const problemsOf = (text: string, fragments: { name: string; content: string }[] = []) => {
  try {
    readDataMaps(text, target, fragments);
  } catch (error) {
    if (error instanceof InteropError) return error.problems;
    throw error;
  }
  return [];
};

describe('DataMaps fragments, older formats and the extension’s leniencies', () => {
  const fragment = (extra: Record<string, unknown>) =>
    JSON.stringify({ $schema: v('v17'), $fragment: true, ...extra });
  const withCore = () => ({
    $schema: v('v17.3'),
    include: ['Map:Fragments/Core', 'Map:Fragments/Caves'],
    background: 'World.png',
    groups: { ore: { name: 'Ore (page)', fillColor: '#ff0000' } },
    markers: { ore: [{ id: 'p1', x: 5, y: 5 }], camp: [{ id: 'p2', x: 6, y: 6 }] },
  });
  const files = [
    {
      name: 'Map/Fragments/Core.json',
      content: fragment({
        crs: [
          [0, 0],
          [100, 100],
        ],
        groups: {
          ore: { name: 'Ore (core)', fillColor: '#00ff00', size: 9 },
          camp: { name: 'Camp', pinColor: '#0000ff' },
        },
        markers: { ore: [{ id: 'c1', x: 1, y: 1 }] },
      }),
    },
    {
      name: 'Map:Fragments/Caves',
      content: fragment({ markers: { ore: [{ id: 'v1', x: 2, y: 2 }], camp: [{ id: 'v2', x: 3, y: 3 }] } }),
    },
  ];

  it('merges included fragments as the extension does: marker lists appended, the page’s fields over the fragments’', () => {
    const { records, notes } = readDataMaps(JSON.stringify(withCore()), target, files);
    const ore = records.markerdefinition.find((d) => String(d._id).endsWith('.ore'));
    // The page's name wins; the fragment's size stays (objects merge field by field).
    expect(ore).toMatchObject({ name: 'Ore (page)', innerColor: '#ff0000', width: 9 });
    expect(records.placedmarker.map((m) => String(m._id).split('.').pop()).sort()).toEqual([
      'c1',
      'p1',
      'p2',
      'v1',
      'v2',
    ]);
    expect(notes).toEqual(
      expect.arrayContaining([
        { record: '(page)', field: 'include', note: expect.stringContaining('Map:Fragments/Core') },
      ]),
    );
    // Without the fragments, the page's 'camp' markers have no group: the missing ones are named.
    expect(problemsOf(JSON.stringify(withCore()), [files[1] as (typeof files)[number]])).toEqual([
      {
        record: 'fragment "Map:Fragments/Core"',
        field: 'include[0]',
        message:
          'Missing: send it with the page (as a file or in a zip); the page\u2019s markers need the groups "camp" from its fragments'.replace(
            '\u2019',
            "'",
          ),
      },
    ]);
  });

  it('names a broken fragment, one of an unknown format and one that includes others', () => {
    const broken = [
      { name: 'Fragments/Core.json', content: '{"groups": ' },
      files[1] as (typeof files)[number],
    ];
    expect(problemsOf(JSON.stringify(withCore()), broken)[0]).toMatchObject({
      record: 'fragment "Map:Fragments/Core" (Fragments/Core.json)',
      message: expect.stringContaining('Not JSON'),
    });
    const unknown = [
      { name: 'Fragments/Core.json', content: JSON.stringify({ $schema: v('v9'), groups: {} }) },
      files[1] as (typeof files)[number],
    ];
    expect(problemsOf(JSON.stringify(withCore()), unknown)[0]).toMatchObject({
      record: 'fragment "Map:Fragments/Core" (Fragments/Core.json)',
      field: '$schema',
      message: expect.stringContaining('Unsupported schema version v9'),
    });
    const nested = [
      { name: 'Fragments/Core.json', content: fragment({ include: ['X'] }) },
      files[1] as (typeof files)[number],
    ];
    expect(problemsOf(JSON.stringify(withCore()), nested)[0]).toMatchObject({
      record: 'fragment "Map:Fragments/Core"',
      field: 'include',
    });
  });

  it('reads pages before v17 by converting them: mixins, $mixin, image, layers, borderColor', () => {
    const page = {
      $schema: v('v0.16'),
      mixins: ['Old groups'],
      image: 'Old map.png',
      markers: { 'chest gold': [{ lat: 10, lon: 20 }] },
    };
    const groupsPage = {
      $schema: v('v0.15'),
      $mixin: true,
      groups: { chest: { name: 'Chest', fillColor: '#123456', borderColor: '#abcdef', size: 8 } },
      layers: { gold: { name: 'Gold' } },
    };
    const { records, notes } = readDataMaps(JSON.stringify(page), target, [
      { name: 'Old_groups.json', content: JSON.stringify(groupsPage) },
    ]);
    expect(records.markerdefinition[0]).toMatchObject({
      name: 'Chest',
      innerColor: '#123456',
      wrapperColor: '#abcdef',
      markerCategory: 'Gold',
    });
    expect(records.placedmarker[0]).toMatchObject({ imageX: 400, imageY: 100 });
    expect(notes).toEqual(
      expect.arrayContaining([
        { record: '(page)', field: '$schema', note: expect.stringContaining('v0.16') },
        {
          record: 'fragment "Old groups"',
          field: '$schema',
          note: expect.stringContaining('groups.*.borderColor'),
        },
        expect.objectContaining({ record: 'backgrounds[0]', field: 'image' }),
      ]),
    );
  });

  it('accepts categories nobody declared (only the group must exist) and moves markers just outside the box onto its edge', () => {
    const page = islandPage({
      markers: {
        'ore rare cg:1 Ccc:g': [{ id: 'u1', x: 10, y: 10 }],
        ore: [
          { id: 'edge', x: 201, y: 50 },
          { id: 'below', x: 20, y: -0.3 },
        ],
      },
    });
    const { records, notes } = readDataMaps(JSON.stringify(page), target);
    const ore = records.markerdefinition.find((d) => d.name === 'Ore');
    expect(ore?.markerCategory).toBe('Rare ore, cg:1, Ccc:g');
    expect(notes.filter((n) => n.field === 'category').map((n) => n.note)).toEqual([
      'Category "cg:1" is not declared in categories: read by its id',
      'Category "Ccc:g" is not declared in categories: read by its id',
    ]);
    const edge = records.placedmarker.find((m) => String(m._id).endsWith('.edge'));
    expect(edge).toMatchObject({ imageX: 2000, imageY: 500 });
    expect(records.placedmarker.find((m) => String(m._id).endsWith('.below'))).toMatchObject({ imageY: 0 });
    expect(notes.filter((n) => n.note.startsWith('Just outside'))).toEqual([
      {
        record: 'markers["ore"][0] (id edge)',
        field: 'x',
        note: 'Just outside the map box (crs): moved onto its edge',
      },
      {
        record: 'markers["ore"][1] (id below)',
        field: 'y',
        note: 'Just outside the map box (crs): moved onto its edge',
      },
    ]);
    // Twins without ids (same group, place) are both kept.
    const twins = readDataMaps(
      JSON.stringify(
        islandPage({
          markers: {
            ore: [
              { x: 1, y: 1 },
              { x: 1, y: 1 },
            ],
          },
        }),
      ),
      target,
    );
    expect(twins.records.placedmarker.filter((m) => m.markerDefinitionId === ore?._id)).toHaveLength(2);
  });

  it('turns wikitext into description HTML and lists the templates it kept as text', () => {
    const page = islandPage({
      markers: {
        ore: [
          {
            id: 'w',
            x: 1,
            y: 1,
            description:
              "Contient:<br/>'''Rare''' and ''shiny''\n* {{ItemLink|Metal Ingot}}\n** [[Forge|the forge]]\n# [https://example.org site]",
          },
          { id: 'w2', x: 2, y: 2, description: '{{ItemLink|Stone}} {{Clear}}' },
        ],
      },
    });
    const { records, notes } = readDataMaps(JSON.stringify(page), {
      ...target,
      articleUrl: 'https://w.example/wiki/',
    });
    expect(records.placedmarker.find((m) => String(m._id).endsWith('.w'))?.description).toBe(
      '<p>Contient:<br><strong>Rare</strong> and <em>shiny</em></p>' +
        '<ul><li>Metal Ingot<ul><li><a href="https://w.example/wiki/Forge">the forge</a></li></ul></li></ul>' +
        '<ol><li><a href="https://example.org">site</a></li></ol>',
    );
    expect(notes.filter((n) => n.note.startsWith('Wiki template'))).toEqual([
      {
        record: 'markers["ore"][0]',
        field: 'description',
        note: 'Wiki template {{ItemLink}} kept as its text (2×; the wiki expands it, Waypoint cannot)',
      },
      {
        record: 'markers["ore"][1]',
        field: 'description',
        note: 'Wiki template {{Clear}} kept as its text (1×; the wiki expands it, Waypoint cannot)',
      },
    ]);
  });

  it('exports with a $schema address the extension accepts from any wiki', () => {
    // SchemaProvider::getRevisionFromUrl: the wiki's own /extensions/DataMaps/schemas/ or this host and path.
    const revisionFromUrl = (url: string) => {
      const prefixes: Record<string, string> = {
        'raw.githubusercontent.com': '/alex4401/mediawiki-extensions-DataMaps/main/schemas/',
        'wiki.example': '/extensions/DataMaps/schemas/',
      };
      if (!url.endsWith('.json')) return null;
      const parsed = new URL(url, 'https://wiki.example');
      const prefix = prefixes[parsed.host];
      if (!prefix || !parsed.pathname.startsWith(prefix)) return null;
      return parsed.pathname.slice(prefix.length, -5);
    };
    const supported = ['v17', 'v17.1', 'v17.2', 'v17.3', 'v17.4'];
    const { page } = writeDataMaps(generatedMap());
    expect(page.$schema).toBe(dataMapsSchemaUrl);
    expect(supported).toContain(revisionFromUrl(String(page.$schema)));
    // The rule can fail: another wiki's address is not accepted.
    expect(revisionFromUrl('https://ark.wiki.gg/extensions/DataMaps/schemas/v17.4.json')).toBeNull();
  });
});

/** Markers, groups, undeclared categories and markers outside 0–100 of a page and its fragments, by walking the JSON. */
function countByHand(files: Record<string, string>, pagePath: string) {
  const page = JSON.parse(files[pagePath] as string);
  const titles: string[] = page.include ?? page.mixins ?? [];
  const docs = [page, ...titles.map((t) => JSON.parse(files[`${t.replace(/^[^:/]+:/, '')}.json`] as string))];
  const groups = new Set<string>();
  const categories = new Set<string>();
  for (const d of docs) {
    for (const g of Object.keys(d.groups ?? {})) groups.add(g);
    for (const c of Object.keys(d.categories ?? d.layers ?? {})) categories.add(c);
  }
  let markers = 0;
  let outside = 0;
  const undeclared = new Set<string>();
  for (const d of docs)
    for (const [key, list] of Object.entries(d.markers ?? {}) as [string, Record<string, number>[]][]) {
      for (const c of key.split(' ').slice(1)) if (!categories.has(c)) undeclared.add(c);
      for (const m of list) {
        markers++;
        const x = m.x ?? m.lon ?? 0;
        const y = m.y ?? m.lat ?? 0;
        if (x < 0 || x > 100 || y < 0 || y > 100) outside++;
      }
    }
  const backgrounds = page.backgrounds?.length ?? 1;
  return {
    markers,
    groups: groups.size,
    undeclared: undeclared.size,
    outside,
    levels: backgrounds > 1 ? backgrounds : 0,
  };
}

describe('Real wiki pages (look-alikes of the published files) with their fragments', () => {
  const dump = wikiLookalikes();
  const url = '/api/admin/maps/g1_map_a/import/datamaps';
  const others = (page: string) =>
    Object.entries(dump.files)
      .filter(([name]) => name !== page)
      .map(([name, content]) => ({ name, content }));

  it('each stages as published, counts matching the source files', async () => {
    const [exploration, resources, older] = dump.pages as [string, string, string];
    // One as loose files, one in a zip of the whole dump, one from a folder as the command line reads it.
    const asFiles = await send('POST', url, {
      source: exploration,
      content: dump.files[exploration],
      fragments: others(exploration),
    });
    const zipped = zipSync(
      Object.fromEntries(Object.entries(dump.files).map(([n, c]) => [`Wiki/Cartes/${n}`, strToU8(c)])),
    );
    const asZip = await send('POST', url, {
      source: resources,
      content: dump.files[resources],
      archive: Buffer.from(zipped).toString('base64'),
    });
    const folder = mkdtempSync(path.join(tmpdir(), 'datamaps-'));
    try {
      for (const [name, content] of Object.entries(dump.files)) {
        mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
        writeFileSync(path.join(folder, name), content);
      }
      const fromFolder = await fragmentsFrom(folder);
      expect(fromFolder.map((f) => f.name).sort()).toEqual(Object.keys(dump.files).sort());
      expect(fragmentsOfZip(zipped)).toHaveLength(Object.keys(dump.files).length);
      const largest = await send('POST', url, {
        source: older,
        content: dump.files[older],
        fragments: fromFolder,
      });
      for (const [res, page] of [
        [asFiles, exploration],
        [asZip, resources],
        [largest, older],
      ] as const) {
        expect(res.statusCode, `${page}: ${res.body.slice(0, 300)}`).toBe(200);
        const byHand = countByHand(dump.files, page);
        const body = res.json();
        expect(body.staged, page).toEqual({
          maplevel: byHand.levels,
          markerdefinition: byHand.groups,
          placedmarker: byHand.markers,
        });
        const notes = body.notes as { field: string; note: string }[];
        expect(notes.filter((n) => n.field === 'category')).toHaveLength(byHand.undeclared);
        expect(notes.filter((n) => n.note.startsWith('Just outside'))).toHaveLength(byHand.outside);
      }
      expect(countByHand(dump.files, older).markers).toBeGreaterThan(9000);
      // How long the largest page takes to stage and accept is measured by bench:import.
      const exploreNotes = asFiles.json().notes as { note: string }[];
      expect(exploreNotes.some((n) => n.note.startsWith('Wiki template {{ItemLink}}'))).toBe(true);
      expect(largest.json().notes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: '$schema', note: expect.stringContaining('v0.16') }),
        ]),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('answers 400 naming the missing fragment and stages nothing', async () => {
    const before = await staged();
    const page = dump.pages[0] as string;
    const res = await send('POST', url, {
      source: 'missing',
      content: dump.files[page],
      fragments: others(page).filter((f) => !f.name.startsWith('Cartes/Définitions')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'fragment "Donnée:Cartes/Définitions des groupes normés".include[0]',
        message: expect.stringMatching(
          /^Missing: .*the groups "dossier", "explorer-note", "glitch", "artifact"/,
        ),
      },
    ]);
    const badZip = await send('POST', url, { source: 'zip', content: dump.files[page], archive: 'AAAA' });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().errors[0]).toMatchObject({ field: '(archive)', message: 'Not a zip archive' });
    expect(await staged()).toBe(before);
  });
});
