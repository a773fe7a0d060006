import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Outgoing webhooks per game, and their deliveries: a durable queue written in the same transaction
 * as the change that caused the event. A delivery is `pending` until its endpoint answers 2xx
 * (`delivered`) or its attempts run out (`failed`); a process working on one holds a claim
 * (`claimedBy`, `claimedAt`) that another process takes over once it is older than the lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_gameId_idx').on('webhook').column('gameId').execute();
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('webhookId', 'text', (c) => c.notNull().references('webhook.id').onDelete('cascade'))
    .addColumn('gameId', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
    .addColumn('claimedBy', 'text')
    .addColumn('claimedAt', 'text')
    .addColumn('lastAttemptAt', 'text')
    .addColumn('lastStatus', 'integer')
    .addColumn('lastError', 'text', (c) => c.notNull())
    .addColumn('deliveredAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_delivery_due_idx')
    .on('webhook_delivery')
    .columns(['state', 'nextAttemptAt'])
    .execute();
  await db.schema
    .createIndex('webhook_delivery_webhook_idx')
    .on('webhook_delivery')
    .columns(['webhookId', 'createdAt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').execute();
  await db.schema.dropTable('webhook').execute();
}
