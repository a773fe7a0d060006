import { randomUUID } from 'node:crypto';
import { type TTokenPayload, zTokenPayload } from '@waypoint/shared';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/database.ts';
import { everyone } from '../../db/session-changes.ts';
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
   * flag read from the database (never the token's); null otherwise. With `kept`, on PostgreSQL, the
   * session may come from those this process keeps in memory (see `createTokenService`).
   */
  verify(token: string, options?: { kept?: boolean }): Promise<TTokenPayload | null>;
  /** Ends one session. */
  revoke(sessionId: string): Promise<void>;
  /** Ends every open session of a user, except `except` when given. */
  revokeAll(userId: string, options?: { except?: string }): Promise<void>;
}

/** Tokens whose signature was checked, kept per process; beyond, the memory starts over. */
const MAX_CHECKED_TOKENS = 50_000;

/** Expired sessions of all users are deleted at most this often per process. */
const PRUNE_EVERY_MS = 3600_000;

/** Open sessions kept per process; beyond, the memory starts over. */
const MAX_KEPT_SESSIONS = 50_000;

interface KeptSession {
  userId: string;
  user: { id: string; username: string; admin: boolean };
}

export function createTokenService(db: Db, secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const k = db.kysely;
  let lastPrune = 0;
  // A token's claims never change, so its signature is checked once per process; whether its
  // session is still open is asked of the database on every request, except where the caller lets
  // a kept session answer (a player's own progress, the hottest requests). Sessions are kept only
  // while this process hears PostgreSQL announce every change of a session or user row (a trigger,
  // heard through the cache bus): an ended session, a renamed, demoted or removed user is dropped
  // in every process as the change commits. A kept session answers only once this process has
  // heard every change committed before the request (`caughtUp`: one round trip on the listening
  // connection, shared by the requests waiting at the time), so a session ended through any process
  // is refused by every other on the next request.
  const checked = new Map<string, TTokenPayload>();
  const changes = db.sessionChanges;
  const kept = new Map<string, KeptSession>();
  const keptOf = new Map<string, Set<string>>();
  const drop = (userId: string) => {
    if (userId === everyone) {
      kept.clear();
      keptOf.clear();
      return;
    }
    for (const sid of keptOf.get(userId) ?? []) kept.delete(sid);
    keptOf.delete(userId);
  };
  changes.onChange(drop);
  const keep = (sid: string, session: KeptSession) => {
    if (kept.size >= MAX_KEPT_SESSIONS) drop(everyone);
    kept.set(sid, session);
    const sids = keptOf.get(session.userId) ?? new Set<string>();
    sids.add(sid);
    keptOf.set(session.userId, sids);
  };
  const answer = (user: KeptSession['user'], claims: TTokenPayload): TTokenPayload => ({
    ...user,
    exp: claims.exp,
    sid: claims.sid,
  });

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

    async verify(token, options = {}) {
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
      const mayKeep = options.kept === true && changes.listening;
      if (mayKeep) {
        const session = kept.get(claims.sid);
        if (session && session.userId === claims.id && (await changes.caughtUp()))
          if (kept.get(claims.sid) === session) return answer(session.user, claims);
      }
      const mark = changes.heardCount;
      const [row] = await openSession(k, claims.sid, claims.id, new Date().toISOString());
      if (!row) return null;
      const user = { id: row.id, username: row.username, admin: Boolean(row.admin) };
      // A change heard while the row was read may be newer than the row: not kept then.
      if (mayKeep && changes.listening && changes.heardCount === mark)
        keep(claims.sid, { userId: row.id, user });
      return answer(user, claims);
    },

    async revoke(sessionId) {
      await revokeSession(k, sessionId, new Date().toISOString());
      kept.delete(sessionId);
      // PostgreSQL's trigger announces it to every process; otherwise this process's own hear of it
      // here (the open live streams of the session end).
      if (!changes.listening) changes.changed(everyone);
    },

    async revokeAll(userId, options = {}) {
      await revokeSessionsOf(k, userId, new Date().toISOString(), options.except);
      for (const sid of keptOf.get(userId) ?? []) if (sid !== options.except) kept.delete(sid);
      if (!changes.listening) changes.changed(userId);
    },
  };
}
