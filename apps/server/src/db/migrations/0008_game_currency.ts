import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/** A game names its currency (a symbol like '$' or a word like 'gold'): prices show with it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('game')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(): Promise<void> {
  // Forward only.
}
