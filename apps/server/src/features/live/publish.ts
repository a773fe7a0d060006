import { live, type ProgressChange } from '@waypoint/shared/live/events';
import type { Db, Executor } from '../../db/database.ts';
import { queueLiveMessage } from '../../db/live-outbox.ts';

/**
 * Tells the player's open pages (every device, every server process) that their progress changed.
 * Call it once the write is committed: the progress service does after each of its writes, and any
 * other write path of a player's progress (the companion-app API) does the same.
 */
export function publishProgressChange(db: Pick<Db, 'live'>, userId: string, change: ProgressChange): void {
  const data: ProgressChange =
    change.what === 'markers' && change.markerIds.length > live.maxMarkerIds ? { what: 'all' } : change;
  db.live.publish({ kind: 'progress', data, userIds: [userId] });
}

/** Within the transaction that writes notifications: their recipients' bells hear of them once it commits. */
export function queueNotificationEvents(trx: Executor, counts: Map<string, number>): void {
  for (const [userId, count] of counts)
    queueLiveMessage(trx, { kind: 'notification', data: { count }, userIds: [userId] });
}
