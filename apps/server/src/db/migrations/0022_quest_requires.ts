import { type Kysely, sql } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * A quest may require several earlier quests (the registry's `requires` of `quest`, a JSON list of
 * ids whose first is `previous`): existing quests require their previous quest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('quest')
    .addColumn('requires', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // Quest ids are of the registry's id alphabet (letters, digits, _ . -): no JSON escaping needed.
  await sql`update quest set requires = '["' || previous || '"]' where previous <> ''`.execute(db);
}

export async function down(): Promise<void> {
  // Forward only.
}
