import type { z } from 'zod';
import type { TImages } from './define.ts';
import type { Registry } from './registry.ts';

type Stored<K extends keyof Registry> = z.infer<Registry[K]['schema']> & { images: TImages };

export type TGame = Stored<'game'> & {
  categories?: string[];
  maps?: string[];
  quests?: string[];
  items?: string[];
  markerDefinitions?: string[];
  traders?: string[];
  hideoutModules?: string[];
  mixProducts?: string[];
  mixIngredients?: string[];
  mixEffects?: string[];
  mixRecipes?: string[];
  customers?: string[];
};
export type TCategory = Stored<'category'> & { maps?: string[] };
export type TMap = Stored<'map'> & { levels?: string[] };
export type TMapLevel = Stored<'maplevel'>;
export type TQuest = Stored<'quest'>;
export type TItem = Stored<'item'>;
export type THideoutModule = Stored<'hideoutmodule'>;
export type TQuestion = Stored<'question'>;
export type TTrader = Stored<'trader'>;
export type TMarkerDefinition = Stored<'markerdefinition'>;
export type TPlacedMarker = Stored<'placedmarker'>;
export type TTheme = Stored<'theme'>;
export type TMixEffect = Stored<'mixeffect'>;
export type TMixIngredient = Stored<'mixingredient'>;
export type TMixProduct = Stored<'mixproduct'>;
export type TMixRecipe = Stored<'mixrecipe'>;
export type TCustomer = Stored<'customer'>;
export type TSuggestion = Stored<'suggestion'>;
export type TImportedModel = Stored<'importedcrudmodel'>;

/** The answer of every list endpoint. */
export interface Paged<T> {
  count: number;
  data: T[];
  limit: number;
  skip: number;
}
