import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Personal API tokens and what the TarkovTracker-compatible API keeps beside a player's progress.
 *
 * - `api_token`: a player's named tokens. Only the SHA-256 hash of the secret is stored (unique, the
 *   look-up key), with its last four characters to tell tokens apart; `gameId` '' is every game;
 *   `scopes` a comma list of GP, TP, WP. Revoked tokens keep their row (`revokedAt`).
 * - `user_game_setting`: a player's game edition and faction per game (the level stays in
 *   `user_game_level`).
 * - `user_quest_failed`: quests a player failed (TarkovTracker's "failed" state), one row each.
 * - `user_task_objective`: objective progress sent by companion apps under the source's objective
 *   ids (tarkov.dev's), with a count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_token')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('lastUsedAt', 'text')
    .addColumn('revokedAt', 'text')
    .execute();
  await db.schema.createIndex('api_token_user').on('api_token').columns(['userId', 'revokedAt']).execute();
  await db.schema
    .createTable('user_game_setting')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('gameEdition', 'integer', (c) => c.notNull())
    .addColumn('pmcFaction', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_game_setting_pk', ['userId', 'gameId'])
    .execute();
  await db.schema
    .createTable('user_quest_failed')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('questId', 'text', (c) => c.notNull())
    .addColumn('failedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_quest_failed_pk', ['userId', 'gameId', 'questId'])
    .execute();
  await db.schema
    .createTable('user_task_objective')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('objectiveId', 'text', (c) => c.notNull())
    .addColumn('complete', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_task_objective_pk', ['userId', 'gameId', 'objectiveId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_task_objective', 'user_quest_failed', 'user_game_setting', 'api_token'])
    await db.schema.dropTable(table).execute();
}
