import { z } from 'zod';
import { zId } from '../models/fields.ts';
import { type GameRole, gameRoles } from '../roles/roles.ts';

// The roles a user can hold in one game and what each may: the one table in roles/roles.ts.
export { type GameRole, gameRoles };

/** `POST /api/admin/roles` (grant) and `POST /api/admin/roles/revoke`. */
export const zRoleChange = z.strictObject({
  userId: zId,
  gameId: zId,
  role: z.enum(gameRoles),
});
export type RoleChange = z.infer<typeof zRoleChange>;

/** The longest ban: about ten years. */
const MAX_BAN_MS = 3650 * 24 * 3600_000;

/** `POST /api/admin/bans`: a ban in one game, or site-wide without `gameId` (admins only). */
export const zNewBan = z.strictObject({
  userId: zId,
  gameId: zId.optional(),
  reason: z.string().trim().min(1, 'Required').max(500),
  endsAt: z
    .string()
    .datetime({ offset: true, message: 'Use a date and time (ISO 8601)' })
    .refine((v) => Date.parse(v) > Date.now(), 'The end must lie in the future')
    .refine((v) => Date.parse(v) < Date.now() + MAX_BAN_MS, 'At most ten years')
    .transform((v) => new Date(v).toISOString()),
  /** Reject the user's open suggestions (in the ban's game, or everywhere) in the same action. */
  rejectOpen: z.boolean().default(false),
});
export type NewBan = z.input<typeof zNewBan>;

/** `GET /api/admin/users`. */
export const zUserSearchQuery = z.strictObject({
  q: z.string().trim().max(64).default(''),
  gameId: zId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** A ban as its user and the users page see it. */
export interface BanView {
  id: string;
  userId: string;
  gameId: string;
  reason: string;
  endsAt: string;
  byUsername: string;
  createdAt: string;
  liftedAt: string | null;
}

/**
 * What a logged-in user holds: the games they hold each game role in (`moderator`, `trusted`, …:
 * one list per row of the roles table), and bans in force.
 */
export type Standing = { [R in GameRole]: string[] } & {
  /** When the account was made: new accounts have tighter community write limits. */
  accountCreatedAt: string;
  bans: BanView[];
};

export interface RoleGrantView {
  userId: string;
  gameId: string;
  role: GameRole;
  grantedBy: string;
  grantedAt: string;
}

export interface RoleEventView {
  id: string;
  userId: string;
  gameId: string;
  role: GameRole;
  change: 'grant' | 'revoke';
  byUsername: string;
  at: string;
}

export interface UserSummary {
  id: string;
  username: string;
  admin: boolean;
  createdAt: string;
}

/** `GET /api/admin/users/:id`: one user's suggestions, decisions, roles, role history and bans. */
export interface UserDetail {
  user: UserSummary;
  roles: RoleGrantView[];
  roleHistory: RoleEventView[];
  bans: BanView[];
  suggestions: {
    _id: string;
    type: string;
    action: string;
    status: string;
    parentId: string;
    createdAt: string;
  }[];
  decisions: { id: number; at: string; recordId: string; action: string }[];
  /** The user's accepted suggestions per game (contributor standing). */
  accepted: AcceptedInGame[];
}

/** How many of a user's suggestions were accepted in one game. */
export interface AcceptedInGame {
  gameId: string;
  /** Empty when the game no longer exists. */
  gameName: string;
  accepted: number;
}

/** `GET /api/users/contributions`: the caller's accepted suggestions per game, most first. */
export interface Contributions {
  games: AcceptedInGame[];
}

// Kept apart from the schemas, so that pages that show a ban load no validation code.
export { banIn } from './ban.ts';
