import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Read-only links to sets of a player's pins. A link goes with its owner and its map; a pin it
 * shows leaves it when the pin is deleted. Withdrawing a link deletes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pin_share')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('mapId', 'text', (c) => c.notNull().references('map._id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('showName', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pin_share_userId_mapId_idx')
    .on('pin_share')
    .columns(['userId', 'mapId'])
    .execute();
  await db.schema
    .createTable('pin_share_pin')
    .addColumn('shareId', 'text', (c) => c.notNull().references('pin_share.id').onDelete('cascade'))
    .addColumn('pinId', 'text', (c) => c.notNull().references('user_pin.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pin_share_pin_pk', ['shareId', 'pinId'])
    .execute();
  // Deleting a pin finds the links showing it.
  await db.schema.createIndex('pin_share_pin_pinId_idx').on('pin_share_pin').column('pinId').execute();
}

export async function down(): Promise<void> {
  // Forward only.
}
