import type { MixEffect, MixIngredient, MixProduct } from '../domain/mixing.ts';
import customersJson from './customers.json' with { type: 'json' };
import effectsJson from './effects.json' with { type: 'json' };
import ingredientsJson from './ingredients.json' with { type: 'json' };
import productsJson from './products.json' with { type: 'json' };

/**
 * Schedule I's game data (see README.md beside this file for its sources and rules): the seed of the
 * Schedule I content. The server stores it in the database through the model registry; the tools
 * read it from there, so admins can correct it after a game patch.
 */
export const scheduleOneData = {
  effects: effectsJson.effects as (MixEffect & Record<string, unknown>)[],
  ingredients: ingredientsJson.ingredients as (MixIngredient & Record<string, unknown>)[],
  products: productsJson.products as (MixProduct & Record<string, unknown>)[],
  customers: customersJson.customers as Record<string, unknown>[],
};
