import { type Kysely, sql } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * Comments are plain text, stored as written. Earlier ones were stored with `&`, `<` and `>` escaped
 * as HTML: they are turned back into the text their authors wrote (`&amp;` last, so that an escaped
 * `&lt;` becomes the `&lt;` that was typed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update suggestion_comment
    set comment = replace(replace(replace(comment, '&lt;', '<'), '&gt;', '>'), '&amp;', '&')
    where comment like '%&%'`.execute(db);
}

export async function down(): Promise<void> {
  // Escaping again would change comments written since; plain text is also safe where HTML was.
}
