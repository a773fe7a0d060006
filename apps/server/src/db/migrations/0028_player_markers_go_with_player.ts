import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen once landed: later changes go into new migration files.

/** A player's found markers and untick times: written by the thousand in one mark-all. */
const tables = ['user_completed_marker', 'user_marker_untick'] as const;
const timeColumn = { user_completed_marker: 'completedAt', user_marker_untick: 'uncompletedAt' } as const;

/**
 * A player's found markers and untick times go with the player through a trigger on the user table
 * instead of a foreign key: the key checked the player's row once per row written, a fifth of a
 * mark-all of 20,000 markers, while every write of these rows already holds a lock on that row
 * (and refuses a player that is gone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of tables) {
      const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
        where conrelid = ${table}::regclass and contype = 'f'`.execute(db);
      for (const { name } of rows)
        await sql`alter table ${sql.table(table)} drop constraint ${sql.id(name)}`.execute(db);
    }
    await sql`create function user_markers_gone() returns trigger language plpgsql as $$
      begin
        delete from user_completed_marker where "userId" = old.id;
        delete from user_marker_untick where "userId" = old.id;
        return old;
      end $$`.execute(db);
    await sql`create trigger user_markers_gone after delete on ${sql.table('user')}
      for each row execute function user_markers_gone()`.execute(db);
    return;
  }
  // SQLite keeps a foreign key for the table's life: each table is written anew without it.
  for (const table of tables) await rebuild(db, table, false);
  await sql`create trigger user_markers_gone after delete on ${sql.table('user')} for each row begin
      delete from user_completed_marker where "userId" = old.id;
      delete from user_marker_untick where "userId" = old.id;
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger user_markers_gone on ${sql.table('user')}`.execute(db);
    await sql`drop function user_markers_gone()`.execute(db);
    for (const table of tables)
      await sql`alter table ${sql.table(table)} add foreign key ("userId")
        references ${sql.table('user')} (id) on delete cascade`.execute(db);
    return;
  }
  await sql`drop trigger user_markers_gone`.execute(db);
  for (const table of tables) await rebuild(db, table, true);
}

/** SQLite: `table` written anew with the same rows, its `userId` a foreign key or not. */
async function rebuild(db: Kysely<unknown>, table: (typeof tables)[number], foreignKey: boolean) {
  const next = `${table}_next`;
  await db.schema
    .createTable(next)
    .addColumn('userId', 'text', (c) =>
      foreignKey ? c.notNull().references('user.id').onDelete('cascade') : c.notNull(),
    )
    .addColumn('markerId', 'text', (c) => c.notNull())
    .addColumn('mapId', 'text', (c) => c.notNull())
    .addColumn(timeColumn[table], 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ['userId', 'markerId'])
    .execute();
  await sql`insert into ${sql.table(next)} select "userId", "markerId", "mapId", ${sql.ref(timeColumn[table])}
    from ${sql.table(table)}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
}
