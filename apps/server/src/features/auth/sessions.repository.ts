import type { Executor } from '../../db/database.ts';
import { reusableQuery } from '../../db/reusable-query.ts';

// The `session` rows behind login tokens: opened at login, ended by logout, asked on every request.

/** One indexed look-up (session primary key) joined to the user's current row; asked on every request. */
export const openSession = reusableQuery(
  (k: Executor, sessionId: string, userId: string, now: string) =>
    k
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['user.id as id', 'user.username as username', 'user.admin as admin'])
      .where('session.id', '=', sessionId)
      .where('session.userId', '=', userId)
      .where('session.revokedAt', 'is', null)
      .where('session.expiresAt', '>', now),
  3,
);

/** Deletes expired sessions: one user's (`userId`), or everyone's. */
export async function deleteExpiredSessions(db: Executor, now: string, userId?: string): Promise<void> {
  let prune = db.deleteFrom('session').where('expiresAt', '<', now);
  if (userId !== undefined) prune = prune.where('userId', '=', userId);
  await prune.execute();
}

export async function insertSession(
  db: Executor,
  session: { id: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('session')
    .values({ ...session, revokedAt: null })
    .execute();
}

/** Ends one open session. */
export async function revokeSession(db: Executor, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('session')
    .set({ revokedAt: now })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every open session of a user, except `except` when given. */
export async function revokeSessionsOf(
  db: Executor,
  userId: string,
  now: string,
  except?: string,
): Promise<void> {
  let query = db
    .updateTable('session')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}
