import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * When a player last took the tick off a marker, so that ticks are ordered by the player's own time:
 * a tick replayed late from another device (offline queue) does not undo a newer choice. A completed
 * marker's time is its `completedAt`; this table holds the time of the other state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_marker_untick')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('markerId', 'text', (c) => c.notNull())
    .addColumn('mapId', 'text', (c) => c.notNull())
    .addColumn('uncompletedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_marker_untick_pk', ['userId', 'markerId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_marker_untick').execute();
}
