import { randomUUID } from 'node:crypto';
import { getModel, type WebhookDeliveryEvent } from '@waypoint/shared';
import type { Executor } from '../../db/database.ts';
import type { ContentChange } from '../models/models.service.ts';
import { enabledWebhooksOf, gamesOfMaps, insertDeliveries } from './webhooks.repository.ts';

/** Something a game's webhooks may hear of, with the facts its body carries. */
export interface GameEvent {
  gameId: string;
  event: WebhookDeliveryEvent;
  data: Record<string, unknown>;
}

/** What a delivery keeps of its event until it is sent (its body is made from this then). */
export interface StoredEvent {
  occurredAt: string;
  data: Record<string, unknown>;
}

/**
 * Queues a delivery of each event for every enabled webhook of its game that listens to it, in the
 * caller's transaction: the deliveries commit with the change (none is lost) or roll back with it
 * (none is sent for a change that did not happen). Costs one indexed read when the game has none.
 */
export async function queueWebhookEvents(trx: Executor, events: GameEvent[]): Promise<void> {
  if (events.length === 0) return;
  const games = [...new Set(events.map((e) => e.gameId))];
  const hooks = await enabledWebhooksOf(trx, games);
  if (hooks.length === 0) return;
  const listening = hooks.map((h) => ({ ...h, events: new Set(JSON.parse(h.events) as string[]) }));
  const now = new Date().toISOString();
  const rows = [];
  for (const e of events) {
    const payload = JSON.stringify({ occurredAt: now, data: e.data } satisfies StoredEvent);
    for (const hook of listening) {
      if (hook.gameId !== e.gameId || !hook.events.has(e.event)) continue;
      rows.push({
        id: randomUUID(),
        webhookId: hook.id,
        gameId: e.gameId,
        event: e.event,
        payload,
        state: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        claimedBy: null,
        claimedAt: null,
        lastAttemptAt: null,
        lastStatus: null,
        lastError: '',
        deliveredAt: null,
        createdAt: now,
      });
    }
  }
  await insertDeliveries(trx, rows);
}

/** Ids a content event lists at most (an import may create thousands: `count` says how many). */
const MAX_IDS = 100;

/**
 * The `content.changed` events of a write through the one writer: one per game it touched, with the
 * model, the action, the ids (the first hundred) and who made it. Records of no game (themes) make none.
 */
export async function queueContentChange(trx: Executor, change: ContentChange): Promise<void> {
  const model = getModel(change.model);
  const parentOnMap = model.parent?.model === 'map' ? model.parent.field : undefined;
  const mapGames = parentOnMap
    ? await gamesOfMaps(trx, [...new Set(change.records.map((r) => String(r[parentOnMap])))])
    : undefined;
  const byGame = new Map<string, string[]>();
  for (const record of change.records) {
    const gameId =
      change.model === 'game'
        ? String(record._id)
        : typeof record.gameId === 'string' && record.gameId
          ? record.gameId
          : parentOnMap
            ? mapGames?.get(String(record[parentOnMap]))
            : undefined;
    if (!gameId) continue;
    const ids = byGame.get(gameId) ?? [];
    ids.push(String(record._id));
    byGame.set(gameId, ids);
  }
  await queueWebhookEvents(
    trx,
    [...byGame].map(([gameId, ids]) => ({
      gameId,
      event: 'content.changed' as const,
      data: {
        model: change.model,
        action: change.action,
        count: ids.length,
        ids: ids.slice(0, MAX_IDS),
        by: change.actor.username ?? '',
      },
    })),
  );
}
