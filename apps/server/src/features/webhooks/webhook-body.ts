import { createHmac } from 'node:crypto';
import type { WebhookBody, WebhookDeliveryEvent, WebhookFormat } from '@waypoint/shared';
import { webhookMessages as t } from '@waypoint/shared/webhook-messages';
import type { StoredEvent } from './webhook-events.ts';

/** Discord's limits: 2,000 characters of content, 4,096 of an embed's description, 1,024 of a field. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Headers of every delivery (lower case, as Node sends them). */
export const webhookHeaders = {
  event: 'x-waypoint-event',
  delivery: 'x-waypoint-delivery',
  idempotencyKey: 'idempotency-key',
  timestamp: 'x-waypoint-timestamp',
  signature: 'x-waypoint-signature',
} as const;

/** `sha256=` and the hex HMAC-SHA256, with the secret, of `{timestamp}.{body}`. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface DeliveryFacts {
  id: string;
  event: WebhookDeliveryEvent;
  gameId: string;
  payload: string;
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

const pastTense: Record<string, string> = { create: 'created', update: 'changed', delete: 'removed' };

/** The one line a channel shows for an event. */
function summary(event: WebhookDeliveryEvent, data: Record<string, unknown>): string {
  switch (event) {
    case 'suggestion.created':
      return t.discordSuggestionCreated(text(data.username), text(data.type), text(data.action));
    case 'suggestion.decided':
      return t.discordSuggestionDecided(
        text(data.status).toLowerCase(),
        text(data.type),
        text(data.decidedBy),
      );
    case 'content.changed': {
      const count = Number(data.count ?? 1);
      const action = pastTense[text(data.action)] ?? text(data.action);
      return count === 1
        ? t.discordContentChanged(action, text(data.model), text((data.ids as string[] | undefined)?.[0]))
        : t.discordContentChangedMany(count, action, text(data.model));
    }
    case 'comment.created':
      return t.discordCommentCreated(text(data.username));
    default:
      return t.discordTest;
  }
}

/** The JSON body of a delivery in its webhook's format. */
export function webhookBody(delivery: DeliveryFacts, format: WebhookFormat): string {
  const stored = JSON.parse(delivery.payload) as StoredEvent;
  if (format === 'json') {
    const body: WebhookBody = {
      id: delivery.id,
      event: delivery.event,
      gameId: delivery.gameId,
      occurredAt: stored.occurredAt,
      data: stored.data,
    };
    return JSON.stringify(body);
  }
  const fields = Object.entries(stored.data)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .slice(0, 25)
    .map(([name, value]) => ({
      name: clip(name, 256),
      value: clip(typeof value === 'string' ? value : JSON.stringify(value), 1024),
      inline: typeof value !== 'string' || value.length < 40,
    }));
  return JSON.stringify({
    content: clip(summary(delivery.event, stored.data), 2000),
    embeds: [
      {
        title: clip(`${delivery.event} · ${delivery.gameId}`, 256),
        timestamp: stored.occurredAt,
        fields,
        footer: { text: `Waypoint · ${delivery.id}` },
      },
    ],
  });
}
