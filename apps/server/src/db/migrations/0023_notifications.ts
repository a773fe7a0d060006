import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * What a user hears of in the site (their suggestion decided, commented on or reverted; a new
 * suggestion in a game they moderate), written in the transaction of the change that caused it, and
 * the e-mail digest of each user who asked for one: a durable schedule (`pendingSince`: the oldest notification not mailed yet) that one server
 * process at a time works on under a claim (`claimedBy`, `claimedAt`), taken over once older than the
 * lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('suggestionId', 'text', (c) => c.notNull())
    .addColumn('suggestionType', 'text', (c) => c.notNull())
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('mapId', 'text', (c) => c.notNull())
    .addColumn('targetId', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('readAt', 'text')
    .addColumn('mailedAt', 'text')
    .execute();
  await db.schema
    .createIndex('notification_user_idx')
    .on('notification')
    .columns(['userId', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('notification_unread_idx')
    .on('notification')
    .columns(['userId', 'readAt'])
    .execute();
  await db.schema
    .createTable('notification_digest')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('email', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('pendingSince', 'text')
    .addColumn('lastSentAt', 'text')
    .addColumn('claimedBy', 'text')
    .addColumn('claimedAt', 'text')
    .execute();
  await db.schema
    .createIndex('notification_digest_pending_idx')
    .on('notification_digest')
    .column('pendingSince')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_digest').execute();
  await db.schema.dropTable('notification').execute();
}
