import { getModel, type ModelKey } from '@waypoint/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect, Executor } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { listRecords } from '../models/models.repository.ts';

// biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

/** Every record of one of the game's content models, in the model's order. */
export async function gameRecords(db: Executor, key: ModelKey, gameId: string): Promise<ModelRecord[]> {
  const { data } = await listRecords(db, getModel(key), { filter: { gameId }, limit: 100_000, skip: 0 });
  return data;
}

/** Placed markers on the game's enabled maps whose name is one of `names`. */
export async function markersNamed(db: Executor, gameId: string, names: string[]) {
  if (names.length === 0) return [];
  return (await dyn(db)
    .selectFrom('placedmarker')
    .innerJoin('map', 'map._id', 'placedmarker.mapId')
    .select(['placedmarker._id as markerId', 'placedmarker.mapId as mapId', 'placedmarker.name as name'])
    .where('map.gameId', '=', gameId)
    .where('map.enabled', '=', 1)
    .where('placedmarker.name', 'in', names)
    .orderBy('map.weight', 'desc')
    .orderBy('placedmarker._id', 'asc')
    .execute()) as { markerId: string; mapId: string; name: string }[];
}

export async function gameExists(db: Executor, gameId: string): Promise<boolean> {
  const row = await dyn(db).selectFrom('game').select('_id').where('_id', '=', gameId).executeTakeFirst();
  return row !== undefined;
}

export async function savedRecipes(db: Executor, userId: string, gameId: string) {
  return db
    .selectFrom('user_recipe')
    .select(['id', 'name', 'productId', 'ingredients', 'createdAt'])
    .where('userId', '=', userId)
    .where('gameId', '=', gameId)
    .orderBy('id', 'desc')
    .execute();
}

export async function countSavedRecipes(db: Executor, userId: string, gameId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recipe')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('gameId', '=', gameId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertSavedRecipe(
  db: Executor,
  row: {
    userId: string;
    gameId: string;
    name: string;
    productId: string;
    ingredients: string;
    createdAt: string;
  },
): Promise<number> {
  const inserted = await db.insertInto('user_recipe').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function deleteSavedRecipe(db: Executor, userId: string, gameId: string, id: number) {
  const result = await db
    .deleteFrom('user_recipe')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('gameId', '=', gameId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Makes the saves of one player take turns until the transaction ends (PostgreSQL locks the user's
 * row; SQLite runs one write transaction at a time anyway).
 */
export async function lockUserRecipes(trx: Executor, dialect: Dialect, userId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select id from "user" where id = ${userId} for update`.execute(trx);
}
