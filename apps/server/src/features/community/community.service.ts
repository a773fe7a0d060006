import {
  type BanView,
  type Contributions,
  communityMessages,
  type NewBan,
  type RoleChange,
  type Standing,
  serverMessages,
  type UserDetail,
  type UserSummary,
  type zNewBan,
} from '@waypoint/shared';
import { can } from '@waypoint/shared/roles/roles';
import type { z } from 'zod';
import { type Db, inTransaction } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { type Actor, ensureCan, ensureMayGrant } from '../auth/policy.ts';
import { standingOf } from '../auth/standing.repository.ts';
import {
  acceptedPerGame,
  bansOf,
  decisionsBy,
  findBan,
  findUser,
  gameExists,
  grantRole,
  insertBan,
  liftBan,
  openSuggestionIdsOf,
  revokeRole,
  roleHistoryOf,
  rolesOf,
  searchUsers,
  suggestionsOf,
} from './community.repository.ts';

/** What a ban needs of the suggestions feature: rejecting the banned user's open suggestions. */
export interface OpenSuggestionRejecter {
  reject(ids: string[], actor: Actor): Promise<readonly unknown[]>;
}

/**
 * Roles per game and bans: granted, revoked, set and lifted by admins, and by a game's moderators
 * within their game (trusted editors, bans there); and the users page's reads. `scope` is the game
 * a moderator named (undefined for an admin looking at every game).
 */
export function createCommunityService(deps: { db: Db; suggestions: OpenSuggestionRejecter }) {
  const { db, suggestions } = deps;
  const k = db.kysely;

  async function existingUser(userId: string): Promise<UserSummary> {
    const user = await findUser(k, userId);
    if (!user) throw notFound(serverMessages.notFound('User', userId));
    return user;
  }

  async function existingGame(gameId: string) {
    if (!(await gameExists(k, gameId))) {
      throw badRequest(`Invalid body.gameId: ${serverMessages.notFound('Game', gameId)}`, [
        { field: 'body.gameId', message: serverMessages.notFound('Game', gameId) },
      ]);
    }
  }

  return {
    standing: (userId: string): Promise<Standing> => standingOf(k, userId, new Date().toISOString()),

    /** A user's accepted suggestions per game (their profile). */
    contributions: async (userId: string): Promise<Contributions> => ({
      games: await acceptedPerGame(k, userId),
    }),

    search: (text: string, limit: number) => searchUsers(k, text, limit),

    async detail(userId: string, actor: Actor, scope: string | undefined): Promise<UserDetail> {
      const user = await existingUser(userId);
      const inScope = <T extends { gameId: string }>(rows: T[]) =>
        scope === undefined ? rows : rows.filter((r) => r.gameId === scope);
      return {
        user,
        roles: inScope(await rolesOf(k, userId)),
        roleHistory: inScope(await roleHistoryOf(k, userId)),
        bans: inScope(await bansOf(k, userId)),
        suggestions: await suggestionsOf(k, userId, scope),
        // Decisions span games: an admin's to see.
        decisions: can(actor, 'administer') ? await decisionsBy(k, userId) : [],
        accepted: inScope(await acceptedPerGame(k, userId)),
      };
    },

    async grant(change: RoleChange, actor: Actor) {
      ensureMayGrant(actor, change.role, change.gameId);
      await existingUser(change.userId);
      await existingGame(change.gameId);
      const changed = await inTransaction(db, (trx) => grantRole(trx, change, actor.username));
      return { changed, roles: await rolesOf(k, change.userId) };
    },

    async revoke(change: RoleChange, actor: Actor) {
      ensureMayGrant(actor, change.role, change.gameId);
      await existingUser(change.userId);
      const changed = await inTransaction(db, (trx) => revokeRole(trx, change, actor.username));
      return { changed, roles: await rolesOf(k, change.userId) };
    },

    /**
     * Bans a user from contributing (in one game, or site-wide for admins) and, when asked, rejects
     * their open suggestions there in the same action.
     */
    async ban(input: z.output<typeof zNewBan>, actor: Actor): Promise<{ ban: BanView; rejected: number }> {
      if (input.gameId)
        ensureCan(actor, 'banInGame', input.gameId, communityMessages.notInYourGame(input.gameId));
      else ensureCan(actor, 'banSiteWide', undefined, communityMessages.siteBanAdminOnly);
      const user = await existingUser(input.userId);
      if (user.admin) throw forbidden(communityMessages.cannotBanAdmin);
      if (input.gameId) await existingGame(input.gameId);
      const ban = await inTransaction(db, (trx) =>
        insertBan(
          trx,
          { userId: input.userId, gameId: input.gameId ?? '', reason: input.reason, endsAt: input.endsAt },
          actor.username,
        ),
      );
      let rejected = 0;
      if (input.rejectOpen) {
        const ids = await openSuggestionIdsOf(k, input.userId, input.gameId);
        if (ids.length > 0) rejected = (await suggestions.reject(ids, actor)).length;
      }
      return { ban, rejected };
    },

    async lift(banId: string, actor: Actor) {
      const ban = await findBan(k, banId);
      if (!ban) throw notFound(serverMessages.notFound('Ban', banId));
      if (ban.gameId) ensureCan(actor, 'banInGame', ban.gameId, communityMessages.notInYourGame(banId));
      else ensureCan(actor, 'banSiteWide', undefined, communityMessages.siteBanAdminOnly);
      await inTransaction(db, (trx) => liftBan(trx, banId));
      return (await findBan(k, banId))!;
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
export type { NewBan };
