import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import type { UserTable } from '../../db/schema.ts';

export type UserRow = UserTable;

/** Looks a user up by e-mail or username, ignoring case (both are unique regardless of case). */
function findUserCaseless(db: Executor, column: 'email' | 'username', value: string) {
  return db
    .selectFrom('user')
    .selectAll()
    .where(sql`lower(${sql.ref(column)})`, '=', value.toLowerCase())
    .executeTakeFirst();
}

export const findUserByEmail = (db: Executor, email: string) => findUserCaseless(db, 'email', email);
export const findUserByUsername = (db: Executor, username: string) =>
  findUserCaseless(db, 'username', username);

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Executor,
  user: Pick<UserRow, 'username' | 'email' | 'passwordHash'> & Partial<UserRow>,
): Promise<UserRow> {
  const row: UserRow = {
    id: user.id ?? randomUUID(),
    admin: 0,
    confirmed: 0,
    confirmHash: null,
    confirmExpires: null,
    recoveryHash: null,
    recoveryExpires: null,
    createdAt: new Date().toISOString(),
    ...user,
    email: user.email.toLowerCase(),
  };
  await db.insertInto('user').values(row).execute();
  return row;
}

export async function updateUser(db: Executor, id: string, changes: Partial<UserRow>) {
  await db.updateTable('user').set(changes).where('id', '=', id).execute();
}

/** Removes a user's progress for one game: quests, level, items to keep and completed markers. */
export async function deleteGameProgress(db: Db, userId: string, gameId: string) {
  await db.kysely.transaction().execute(async (trx) => {
    for (const table of ['user_quest_completion', 'user_game_level', 'user_item_owned'] as const) {
      await trx.deleteFrom(table).where('userId', '=', userId).where('gameId', '=', gameId).execute();
    }
    await trx
      .deleteFrom('user_completed_marker')
      .where('userId', '=', userId)
      .where('mapId', 'in', (eb) =>
        // biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
        (eb as any).selectFrom('map').select('_id').where('gameId', '=', gameId),
      )
      .execute();
  });
}
