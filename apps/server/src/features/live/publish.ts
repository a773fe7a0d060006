import { live, type ProgressChange, type TeamChange } from '@waypoint/shared/live/events';
import type { Db, Executor } from '../../db/database.ts';
import { queueLiveMessage } from '../../db/live-outbox.ts';
import { teammatesSeeing } from './live.repository.ts';

/**
 * Tells the player's open pages (every device, every server process) that their progress changed.
 * Call it once the write is committed: the progress service does after each of its writes, and any
 * other write path of a player's progress (the companion-app API) does the same.
 */
export function publishProgressChange(
  db: Pick<Db, 'live' | 'kysely'>,
  userId: string,
  change: ProgressChange,
): void {
  const data: ProgressChange =
    change.what === 'markers' && change.markerIds.length > live.maxMarkerIds ? { what: 'all' } : change;
  db.live.publish({ kind: 'progress', data, userIds: [userId] });
  // Teammates see quests and items (not completed markers): one indexed read per write, none
  // for a marker tick, and nothing sent when the player is in no team or shares nothing.
  if (change.what === 'markers') return;
  const gameId = change.gameId;
  void teammatesSeeing(db.kysely, userId, gameId).then(
    (rows) => {
      const byGame = new Map<string, string[]>();
      for (const row of rows) byGame.set(row.gameId, [...(byGame.get(row.gameId) ?? []), row.userId]);
      for (const [game, userIds] of byGame)
        publishTeamChange(db, userIds, { what: 'progress', gameId: game, userId });
    },
    // A missed teammate event is repaired by their next reload; the write itself succeeded.
    () => undefined,
  );
}

/** Tells the named members' open pages that their team changed (after the write is committed). */
export function publishTeamChange(db: Pick<Db, 'live'>, userIds: string[], change: TeamChange): void {
  if (userIds.length > 0) db.live.publish({ kind: 'team', data: change, userIds });
}

/** Within the transaction that writes notifications: their recipients' bells hear of them once it commits. */
export function queueNotificationEvents(trx: Executor, counts: Map<string, number>): void {
  for (const [userId, count] of counts)
    queueLiveMessage(trx, { kind: 'notification', data: { count }, userIds: [userId] });
}
