import type { Generated } from 'kysely';

/**
 * Tables with a fixed shape. The content tables (one per registry model) are reached through
 * the generic repository, which derives their columns from the registry.
 */
export interface UserTable {
  id: string;
  username: string;
  /** The username NFKC-normalized and lower-cased: what uniqueness compares. */
  usernameKey: string | null;
  email: string;
  passwordHash: string;
  admin: number;
  confirmed: number;
  confirmHash: string | null;
  confirmExpires: string | null;
  recoveryHash: string | null;
  recoveryExpires: string | null;
  createdAt: string;
}

/** A login session; the token carries its id, so it can end before the token expires. */
export interface SessionTable {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** A rate-limit counter: hits of one key in the window that ends at `windowEnd` (ms since the epoch). */
export interface RateLimitTable {
  key: string;
  count: number;
  windowEnd: number;
}

export interface UserQuestCompletionTable {
  userId: string;
  gameId: string;
  questId: string;
  completedAt: string;
}

/** One ticked objective of a quest: its index in the quest's list of objectives. */
export interface UserQuestObjectiveTable {
  userId: string;
  gameId: string;
  questId: string;
  objective: number;
  tickedAt: string;
}

export interface UserGameLevelTable {
  userId: string;
  gameId: string;
  level: number;
}

export interface UserItemOwnedTable {
  userId: string;
  gameId: string;
  itemId: string;
  findOnly: number;
  quantity: number;
}

/** The level a player has built of one hideout module of a game (rows only above 0). */
export interface UserHideoutLevelTable {
  userId: string;
  gameId: string;
  moduleId: string;
  level: number;
}

export interface UserCompletedMarkerTable {
  userId: string;
  markerId: string;
  mapId: string;
  completedAt: string;
}

/** A tile pyramid version in storage that goes after `deleteAfter` (replaced, or never finished). */
export interface TileVersionTable {
  tilesPath: string;
  deleteAfter: string;
}

export interface UserMarkerUntickTable {
  userId: string;
  markerId: string;
  mapId: string;
  uncompletedAt: string;
}

/** A player's own pin on a map (x/y in map pixels). */
export interface UserPinTable {
  id: string;
  userId: string;
  mapId: string;
  name: string;
  note: string;
  colour: string;
  level: number;
  x: number;
  y: number;
  createdAt: string;
  updatedAt: string;
}

/** A read-only link to some of a player's pins on a map (`id`: 128 random bits, hexadecimal). */
export interface PinShareTable {
  id: string;
  userId: string;
  mapId: string;
  title: string;
  showName: number;
  createdAt: string;
  /** A shared route's points (`TShareRoute` as JSON), or null. */
  route: string | null;
}

/** A pin a link shows (the pin as it is now: changes show, a deleted pin leaves the link). */
export interface PinSharePinTable {
  shareId: string;
  pinId: string;
  position: number;
}

/** A player's private note on a placed marker. */
export interface UserMarkerNoteTable {
  userId: string;
  markerId: string;
  mapId: string;
  note: string;
  updatedAt: string;
}

export interface SuggestionCommentTable {
  id: Generated<number>;
  suggestionId: string;
  userId: string;
  username: string;
  comment: string;
  createdAt: string;
}

export interface SuggestionVoteTable {
  suggestionId: string;
  userId: string;
  value: number;
}

/** A suggestion that reached its game's vote threshold (see 0026_community_review): announced once. */
export interface SuggestionVoteAlertTable {
  suggestionId: string;
  votes: number;
  at: string;
}

export interface MarkerReportTable {
  markerId: string;
  userId: string;
  kind: string;
  at: string;
}

/** A mix a player saved to "My recipes" for one game. */
export interface UserRecipeTable {
  id: Generated<number>;
  userId: string;
  gameId: string;
  name: string;
  productId: string;
  /** Ingredient ids in mixing order, as a JSON array. */
  ingredients: string;
  createdAt: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  userId: string | null;
  username: string | null;
  model: string;
  recordId: string;
  action: string;
  before: string | null;
  after: string | null;
}

/** A role a user holds in one game: `moderator` or `trusted` (trusted editor). */
export interface GameRoleTable {
  userId: string;
  gameId: string;
  role: string;
  grantedBy: string;
  grantedAt: string;
}

/** One grant or revocation of a game role, kept for the user's role history. */
export interface RoleEventTable {
  id: string;
  userId: string;
  gameId: string;
  role: string;
  change: string;
  byUsername: string;
  at: string;
}

/** A ban from contributing: in one game, or site-wide when `gameId` is empty. */
export interface BanTable {
  id: string;
  userId: string;
  gameId: string;
  reason: string;
  endsAt: string;
  byUsername: string;
  createdAt: string;
  liftedAt: string | null;
}

/** An outgoing webhook of a game; `events` is a JSON list of event names, `enabled` 0 or 1. */
export interface WebhookTable {
  id: string;
  gameId: string;
  url: string;
  secret: string;
  events: string;
  format: string;
  enabled: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** One event for one webhook, queued with the change that caused it (see 0017_webhooks). */
export interface WebhookDeliveryTable {
  id: string;
  webhookId: string;
  gameId: string;
  event: string;
  /** The event's facts as JSON (`{occurredAt, data}`); the body is made from them when sent. */
  payload: string;
  state: string;
  attempts: number;
  nextAttemptAt: string;
  claimedBy: string | null;
  claimedAt: string | null;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string;
  deliveredAt: string | null;
  createdAt: string;
}

/** Something one user hears of in the site (see 0023_notifications); `kind` is a NotificationKind. */
export interface NotificationTable {
  id: string;
  userId: string;
  kind: string;
  suggestionId: string;
  suggestionType: string;
  gameId: string;
  /** The map of a placed marker's suggestion, else empty. */
  mapId: string;
  /** The element the suggestion is about (empty for a new one not yet accepted). */
  targetId: string;
  /** Who caused it: the decider, commenter, author or voter. */
  actor: string;
  /** The net votes a 'votes' notification names (the game's threshold), else 0. */
  votes: number;
  /** The suggestion's name when this was written (empty when it has none). */
  subject: string;
  /** What the reviewer told the author with a decision (empty when nothing). */
  reason: string;
  createdAt: string;
  readAt: string | null;
  /** When it went out in an e-mail digest. */
  mailedAt: string | null;
}

/**
 * A user's e-mail digest: the opt-in (`email` 0 or 1), its language, and since when notifications
 * wait for it (null: none); it goes out one digest interval after that.
 */
export interface NotificationDigestTable {
  userId: string;
  email: number;
  language: string;
  pendingSince: string | null;
  lastSentAt: string | null;
  claimedBy: string | null;
  claimedAt: string | null;
}

/**
 * The columns of the `map` content table that the map-processing queue reads and writes directly
 * (the other columns are the registry's, reached through the generic repository).
 */
export interface MapJobColumns {
  _id: string;
  gameId: string;
  imageProcessStatus: string;
  imageProcessError: string;
  /** How far the running job is, 0-100. */
  imageProcessProgress: number;
  tilesPath: string;
  /** The server process holding the job (PROCESSING), or null. */
  claimedBy: string | null;
  /** When that process claimed or last renewed the job (ISO time), or null. */
  claimedAt: string | null;
  updatedAt: string;
}

/** The same for a map's floor (`maplevel`), queued and cut like a map. */
export interface LevelJobColumns extends Omit<MapJobColumns, 'gameId'> {
  mapId: string;
}

/** What a content import last brought into a record (see migration 0021). */
export interface ImportStateTable {
  model: string;
  recordId: string;
  source: string;
  mapId: string;
  /** The record's fields as the import carried them (JSON). */
  data: string;
  acceptedAt: string;
}

/** A personal API token: the hash of its secret, never the secret (migration 0033). */
export interface ApiTokenTable {
  id: string;
  userId: string;
  name: string;
  /** '' for every game. */
  gameId: string;
  /** Comma list of GP, TP, WP. */
  scopes: string;
  hash: string;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A player's game edition and faction in one game. */
export interface UserGameSettingTable {
  userId: string;
  gameId: string;
  gameEdition: number;
  pmcFaction: string;
}

/** A quest the player failed. */
export interface UserQuestFailedTable {
  userId: string;
  gameId: string;
  questId: string;
  failedAt: string;
}

/** Objective progress under the source's objective id (tarkov.dev's). */
export interface UserTaskObjectiveTable {
  userId: string;
  gameId: string;
  objectiveId: string;
  complete: number;
  count: number;
}

/** A one-use ticket that opens a live stream (migration 0034). */
export interface LiveTicketTable {
  /** The ticket's SHA-256, hex. */
  id: string;
  sessionId: string;
  userId: string;
  expiresAt: string;
}

/** A game's team (migration 0035). */
export interface TeamTable {
  id: string;
  gameId: string;
  name: string;
  ownerId: string;
  createdAt: string;
}

/** A team's member and what they share with it. */
export interface TeamMemberTable {
  teamId: string;
  userId: string;
  gameId: string;
  shareProgress: number;
  joinedAt: string;
}

/** A team's invite link: the hash of its secret, one use. */
export interface TeamInviteTable {
  id: string;
  teamId: string;
  hash: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  usedBy: string | null;
  revokedAt: string | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  live_ticket: LiveTicketTable;
  rate_limit: RateLimitTable;
  user_quest_completion: UserQuestCompletionTable;
  user_quest_objective: UserQuestObjectiveTable;
  user_game_level: UserGameLevelTable;
  api_token: ApiTokenTable;
  team: TeamTable;
  team_member: TeamMemberTable;
  team_invite: TeamInviteTable;
  user_game_setting: UserGameSettingTable;
  user_quest_failed: UserQuestFailedTable;
  user_task_objective: UserTaskObjectiveTable;
  user_item_owned: UserItemOwnedTable;
  user_hideout_level: UserHideoutLevelTable;
  user_completed_marker: UserCompletedMarkerTable;
  user_marker_untick: UserMarkerUntickTable;
  user_pin: UserPinTable;
  pin_share: PinShareTable;
  pin_share_pin: PinSharePinTable;
  user_marker_note: UserMarkerNoteTable;
  tile_version: TileVersionTable;
  import_state: ImportStateTable;
  suggestion_comment: SuggestionCommentTable;
  suggestion_vote: SuggestionVoteTable;
  suggestion_vote_alert: SuggestionVoteAlertTable;
  marker_report: MarkerReportTable;
  audit_log: AuditLogTable;
  user_recipe: UserRecipeTable;
  game_role: GameRoleTable;
  role_event: RoleEventTable;
  ban: BanTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  notification: NotificationTable;
  notification_digest: NotificationDigestTable;
  map: MapJobColumns;
  maplevel: LevelJobColumns;
}
