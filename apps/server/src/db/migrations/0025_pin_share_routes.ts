import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/** A shared link may show a route (its points in map pixels, as JSON) besides, or instead of, pins. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pin_share').addColumn('route', 'text').execute();
}

export async function down(): Promise<void> {
  // Forward only.
}
