import { mixingMessages, serverMessages } from '@waypoint/shared';
import {
  MAX_SAVED_RECIPES,
  type MixingContent,
  type TSavedRecipe,
  type TSavedRecipeInput,
  type TSavedRecipes,
} from '@waypoint/shared/schedule-one/api';
import { type Db, inTransaction } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  countSavedRecipes,
  deleteSavedRecipe,
  gameExists,
  gameRecords,
  insertSavedRecipe,
  lockUserRecipes,
  markersNamed,
  savedRecipes,
} from './mixing.repository.ts';

/** Everything the Schedule I tools need for one game: the mixing data, customers, known recipes. */
export async function mixingContent(db: Db, gameId: string): Promise<MixingContent> {
  if (!(await gameExists(db.kysely, gameId))) throw notFound(serverMessages.notFound('Game', gameId));
  const [effects, ingredients, products, customers, recipes] = await Promise.all([
    gameRecords(db.kysely, 'mixeffect', gameId),
    gameRecords(db.kysely, 'mixingredient', gameId),
    gameRecords(db.kysely, 'mixproduct', gameId),
    gameRecords(db.kysely, 'customer', gameId),
    gameRecords(db.kysely, 'mixrecipe', gameId),
  ]);
  const names = customers.map((c) => String(c.name));
  const seen = new Set<string>();
  // A customer's first marker (on the heaviest map) is where the customers page sends a player.
  const customerMarkers = (await markersNamed(db.kysely, gameId, names)).filter((m) => {
    if (seen.has(m.name)) return false;
    seen.add(m.name);
    return true;
  });
  return {
    gameId,
    effects,
    ingredients,
    products,
    customers,
    recipes,
    customerMarkers,
  } as unknown as MixingContent;
}

const toSaved = (row: {
  id: number;
  name: string;
  productId: string;
  ingredients: string;
  createdAt: string;
}): TSavedRecipe => ({
  id: Number(row.id),
  name: row.name,
  productId: row.productId,
  ingredients: JSON.parse(row.ingredients) as string[],
  createdAt: row.createdAt,
});

/** "My recipes": the mixes a player keeps per game, private to them. */
export function createSavedRecipes(db: Db) {
  return {
    async list(userId: string, gameId: string): Promise<TSavedRecipes> {
      const rows = await savedRecipes(db.kysely, userId, gameId);
      return { gameId, recipes: rows.map(toSaved) };
    },

    /** Saves a mix; at most MAX_SAVED_RECIPES per player and game (409 beyond). */
    async save(userId: string, gameId: string, input: TSavedRecipeInput): Promise<TSavedRecipe> {
      if (!(await gameExists(db.kysely, gameId))) throw notFound(serverMessages.notFound('Game', gameId));
      return inTransaction(db, async (trx) => {
        // Saves of one player take turns, so that two at once cannot pass the limit together.
        await lockUserRecipes(trx, db.dialect, userId);
        if ((await countSavedRecipes(trx, userId, gameId)) >= MAX_SAVED_RECIPES) {
          throw conflict(mixingMessages.savedRecipesFull(MAX_SAVED_RECIPES));
        }
        const row = {
          userId,
          gameId,
          name: input.name,
          productId: input.productId,
          ingredients: JSON.stringify(input.ingredients),
          createdAt: new Date().toISOString(),
        };
        const id = await insertSavedRecipe(trx, row);
        return toSaved({ ...row, id });
      });
    },

    async remove(userId: string, gameId: string, id: number): Promise<void> {
      if (!(await deleteSavedRecipe(db.kysely, userId, gameId, id))) {
        throw notFound(serverMessages.notFound('Recipe', String(id)));
      }
    },
  };
}
