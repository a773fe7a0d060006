import type { MarkerDefinitionType, TStoredImage } from '@waypoint/shared';
import type { MapLevelInfo } from '@waypoint/shared/map/levels';
import {
  emptyMarkerColumns,
  type MapMarkerData,
  type MapMarkerDefinition,
} from '@waypoint/shared/map/marker-data';
import type { Db } from '../../db/database.ts';
import {
  categoryName,
  findMap,
  gameDefinitions,
  gameQuests,
  type MapRow,
  mapLevels,
  mapMarkers,
} from './map-view.repository.ts';

/** Coordinates keep 6 decimals: far below a pixel at any zoom, and much shorter to send. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A map the caller may see: enabled maps for everyone, any map for admins. */
export async function visibleMap(db: Db, mapId: string, admin: boolean): Promise<MapRow | undefined> {
  const map = await findMap(db, mapId);
  if (!map || (!map.enabled && !admin)) return undefined;
  return map;
}

/** The marker definitions of the map's game, as the map draws them. */
export async function mapDefinitions(db: Db, map: MapRow): Promise<MapMarkerDefinition[]> {
  const records = await gameDefinitions(db, map.gameId);
  return records.map((d) => {
    const image = (d.images as Record<string, { fileName: string; version?: string }>).image;
    return {
      _id: String(d._id),
      name: String(d.name),
      description: String(d.description ?? ''),
      markerCategory: String(d.markerCategory ?? ''),
      markerDefinitionType: d.markerDefinitionType as MarkerDefinitionType,
      backgroundShape: String(d.backgroundShape ?? 'NONE'),
      wrapperColor: String(d.wrapperColor ?? ''),
      innerColor: String(d.innerColor ?? ''),
      polygonColor: String(d.polygonColor ?? ''),
      width: Number(d.width ?? -1),
      height: Number(d.height ?? -1),
      showNameLabel: Boolean(d.showNameLabel),
      divIconClassName: String(d.divIconClassName ?? ''),
      completable: Boolean(d.completable),
      disabled: d.disabled !== false,
      quest: Boolean(d.quest),
      door: Boolean(d.door),
      key: String(d.key ?? ''),
      image: image?.fileName ? { fileName: image.fileName, version: image.version ?? '' } : null,
    };
  });
}

/** The floors of a map as the map page draws them (bottom to top; none for a map without floors). */
export async function levelInfos(db: Db, map: MapRow): Promise<MapLevelInfo[]> {
  return (await mapLevels(db, map._id)).map((l) => ({
    _id: String(l._id),
    level: Number(l.level),
    name: String(l.name),
    shortLabel: String(l.shortLabel ?? ''),
    isDefault: Boolean(l.isDefault),
    tilesPath: String(l.tilesPath ?? ''),
    version: (l.images as Record<string, TStoredImage>).levelImage?.version ?? '',
    imageProcessStatus: String(l.imageProcessStatus ?? 'NONE'),
    picture: Boolean((l.images as Record<string, TStoredImage | undefined>).levelImage),
  }));
}

/**
 * The definitions of the map's game and its placed markers as columns; a map with floors adds
 * them and each marker's level.
 */
export async function markerData(db: Db, map: MapRow): Promise<MapMarkerData> {
  const [definitions, rows, levels] = await Promise.all([
    mapDefinitions(db, map),
    mapMarkers(db, map._id),
    levelInfos(db, map),
  ]);
  const index = new Map(definitions.map((d, i) => [d._id, i]));
  const markers: MapMarkerData['markers'] = emptyMarkerColumns();
  const level: number[] | undefined = levels.length > 0 ? [] : undefined;
  for (const row of rows) {
    const def = index.get(row.markerDefinitionId);
    // A marker whose definition belongs to another game cannot be drawn.
    if (def === undefined) continue;
    const i = markers.id.length;
    markers.id.push(row._id);
    markers.def.push(def);
    markers.lat.push(round6(row.lat));
    markers.lng.push(round6(row.lng));
    markers.name.push(row.name);
    markers.questId.push(row.questId);
    markers.questObjective.push(row.questObjective);
    markers.reportCount.push(row.reportCount);
    level?.push(row.level);
    if (row.polygonPoints && row.polygonPoints.length > 0) {
      markers.points[i] = row.polygonPoints.map(([a, b]) => [round6(a), round6(b)]);
    }
  }
  if (level)
    return { mapId: map._id, count: markers.id.length, definitions, levels, markers: { ...markers, level } };
  return { mapId: map._id, count: markers.id.length, definitions, markers };
}

export interface QuestMarker {
  _id: string;
  markerDefinitionId: string;
  questObjective: string;
  lat: number;
  lng: number;
  /** The marker's floor; absent for -1 (every floor), as on every map without floors. */
  level?: number;
}

/**
 * Quests with markers for a map (specification §3): the game's quests located in the map's
 * category or with a marker on the map, each with its markers on this map.
 */
export async function questsWithMarkers(db: Db, map: MapRow) {
  const [quests, rows, region] = await Promise.all([
    gameQuests(db, map.gameId),
    mapMarkers(db, map._id, true),
    categoryName(db, map.categoryId),
  ]);
  const byQuest = new Map<string, QuestMarker[]>();
  for (const row of rows) {
    if (!row.questId) continue;
    const list = byQuest.get(row.questId) ?? [];
    list.push({
      _id: row._id,
      markerDefinitionId: row.markerDefinitionId,
      questObjective: row.questObjective,
      lat: row.lat,
      lng: row.lng,
      ...(row.level === -1 ? {} : { level: row.level }),
    });
    byQuest.set(row.questId, list);
  }
  return quests
    .filter((q) => byQuest.has(String(q._id)) || (region && (q.location as string[]).includes(region)))
    .map((quest) => ({ quest, markers: byQuest.get(String(quest._id)) ?? [], selected: false }));
}
