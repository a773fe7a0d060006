import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * A player's own pins on a map and notes on placed markers: private, per user. Pins are read per
 * user and map (the map page, the cap on pins per map); both go with their user, pins with their map.
 * A note keeps its marker's id without a foreign key: a marker re-imported under the same id finds
 * its notes again, and deleting many markers does not look through every player's notes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_pin')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('mapId', 'text', (c) => c.notNull().references('map._id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('x', 'double precision', (c) => c.notNull())
    .addColumn('y', 'double precision', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_pin_userId_mapId_idx')
    .on('user_pin')
    .columns(['userId', 'mapId'])
    .execute();
  await db.schema
    .createTable('user_marker_note')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('markerId', 'text', (c) => c.notNull())
    .addColumn('mapId', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_marker_note_pk', ['userId', 'markerId'])
    .execute();
  await db.schema
    .createIndex('user_marker_note_userId_mapId_idx')
    .on('user_marker_note')
    .columns(['userId', 'mapId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_marker_note').execute();
  await db.schema.dropTable('user_pin').execute();
}
