/**
 * A map's content as GeoJSON, in and out: one Feature per placed marker, Point for icon markers,
 * Polygon for areas, LineString for routes. Written two ways: in the map picture's pixels (x right,
 * y down from the top-left corner, as the player's own pins are exported), declared by a `crs` member
 * naming `urn:waypoint:map-pixels` and `waypoint.coordinates: 'pixels'` (not RFC 7946, whose
 * positions are degrees); or, for a map with geographic bounds, in longitude/latitude (RFC 7946),
 * mapped linearly onto the picture by the bounds. A file without Waypoint's pixel declaration is read
 * as longitude/latitude. Properties: id, name, description (HTML), definition (its id),
 * definitionName, floor (the floor's level number; -1: on every floor) and, for areas and routes,
 * anchor (the [x, y] where the marker's popup and list entry sit). A `waypoint` member on the
 * collection names the map and its picture size and describes the definitions used, so that a file
 * exported here comes back with the same ids; a file from elsewhere gets ids made from its source name.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { constants } from '../constants.ts';
import { pathMarkerBody } from '../map/paths.ts';
import { pixelToLatLngOf, sourceRecordId } from './datamaps.ts';
import {
  type ContentImport,
  type ExportSource,
  type ImportTarget,
  InteropError,
  type InteropProblem,
  type MappingNote,
} from './format.ts';

type Rec = Record<string, unknown>;

/** Largest GeoJSON file read. */
export const geoJsonContentMaxBytes = 30 * 1024 * 1024;

export interface ContentFeatureProperties {
  id: string;
  name: string;
  description: string;
  definition: string;
  definitionName: string;
  floor: number;
  anchor?: [number, number];
}

/** Names Waypoint's map pixels as a coordinate system (the `crs` member of GeoJSON 2008). */
export const waypointPixelCrs = 'urn:waypoint:map-pixels';

/** How a file's positions are written: map pixels, or longitude/latitude in degrees (RFC 7946). */
export type GeoJsonCoordinates = 'pixels' | 'lonlat';

/** A map's geographic bounds in degrees: the picture's left, bottom, right and top edges. */
export interface GeoBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A map's bounds when all four are set and span something (west < east, south < north). */
export function geoBoundsOf(map: {
  geoWest?: unknown;
  geoSouth?: unknown;
  geoEast?: unknown;
  geoNorth?: unknown;
}): GeoBounds | undefined {
  const [west, south, east, north] = [map.geoWest, map.geoSouth, map.geoEast, map.geoNorth];
  if (![west, south, east, north].every((n) => typeof n === 'number' && Number.isFinite(n))) return;
  const b = { west, south, east, north } as GeoBounds;
  return b.west < b.east && b.south < b.north ? b : undefined;
}

/** A place known both on the map's picture (pixels, y down) and on the globe (degrees). */
export interface ReferencePoint {
  x: number;
  y: number;
  lon: number;
  lat: number;
}

/**
 * The bounds two reference points give, for a picture of this size: each axis scaled linearly through
 * the two points (as the bounds themselves place positions), so the points must differ in both x and
 * y, and longitude must grow to the right and latitude upwards (a mirrored picture has no bounds).
 */
export function boundsFromReferencePoints(
  [a, b]: readonly [ReferencePoint, ReferencePoint],
  size: { width: number; height: number },
): GeoBounds | undefined {
  if (a.x === b.x || a.y === b.y) return;
  const lonPerPixel = (b.lon - a.lon) / (b.x - a.x);
  const latPerPixel = (b.lat - a.lat) / (b.y - a.y);
  const bounds = {
    west: a.lon - a.x * lonPerPixel,
    east: a.lon + (size.width - a.x) * lonPerPixel,
    north: a.lat - a.y * latPerPixel,
    south: a.lat + (size.height - a.y) * latPerPixel,
  };
  return geoBoundsOf({
    geoWest: bounds.west,
    geoSouth: bounds.south,
    geoEast: bounds.east,
    geoNorth: bounds.north,
  });
}

/** The map pixel of a longitude/latitude (y grows down the picture, latitude up). */
function lonLatToPixel(b: GeoBounds, size: { width: number; height: number }, [lon, lat]: [number, number]) {
  return [
    ((lon - b.west) / (b.east - b.west)) * size.width,
    ((b.north - lat) / (b.north - b.south)) * size.height,
  ] as [number, number];
}

function pixelToLonLat(b: GeoBounds, size: { width: number; height: number }, [x, y]: [number, number]) {
  return [
    b.west + (x / size.width) * (b.east - b.west),
    b.north - (y / size.height) * (b.north - b.south),
  ] as [number, number];
}

/** What the collection says about where it comes from (a foreign member, RFC 7946 §6.1). */
export interface WaypointCollectionInfo {
  map: string;
  width: number;
  height: number;
  /** How positions are written (missing in older exports: pixels). */
  coordinates: GeoJsonCoordinates;
  definitions: Record<string, { name: string; type: string; completable: boolean }>;
}

export type ContentFeatureCollection = FeatureCollection<Geometry, ContentFeatureProperties> & {
  waypoint: WaypointCollectionInfo;
  crs?: { type: 'name'; properties: { name: string } };
};

/** How a map is written: in pixels, or in longitude/latitude through the map's bounds. */
export interface GeoJsonWriteOptions {
  coordinates?: GeoJsonCoordinates;
  bounds?: GeoBounds;
}

const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A map's markers as a FeatureCollection in map pixels, or in longitude/latitude given bounds. */
export function writeGeoJsonContent(
  src: ExportSource,
  options: GeoJsonWriteOptions = {},
): ContentFeatureCollection {
  const unit = 2 ** src.maxZoom;
  const bounds = options.coordinates === 'lonlat' ? options.bounds : undefined;
  if (options.coordinates === 'lonlat' && !bounds)
    throw new InteropError([
      { record: '(map)', field: 'geoWest', message: "Set the map's geographic bounds first" },
    ]);
  const out = (p: [number, number]) => (bounds ? pixelToLonLat(bounds, src, p) : p);
  const definitions = new Map(src.definitions.map((d) => [String(d._id), d]));
  const features = src.markers.map((m): Feature<Geometry, ContentFeatureProperties> => {
    const def = definitions.get(String(m.markerDefinitionId));
    const type = String(def?.markerDefinitionType ?? '');
    // Positions are stored as pixels / 2^maxZoom: multiplying back by a power of two is exact.
    const points = ((m.polygonPoints ?? []) as Array<[number, number]>).map(([lat, lng]) =>
      out([lng * unit, -lat * unit]),
    );
    const anchor = out([Number(m.lng) * unit, -Number(m.lat) * unit]);
    let geometry: Geometry;
    if (type === 'POLYGON' && points.length >= 3) {
      geometry = { type: 'Polygon', coordinates: [[...points, points[0] as [number, number]]] };
    } else if (type === 'ROUTE' && points.length >= 2) {
      geometry = { type: 'LineString', coordinates: points };
    } else {
      geometry = { type: 'Point', coordinates: anchor };
    }
    return {
      type: 'Feature',
      id: String(m._id),
      geometry,
      properties: {
        id: String(m._id),
        name: String(m.name ?? ''),
        description: String(m.description ?? ''),
        definition: String(m.markerDefinitionId ?? ''),
        definitionName: String(def?.name ?? ''),
        floor: Number(m.level ?? constants.defaultMarkerLevel),
        ...(geometry.type === 'Point' ? {} : { anchor }),
      },
    };
  });
  const used: WaypointCollectionInfo['definitions'] = {};
  for (const m of src.markers) {
    const def = definitions.get(String(m.markerDefinitionId));
    if (def)
      used[String(def._id)] = {
        name: String(def.name ?? ''),
        type: String(def.markerDefinitionType ?? ''),
        completable: Boolean(def.completable),
      };
  }
  return {
    type: 'FeatureCollection',
    // Pixels are declared, so that no reader takes them for degrees; longitude/latitude is RFC 7946's own.
    ...(bounds ? {} : { crs: { type: 'name' as const, properties: { name: waypointPixelCrs } } }),
    waypoint: {
      map: String(src.map._id),
      width: src.width,
      height: src.height,
      coordinates: bounds ? 'lonlat' : 'pixels',
      definitions: used,
    },
    features,
  };
}

const carriedProperties = new Set([
  'id',
  'name',
  'description',
  'definition',
  'definitionName',
  'floor',
  'anchor',
]);

/** The definition type a geometry draws as, for a definition the file introduces. */
const typeOfGeometry = { Point: 'SVG', Polygon: 'POLYGON', LineString: 'ROUTE' } as const;
type ReadGeometry = keyof typeof typeOfGeometry;

function isPosition(v: unknown): v is [number, number] {
  return (
    Array.isArray(v) &&
    v.length >= 2 &&
    v.slice(0, 2).every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

/** Choices for a file that carries no Waypoint definitions (GIS tools, other map sites). */
export interface GeoJsonReadOptions {
  /** The feature property naming each feature's marker definition, by id or name. */
  definitionProperty?: string;
  /** The definition of a feature whose property names none (or of every feature, without a property). */
  defaultDefinition?: string;
  /** The game's marker definitions by lower-cased name, for `definitionProperty`. */
  definitionsByName?: ReadonlyMap<string, string>;
}

/** A GeoJSON read: the records, and the ids of markers whose features were skipped (not gone). */
export type GeoJsonContentImport = ContentImport & { coordinates: GeoJsonCoordinates; skipped: string[] };

/** How a collection's positions are written: pixels only when it says so (Waypoint's exports). */
export function coordinatesOfCollection(collection: Rec): GeoJsonCoordinates {
  const crs =
    isObject(collection.crs) && isObject(collection.crs.properties) ? collection.crs.properties : {};
  if (crs.name === waypointPixelCrs) return 'pixels';
  // Exports written before the declaration carry `waypoint` without `coordinates`: pixels.
  if (isObject(collection.waypoint))
    return collection.waypoint.coordinates === 'lonlat' ? 'lonlat' : 'pixels';
  return 'lonlat';
}

/** Positions this close outside the picture (floating-point rounding of degrees) are on its edge. */
const edgeTolerance = 1e-6;

/**
 * Reads a FeatureCollection into placed markers of a map (and the definitions it names that the game
 * lacks). Pixel files (Waypoint's): every problem is collected and named by feature and field; any
 * problem stages nothing. Longitude/latitude files (RFC 7946) are placed through the map's bounds,
 * and a feature with a problem (outside the bounds, no definition) is listed in the notes and skipped.
 * `known`: the ids of the game's marker definitions.
 */
export function readGeoJsonContent(
  text: string,
  target: ImportTarget & { bounds?: GeoBounds },
  known: ReadonlySet<string>,
  options: GeoJsonReadOptions = {},
): GeoJsonContentImport {
  const fail = (field: string, message: string) => new InteropError([{ record: '(file)', field, message }]);
  if (text.length > geoJsonContentMaxBytes)
    throw fail('', `Too large: at most ${geoJsonContentMaxBytes / 1024 / 1024} MB`);
  let collection: unknown;
  try {
    collection = JSON.parse(text);
  } catch (error) {
    throw fail('', `Not JSON (${(error as Error).message})`);
  }
  if (!isObject(collection) || collection.type !== 'FeatureCollection')
    throw fail('type', 'Not a GeoJSON FeatureCollection');
  if (!Array.isArray(collection.features)) throw fail('features', 'Missing: a list of features');
  const coordinates = coordinatesOfCollection(collection);
  const bounds = target.bounds;
  if (coordinates === 'lonlat' && !bounds)
    throw fail(
      'crs',
      "Longitude/latitude (RFC 7946): set the map's geographic bounds first (geoWest, geoSouth, geoEast, geoNorth), or give two reference points",
    );
  if (options.defaultDefinition !== undefined && !known.has(options.defaultDefinition))
    throw new InteropError([
      { record: 'body', field: 'defaultDefinition', message: 'Not a marker definition of this game' },
    ]);
  const lenient = coordinates === 'lonlat';
  const toPixel = (p: [number, number]): [number, number] => {
    if (!bounds || coordinates === 'pixels') return p;
    const [x, y] = lonLatToPixel(bounds, target, p);
    // Rounding of degrees may put the picture's own edge a hair outside it.
    const clamp = (v: number, max: number) =>
      v < 0 && v > -edgeTolerance ? 0 : v > max && v < max + edgeTolerance ? max : v;
    return [clamp(x, target.width), clamp(y, target.height)];
  };
  const info = isObject(collection.waypoint) ? collection.waypoint : undefined;
  const fromThisMap = info?.map === target.mapId;
  const keptDefinitions = isObject(info?.definitions) ? (info.definitions as Rec) : {};
  const problems: InteropProblem[] = [];
  const notes: MappingNote[] = [];
  const skipped: string[] = [];
  const definitions = new Map<string, Rec>();
  const placedmarker: Rec[] = [];
  const seen = new Map<string, string>();
  // Notes that would repeat for every feature are counted and listed once.
  const counted = new Map<string, { note: string; n: number }>();
  const count = (field: string, note = 'Not carried') => {
    const entry = counted.get(field) ?? { note, n: 0 };
    entry.n += 1;
    counted.set(field, entry);
  };
  const idOf = (kind: string, sourceId: string) =>
    fromThisMap ? sourceId : sourceRecordId(target.source, kind, sourceId);
  const carried = new Set(carriedProperties);
  if (options.definitionProperty) carried.add(options.definitionProperty);

  const readFeature = (raw: unknown, index: number): boolean => {
    const record = `features[${index}]`;
    let sourceId: string | undefined;
    // Each refusal returns false: the feature is not read further (in a lenient read, it is skipped).
    const problem = (field: string, message: string): false => {
      if (lenient) {
        notes.push({ record, field, note: `Skipped: ${message}` });
        if (sourceId !== undefined) skipped.push(idOf('marker', sourceId));
      } else problems.push({ record, field, message });
      return false;
    };
    if (!isObject(raw) || raw.type !== 'Feature') return problem('type', 'Not a Feature');
    const properties = isObject(raw.properties) ? raw.properties : {};
    // An id as text or number, in the properties or on the feature; else the feature's place.
    const givenId = [properties.id, raw.id].find(
      (v) => (typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isFinite(v)),
    );
    sourceId = givenId === undefined ? `${index}` : String(givenId);
    const earlier = seen.get(sourceId);
    if (earlier) {
      const duplicate = sourceId;
      sourceId = undefined;
      return problem('properties.id', `Duplicate id "${duplicate}" (also ${earlier})`);
    }
    seen.set(sourceId, record);
    if (givenId === undefined) count('id', 'Missing: a re-import matches these by their place in the file');

    const geometry = isObject(raw.geometry) ? raw.geometry : undefined;
    const kind = geometry?.type;
    if (typeof kind !== 'string' || !(kind in typeOfGeometry))
      return problem(
        'geometry.type',
        `${typeof kind === 'string' ? kind : 'No geometry'}: only Point, Polygon and LineString are read`,
      );
    // Positions as pixels; a polygon's closing corner (the first again) is not kept.
    let points: Array<[number, number]>;
    const position = coordinates === 'lonlat' ? '[longitude, latitude]' : '[x, y]';
    const rawCoordinates = geometry?.coordinates;
    if (kind === 'Point') {
      if (!isPosition(rawCoordinates)) return problem('geometry.coordinates', `Not a position ${position}`);
      points = [[rawCoordinates[0], rawCoordinates[1]]];
    } else {
      const line = kind === 'Polygon' && Array.isArray(rawCoordinates) ? rawCoordinates[0] : rawCoordinates;
      if (kind === 'Polygon' && Array.isArray(rawCoordinates) && rawCoordinates.length > 1)
        count('geometry.coordinates', 'Holes in polygons are not carried');
      if (!Array.isArray(line) || !line.every(isPosition))
        return problem('geometry.coordinates', `Not a list of positions ${position}`);
      points = line.map((p) => [p[0], p[1]] as [number, number]);
      const [first, last] = [points[0], points.at(-1)];
      if (kind === 'Polygon') {
        if (points.length < 4 || !first || !last || first[0] !== last[0] || first[1] !== last[1])
          return problem(
            'geometry.coordinates',
            'A polygon ring needs 4 or more positions, the last equal to the first',
          );
        points = points.slice(0, -1);
      } else if (points.length < 2)
        return problem('geometry.coordinates', 'A line needs 2 or more positions');
    }
    points = points.map(toPixel);
    if (points.some(([x, y]) => x < 0 || y < 0 || x > target.width || y > target.height))
      return problem(
        'geometry.coordinates',
        bounds && coordinates === 'lonlat'
          ? `Outside the map's bounds: longitude ${bounds.west} to ${bounds.east}, latitude ${bounds.south} to ${bounds.north}`
          : `Outside the map: positions are pixels within ${target.width} × ${target.height}`,
      );

    const definitionRef = properties.definition;
    let definitionId: string;
    if (typeof definitionRef === 'string' && definitionRef.trim() !== '') {
      definitionId = definitionRef;
      if (!known.has(definitionRef)) {
        definitionId = idOf('definition', definitionRef);
        if (!known.has(definitionId) && !definitions.has(definitionId)) {
          const kept = isObject(keptDefinitions[definitionRef])
            ? (keptDefinitions[definitionRef] as Rec)
            : {};
          const name =
            typeof properties.definitionName === 'string' && properties.definitionName.trim()
              ? properties.definitionName
              : typeof kept.name === 'string' && kept.name
                ? kept.name
                : definitionRef;
          definitions.set(definitionId, {
            _id: definitionId,
            gameId: target.gameId,
            name: name.slice(0, 100),
            markerDefinitionType:
              typeof kept.type === 'string' && kept.type ? kept.type : typeOfGeometry[kind as ReadGeometry],
            completable: kept.completable === true,
          });
        }
      }
    } else {
      // No Waypoint definition: the chosen property names one of the game's (by id or name), else the default.
      const field = options.definitionProperty;
      const value = field ? properties[field] : undefined;
      const named = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;
      const match =
        named === undefined || named === ''
          ? undefined
          : known.has(named)
            ? named
            : options.definitionsByName?.get(named.toLowerCase());
      const chosen = match ?? options.defaultDefinition;
      if (!chosen)
        return problem(
          field ? `properties.${field}` : 'properties.definition',
          field && named
            ? `"${named}" names no marker definition of the game (and no default definition was chosen)`
            : field
              ? `Missing: the property naming the marker definition (and no default definition was chosen)`
              : 'Missing: the marker definition (an id); choose a property naming it or a default definition',
        );
      definitionId = chosen;
    }

    const floor = properties.floor ?? constants.defaultMarkerLevel;
    if (typeof floor !== 'number' || !Number.isInteger(floor) || floor < -1)
      return problem('properties.floor', 'A floor level number (-1: every floor)');
    const base = {
      _id: idOf('marker', sourceId),
      mapId: target.mapId,
      name: typeof properties.name === 'string' ? properties.name : '',
      description: typeof properties.description === 'string' ? properties.description : '',
      level: floor,
    };
    if (kind === 'Point') {
      const [x, y] = points[0] as [number, number];
      placedmarker.push({
        ...base,
        markerDefinitionId: definitionId,
        ...pixelToLatLngOf(x, y, target.maxZoom),
        // The picture's pixel as well, as DataMaps imports and the public API give it.
        imageX: x,
        imageY: y,
        polygonPoints: [],
      });
    } else {
      const latLngs = points.map(([x, y]) => {
        const ll = pixelToLatLngOf(x, y, target.maxZoom);
        return [ll.lat, ll.lng] as [number, number];
      });
      const body = pathMarkerBody(definitionId, kind === 'Polygon' ? 'POLYGON' : 'ROUTE', latLngs);
      // The anchor a file carries (written here) is kept; else the shape's own (as when drawn).
      const anchor = isPosition(properties.anchor)
        ? (() => {
            const [x, y] = toPixel([properties.anchor[0], properties.anchor[1]]);
            return { ...pixelToLatLngOf(x, y, target.maxZoom), imageX: x, imageY: y };
          })()
        : {
            lat: body.lat,
            lng: body.lng,
            imageX: body.lng * 2 ** target.maxZoom,
            imageY: -body.lat * 2 ** target.maxZoom,
          };
      placedmarker.push({ ...base, ...body, polygonPoints: latLngs, ...anchor });
    }
    for (const field of Object.keys(properties)) if (!carried.has(field)) count(`properties.${field}`);
    return true;
  };
  for (const [index, raw] of (collection.features as unknown[]).entries()) readFeature(raw, index);
  if (problems.length > 0) throw new InteropError(problems);
  for (const [field, { note, n }] of counted)
    notes.push({ record: '(features)', field, note: `${note} (${n} feature${n === 1 ? '' : 's'})` });
  return {
    records: { maplevel: [], markerdefinition: [...definitions.values()], placedmarker },
    notes,
    coordinates,
    skipped,
    ...(typeof info?.map === 'string' && info.map ? { wholeMapOf: info.map } : {}),
  };
}
