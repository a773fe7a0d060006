import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Map processing jobs shared by every server process on one database: the process that claims a
 * map's job records itself and the time of its claim (renewed while it runs), so each job runs
 * once, and a job whose claim is older than the lease (its process died) is taken over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('map').addColumn('claimedBy', 'text').execute();
  await db.schema.alterTable('map').addColumn('claimedAt', 'text').execute();
  await db.schema.createIndex('map_imageProcessStatus_idx').on('map').column('imageProcessStatus').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('map_imageProcessStatus_idx').execute();
  await db.schema.alterTable('map').dropColumn('claimedAt').execute();
  await db.schema.alterTable('map').dropColumn('claimedBy').execute();
}
