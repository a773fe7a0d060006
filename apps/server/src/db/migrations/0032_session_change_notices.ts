import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/**
 * PostgreSQL: every change of a session row (ended) or of a user row (renamed, admin rights changed,
 * removed) is announced on the channel `waypoint_session` (`waypoint_session_<schema>` outside
 * `public`) with the user's id, when its transaction commits, whichever code or process wrote it:
 * each server process drops the sessions of that user it keeps in memory. SQLite (one process)
 * keeps none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // One function per table: a record's fields are resolved when the function is planned.
  for (const [name, userId] of [
    ['session_changed', sql`old."userId"`],
    ['user_changed', sql`old.id`],
  ] as const)
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$
      begin
        perform pg_notify(
          case when tg_table_schema = 'public' then 'waypoint_session'
            else 'waypoint_session_' || tg_table_schema end,
          ${userId});
        return null;
      end $$`.execute(db);
  await sql`create trigger session_changed after update or delete on ${sql.table('session')}
    for each row execute function session_changed()`.execute(db);
  await sql`create trigger user_changed after update or delete on ${sql.table('user')}
    for each row execute function user_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger session_changed on ${sql.table('session')}`.execute(db);
  await sql`drop trigger user_changed on ${sql.table('user')}`.execute(db);
  await sql`drop function session_changed()`.execute(db);
  await sql`drop function user_changed()`.execute(db);
}
