import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * What a content import (a DataMaps page, a GeoJSON file) last brought into each record it wrote,
 * and from which source: a later import of the same source finds the records gone from it, and the
 * records edited here since (their stored fields differ from what was brought).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('import_state')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('recordId', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('mapId', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('acceptedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_state_pk', ['model', 'recordId'])
    .execute();
  await db.schema
    .createIndex('import_state_source')
    .on('import_state')
    .columns(['source', 'mapId', 'model'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_state').execute();
}
