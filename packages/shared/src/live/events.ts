/**
 * Live updates: the one table of event kinds a page's stream carries (server-sent events). A new
 * kind (a teammate's tick, a second screen's command) is one row here plus its data type below, its
 * publisher on the server and its handler in the web app's live client.
 *
 * This module is types and constants only: the web app's live client imports it, and zod would
 * weigh on the pages that load it.
 */

/** Who receives an event: one user's streams, the streams open on a game, or one stream itself. */
export type LiveAudience = 'user' | 'game' | 'stream';

export const liveEventKinds = {
  /** The player's own progress changed (another device, a companion app through /api/v2). */
  progress: { audience: 'user' },
  /** The player's team changed: a teammate's progress, or its members and what they share. */
  team: { audience: 'user' },
  /** A notification arrived for the player (the bell). */
  notification: { audience: 'user' },
  /** Content of a game changed (an accepted suggestion, an admin edit): the named maps' markers. */
  content: { audience: 'game' },
  /** Events were missed (too old to resume, a gap in the bus): refetch what the page shows. */
  reset: { audience: 'stream' },
  /** A new stream's first event: its id is where a reconnection resumes from. */
  hello: { audience: 'stream' },
} as const satisfies Record<string, { audience: LiveAudience }>;

export type LiveEventKind = keyof typeof liveEventKinds;

/** What changed of a player's progress; markers carry the ids so an open map applies them as they are. */
export type ProgressChange =
  | { what: 'markers'; mapId?: string; markerIds: string[]; completed: boolean }
  /** Quests, their objectives or the player's level. */
  | { what: 'quests'; gameId: string }
  | { what: 'items'; gameId: string }
  | { what: 'hideout'; gameId: string }
  /** Many kinds at once (an import, a reset, settings): everything of the game, or of every game. */
  | { what: 'all'; gameId?: string };

/** What changed in the player's team of a game. */
export type TeamChange =
  /** A teammate who shares progress changed it (quests, items, hideout or all of a game). */
  | { what: 'progress'; gameId: string; userId: string }
  /** Someone joined, left or was removed, the owner changed, or a member changed what they share. */
  | { what: 'members'; gameId: string; teamId: string };

export interface ContentChangeData {
  gameId: string;
  /** Maps whose markers (or the map itself) changed; empty when the change is not tied to a map. */
  mapIds: string[];
  /** The registry's model keys that changed. */
  models: string[];
}

/** The `data` of each kind, as sent (JSON). */
export interface LiveEventData {
  progress: ProgressChange;
  team: TeamChange;
  notification: { count: number };
  content: ContentChangeData;
  reset: { reason: 'too-old' | 'gap' };
  hello: Record<string, never>;
}

export type LiveEvent = {
  [K in LiveEventKind]: { kind: K; data: LiveEventData[K] };
}[LiveEventKind];

/** Constants both sides agree on. */
export const live = {
  /** The stream's address, under the API base. */
  streamPath: '/live',
  /** Where a signed-in page gets the one-use ticket it opens the stream with. */
  ticketPath: '/live/ticket',
  /** Seconds a stream ticket may wait before it is used. */
  ticketTtlSeconds: 60,
  /** Tickets a user may ask for per minute: a tab reconnecting with its back-off needs a few. */
  ticketsPerMinute: 60,
  /** Milliseconds between heartbeats (comment lines): under the 60 s read timeout of common proxies. */
  heartbeatMs: 20_000,
  /** Marker ids an event carries at most; a larger change is sent as `{what: 'all'}`. */
  maxMarkerIds: 200,
} as const;
