/**
 * The compact marker data of one map (`GET /api/map/{mapId}/markers`): the game's marker
 * definitions plus the placed markers as parallel columns, so that tens of thousands of markers
 * travel and parse quickly. Popup details (description, images) are read per marker on demand.
 */
import type { MarkerDefinitionType } from '../models/enums.ts';
import type { MapLevelInfo } from './levels.ts';
import type { MarkerChunkManifest } from './marker-chunks.ts';

export interface MapMarkerDefinition {
  _id: string;
  name: string;
  description: string;
  markerCategory: string;
  markerDefinitionType: MarkerDefinitionType;
  backgroundShape: string;
  wrapperColor: string;
  innerColor: string;
  polygonColor: string;
  width: number;
  height: number;
  showNameLabel: boolean;
  divIconClassName: string;
  completable: boolean;
  /** Starts disabled on the map (the default). */
  disabled: boolean;
  quest: boolean;
  door: boolean;
  key: string;
  /** Icon image (IMAGE definitions), as stored in the record's images map. */
  image: { fileName: string; version: string } | null;
}

export interface MapMarkerColumns {
  /** Marker ids. */
  id: string[];
  /** Index into `definitions`. */
  def: number[];
  lat: number[];
  lng: number[];
  name: string[];
  /** Quest id or '' */
  questId: string[];
  /** Quest objective text or '' */
  questObjective: string[];
  /** Players' open 'gone' or 'moved' reports since the last confirmation. */
  reportCount: number[];
  /** Corner points of polygons and routes, keyed by row index. */
  points: Record<number, [number, number][]>;
  /** Each marker's level (-1: every floor); only for a map with floors. */
  level?: number[];
}

export interface MapMarkerData {
  mapId: string;
  count: number;
  definitions: MapMarkerDefinition[];
  /**
   * A large map (more than `chunkedAbove` markers): `markers` starts empty and the rows come as
   * binary chunks (marker-chunks.ts); the loader fills the columns in place.
   */
  chunks?: MarkerChunkManifest;
  /** The map's floors, bottom to top; absent for a map without floors. */
  levels?: MapLevelInfo[];
  markers: MapMarkerColumns;
}

/** Marker columns with no rows (a chunked map's answer carries its rows in the chunks). */
export function emptyMarkerColumns(): MapMarkerColumns {
  return {
    id: [],
    def: [],
    lat: [],
    lng: [],
    name: [],
    questId: [],
    questObjective: [],
    reportCount: [],
    points: {},
  };
}

/** Number of placed markers per definition id. */
export function placedCounts(
  data: Pick<MapMarkerData, 'definitions' | 'markers' | 'chunks'>,
): Map<string, number> {
  if (data.chunks)
    return new Map(data.definitions.map((d, i) => [d._id, data.chunks?.perDefinition[i] ?? 0]));
  const perIndex = new Array<number>(data.definitions.length).fill(0);
  for (const d of data.markers.def) perIndex[d] = (perIndex[d] ?? 0) + 1;
  return new Map(data.definitions.map((d, i) => [d._id, perIndex[i] ?? 0]));
}
