import type { communityMessages } from '../community-messages.ts';

/**
 * Who may do what: every power a role can give, the roles that give them (each game role, every
 * logged-in user, the site admin) and `can`, which the server's checks and the pages' buttons both
 * ask. Adding a game role is one row of `gameRoleTable` and its label in the community messages.
 */

interface PermissionRule {
  /** Held in one game, asked with its id: with no game named it is not held (admins aside). */
  readonly inGame: boolean;
  /** A ban in force (site-wide, or in the game named) takes it away; admins cannot be banned. */
  readonly lostToBan: boolean;
}

export const permissionRules = {
  /** Suggest, change or withdraw one's suggestions, comment, vote, confirm or report markers. */
  contribute: { inGame: false, lostToBan: true },
  /** See the game's open suggestions by others, with their comments and votes, and join in. */
  seeOpenSuggestions: { inGame: true, lostToBan: true },
  /** One's own suggestions in the game are accepted at once (through the one decision path). */
  applyAtOnce: { inGame: true, lostToBan: true },
  /**
   * Review and decide the game's suggestions (and revert them), change its markers directly on the
   * map, see its users' suggestions, roles and bans: the moderation routes of the game.
   */
  moderate: { inGame: true, lostToBan: false },
  /** Grant and revoke the game's trusted editors. */
  nameTrustedEditors: { inGame: true, lostToBan: false },
  /** Ban users from the game and lift those bans. */
  banInGame: { inGame: true, lostToBan: false },
  /** Grant and revoke the game's moderators. */
  nameModerators: { inGame: true, lostToBan: false },
  /** Ban users from every game and lift those bans. */
  banSiteWide: { inGame: false, lostToBan: false },
  /**
   * The admin panel and its routes (models, imports, outgoing webhooks, users' decisions across
   * games): what a route that needs `admin` lets in.
   */
  administer: { inGame: false, lostToBan: false },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof permissionRules;
export const permissions = Object.keys(permissionRules) as Permission[];

/** The community texts a role's label can be: a key of `communityMessages` holding a plain text. */
type CommunityText = {
  [K in keyof typeof communityMessages]: (typeof communityMessages)[K] extends string ? K : never;
}[keyof typeof communityMessages];

export interface GameRoleRow {
  /** The role's label in the community messages (translated in the language catalogs). */
  readonly label: CommunityText;
  /** What holding the role in a game gives there, beyond what every logged-in user may. */
  readonly permissions: readonly Permission[];
  /** The permission, in the game, that lets someone grant and revoke this role there. */
  readonly grantedWith: Permission;
}

/**
 * The roles a user can hold in one game, widest first (the users page lists them so). The id is
 * what `game_role.role` stores and the standing lists the user's games under.
 */
export const gameRoleTable = {
  moderator: {
    label: 'roleModerator',
    permissions: ['applyAtOnce', 'moderate', 'nameTrustedEditors', 'banInGame'],
    grantedWith: 'nameModerators',
  },
  trusted: {
    label: 'roleTrusted',
    permissions: ['applyAtOnce'],
    grantedWith: 'nameTrustedEditors',
  },
} as const satisfies Record<string, GameRoleRow>;

export type GameRole = keyof typeof gameRoleTable;
export const gameRoles = Object.keys(gameRoleTable) as [GameRole, ...GameRole[]];

/** What every logged-in user may, in every game they are not banned in. */
export const userPermissions: readonly Permission[] = ['contribute', 'seeOpenSuggestions'];

/** The site admin: everything, in every game; never banned. */
export const siteAdmin = { id: 'admin', label: 'adminBadge', permissions } as const;

/**
 * Route needs (`config.role`) met in the game the request names (`gameId` in its path, query or
 * body): by admins, and by whoever holds the permission there.
 */
export const gameRouteNeeds = { moderator: 'moderate' } as const satisfies Partial<
  Record<GameRole, Permission>
>;

/**
 * What a route declares it needs: everyone, a logged-in user, a holder of the game's permission
 * (`gameRouteNeeds`), or the site admin.
 */
export type RouteNeed = 'guest' | 'user' | keyof typeof gameRouteNeeds | typeof siteAdmin.id;

/** The games a user holds each game role in, and their bans in force. */
export type HeldRoles = { readonly [R in GameRole]: readonly string[] } & {
  readonly bans: readonly { readonly gameId: string }[];
};

/** Who acts, as far as permissions go: the admin flag and what they hold (null when not read). */
export interface RoleHolder {
  readonly admin: boolean;
  readonly standing: HeldRoles | null;
}

/** The ban in force that stops `standing` contributing to `gameId` (a site-wide one first). */
export function banIn<Ban extends { readonly gameId: string }>(
  standing: { readonly bans: readonly Ban[] } | null | undefined,
  gameId: string | undefined,
): Ban | undefined {
  if (!standing) return undefined;
  return (
    standing.bans.find((b) => b.gameId === '') ?? standing.bans.find((b) => gameId && b.gameId === gameId)
  );
}

/** The game roles that give `permission`. */
export function rolesWith(permission: Permission): GameRole[] {
  return gameRoles.filter((role) =>
    (gameRoleTable[role].permissions as readonly Permission[]).includes(permission),
  );
}

/**
 * Whether `actor` may do `permission` (in `gameId`, for the powers held per game). Admins may do
 * everything; for the others a ban in force takes away what it covers, then the powers of every
 * logged-in user count, then those of the roles they hold in the game.
 */
export function can(actor: RoleHolder | null | undefined, permission: Permission, gameId?: string): boolean {
  if (!actor) return false;
  if (actor.admin) return siteAdmin.permissions.includes(permission);
  const rule = permissionRules[permission];
  if (rule.lostToBan && banIn(actor.standing, gameId)) return false;
  if (userPermissions.includes(permission)) return !rule.inGame || gameId !== undefined;
  const standing = actor.standing;
  if (gameId === undefined || !standing) return false;
  return rolesWith(permission).some((role) => standing[role].includes(gameId));
}

/** The games where `actor`'s game roles give `permission` (an admin's every game is not listed). */
export function gamesWith(actor: RoleHolder | null | undefined, permission: Permission): string[] {
  const standing = actor?.standing;
  if (!standing) return [];
  const games = new Set(rolesWith(permission).flatMap((role) => standing[role]));
  return [...games].filter((gameId) => can(actor, permission, gameId));
}
