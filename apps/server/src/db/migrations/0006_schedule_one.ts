import { type ColumnDataType, type Kysely, PostgresAdapter } from 'kysely';

// Frozen once landed: later changes go into new migration files.

type Col = [name: string, type: 'text' | 'integer' | 'real' | 'json' | 'bool', dflt: unknown];

/** A content table of a game: `_id`, `gameId` (deleted with its game), the columns, images, timestamps. */
async function gameContentTable(db: Kysely<unknown>, name: string, columns: Col[]) {
  const real: ColumnDataType = 'double precision';
  let table = db.schema
    .createTable(name)
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('gameId', 'text', (c) => c.notNull().references('game._id').onDelete('cascade'));
  for (const [column, type, dflt] of [
    ...columns,
    ['images', 'json', '{}'],
    ['createdAt', 'text', ''],
    ['updatedAt', 'text', ''],
  ] as Col[]) {
    const dataType: ColumnDataType =
      type === 'real' ? real : type === 'integer' || type === 'bool' ? 'integer' : 'text';
    table = table.addColumn(column, dataType, (c) => c.notNull().defaultTo(dflt));
  }
  await table.execute();
  await db.schema.createIndex(`${name}_gameId_idx`).on(name).column('gameId').execute();
}

/**
 * Schedule I's game data as content (products, ingredients with their replacement rules, effects,
 * customers and known recipes) and the players' own saved mixes ("My recipes").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await gameContentTable(db, 'mixeffect', [
    ['name', 'text', ''],
    ['aliases', 'json', '[]'],
    ['order', 'integer', 0],
    ['tier', 'integer', 1],
    ['multiplier', 'real', 0],
    ['valueChange', 'real', 0],
    ['valueMultiplier', 'real', 1],
    ['addictiveness', 'real', 0],
    ['labelColor', 'text', ''],
    ['productColor', 'text', ''],
    ['mixDirection', 'json', '[0,0]'],
    ['mixMagnitude', 'real', 0],
    ['mapPosition', 'json', '[0,0]'],
    ['mapRadius', 'real', 0.4],
    ['obtainable', 'bool', 1],
  ]);
  await gameContentTable(db, 'mixingredient', [
    ['name', 'text', ''],
    ['price', 'real', 0],
    ['baseEffect', 'text', ''],
    ['unlockRank', 'text', ''],
    ['rankRequiredToBuy', 'bool', 0],
    ['rules', 'json', '[]'],
  ]);
  await gameContentTable(db, 'mixproduct', [
    ['name', 'text', ''],
    ['type', 'text', ''],
    ['drugType', 'text', ''],
    ['basePrice', 'real', 0],
    ['baseEffects', 'json', '[]'],
    ['baseAddictiveness', 'real', 0],
    ['unlockRank', 'text', ''],
    ['mixingVerified', 'bool', 1],
    ['weight', 'real', 0],
  ]);
  await gameContentTable(db, 'customer', [
    ['name', 'text', ''],
    ['region', 'text', ''],
    ['standards', 'text', ''],
    ['expectedQuality', 'text', ''],
    ['favouriteEffects', 'json', '[]'],
    ['weeklySpend', 'json', '{"min":0,"max":0}'],
    ['ordersPerWeek', 'json', '{"min":0,"max":0}'],
    ['preferredOrderDay', 'text', ''],
    ['orderTime', 'text', ''],
    ['productAffinity', 'json', '{}'],
    ['connections', 'json', '[]'],
    ['baseAddiction', 'real', 0],
    ['callPoliceChance', 'real', 0],
    ['canBeDirectlyApproached', 'bool', 1],
    ['mutualRelationRequirement', 'json', '{"min":0,"max":0}'],
  ]);
  await gameContentTable(db, 'mixrecipe', [
    ['name', 'text', ''],
    ['productId', 'text', ''],
    ['ingredients', 'json', '[]'],
    ['authorName', 'text', ''],
    ['description', 'text', ''],
    ['weight', 'real', 0],
  ]);

  // A player's saved mixes, per game: private until published as a recipe suggestion.
  let saved = db.schema.createTable('user_recipe');
  saved = isPostgres
    ? saved.addColumn('id', 'serial', (c) => c.primaryKey())
    : saved.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await saved
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull().references('game._id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('productId', 'text', (c) => c.notNull())
    .addColumn('ingredients', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_recipe_user_game_idx')
    .on('user_recipe')
    .columns(['userId', 'gameId'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('This migration cannot be reverted');
}
