import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * A player's found markers are only ever looked up with the player (the primary key's first column),
 * also when one map's are cleared; the index by map alone only slowed every write, most of all a
 * mark-all of thousands of markers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_completed_marker_mapId_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('user_completed_marker_mapId_idx')
    .on('user_completed_marker')
    .column('mapId')
    .execute();
}
