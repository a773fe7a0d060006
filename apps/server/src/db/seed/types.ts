import type { ModelKey, Registry } from '@waypoint/shared';
import type { z } from 'zod';

/** A model record as accepted by its schema (defaults may be left out), plus optional `images`. */
export type DemoRecord = Record<string, unknown>;

/** Images declared on a record; the image step draws the files named here. */
export type DemoImages = Record<
  string,
  { fileName: string; imageWidth: number; imageHeight: number; version?: string }
>;

/** Typed input of one model, used while building records. */
export type Input<K extends ModelKey> = z.input<Registry[K]['schema']> & { images?: DemoImages };

/** How a map's placed markers are spread over one marker definition. */
export interface MarkerPlan {
  definitionId: string;
  /** Relative share of a map's markers. */
  share: number;
  /** Marker names; one is picked per marker. */
  names: readonly string[];
  /** Popup descriptions (plain text or HTML); one is picked per marker, none when empty. */
  descriptions?: readonly string[];
  /** Items that may be found here (the popup's 'Item spawn:'). */
  itemIds?: readonly string[];
  /** Only on these maps (all maps of the game when unset). */
  mapIds?: readonly string[];
  /** One marker per name, with the description of the same index (people and places that exist once). */
  oneEach?: boolean;
}

/** Everything one demo game contributes, before placed markers are generated. */
export interface GamePack {
  game: Input<'game'>;
  traders: Input<'trader'>[];
  categories: Input<'category'>[];
  maps: Input<'map'>[];
  /** Floors of maps that have them (their pictures are drawn by the demo image job). */
  maplevels?: Input<'maplevel'>[];
  quests: Input<'quest'>[];
  items: Input<'item'>[];
  hideoutmodules: Input<'hideoutmodule'>[];
  questions: Input<'question'>[];
  markerdefinitions: Input<'markerdefinition'>[];
  /** Schedule I's game data (mixing, customers) and known recipes. */
  mixeffects?: Input<'mixeffect'>[];
  mixingredients?: Input<'mixingredient'>[];
  mixproducts?: Input<'mixproduct'>[];
  customers?: Input<'customer'>[];
  mixrecipes?: Input<'mixrecipe'>[];
  markerPlans: MarkerPlan[];
  /** Names of the points of interest around which markers gather on every map. */
  places: readonly string[];
  /** Share of each map's markers placed on quest objectives (quest_objective definition). */
  questObjectiveShare?: number;
}
