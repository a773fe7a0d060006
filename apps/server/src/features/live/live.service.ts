import { createHash, randomBytes } from 'node:crypto';
import { live } from '@waypoint/shared/live/events';
import type { Db } from '../../db/database.ts';
import { everyone } from '../../db/session-changes.ts';
import { deleteExpiredTickets, insertTicket, openSessions, takeTicket } from './live.repository.ts';
import type { LiveHub, LiveStream } from './live-hub.ts';

/** Expired tickets are cleared at most this often per process. */
const PRUNE_EVERY_MS = 10 * 60_000;
/** Sessions are checked this many at a time. */
const CHUNK = 500;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Tickets and sessions of the live streams. A signed-in page asks for a ticket with its bearer token
 * (EventSource cannot send headers) and opens the stream with it in the address: one use, within a
 * minute, stored only as a hash. A stream ends when its session does (logout, password change,
 * removed account): on the session changes the cache bus hears, on a logout in this process, and
 * when its session expires.
 */
export function createLiveService(db: Db, hub: LiveHub) {
  const k = db.kysely;
  let lastPrune = 0;

  /** Ends the streams among `streams` whose sessions are no longer open. */
  async function check(streams: LiveStream[]) {
    for (let i = 0; i < streams.length; i += CHUNK) {
      const part = streams.slice(i, i + CHUNK);
      const ids = [...new Set(part.map((s) => s.sessionId as string))];
      const open = new Set((await openSessions(k, ids, new Date().toISOString())).map((s) => s.id));
      hub.endAll(part.filter((s) => !open.has(s.sessionId as string)));
    }
  }

  return {
    async issueTicket(user: { id: string; sid: string }) {
      const now = Date.now();
      if (now - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = now;
        await deleteExpiredTickets(k, new Date(now).toISOString());
      }
      const ticket = randomBytes(32).toString('base64url');
      await insertTicket(k, {
        id: hashOf(ticket),
        sessionId: user.sid,
        userId: user.id,
        expiresAt: new Date(now + live.ticketTtlSeconds * 1000).toISOString(),
      });
      return { ticket, expiresIn: live.ticketTtlSeconds };
    },
    /** The session a ticket opens a stream for (its expiry included), once; undefined: refused. */
    async redeem(ticket: string) {
      const now = new Date().toISOString();
      const taken = await takeTicket(k, hashOf(ticket), now);
      if (!taken) return undefined;
      const [session] = await openSessions(k, [taken.sessionId], now);
      if (!session || session.userId !== taken.userId) return undefined;
      return { userId: session.userId, sessionId: session.id, expiresAt: Date.parse(session.expiresAt) };
    },
    /** A change of `userId`'s sessions or account was heard (or of anyone's): their streams are checked. */
    sessionsChanged(userId: string) {
      return check(userId === everyone ? hub.signedIn() : hub.signedIn(userId));
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
