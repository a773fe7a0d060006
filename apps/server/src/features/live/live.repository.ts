import type { Executor } from '../../db/database.ts';

// The live streams' queries: their one-use tickets, and whether their sessions are still open.

/** Stores a ticket's hash for the session it was asked with; expired tickets are cleared now and then. */
export async function insertTicket(
  db: Executor,
  ticket: { id: string; sessionId: string; userId: string; expiresAt: string },
): Promise<void> {
  await db.insertInto('live_ticket').values(ticket).execute();
}

export async function deleteExpiredTickets(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('live_ticket').where('expiresAt', '<=', now).execute();
}

/** Takes a ticket (one statement, so it opens one stream across every process): its session, if good. */
export async function takeTicket(db: Executor, id: string, now: string) {
  const row = await db
    .deleteFrom('live_ticket')
    .where('id', '=', id)
    .returning(['sessionId', 'userId', 'expiresAt'])
    .executeTakeFirst();
  return row && row.expiresAt > now ? row : undefined;
}

/** Of `sessionIds`, those still open (not ended, not expired), with their expiry. */
export async function openSessions(db: Executor, sessionIds: string[], now: string) {
  if (sessionIds.length === 0) return [];
  return db
    .selectFrom('session')
    .select(['id', 'userId', 'expiresAt'])
    .where('id', 'in', sessionIds)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .execute();
}

/** The game of each of `mapIds` (those that exist). */
export async function gamesOfMaps(db: Executor, mapIds: string[]): Promise<Map<string, string>> {
  if (mapIds.length === 0) return new Map();
  const rows = await db.selectFrom('map').select(['_id', 'gameId']).where('_id', 'in', mapIds).execute();
  return new Map(rows.map((r) => [r._id, r.gameId]));
}

/**
 * (Reads the teams feature's table here, so that live does not import teams, which publishes through
 * live.) The teammates who see a player's progress change: the other members of the player's team in the
 * game (of every game when none is named), when the player shares progress there. One indexed read,
 * at most a team's size of rows per game; none when the player is in no team.
 */
export async function teammatesSeeing(db: Executor, userId: string, gameId: string | undefined) {
  let query = db
    .selectFrom('team_member as me')
    .innerJoin('team_member as other', 'other.teamId', 'me.teamId')
    .select(['other.userId', 'other.gameId'])
    .where('me.userId', '=', userId)
    .where('me.shareProgress', '=', 1)
    .where('other.userId', '!=', userId);
  if (gameId !== undefined) query = query.where('me.gameId', '=', gameId);
  return query.execute();
}
