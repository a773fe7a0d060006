import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Ticked quest objectives: one row per player, game, quest and objective (its index in the quest's
 * list), so that ticking two objectives at once are two independent single-row writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_quest_objective')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('questId', 'text', (c) => c.notNull())
    .addColumn('objective', 'integer', (c) => c.notNull())
    .addColumn('tickedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_quest_objective_pk', ['userId', 'gameId', 'questId', 'objective'])
    .execute();
}

export async function down(): Promise<void> {
  // Forward only.
}
