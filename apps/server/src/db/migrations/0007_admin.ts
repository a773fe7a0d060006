import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * The admin panel: a map-processing job reports its progress (0-100) beside its status; a staged
 * import names the record it would write (`recordId`), looked up per model when imports are
 * reviewed; and admin lists of a map's placed markers page in id order (their default) or by name without
 * sorting the whole map.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('map')
    .addColumn('imageProcessProgress', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('importedcrudmodel')
    .addColumn('recordId', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('importedcrudmodel_type_recordId_idx')
    .on('importedcrudmodel')
    .columns(['type', 'recordId'])
    .execute();
  await db.schema
    .createIndex('placedmarker_mapId__id_idx')
    .on('placedmarker')
    .columns(['mapId', '_id'])
    .execute();
  await db.schema
    .createIndex('placedmarker_mapId_name_idx')
    .on('placedmarker')
    .columns(['mapId', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('placedmarker_mapId_name_idx').execute();
  await db.schema.dropIndex('placedmarker_mapId__id_idx').execute();
  await db.schema.dropIndex('importedcrudmodel_type_recordId_idx').execute();
  await db.schema.alterTable('importedcrudmodel').dropColumn('recordId').execute();
  await db.schema.alterTable('map').dropColumn('imageProcessProgress').execute();
}
