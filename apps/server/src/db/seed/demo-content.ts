import type { ModelKey } from '@waypoint/shared';
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

/** Quests sorted so that each one comes after the quest it requires. */
function prerequisitesFirst<T extends { _id: string; previous?: string }>(quests: readonly T[]): T[] {
  const byId = new Map(quests.map((q) => [q._id, q]));
  const done = new Set<string>();
  const sorted: T[] = [];
  const visit = (q: T, path: Set<string>) => {
    if (done.has(q._id)) return;
    if (path.has(q._id)) throw new Error(`quest prerequisite cycle at ${q._id}`);
    path.add(q._id);
    const previous = q.previous ? byId.get(q.previous) : undefined;
    if (previous) visit(previous, path);
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
  const markers = packs.flatMap((pack) => placedMarkers(pack, markersPerMap));
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
