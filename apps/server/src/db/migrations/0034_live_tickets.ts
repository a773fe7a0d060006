import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * One-use tickets that open a page's live stream (EventSource cannot send the bearer header): a
 * ticket's hash, the session it was asked with, when it expires. Taken (deleted) when the stream
 * opens, so a ticket works once across every server process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_ticket')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sessionId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_ticket_expires').on('live_ticket').column('expiresAt').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_ticket').execute();
}
