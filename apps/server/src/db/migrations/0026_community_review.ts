import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Community review: a game's threshold of net votes (up minus down) at which its moderators hear of
 * a suggestion (0: never), the number a 'votes' notification names, and the suggestions that have
 * reached their game's threshold (each is announced once, whatever its votes do later).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('game')
    .addColumn('voteThreshold', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('notification')
    .addColumn('votes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('suggestion_vote_alert')
    .addColumn('suggestionId', 'text', (c) => c.primaryKey().references('suggestion._id').onDelete('cascade'))
    .addColumn('votes', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  // Forward only.
}
