import type { ModelKey } from '@waypoint/shared';
import { prerequisiteIds } from '@waypoint/shared/domain/quests';
import { DEMO_CONTRIBUTOR, suggestions, themes } from './community.ts';
import { mapArea, placedMarkers } from './markers.ts';
import { rpgGame } from './rpg.ts';
import { scheduleGame } from './schedule.ts';
import { shooterGame } from './shooter.ts';
import type { DemoRecord, GamePack } from './types.ts';

export { pixelToLatLng } from './geometry.ts';
export type { DemoRecord };
export { DEMO_CONTRIBUTOR };

export interface DemoOptions {
  /** Placed markers on every map (default 300). */
  markersPerMap?: number;
}

export interface DemoContent {
  records: Partial<Record<ModelKey, DemoRecord[]>>;
}

/** The three demo games: an extraction shooter, Schedule I (with the game's real mixing data) and a fantasy RPG. */
export const DEMO_GAME_IDS = ['frontier_zone', 'schedule_one', 'emberfall'] as const;

export const DEFAULT_MARKERS_PER_MAP = 300;

/** The demo games' card pictures: 16:9, about twice the width a card shows. */
export const GAME_CARD_IMAGE = { fileName: 'card.png', imageWidth: 800, imageHeight: 450 } as const;

/** Models in insertion order: every record only references records of earlier models (or earlier quests). */
export const DEMO_INSERT_ORDER = [
  'game',
  'trader',
  'category',
  'map',
  'maplevel',
  'quest',
  'item',
  'hideoutmodule',
  'markerdefinition',
  'mixeffect',
  'mixingredient',
  'mixproduct',
  'mixrecipe',
  'customer',
  'placedmarker',
  'question',
  'theme',
  'suggestion',
] as const satisfies readonly ModelKey[];

/** Definitions whose markers are on every floor: the way in and out. */
const EVERY_FLOOR = /extract|spawn/i;

/**
 * Puts the markers of maps with floors on them: spawns and extractions on every floor (-1), about
 * one marker in eight too (stairs, shafts), the others spread over the floors in turn.
 */
function onFloors<T extends { mapId: string; markerDefinitionId: string; level?: number }>(
  markers: T[],
  levels: readonly { mapId: string; level?: number }[],
): T[] {
  const floors = new Map<string, number[]>();
  for (const l of levels) floors.set(l.mapId, [...(floors.get(l.mapId) ?? []), l.level ?? 0]);
  const seen = new Map<string, number>();
  return markers.map((m) => {
    const list = floors.get(m.mapId);
    if (!list) return m;
    const k = seen.get(m.mapId) ?? 0;
    seen.set(m.mapId, k + 1);
    if (EVERY_FLOOR.test(m.markerDefinitionId) || k % 8 === 7) return { ...m, level: -1 };
    return { ...m, level: list[k % list.length] };
  });
}

/** Quests sorted so that each one comes after every quest it requires. */
function prerequisitesFirst<T extends { _id: string; previous?: string; requires?: string[] }>(
  quests: readonly T[],
): T[] {
  const byId = new Map(quests.map((q) => [q._id, q]));
  const done = new Set<string>();
  const sorted: T[] = [];
  const visit = (q: T, path: Set<string>) => {
    if (done.has(q._id)) return;
    if (path.has(q._id)) throw new Error(`quest prerequisite cycle at ${q._id}`);
    path.add(q._id);
    for (const id of prerequisiteIds(q)) {
      const before = byId.get(id);
      if (before) visit(before, path);
    }
    done.add(q._id);
    sorted.push(q);
  };
  for (const q of quests) visit(q, new Set());
  return sorted;
}

/**
 * The demo content as plain records, identical on every call for the same options. Records are
 * schema inputs (defaults may be missing); maps and IMAGE marker definitions carry an `images` map
 * naming the files the image step draws.
 */
export function demoContent(options: DemoOptions = {}): DemoContent {
  const markersPerMap = Math.max(0, Math.floor(options.markersPerMap ?? DEFAULT_MARKERS_PER_MAP));
  const packs: GamePack[] = [shooterGame(), scheduleGame(), rpgGame()];
  const levels = packs.flatMap((pack) => pack.maplevels ?? []);
  const markers = onFloors(
    packs.flatMap((pack) => placedMarkers(pack, markersPerMap)),
    levels,
  );
  const areas = new Map(
    packs.flatMap((pack) => {
      const region = new Map(pack.categories.map((c) => [c._id, c.name]));
      return pack.maps.map((map) => [map._id, mapArea(map, region.get(map.categoryId ?? ''))] as const);
    }),
  );
  const records: Record<(typeof DEMO_INSERT_ORDER)[number], DemoRecord[]> = {
    // Each card picture is cut from the game's first map once that is drawn (features/images/demo-images.ts).
    game: packs.map((p) => ({ ...p.game, images: { image: { ...GAME_CARD_IMAGE, version: '' } } })),
    trader: packs.flatMap((p) => p.traders),
    category: packs.flatMap((p) => p.categories),
    map: packs.flatMap((p) => p.maps),
    maplevel: levels,
    quest: prerequisitesFirst(packs.flatMap((p) => p.quests)),
    item: packs.flatMap((p) => p.items),
    hideoutmodule: packs.flatMap((p) => p.hideoutmodules),
    markerdefinition: packs.flatMap((p) => p.markerdefinitions),
    mixeffect: packs.flatMap((p) => p.mixeffects ?? []),
    mixingredient: packs.flatMap((p) => p.mixingredients ?? []),
    mixproduct: packs.flatMap((p) => p.mixproducts ?? []),
    mixrecipe: packs.flatMap((p) => p.mixrecipes ?? []),
    customer: packs.flatMap((p) => p.customers ?? []),
    placedmarker: markers,
    question: packs.flatMap((p) => p.questions),
    theme: themes(),
    suggestion: suggestions(markers, areas),
  };
  return { records };
}
