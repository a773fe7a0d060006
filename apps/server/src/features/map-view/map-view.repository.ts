import { registry } from '@waypoint/shared';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromRow, type Row } from '../../db/rows.ts';

// Content tables are declared by the registry, not by the static Database type.
// biome-ignore lint/suspicious/noExplicitAny: table names come from the registry
const dyn = (db: Db) => db.kysely as unknown as Kysely<any>;

const json = <T>(value: unknown, fallback: T): T => {
  if (typeof value !== 'string') return (value as T) ?? fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};

export interface MapRow {
  _id: string;
  gameId: string;
  categoryId: string;
  enabled: boolean;
}

export async function findMap(db: Db, mapId: string): Promise<MapRow | undefined> {
  const row = await dyn(db)
    .selectFrom(registry.map.table)
    .select(['_id', 'gameId', 'categoryId', 'enabled'])
    .where('_id', '=', mapId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    _id: row._id,
    gameId: row.gameId,
    categoryId: row.categoryId ?? '',
    enabled: Boolean(row.enabled),
  };
}

export async function categoryName(db: Db, categoryId: string): Promise<string | undefined> {
  if (!categoryId) return undefined;
  const row = await dyn(db)
    .selectFrom(registry.category.table)
    .select('name')
    .where('_id', '=', categoryId)
    .executeTakeFirst();
  return row?.name;
}

/** The marker definitions of a game, as full records, by name. */
export async function gameDefinitions(db: Db, gameId: string) {
  const rows = await dyn(db)
    .selectFrom(registry.markerdefinition.table)
    .selectAll()
    .where('gameId', '=', gameId)
    .orderBy('name', 'asc')
    .orderBy('_id', 'asc')
    .execute();
  return (rows as Row[]).map((row) => fromRow(registry.markerdefinition, row));
}

export interface MarkerRow {
  _id: string;
  markerDefinitionId: string;
  lat: number;
  lng: number;
  name: string;
  questId: string;
  questObjective: string;
  polygonPoints: [number, number][] | null;
  reportCount: number;
  level: number;
}

/** The placed markers of a map, only the columns the map draws with (`questOnly`: quest markers). */
export async function mapMarkers(db: Db, mapId: string, questOnly = false): Promise<MarkerRow[]> {
  return markerRows(db, mapId, { questOnly });
}

/** Up to `limit` placed markers of a map with ids after `after`, by id (reading a large map page by page). */
export function mapMarkerPage(db: Db, mapId: string, after: string, limit: number): Promise<MarkerRow[]> {
  return markerRows(db, mapId, { after, limit });
}

async function markerRows(
  db: Db,
  mapId: string,
  options: { questOnly?: boolean; after?: string; limit?: number },
): Promise<MarkerRow[]> {
  let query = dyn(db)
    .selectFrom(registry.placedmarker.table)
    .select([
      '_id',
      'markerDefinitionId',
      'lat',
      'lng',
      'name',
      'questId',
      'questObjective',
      'polygonPoints',
      'reportCount',
      'level',
    ])
    .where('mapId', '=', mapId);
  if (options.questOnly) query = query.where('questId', 'is not', null).where('questId', '!=', '');
  if (options.after) query = query.where('_id', '>', options.after);
  if (options.limit) query = query.limit(options.limit);
  const rows = await query.orderBy('_id', 'asc').execute();
  return rows.map((r) => ({
    _id: r._id,
    markerDefinitionId: r.markerDefinitionId,
    lat: Number(r.lat ?? 0),
    lng: Number(r.lng ?? 0),
    name: r.name ?? '',
    questId: r.questId ?? '',
    questObjective: r.questObjective ?? '',
    polygonPoints: json<[number, number][] | null>(r.polygonPoints, null),
    reportCount: Number(r.reportCount ?? 0),
    level: Number(r.level ?? -1),
  }));
}

/** The floors of a map (bottom to top), as full records. */
export async function mapLevels(db: Db, mapId: string) {
  const rows = await dyn(db)
    .selectFrom(registry.maplevel.table)
    .selectAll()
    .where('mapId', '=', mapId)
    .orderBy('level', 'asc')
    .execute();
  return (rows as Row[]).map((row) => fromRow(registry.maplevel, row));
}

/** How many placed markers a map has (an index-backed count). */
export async function markerCount(db: Db, mapId: string): Promise<number> {
  const row = await dyn(db)
    .selectFrom(registry.placedmarker.table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('mapId', '=', mapId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The quests of a game, as full records, in list order. */
export async function gameQuests(db: Db, gameId: string) {
  const rows = await dyn(db)
    .selectFrom(registry.quest.table)
    .selectAll()
    .where('gameId', '=', gameId)
    .orderBy('questLevel', 'asc')
    .orderBy('name', 'asc')
    .orderBy('_id', 'asc')
    .execute();
  return (rows as Row[]).map((row) => fromRow(registry.quest, row));
}
