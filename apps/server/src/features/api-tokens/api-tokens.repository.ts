import type { Dialect, Executor } from '../../db/database.ts';
import type { ApiTokenTable } from '../../db/schema.ts';

export type ApiTokenRow = ApiTokenTable;

const listed = ['id', 'name', 'gameId', 'scopes', 'hint', 'createdAt', 'lastUsedAt'] as const;

/** A user's tokens in force, newest first. */
export async function tokensOf(db: Executor, userId: string) {
  return db
    .selectFrom('api_token')
    .select(listed)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Locks the user's row for a token change (PostgreSQL; SQLite runs one write transaction at a time),
 * so that two creates at once cannot both pass the per-user count. Answers whether the user exists.
 */
export async function lockTokenOwner(db: Executor, dialect: Dialect, userId: string): Promise<boolean> {
  const query = db.selectFrom('user').select('id').where('id', '=', userId);
  return (await (dialect === 'postgres' ? query.forUpdate() : query).execute()).length > 0;
}

export async function countTokensOf(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_token')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertToken(db: Executor, row: ApiTokenRow) {
  await db.insertInto('api_token').values(row).execute();
}

/** Revokes one of the user's tokens; answers whether it was in force. */
export async function revokeToken(db: Executor, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_token')
    .set({ revokedAt: at })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The token in force with this hash, with its owner's name (one indexed read per API request). */
export async function tokenByHash(db: Executor, hash: string) {
  return db
    .selectFrom('api_token')
    .innerJoin('user', 'user.id', 'api_token.userId')
    .select([
      'api_token.id',
      'api_token.userId',
      'api_token.gameId',
      'api_token.scopes',
      'api_token.lastUsedAt',
      'user.username',
    ])
    .where('api_token.hash', '=', hash)
    .where('api_token.revokedAt', 'is', null)
    .executeTakeFirst();
}

/** Stamps a token's last use unless it was stamped since `staleBefore` (one conditional write). */
export async function touchToken(db: Executor, id: string, at: string, staleBefore: string) {
  await db
    .updateTable('api_token')
    .set({ lastUsedAt: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<', staleBefore)]))
    .execute();
}
