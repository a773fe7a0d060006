import { z } from 'zod';
import { isWebLink, zId } from '../models/fields.ts';
import { webhookMessages } from '../webhook-messages.ts';
import {
  WEBHOOK_SECRET_MAX,
  WEBHOOK_SECRET_MIN,
  type WebhookDeliveryEvent,
  type WebhookDeliveryState,
  type WebhookEvent,
  type WebhookFormat,
  webhookEvents,
  webhookFormats,
} from './events.ts';

export * from './events.ts';

/** An http(s) address without credentials; whether its host may be reached is the server's check. */
const zWebhookUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    // No user name or password before the host (`https://user:pass@host/`).
    (value) => value !== '' && isWebLink(value) && !/^https?:\/\/[^/?#]*@/i.test(value),
    webhookMessages.urlInvalid,
  );

const zEvents = z
  .array(z.enum(webhookEvents))
  .min(1, webhookMessages.eventsRequired)
  .transform((list) => [...new Set(list)]);

const zSecret = z
  .string()
  .min(WEBHOOK_SECRET_MIN, webhookMessages.secretLength(WEBHOOK_SECRET_MIN, WEBHOOK_SECRET_MAX))
  .max(WEBHOOK_SECRET_MAX, webhookMessages.secretLength(WEBHOOK_SECRET_MIN, WEBHOOK_SECRET_MAX));

/** `POST /api/admin/games/:gameId/webhooks`. */
export const zNewWebhook = z.strictObject({
  url: zWebhookUrl,
  secret: zSecret,
  events: zEvents,
  format: z.enum(webhookFormats).default('json'),
  enabled: z.boolean().default(true),
});
export type NewWebhook = z.input<typeof zNewWebhook>;
export type NewWebhookBody = z.output<typeof zNewWebhook>;

/** `PATCH /api/admin/games/:gameId/webhooks/:id`: the fields to change (a secret left out stays). */
export const zWebhookPatch = z
  .strictObject({
    url: zWebhookUrl,
    secret: zSecret,
    events: zEvents,
    format: z.enum(webhookFormats),
    enabled: z.boolean(),
  })
  .partial();
export type WebhookPatch = z.input<typeof zWebhookPatch>;
export type WebhookPatchBody = z.output<typeof zWebhookPatch>;

export const zWebhookParams = z.strictObject({ gameId: zId });
export const zWebhookItemParams = z.strictObject({ gameId: zId, id: z.string().uuid() });

/** One attempt's outcome as the admin page shows it. */
export interface WebhookDeliveryView {
  id: string;
  event: WebhookDeliveryEvent;
  state: WebhookDeliveryState;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  /** The endpoint's HTTP status, or null when no answer came (refused, timed out). */
  lastStatus: number | null;
  lastError: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

/** A webhook as the admin page sees it: never its secret, only its last four characters. */
export interface WebhookView {
  id: string;
  gameId: string;
  url: string;
  secretHint: string;
  events: WebhookEvent[];
  format: WebhookFormat;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  /** Deliveries waiting for an attempt. */
  pending: number;
  /** The latest deliveries, newest first. */
  recent: WebhookDeliveryView[];
}

/**
 * The JSON body of a delivery in the `json` format (the `discord` format carries the same facts in
 * `content` and an embed). `id` is the delivery's id, also sent as the idempotency key.
 */
export interface WebhookBody {
  id: string;
  event: WebhookDeliveryEvent;
  gameId: string;
  occurredAt: string;
  data: Record<string, unknown>;
}
