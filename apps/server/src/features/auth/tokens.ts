import { randomUUID } from 'node:crypto';
import { type TTokenPayload, zTokenPayload } from '@waypoint/shared';
import { jwtVerify, SignJWT } from 'jose';
import type { Db, Executor } from '../../db/database.ts';
import { reusableQuery } from '../../db/reusable-query.ts';

/**
 * Login tokens backed by sessions. A token (HS256; payload id, username, admin, exp of SPEC §3
 * plus `sid`) names a row of the `session` table, so logout, password changes and recovery can
 * end it before it expires.
 */
export interface TokenService {
  /** Opens a session for the user and answers its token. */
  sign(user: { id: string; username: string; admin: boolean }): Promise<string>;
  /**
   * The logged-in user of a valid token whose session is still open, with the username and admin
   * flag read from the database now (never the token's); null otherwise.
   */
  verify(token: string): Promise<TTokenPayload | null>;
  /** Ends one session. */
  revoke(sessionId: string): Promise<void>;
  /** Ends every open session of a user, except `except` when given. */
  revokeAll(userId: string, options?: { except?: string }): Promise<void>;
}

/** Tokens whose signature was checked, kept per process; beyond, the memory starts over. */
const MAX_CHECKED_TOKENS = 50_000;

/** Expired sessions of all users are deleted at most this often per process. */
const PRUNE_EVERY_MS = 3600_000;

/** One indexed look-up (session primary key) joined to the user's current row; asked on every request. */
const openSession = reusableQuery(
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

export function createTokenService(db: Db, secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const k = db.kysely;
  let lastPrune = 0;
  // A token's claims never change, so its signature is checked once per process; whether its
  // session is still open is asked of the database on every request.
  const checked = new Map<string, TTokenPayload>();

  return {
    async sign(user) {
      const now = new Date();
      const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
      const sid = randomUUID();
      // Expired sessions are no longer needed: this user's at each login, everyone's now and then.
      const everyone = now.getTime() - lastPrune > PRUNE_EVERY_MS;
      if (everyone) lastPrune = now.getTime();
      let prune = k.deleteFrom('session').where('expiresAt', '<', now.toISOString());
      if (!everyone) prune = prune.where('userId', '=', user.id);
      await prune.execute();
      await k
        .insertInto('session')
        .values({
          id: sid,
          userId: user.id,
          createdAt: now.toISOString(),
          expiresAt: expiresAt.toISOString(),
          revokedAt: null,
        })
        .execute();
      return new SignJWT({ id: user.id, username: user.username, admin: user.admin, sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },

    async verify(token) {
      let claims = checked.get(token);
      if (claims && claims.exp * 1000 <= Date.now()) return null;
      if (!claims) {
        try {
          const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
          const parsed = zTokenPayload.safeParse(payload);
          if (!parsed.success) return null;
          claims = parsed.data;
        } catch {
          return null;
        }
        if (checked.size >= MAX_CHECKED_TOKENS) checked.clear();
        checked.set(token, claims);
      }
      const [row] = await openSession(k, claims.sid, claims.id, new Date().toISOString());
      if (!row) return null;
      return {
        id: row.id,
        username: row.username,
        admin: Boolean(row.admin),
        exp: claims.exp,
        sid: claims.sid,
      };
    },

    async revoke(sessionId) {
      await k
        .updateTable('session')
        .set({ revokedAt: new Date().toISOString() })
        .where('id', '=', sessionId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    async revokeAll(userId, options = {}) {
      let query = k
        .updateTable('session')
        .set({ revokedAt: new Date().toISOString() })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null);
      if (options.except) query = query.where('id', '!=', options.except);
      await query.execute();
    },
  };
}
