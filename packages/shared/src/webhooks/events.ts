// The webhooks' words without their schemas: the admin pages read them without zod.

/**
 * What a game's webhooks can hear of: a new suggestion, a decision on one (accepted or rejected), a
 * change of the game's content (created, changed, removed; imports and accepted suggestions too) and
 * a new comment on a suggestion. `test` is only ever sent by an admin's "send a test event".
 */
export const webhookEvents = [
  'suggestion.created',
  'suggestion.decided',
  'content.changed',
  'comment.created',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
export type WebhookDeliveryEvent = WebhookEvent | 'test';

/** `discord`: a body a Discord channel webhook takes (`content` and `embeds`); `json`: the event as it is. */
export const webhookFormats = ['discord', 'json'] as const;
export type WebhookFormat = (typeof webhookFormats)[number];

/** Where a delivery stands: waiting for its (next) attempt, received by the endpoint, or given up. */
export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/** The shortest and longest secret: the signature is only as strong as the secret. */
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;
