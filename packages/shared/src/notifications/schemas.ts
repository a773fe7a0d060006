import { z } from 'zod';
import type { SuggestionType } from '../models/enums.ts';

/**
 * What a user hears of: their suggestion accepted, rejected, reverted (open for review again) or
 * commented on by someone else; for the moderators of a game (its admins when it has none), a new
 * suggestion in it; and for its moderators and the admins, a suggestion that reached the game's
 * threshold of net votes.
 */
export const notificationKinds = [
  'accepted',
  'rejected',
  'reverted',
  'commented',
  'suggested',
  'votes',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The languages an e-mail digest is written in. */
export const digestLanguages = ['en', 'de'] as const;
export type DigestLanguage = (typeof digestLanguages)[number];

/** One notification as the site lists it, newest first. */
export interface NotificationView {
  id: string;
  kind: NotificationKind;
  suggestionId: string;
  suggestionType: SuggestionType;
  gameId: string;
  /** The map of a placed marker's suggestion, else empty. */
  mapId: string;
  /** The element the suggestion is about (empty for a new one not yet accepted). */
  targetId: string;
  /** Who decided, commented, suggested or voted. */
  actor: string;
  /** For 'votes': the net votes reached (the game's threshold); else 0. */
  votes: number;
  /** The suggestion's name (what it adds or changes), empty when it has none. */
  subject: string;
  /** The reviewer's reason given with a decision, empty when none was given. */
  reason: string;
  createdAt: string;
  read: boolean;
}

/** `GET /api/notifications`: a page of the caller's notifications, with their count and unread count. */
export interface NotificationPage {
  data: NotificationView[];
  total: number;
  unread: number;
}

/** `GET /api/notifications/unread` and the answer of every mark-read. */
export interface UnreadCount {
  unread: number;
}

export const NOTIFICATION_PAGE_MAX = 50;

/** `GET /api/notifications?limit=&skip=`. */
export const zNotificationListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
  skip: z.coerce.number().int().min(0).default(0),
});

/** `POST /api/notifications/:id/read`. */
export const zNotificationParams = z.strictObject({ id: z.string().uuid() });

/**
 * `POST /api/notifications/read-all`: marks read what the user has seen, the notifications up to the
 * newest in their list (`upTo`, its `createdAt`); one that arrived meanwhile stays unread.
 */
export const zMarkAllRead = z.strictObject({
  upTo: z.iso.datetime({ message: 'Use a date and time (ISO 8601)' }),
});

/** `GET` and `PUT /api/notifications/settings`: the e-mail digest opt-in (off until turned on). */
export const zNotificationSettings = z.strictObject({
  email: z.boolean(),
  language: z.enum(digestLanguages).default('en'),
});
export type NotificationSettings = z.output<typeof zNotificationSettings>;
