import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Suggestions remember the element they change (`targetId`) and when it was last changed as they saw
 * it (`baseUpdatedAt`), so that accepting one made against an older state is refused, and the images to fetch into the element when
 * it is accepted (`imageUrls`). Placed markers
 * carry their freshness: when a player last confirmed them and how many open 'gone/moved' reports
 * they have; `marker_report` keeps one report per player and marker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('suggestion')
    .addColumn('targetId', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('suggestion')
    .addColumn('baseUpdatedAt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('suggestion')
    .addColumn('imageUrls', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('placedmarker')
    .addColumn('lastConfirmedAt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('placedmarker')
    .addColumn('reportCount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('marker_report')
    .addColumn('markerId', 'text', (c) => c.notNull().references('placedmarker._id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('marker_report_pk', ['markerId', 'userId'])
    .execute();
  await db.schema.createIndex('suggestion_targetId_idx').on('suggestion').column('targetId').execute();
  await db.schema
    .createIndex('suggestion_comment_suggestionId_idx')
    .on('suggestion_comment')
    .column('suggestionId')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('This migration cannot be reverted');
}
