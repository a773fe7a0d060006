import { z } from 'zod';
import { zId } from '../models/fields.ts';
import type { TCustomer, TMixEffect, TMixIngredient, TMixProduct, TMixRecipe } from '../models/types.ts';

/** Most mixes a player keeps in "My recipes" per game. */
export const MAX_SAVED_RECIPES = 500;

/** A mix a player saves to "My recipes": a name, the product and the ingredient ids in order. */
export const zSavedRecipeInput = z.object({
  name: z.string().trim().min(1, 'Required').max(100),
  productId: zId,
  ingredients: z.array(zId).max(64),
});
export type TSavedRecipeInput = z.infer<typeof zSavedRecipeInput>;

export interface TSavedRecipe extends TSavedRecipeInput {
  id: number;
  createdAt: string;
}

/** The player's saved mixes for one game. */
export interface TSavedRecipes {
  gameId: string;
  recipes: TSavedRecipe[];
}

/** Where a customer stands on one of the game's maps (a placed marker named after them). */
export interface CustomerMarker {
  name: string;
  mapId: string;
  markerId: string;
}

/** `GET /api/mixing/{gameId}`: everything the Schedule I tools need, in one cached answer. */
export interface MixingContent {
  gameId: string;
  effects: TMixEffect[];
  ingredients: TMixIngredient[];
  products: TMixProduct[];
  customers: TCustomer[];
  recipes: TMixRecipe[];
  customerMarkers: CustomerMarker[];
}
