import { getIssues } from '@placemarkio/check-geojson';
import { describe, expect, it } from 'vitest';
import { pathMarkerBody } from '../map/paths.ts';
import { pixelToLatLngOf } from './datamaps.ts';
import { type ExportSource, InteropError } from './format.ts';
import { readGeoJsonContent, waypointPixelCrs, writeGeoJsonContent } from './geojson-content.ts';

/** Declares a file's positions as map pixels (as Waypoint's exports do). */
const pixelCrs = { type: 'name', properties: { name: waypointPixelCrs } };

const maxZoom = 5;
const width = 4096;
const height = 3072;
const at = (x: number, y: number) => pixelToLatLngOf(x, y, maxZoom);
const corner = (x: number, y: number): [number, number] => {
  const { lat, lng } = at(x, y);
  return [lat, lng];
};

/** A map with floors, every marker type and text in several scripts. */
function generatedMap(): ExportSource {
  const definitions = [
    { _id: 'fz_ore', gameId: 'fz', name: 'Erz — ore', markerDefinitionType: 'SVG', completable: true },
    { _id: 'fz_pic', gameId: 'fz', name: '宝箱', markerDefinitionType: 'IMAGE', completable: false },
    { _id: 'fz_html', gameId: 'fz', name: 'Note', markerDefinitionType: 'HTML', completable: false },
    { _id: 'fz_zone', gameId: 'fz', name: 'Zone', markerDefinitionType: 'POLYGON', completable: false },
    { _id: 'fz_path', gameId: 'fz', name: 'Path', markerDefinitionType: 'ROUTE', completable: false },
  ];
  const markers = [
    {
      _id: 'm1',
      markerDefinitionId: 'fz_ore',
      name: 'Ёлка ore',
      description: '<p>Under the 🌲</p>',
      level: -1,
      ...at(100.5, 200.25),
      polygonPoints: [],
    },
    {
      _id: 'm2',
      markerDefinitionId: 'fz_pic',
      name: 'Chest 宝',
      description: '',
      level: 0,
      ...at(4096, 3072),
      polygonPoints: [],
    },
    {
      _id: 'm3',
      markerDefinitionId: 'fz_html',
      name: 'Cellar note',
      description: '<p><a href="https://example.org">a</a></p>',
      level: 2,
      ...at(0, 0),
      polygonPoints: [],
    },
    {
      _id: 'm4',
      name: 'Danger zone',
      description: '',
      level: 1,
      ...pathMarkerBody('fz_zone', 'POLYGON', [
        corner(10, 10),
        corner(400, 10),
        corner(400, 300),
        corner(10, 300),
      ]),
    },
    {
      _id: 'm5',
      name: 'Patrol',
      description: '',
      level: -1,
      ...pathMarkerBody('fz_path', 'ROUTE', [corner(50, 60), corner(800, 900), corner(1200, 40)]),
      // A route's anchor set apart from its first corner (as an admin may place it).
      ...at(700, 700),
    },
  ].map((m) => ({ mapId: 'fz_map', ...m }));
  return {
    map: { _id: 'fz_map', gameId: 'fz', name: 'Map' },
    width,
    height,
    maxZoom,
    levels: [0, 1, 2].map((level) => ({
      _id: `fz_map_l${level}`,
      mapId: 'fz_map',
      level,
      name: `Floor ${level}`,
    })),
    definitions,
    markers,
  };
}

const target = (mapId = 'fz_map') => ({
  gameId: 'fz',
  mapId,
  width,
  height,
  maxZoom,
  source: 'zones.geojson',
});
const carried = [
  '_id',
  'mapId',
  'markerDefinitionId',
  'name',
  'description',
  'level',
  'lat',
  'lng',
  'polygonPoints',
];
const pick = (r: Record<string, unknown>) => Object.fromEntries(carried.map((k) => [k, r[k]]));

function problemsOf(text: string, known = new Set<string>()) {
  try {
    readGeoJsonContent(text, target(), known);
  } catch (error) {
    if (error instanceof InteropError) return error.problems;
    throw error;
  }
  return [];
}

describe('map content as GeoJSON', () => {
  it('exports a FeatureCollection a GeoJSON checker accepts: points, polygons, lines in map pixels', () => {
    const collection = writeGeoJsonContent(generatedMap());
    expect(getIssues(JSON.stringify(collection))).toEqual([]);
    const types = collection.features.map((f) => f.geometry.type);
    expect(types).toEqual(['Point', 'Point', 'Point', 'Polygon', 'LineString']);
    expect(collection.features[0]?.geometry).toEqual({ type: 'Point', coordinates: [100.5, 200.25] });
    expect(collection.features[3]?.properties).toMatchObject({ definition: 'fz_zone', floor: 1 });
    expect(collection.waypoint.definitions.fz_ore).toEqual({
      name: 'Erz — ore',
      type: 'SVG',
      completable: true,
    });
  });

  it('comes back into the same map with every field it carries, ids kept', () => {
    const source = generatedMap();
    const text = JSON.stringify(writeGeoJsonContent(source));
    const read = readGeoJsonContent(text, target(), new Set(source.definitions.map((d) => String(d._id))));
    expect(read.records.markerdefinition).toEqual([]);
    expect(read.records.placedmarker.map(pick)).toEqual(source.markers.map(pick));
    expect(read.notes).toEqual([]);
  });

  it('into another map or site: ids made from the source, missing definitions created from the file', () => {
    const source = generatedMap();
    const text = JSON.stringify(writeGeoJsonContent(source));
    const read = readGeoJsonContent(text, target('other_map'), new Set(['fz_ore']));
    const ids = read.records.placedmarker.map((m) => String(m._id));
    expect(new Set(ids).size).toBe(5);
    expect(ids.every((id) => id.startsWith('zones-geojson-'))).toBe(true);
    expect(read.records.placedmarker[0]?.markerDefinitionId).toBe('fz_ore');
    const defs = read.records.markerdefinition;
    expect(defs.map((d) => [d.name, d.markerDefinitionType, d.completable])).toEqual([
      ['宝箱', 'IMAGE', false],
      ['Note', 'HTML', false],
      ['Zone', 'POLYGON', false],
      ['Path', 'ROUTE', false],
    ]);
    // The same file again gives the same ids: a re-import matches its records.
    const again = readGeoJsonContent(text, target('other_map'), new Set(['fz_ore']));
    expect(again.records.placedmarker.map((m) => m._id)).toEqual(ids);
  });

  it('reads a file from elsewhere: definitions by geometry, positions without ids, other properties listed', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      crs: pixelCrs,
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [10, 20] },
          properties: { definition: 'camp', colour: 'red' },
        },
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [100, 100],
            ],
          },
          properties: { definition: 'road', name: 'Old road' },
        },
      ],
    });
    const read = readGeoJsonContent(text, target(), new Set());
    expect(read.records.markerdefinition.map((d) => d.markerDefinitionType)).toEqual(['SVG', 'ROUTE']);
    expect(read.records.placedmarker[1]).toMatchObject({
      name: 'Old road',
      level: -1,
      polygonPoints: [
        [0, 0],
        [-100 / 32, 100 / 32],
      ],
    });
    expect(read.notes).toEqual([
      {
        record: '(features)',
        field: 'id',
        note: 'Missing: a re-import matches these by their place in the file (2 features)',
      },
      { record: '(features)', field: 'properties.colour', note: 'Not carried (1 feature)' },
    ]);
  });

  it('refuses bad input naming the feature and field, and reads nothing of it', () => {
    expect(problemsOf('{"type":')[0]).toMatchObject({
      record: '(file)',
      message: expect.stringMatching(/^Not JSON/),
    });
    expect(problemsOf('{"type":"Feature"}')[0]).toMatchObject({
      field: 'type',
      message: 'Not a GeoJSON FeatureCollection',
    });
    const feature = (geometry: unknown, properties: Record<string, unknown> = { definition: 'd' }) => ({
      type: 'Feature',
      geometry,
      properties,
    });
    const problems = problemsOf(
      JSON.stringify({
        type: 'FeatureCollection',
        crs: pixelCrs,
        features: [
          feature({ type: 'Point', coordinates: [10, 10] }),
          feature({ type: 'MultiPoint', coordinates: [[1, 1]] }),
          feature({ type: 'Point', coordinates: [5000, 10] }),
          feature({
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [0, 0],
              ],
            ],
          }),
          feature({ type: 'Point', coordinates: [1, 1] }, {}),
          feature({ type: 'Point', coordinates: [1, 1] }, { definition: 'd', id: 'a' }),
          feature({ type: 'Point', coordinates: [1, 1] }, { definition: 'd', id: 'a' }),
          feature({ type: 'Point', coordinates: [1, 1] }, { definition: 'd', floor: 'top' }),
          feature({ type: 'Point', coordinates: 'x' }),
        ],
      }),
    );
    expect(problems.map((p) => `${p.record} ${p.field}`)).toEqual([
      'features[1] geometry.type',
      'features[2] geometry.coordinates',
      'features[3] geometry.coordinates',
      'features[4] properties.definition',
      'features[6] properties.id',
      'features[7] properties.floor',
      'features[8] geometry.coordinates',
    ]);
    expect(problems[0]?.message).toBe('MultiPoint: only Point, Polygon and LineString are read');
    expect(problems[1]?.message).toBe('Outside the map: positions are pixels within 4096 × 3072');
  });

  it('reads longitude/latitude through the map bounds (y down from the north edge), and writes it back', () => {
    const bounds = { west: 10, south: 40, east: 12, north: 41.5 };
    const source = generatedMap();
    const lonlat = writeGeoJsonContent(source, { coordinates: 'lonlat', bounds });
    expect(getIssues(JSON.stringify(lonlat))).toEqual([]);
    expect(lonlat).not.toHaveProperty('crs');
    expect(lonlat.features[0]?.geometry).toEqual({
      type: 'Point',
      coordinates: [10 + (100.5 / width) * 2, 41.5 - (200.25 / height) * 1.5],
    });
    const read = readGeoJsonContent(JSON.stringify(lonlat), { ...target(), bounds }, new Set());
    const back = read.records.placedmarker;
    for (const [i, marker] of source.markers.entries()) {
      expect(back[i]?.lat).toBeCloseTo(Number(marker.lat), 9);
      expect(back[i]?.lng).toBeCloseTo(Number(marker.lng), 9);
    }
    expect(back[0]).toMatchObject({ imageX: expect.closeTo(100.5, 9), imageY: expect.closeTo(200.25, 9) });
    // The bottom-right corner lands on the picture's edge, not a hair outside it.
    expect(back[1]).toMatchObject({ imageX: width, imageY: height });
    expect(read.coordinates).toBe('lonlat');
  });

  it('a file without a pixel declaration is longitude/latitude: refused for a map without bounds', () => {
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [11, 41] }, properties: {} }],
    });
    expect(problemsOf(file)).toEqual([
      {
        record: '(file)',
        field: 'crs',
        message:
          "Longitude/latitude (RFC 7946): set the map's geographic bounds first (geoWest, geoSouth, geoEast, geoNorth), or give two reference points",
      },
    ]);
  });

  it('ids given as numbers (as GIS tools write them) are ids: no note says they are missing', () => {
    const file = JSON.stringify({
      type: 'FeatureCollection',
      crs: pixelCrs,
      features: [1, 2].map((n) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [n, n] },
        properties: { definition: 'd', id: n * 10 },
      })),
    });
    const read = readGeoJsonContent(file, target('other_map'), new Set(['d']));
    expect(read.notes).toEqual([]);
    expect(read.records.placedmarker.map((m) => m._id)).toEqual(
      readGeoJsonContent(file, target('other_map'), new Set(['d'])).records.placedmarker.map((m) => m._id),
    );
    expect(new Set(read.records.placedmarker.map((m) => m._id)).size).toBe(2);
  });

  it('without Waypoint definitions: a chosen property names them by id or name; no match: the default, or skipped and listed', () => {
    const bounds = { west: 0, south: 0, east: 1, north: 1 };
    const feature = (kind: string | undefined, lon = 0.5) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, 0.5] },
      properties: kind === undefined ? {} : { type: kind },
    });
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature('fz_ore'),
        feature('Chest'),
        feature('tree'),
        feature(undefined),
        feature('fz_ore', 2),
      ],
    });
    const options = { definitionProperty: 'type', definitionsByName: new Map([['chest', 'fz_pic']]) };
    const known = new Set(['fz_ore', 'fz_pic']);
    const read = readGeoJsonContent(file, { ...target(), bounds }, known, options);
    expect(read.records.placedmarker.map((m) => m.markerDefinitionId)).toEqual(['fz_ore', 'fz_pic']);
    const skippedNotes = read.notes.filter((n) => n.note.startsWith('Skipped: '));
    expect(skippedNotes.map((n) => `${n.record} ${n.field}`)).toEqual([
      'features[2] properties.type',
      'features[3] properties.type',
      'features[4] geometry.coordinates',
    ]);
    expect(read.skipped).toHaveLength(3);
    const withDefault = readGeoJsonContent(file, { ...target(), bounds }, known, {
      ...options,
      defaultDefinition: 'fz_ore',
    });
    expect(withDefault.records.placedmarker.map((m) => m.markerDefinitionId)).toEqual([
      'fz_ore',
      'fz_pic',
      'fz_ore',
      'fz_ore',
    ]);
  });
});
