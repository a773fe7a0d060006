import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Floors of a map (`maplevel`): each with its own picture, tiles and processing status, queued for
 * processing like maps (claimedBy/claimedAt). One level number per map, enforced by the database
 * too, so two admins adding the same floor at once cannot both succeed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('maplevel')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('mapId', 'text', (c) => c.notNull().references('map._id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shortLabel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('isDefault', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tilesPath', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('maxZoom', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imageProcessStatus', 'text', (c) => c.notNull().defaultTo('NONE'))
    .addColumn('imageProcessError', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('imageProcessProgress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imagePath', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('claimedBy', 'text')
    .addColumn('claimedAt', 'text')
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('createdAt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updatedAt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('maplevel_mapId_level_idx')
    .on('maplevel')
    .columns(['mapId', 'level'])
    .unique()
    .execute();
  await db.schema
    .createIndex('maplevel_imageProcessStatus_idx')
    .on('maplevel')
    .column('imageProcessStatus')
    .execute();
  // A floor's marker count, and the check that a floor about to go has none.
  await db.schema
    .createIndex('placedmarker_mapId_level_idx')
    .on('placedmarker')
    .columns(['mapId', 'level'])
    .execute();
}

export async function down(): Promise<void> {
  // Forward only.
}
