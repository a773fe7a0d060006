import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * A notification names what it is about and why: `subject` is the suggestion's name when it was
 * written (the suggestion may change or go later), `reason` what the reviewer told its author with
 * a decision (optional, empty when none was given).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notification')
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('notification')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification').dropColumn('reason').execute();
  await db.schema.alterTable('notification').dropColumn('subject').execute();
}
