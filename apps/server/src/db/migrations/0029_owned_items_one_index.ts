import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * A player's owned counts are found through their primary key (`userId`, `gameId`, `itemId`,
 * `findOnly`), whose leading columns serve every look-up by player and game: the second index on
 * (`userId`, `gameId`) only cost each item count its upkeep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_item_owned_userId_gameId_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('user_item_owned_userId_gameId_idx')
    .on('user_item_owned')
    .columns(['userId', 'gameId'])
    .execute();
}
