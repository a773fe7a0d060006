/**
 * A map's content as GeoJSON (RFC 7946), in and out: one Feature per placed marker, Point for icon
 * markers, Polygon for areas, LineString for routes. Coordinates are [x, y] in the map picture's
 * pixels (x right, y down from the top-left corner), as the player's own pins are exported, not
 * longitude and latitude. Properties: id, name, description (HTML), definition (its id),
 * definitionName, floor (the floor's level number; -1: on every floor) and, for areas and routes,
 * anchor (the [x, y] where the marker's popup and list entry sit). A `waypoint` member on the
 * collection names the map and its picture size and describes the definitions used, so that a file
 * exported here comes back with the same ids; a file from elsewhere gets ids made from its source name.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { constants } from '../constants.ts';
import { pathMarkerBody } from '../map/paths.ts';
import {
  type ContentImport,
  type ExportSource,
  type ImportTarget,
  InteropError,
  type InteropProblem,
  type MappingNote,
  pixelToLatLngOf,
  sourceRecordId,
} from './datamaps.ts';

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

/** What the collection says about where it comes from (a foreign member, RFC 7946 §6.1). */
export interface WaypointCollectionInfo {
  map: string;
  width: number;
  height: number;
  definitions: Record<string, { name: string; type: string; completable: boolean }>;
}

export type ContentFeatureCollection = FeatureCollection<Geometry, ContentFeatureProperties> & {
  waypoint: WaypointCollectionInfo;
};

const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A map's markers as a FeatureCollection in map pixels. */
export function writeGeoJsonContent(src: ExportSource): ContentFeatureCollection {
  const unit = 2 ** src.maxZoom;
  const definitions = new Map(src.definitions.map((d) => [String(d._id), d]));
  const features = src.markers.map((m): Feature<Geometry, ContentFeatureProperties> => {
    const def = definitions.get(String(m.markerDefinitionId));
    const type = String(def?.markerDefinitionType ?? '');
    // Positions are stored as pixels / 2^maxZoom: multiplying back by a power of two is exact.
    const points = ((m.polygonPoints ?? []) as Array<[number, number]>).map(
      ([lat, lng]) => [lng * unit, -lat * unit] as [number, number],
    );
    const anchor: [number, number] = [Number(m.lng) * unit, -Number(m.lat) * unit];
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
    waypoint: { map: String(src.map._id), width: src.width, height: src.height, definitions: used },
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

/**
 * Reads a FeatureCollection into placed markers of a map (and the definitions it names that the game
 * lacks). Every problem is collected and named by feature and field; any problem stages nothing.
 * `known`: the ids of the game's marker definitions.
 */
export function readGeoJsonContent(
  text: string,
  target: ImportTarget,
  known: ReadonlySet<string>,
): ContentImport {
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
  const info = isObject(collection.waypoint) ? collection.waypoint : undefined;
  const fromThisMap = info?.map === target.mapId;
  const keptDefinitions = isObject(info?.definitions) ? (info.definitions as Rec) : {};
  const problems: InteropProblem[] = [];
  const notes: MappingNote[] = [];
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

  const readFeature = (raw: unknown, index: number): boolean => {
    const record = `features[${index}]`;
    // Each refusal returns false: the feature is not read further.
    const problem = (field: string, message: string): false => {
      problems.push({ record, field, message });
      return false;
    };
    if (!isObject(raw) || raw.type !== 'Feature') return problem('type', 'Not a Feature');
    const geometry = isObject(raw.geometry) ? raw.geometry : undefined;
    const kind = geometry?.type;
    if (typeof kind !== 'string' || !(kind in typeOfGeometry))
      return problem(
        'geometry.type',
        `${typeof kind === 'string' ? kind : 'No geometry'}: only Point, Polygon and LineString are read`,
      );
    const properties = isObject(raw.properties) ? raw.properties : {};
    // Positions as pixels; a polygon's closing corner (the first again) is not kept.
    let points: Array<[number, number]>;
    const coordinates = geometry?.coordinates;
    if (kind === 'Point') {
      if (!isPosition(coordinates)) return problem('geometry.coordinates', 'Not a position [x, y]');
      points = [[coordinates[0], coordinates[1]]];
    } else {
      const line = kind === 'Polygon' && Array.isArray(coordinates) ? coordinates[0] : coordinates;
      if (kind === 'Polygon' && Array.isArray(coordinates) && coordinates.length > 1)
        count('geometry.coordinates', 'Holes in polygons are not carried');
      if (!Array.isArray(line) || !line.every(isPosition))
        return problem('geometry.coordinates', 'Not a list of positions [x, y]');
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
    if (points.some(([x, y]) => x < 0 || y < 0 || x > target.width || y > target.height))
      return problem(
        'geometry.coordinates',
        `Outside the map: positions are pixels within ${target.width} × ${target.height}`,
      );

    const definitionRef = properties.definition;
    if (typeof definitionRef !== 'string' || definitionRef.trim() === '')
      return problem('properties.definition', 'Missing: the marker definition (an id)');
    let definitionId = definitionRef;
    if (!known.has(definitionRef)) {
      definitionId = idOf('definition', definitionRef);
      if (!known.has(definitionId) && !definitions.has(definitionId)) {
        const kept = isObject(keptDefinitions[definitionRef]) ? (keptDefinitions[definitionRef] as Rec) : {};
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

    const sourceId =
      typeof properties.id === 'string' && properties.id
        ? properties.id
        : typeof raw.id === 'string' || typeof raw.id === 'number'
          ? String(raw.id)
          : `${index}`;
    const earlier = seen.get(sourceId);
    if (earlier) return problem('properties.id', `Duplicate id "${sourceId}" (also ${earlier})`);
    seen.set(sourceId, record);
    if (typeof properties.id !== 'string' && raw.id === undefined)
      count('id', 'Missing: a re-import matches these by their place in the file');

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
        ? pixelToLatLngOf(properties.anchor[0], properties.anchor[1], target.maxZoom)
        : { lat: body.lat, lng: body.lng };
      placedmarker.push({ ...base, ...body, polygonPoints: latLngs, ...anchor });
    }
    for (const field of Object.keys(properties))
      if (!carriedProperties.has(field)) count(`properties.${field}`);
    return true;
  };
  for (const [index, raw] of (collection.features as unknown[]).entries()) readFeature(raw, index);
  if (problems.length > 0) throw new InteropError(problems);
  for (const [field, { note, n }] of counted)
    notes.push({ record: '(features)', field, note: `${note} (${n} feature${n === 1 ? '' : 's'})` });
  return { records: { maplevel: [], markerdefinition: [...definitions.values()], placedmarker }, notes };
}
