import { additionalFeatures, getModel, messages, type TStoredImage, toolLabels, zId } from '@waypoint/shared';
import { tileAddress } from '@waypoint/shared/map/tile-address';
import { mapViewParams } from '@waypoint/shared/map/view-url';
import type { Db } from '../../db/database.ts';
import { TILE_SIZE } from '../../media/tiles.ts';
import { uploadUrl } from '../images/images.service.ts';
import { findRecord, findRecordsBy, listRecords } from '../models/models.repository.ts';
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
  maxZoom?: number;
  tilesPath?: string;
  images?: Record<string, TStoredImage>;
}

interface MarkerRow {
  _id: string;
  mapId: string;
  markerDefinitionId: string;
  name?: string;
  description?: string;
  lat: number;
  lng: number;
  level?: number;
  images?: Record<string, TStoredImage>;
}

/** Tiles of the zoom a marker's link preview shows: one tile is the map around the marker. */
const PREVIEW_ZOOMS_BELOW_TOP = 1;

/**
 * The picture of a marker's link preview (an absolute address below `imageBase`): its first
 * image, else the tile of its floor's (or the map's) pyramid that holds it, a crop of the map
 * around it.
 */
async function markerPicture(
  db: Db,
  map: MapRow,
  marker: MarkerRow,
  imageBase: string,
): Promise<string | undefined> {
  const first = Object.keys(marker.images ?? {}).sort()[0];
  if (first && marker.images?.[first])
    return `${imageBase}${uploadUrl('placedmarker', marker._id, first, marker.images[first])}`;
  let tilesPath = map.tilesPath ?? '';
  let version = map.images?.mapImage?.version ?? '';
  if ((marker.level ?? -1) >= 0) {
    const floors = (await findRecordsBy(db.kysely, getModel('maplevel'), 'mapId', map._id)) as {
      level: number;
      tilesPath?: string;
      images?: Record<string, TStoredImage>;
    }[];
    const floor = floors.find((f) => f.level === marker.level);
    if (floor?.tilesPath) {
      tilesPath = floor.tilesPath;
      version = floor.images?.levelImage?.version ?? '';
    }
  }
  const top = Number(map.maxZoom ?? 0);
  if (!tilesPath || top <= 0) return undefined;
  const z = Math.max(0, top - PREVIEW_ZOOMS_BELOW_TOP);
  // Map coordinates are pixels / 2^maxZoom; a tile of zoom z spans 256 / 2^z of them.
  const span = TILE_SIZE / 2 ** z;
  const x = Math.max(0, Math.floor(marker.lng / span));
  const y = Math.max(0, Math.floor(-marker.lat / span));
  return tileAddress(imageBase, tilesPath, version, { z, x, y });
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
export async function resolveMapPage(
  db: Db,
  gameId: string,
  mapId: string,
  shared?: { markerId: string; imageBase: string },
): Promise<MapPage> {
  const game = await findGame(db, gameId);
  if (!game) return { kind: 'unknown-game' };
  const map = zId.safeParse(mapId).success
    ? ((await findRecord(db.kysely, getModel('map'), mapId)) as unknown as MapRow | undefined)
    : undefined;
  if (map && map.gameId === gameId && map.enabled !== false) {
    const by = map.authorName ? ` ${messages.byAuthor(map.authorName)}` : '';
    const meta: PageMeta = {
      title: `${map.name} map - ${game.name}`,
      description: `Interactive ${map.name} map for ${game.name}${by}: loot, locations, quests and hidden secrets.`,
    };
    // A shared marker link (`?marker=`) previews the marker: its name, description and picture.
    const marker =
      shared && zId.safeParse(shared.markerId).success
        ? ((await findRecord(db.kysely, getModel('placedmarker'), shared.markerId)) as unknown as
            | MarkerRow
            | undefined)
        : undefined;
    if (marker && marker.mapId === map._id) {
      const definition = (await findRecord(
        db.kysely,
        getModel('markerdefinition'),
        marker.markerDefinitionId,
      )) as { name?: string } | undefined;
      const name = marker.name || definition?.name || 'Marker';
      meta.title = `${name} - ${map.name} map - ${game.name}`;
      meta.description =
        plainText(marker.description) ||
        `${definition?.name ?? 'Marker'} on the ${map.name} map for ${game.name}: find it with Waypoint.`;
      meta.image = await markerPicture(db, map, marker, shared?.imageBase ?? '');
      meta.sharedQuery = `?${mapViewParams.marker}=${encodeURIComponent(marker._id)}`;
    }
    return { kind: 'map', meta };
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
