import type { Executor } from '../../db/database.ts';
import { queueNotifications } from '../notifications/notification-events.ts';
import { type GameEvent, queueWebhookEvents } from '../webhooks/webhook-events.ts';

/**
 * The one source of a game's community events (a new suggestion, a decision or revert, a comment):
 * called by the use case in the transaction of the change, it queues the game's webhook deliveries and
 * the notifications of the people concerned, so both commit or roll back with the change.
 */
export async function publishGameEvents(trx: Executor, events: GameEvent[]): Promise<void> {
  if (events.length === 0) return;
  await queueWebhookEvents(trx, events);
  await queueNotifications(trx, events);
}
