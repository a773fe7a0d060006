import { randomUUID } from 'node:crypto';
import type { Db, Executor } from '../../db/database.ts';
import type { UserTable } from '../../db/schema.ts';
import { gameProgressTables } from '../progress/progress.repository.ts';

export type UserRow = UserTable;

/** What username uniqueness compares: NFKC-normalized and lower-cased, the same on both engines. */
export const usernameKey = (username: string) => username.trim().normalize('NFKC').toLowerCase();

/** E-mail addresses are stored and compared lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const findUserByEmail = (db: Executor, email: string) =>
  db.selectFrom('user').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();

export const findUserByUsername = (db: Executor, username: string) =>
  db.selectFrom('user').selectAll().where('usernameKey', '=', usernameKey(username)).executeTakeFirst();

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
    username: user.username.normalize('NFKC'),
    usernameKey: usernameKey(user.username),
    email: normalizeEmail(user.email),
  };
  await db.insertInto('user').values(row).execute();
  return row;
}

export async function updateUser(db: Executor, id: string, changes: Partial<UserRow>) {
  await db.updateTable('user').set(changes).where('id', '=', id).execute();
}

/** The user an unused, unexpired link secret belongs to (to check a new password against their name). */
export async function findUserByLink(db: Executor, kind: 'confirm' | 'recovery', storedHash: string) {
  const [hashColumn, expiresColumn] =
    kind === 'confirm'
      ? (['confirmHash', 'confirmExpires'] as const)
      : (['recoveryHash', 'recoveryExpires'] as const);
  return db
    .selectFrom('user')
    .select(['id', 'username', 'email'])
    .where(hashColumn, '=', storedHash)
    .where(expiresColumn, '>', new Date().toISOString())
    .executeTakeFirst();
}

/**
 * Uses up a link secret in one conditional update: only the first of any number of parallel
 * uses finds the stored hash unexpired and changes the row; it answers the user id, the others
 * undefined.
 */
export async function consumeLink(
  db: Executor,
  kind: 'confirm' | 'recovery',
  storedHash: string,
  changes: Partial<UserRow>,
): Promise<string | undefined> {
  const [hashColumn, expiresColumn] =
    kind === 'confirm'
      ? (['confirmHash', 'confirmExpires'] as const)
      : (['recoveryHash', 'recoveryExpires'] as const);
  const row = await db
    .updateTable('user')
    .set({ ...changes, [hashColumn]: null, [expiresColumn]: null })
    .where(hashColumn, '=', storedHash)
    .where(expiresColumn, '>', new Date().toISOString())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Removes a user's progress for one game: quests, ticked objectives, level, items to keep, hideout
 * levels and completed markers.
 */
export async function deleteGameProgress(db: Db, userId: string, gameId: string) {
  await db.kysely.transaction().execute(async (trx) => {
    for (const table of gameProgressTables) {
      await trx.deleteFrom(table).where('userId', '=', userId).where('gameId', '=', gameId).execute();
    }
    for (const table of ['user_completed_marker', 'user_marker_untick'] as const) {
      await trx
        .deleteFrom(table)
        .where('userId', '=', userId)
        .where('mapId', 'in', (eb) =>
          // biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
          (eb as any).selectFrom('map').select('_id').where('gameId', '=', gameId),
        )
        .execute();
    }
  });
}
