import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Hideout progress: per player, game and hideout module, the level built. One row per module, so a
 * change is one single-row upsert; a module at level 0 has no row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_hideout_level')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('moduleId', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_hideout_level_pk', ['userId', 'gameId', 'moduleId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_hideout_level').execute();
}
