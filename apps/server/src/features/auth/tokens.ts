import { randomUUID } from 'node:crypto';
import { type TTokenPayload, zTokenPayload } from '@waypoint/shared';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/database.ts';
import {
  deleteExpiredSessions,
  insertSession,
  openSession,
  revokeSession,
  revokeSessionsOf,
} from './sessions.repository.ts';

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
      await deleteExpiredSessions(k, now.toISOString(), everyone ? undefined : user.id);
      await insertSession(k, {
        id: sid,
        userId: user.id,
        createdAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
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

    revoke: (sessionId) => revokeSession(k, sessionId, new Date().toISOString()),

    revokeAll: (userId, options = {}) =>
      revokeSessionsOf(k, userId, new Date().toISOString(), options.except),
  };
}
