import { registry } from '@waypoint/shared';
import { htmlToText } from '@waypoint/shared/html';
import type { MapTileStatus } from '@waypoint/shared/map/preparing';
import { likePattern, type MapSearchResults, searchLimits } from '@waypoint/shared/map/search';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MapRow } from './map-view.repository.ts';

// biome-ignore lint/suspicious/noExplicitAny: table names come from the registry
const dyn = (db: Db) => db.kysely as unknown as Kysely<any>;

/** Case-insensitive substring match of a column, the same on SQLite and PostgreSQL. */
const contains = (column: string, pattern: string) =>
  sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;

/** Stored HTML as one line of text around the first match, for the result list. */
function snippet(html: string, q: string): string {
  const text = htmlToText(html);
  const at = text.toLowerCase().indexOf(q.toLowerCase());
  if (at < 0) return text.length > 90 ? `${text.slice(0, 89)}…` : text;
  const start = Math.max(0, at - 30);
  const end = Math.min(text.length, at + q.length + 50);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

/**
 * One search over a map and its game: the map's markers by name and description, the game's
 * definitions, quests and items by name. Each kind is capped at `searchLimits.perKind` rows and
 * every query reads an index-backed parent column first, so a search stays cheap on large maps.
 */
export async function searchMap(db: Db, map: MapRow, q: string): Promise<MapSearchResults> {
  const pattern = likePattern(q);
  const limit = searchLimits.perKind;
  const k = dyn(db);
  /** Records of the map's game whose name column holds the text, as `{ id, name }`. */
  const namedInGame = async (table: string, column: string) => {
    const rows = await k
      .selectFrom(table)
      .select(['_id', `${column} as name`])
      .where('gameId', '=', map.gameId)
      .where(contains(column, pattern))
      .orderBy(column)
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: String(r._id), name: String(r.name) }));
  };
  const [markers, definitions, quests, items] = await Promise.all([
    k
      .selectFrom(registry.placedmarker.table)
      .select(['_id', 'name', 'description', 'markerDefinitionId'])
      .where('mapId', '=', map._id)
      .where((eb) => eb.or([contains('name', pattern), contains('description', pattern)]))
      .orderBy('name')
      .orderBy('_id')
      .limit(limit)
      .execute(),
    namedInGame(registry.markerdefinition.table, 'name'),
    namedInGame(registry.quest.table, 'name'),
    namedInGame(registry.item.table, 'itemName'),
  ]);
  const itemIds = items.map((i) => i.id);
  const spawns =
    itemIds.length === 0
      ? []
      : await k
          .selectFrom(registry.placedmarker.table)
          .select(['_id', 'itemId'])
          .where('mapId', '=', map._id)
          .where('itemId', 'in', itemIds)
          .orderBy('_id')
          .limit(itemIds.length * 50)
          .execute();
  const byItem = new Map<string, string[]>(itemIds.map((id) => [id, []]));
  for (const s of spawns) {
    const list = byItem.get(String(s.itemId));
    if (list && list.length < 50) list.push(String(s._id));
  }
  return {
    markers: markers.map((m) => ({
      id: String(m._id),
      name: String(m.name ?? ''),
      definitionId: String(m.markerDefinitionId),
      snippet: snippet(String(m.description ?? ''), q),
    })),
    definitions,
    quests,
    items: items.map((d) => ({ ...d, markerIds: byItem.get(d.id) ?? [] })),
  };
}

/** The tiling state of a map and its picture's version (see `MapTileStatus`). */
export async function tileStatus(db: Db, mapId: string, level?: number): Promise<MapTileStatus> {
  // A floor's picture is followed the same way as the map's (the floor by its level number).
  const row =
    level === undefined
      ? await dyn(db)
          .selectFrom(registry.map.table)
          .select(['imageProcessStatus', 'imageProcessProgress', 'images'])
          .where('_id', '=', mapId)
          .executeTakeFirst()
      : await dyn(db)
          .selectFrom(registry.maplevel.table)
          .select(['imageProcessStatus', 'imageProcessProgress', 'images'])
          .where('mapId', '=', mapId)
          .where('level', '=', level)
          .executeTakeFirst();
  const images = typeof row?.images === 'string' ? JSON.parse(row.images) : (row?.images ?? {});
  return {
    status: (row?.imageProcessStatus ?? 'NONE') as MapTileStatus['status'],
    progress: Number(row?.imageProcessProgress ?? 0),
    version: String((level === undefined ? images?.mapImage : images?.levelImage)?.version ?? ''),
  };
}
