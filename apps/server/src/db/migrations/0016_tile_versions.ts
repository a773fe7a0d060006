import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Tile pyramid versions in storage that are to be deleted after `deleteAfter`: a version replaced
 * by a newer one (kept for a grace period for pages and caches that still show it), or a version
 * being written (removed if its run dies before the map's row points to it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tile_version')
    .addColumn('tilesPath', 'text', (c) => c.primaryKey())
    .addColumn('deleteAfter', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tile_version_delete_after').on('tile_version').column('deleteAfter').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tile_version').execute();
}
