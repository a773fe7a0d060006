import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * The review page reads open suggestions by type (and parent), and by author: composite indexes so
 * that its counts and its summary of placed-marker suggestions by map stay quick at tens of
 * thousands of suggestions. The history reads the audit log's decisions newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('suggestion_status_type_parent_idx')
    .on('suggestion')
    .columns(['status', 'type', 'parentId'])
    .execute();
  await db.schema
    .createIndex('suggestion_userId_status_idx')
    .on('suggestion')
    .columns(['userId', 'status'])
    .execute();
  await db.schema
    .createIndex('audit_log_model_action_idx')
    .on('audit_log')
    .columns(['model', 'action'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('This migration cannot be reverted');
}
