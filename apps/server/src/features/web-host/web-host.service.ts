import { additionalFeatures, getModel, messages, toolLabels, zId } from '@waypoint/shared';
import type { Db } from '../../db/database.ts';
import { findRecord, listRecords } from '../models/models.repository.ts';
import { type PageMeta, plainText } from './page-shell.ts';

type GamePage = PageMeta & { gameName: string };

interface GameRow {
  _id: string;
  name: string;
  description?: string;
  additionalFeatures?: string[];
}

interface MapRow {
  _id: string;
  name: string;
  gameId: string;
  categoryId?: string;
  enabled?: boolean;
  authorName?: string;
}

async function findGame(db: Db, gameId: string): Promise<GameRow | undefined> {
  if (!zId.safeParse(gameId).success) return undefined;
  return (await findRecord(db.kysely, getModel('game'), gameId)) as unknown as GameRow | undefined;
}

/** The game page's head, or undefined for an unknown game. */
export async function resolveGamePage(db: Db, gameId: string): Promise<GamePage | undefined> {
  const game = await findGame(db, gameId);
  if (!game) return undefined;
  return {
    title: `${game.name} maps, quests and tools`,
    description: plainText(game.description) || `Interactive maps, quests and tools for ${game.name}.`,
    gameName: game.name,
  };
}

/**
 * A per-game tool page: the feature must be one of the additional features (else a 404) and one
 * the game has (else the game lacks it: the error page, like an unknown game).
 */
export async function resolveToolPage(
  db: Db,
  gameId: string,
  feature: string,
): Promise<PageMeta | 'unknown-game' | 'unknown-feature' | 'missing-feature'> {
  const game = await findGame(db, gameId);
  if (!game) return 'unknown-game';
  if (!(additionalFeatures as readonly string[]).includes(feature)) return 'unknown-feature';
  if (!(game.additionalFeatures ?? []).includes(feature)) return 'missing-feature';
  const label = toolLabels[feature as keyof typeof toolLabels];
  const title = feature === 'quests' ? messages.gameQuests(game.name) : `${game.name} ${label}`;
  return { title, description: `${label} for ${game.name}: track your progress with Waypoint.` };
}

export type MapPage =
  | { kind: 'unknown-game' }
  | { kind: 'unknown-map' }
  /** The id named a category (or held its id): go to that category's first map. */
  | { kind: 'category'; mapId: string }
  | { kind: 'map'; meta: PageMeta };

/**
 * The map page: an enabled map of the game; else, when the map id contains the id of one of the
 * game's categories, the first map of that category (SPEC §2.7); else unknown.
 */
export async function resolveMapPage(db: Db, gameId: string, mapId: string): Promise<MapPage> {
  const game = await findGame(db, gameId);
  if (!game) return { kind: 'unknown-game' };
  const map = zId.safeParse(mapId).success
    ? ((await findRecord(db.kysely, getModel('map'), mapId)) as unknown as MapRow | undefined)
    : undefined;
  if (map && map.gameId === gameId && map.enabled !== false) {
    const by = map.authorName ? ` ${messages.byAuthor(map.authorName)}` : '';
    return {
      kind: 'map',
      meta: {
        title: `${map.name} map - ${game.name}`,
        description: `Interactive ${map.name} map for ${game.name}${by}: loot, locations, quests and hidden secrets.`,
      },
    };
  }
  const categories = (
    await listRecords(db.kysely, getModel('category'), { filter: { gameId }, limit: 1000, skip: 0 })
  ).data as { _id: string }[];
  // The longest matching category id that has maps wins (e.g. "region_north" over "region").
  const candidates = categories
    .map((c) => c._id)
    .filter((id) => mapId.includes(id))
    .sort((a, b) => b.length - a.length);
  for (const categoryId of candidates) {
    const maps = await listRecords(db.kysely, getModel('map'), {
      filter: { gameId, categoryId, enabled: true },
      limit: 1,
      skip: 0,
    });
    const first = maps.data[0] as unknown as MapRow | undefined;
    if (first) return { kind: 'category', mapId: first._id };
  }
  return { kind: 'unknown-map' };
}
