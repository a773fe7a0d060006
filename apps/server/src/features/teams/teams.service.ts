import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { serverMessages } from '@waypoint/shared';
import { teamMessages } from '@waypoint/shared/teams/messages';
import {
  type TeamInviteCreated,
  type TeamProgressView,
  type TeamView,
  teamInviteDays,
  teamInvitePattern,
} from '@waypoint/shared/teams/schemas';
import type { Config } from '../../config.ts';
import { type Db, type Executor, inTransaction } from '../../db/database.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { publishTeamChange } from '../live/publish.ts';
import { recordExists } from '../models/models.repository.ts';
import { completedQuestIds, ownedItems } from '../progress/progress.repository.ts';
import {
  claimInvite,
  countMembers,
  deleteMember,
  deleteTeam,
  insertInvite,
  insertMember,
  insertTeam,
  inviteByHash,
  lockTeam,
  membershipOf,
  membersOf,
  openInvites,
  revokeInvite,
  setMemberSettings,
  setOwner,
} from './teams.repository.ts';

/** Open invites a team may have at once. */
export const maxOpenInvites = 20;

/** The invite secret's stored form: SHA-256, as for API tokens (a random secret, not a password). */
const hashInvite = (token: string) => createHash('sha256').update(token).digest('hex');

type Members = Awaited<ReturnType<typeof membersOf>>;

/**
 * The owner in force: the named owner, or when that account is gone the longest-standing member
 * (the owner's id is no foreign key, so deleting an account never blocks on a team).
 */
function ownerOf(ownerId: string, members: Members): string {
  return members.some((m) => m.userId === ownerId) ? ownerId : (members[0]?.userId ?? ownerId);
}

export function createTeamService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  const k = db.kysely;

  async function ensureGame(gameId: string) {
    if (!(await recordExists(k, 'game', gameId))) throw notFound(serverMessages.notFound('Game', gameId));
  }

  /**
   * The caller's team in the game, or a 404 saying they are in none. In a write the team's row is
   * locked before its members are read, so two members leaving at once see each other go.
   */
  async function mine(trx: Executor, userId: string, gameId: string) {
    const membership = await membershipOf(trx, userId, gameId);
    if (!membership) throw notFound(teamMessages.notInTeam);
    if (trx !== k) await lockTeam(trx, db.dialect, membership.teamId);
    const members = await membersOf(trx, membership.teamId);
    return { ...membership, ownerId: ownerOf(membership.ownerId, members), members };
  }

  /** As `mine`, refused with 403 unless the caller owns the team. */
  async function owned(trx: Executor, userId: string, gameId: string) {
    const team = await mine(trx, userId, gameId);
    if (team.ownerId !== userId) throw forbidden(teamMessages.ownerOnly);
    return team;
  }

  async function view(userId: string, gameId: string): Promise<TeamView | null> {
    const membership = await membershipOf(k, userId, gameId);
    if (!membership) return null;
    const members = await membersOf(k, membership.teamId);
    const ownerId = ownerOf(membership.ownerId, members);
    return {
      id: membership.teamId,
      gameId,
      name: membership.name,
      ownerId,
      maxMembers: config.teamMaxMembers,
      members: members.map((m) => ({
        userId: m.userId,
        username: m.username,
        owner: m.userId === ownerId,
        shareProgress: Boolean(m.shareProgress),
        joinedAt: m.joinedAt,
      })),
      invites: ownerId === userId ? await openInvites(k, membership.teamId, new Date().toISOString()) : [],
    };
  }

  /** The team's members hear that it changed (a join, a leave, a removal, a setting). */
  const changed = (teamId: string, gameId: string, userIds: string[]) =>
    publishTeamChange(db, userIds, { what: 'members', teamId, gameId });

  return {
    /** The caller's team in the game, or null when they are in none. */
    async get(userId: string, gameId: string): Promise<TeamView | null> {
      await ensureGame(gameId);
      return view(userId, gameId);
    },

    async create(userId: string, gameId: string, name: string): Promise<TeamView> {
      await ensureGame(gameId);
      const now = new Date().toISOString();
      const id = randomUUID();
      await inTransaction(db, async (trx) => {
        await insertTeam(trx, { id, gameId, name, ownerId: userId, createdAt: now });
        // The unique (userId, gameId) refuses a second team; the transaction drops the new team.
        if (!(await insertMember(trx, { teamId: id, userId, gameId, shareProgress: 1, joinedAt: now })))
          throw conflict(teamMessages.alreadyInTeam);
      });
      return (await view(userId, gameId)) as TeamView;
    },

    /** A new invite link (owner only); its secret is answered this once. */
    async invite(userId: string, gameId: string): Promise<TeamInviteCreated & { url: string }> {
      const token = randomBytes(32).toString('base64url');
      const now = new Date();
      const row = {
        id: randomUUID(),
        teamId: '',
        hash: hashInvite(token),
        createdBy: userId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + teamInviteDays * 86_400_000).toISOString(),
        usedAt: null,
        usedBy: null,
        revokedAt: null,
      };
      await inTransaction(db, async (trx) => {
        const team = await owned(trx, userId, gameId);
        if ((await openInvites(trx, team.teamId, row.createdAt)).length >= maxOpenInvites)
          throw conflict(teamMessages.tooManyInvites(maxOpenInvites));
        row.teamId = team.teamId;
        await insertInvite(trx, row);
      });
      return {
        token,
        // The secret goes in the fragment: browsers never send it to a server or its logs.
        url: `${config.webHost}/profile#team-invite=${token}`,
        invite: { id: row.id, createdAt: row.createdAt, expiresAt: row.expiresAt },
      };
    },

    async revokeInvite(userId: string, gameId: string, inviteId: string): Promise<void> {
      const team = await owned(k, userId, gameId);
      if (!(await revokeInvite(k, team.teamId, inviteId, new Date().toISOString())))
        throw notFound(serverMessages.notFound('Invite', inviteId));
    },

    /**
     * Joins the invite's team: refused when the link is unknown, expired, used or withdrawn, the
     * team is full, or the player is in a team of that game already. All in one transaction: the
     * invite is claimed by a conditional update, the team row locked for the count, and the unique
     * membership per game decides between concurrent joins.
     */
    async join(userId: string, token: string): Promise<TeamView> {
      if (!teamInvitePattern.test(token)) throw notFound(teamMessages.inviteUnknown);
      const invite = await inviteByHash(k, hashInvite(token));
      if (!invite) throw notFound(teamMessages.inviteUnknown);
      const now = new Date().toISOString();
      if (invite.usedAt || invite.revokedAt) throw new HttpError(410, teamMessages.inviteUsed);
      if (invite.expiresAt <= now) throw new HttpError(410, teamMessages.inviteExpired);
      const gameId = invite.gameId;
      await inTransaction(db, async (trx) => {
        if (await membershipOf(trx, userId, gameId)) throw conflict(teamMessages.alreadyInTeam);
        if (!(await lockTeam(trx, db.dialect, invite.teamId))) throw notFound(teamMessages.inviteUnknown);
        if ((await countMembers(trx, invite.teamId)) >= config.teamMaxMembers)
          throw conflict(teamMessages.teamFull(config.teamMaxMembers));
        if (!(await claimInvite(trx, invite.id, userId, now)))
          throw new HttpError(410, teamMessages.inviteUsed);
        const row = { teamId: invite.teamId, userId, gameId, shareProgress: 1, joinedAt: now };
        if (!(await insertMember(trx, row))) throw conflict(teamMessages.alreadyInTeam);
      });
      const team = (await view(userId, gameId)) as TeamView;
      changed(
        team.id,
        gameId,
        team.members.map((m) => m.userId),
      );
      return team;
    },

    /** Leaves the team; the last member's leaving deletes it, an owner's hands it to the longest member. */
    async leave(userId: string, gameId: string): Promise<void> {
      const team = await inTransaction(db, async (trx) => {
        const team = await mine(trx, userId, gameId);
        await deleteMember(trx, team.teamId, userId);
        const rest = team.members.filter((m) => m.userId !== userId);
        if (rest.length === 0) await deleteTeam(trx, team.teamId);
        else if (team.ownerId === userId) await setOwner(trx, team.teamId, rest[0]!.userId);
        return team;
      });
      changed(
        team.teamId,
        gameId,
        team.members.map((m) => m.userId),
      );
    },

    /** The owner removes a member: their access ends with this write. */
    async remove(userId: string, gameId: string, memberId: string): Promise<void> {
      if (memberId === userId) throw badRequest(teamMessages.removeSelf);
      const team = await inTransaction(db, async (trx) => {
        const team = await owned(trx, userId, gameId);
        if (!(await deleteMember(trx, team.teamId, memberId))) throw notFound(teamMessages.notMember);
        return team;
      });
      changed(
        team.teamId,
        gameId,
        team.members.map((m) => m.userId),
      );
    },

    /** The owner hands the team over to another member. */
    async handOver(userId: string, gameId: string, memberId: string): Promise<TeamView> {
      const team = await inTransaction(db, async (trx) => {
        const team = await owned(trx, userId, gameId);
        if (!team.members.some((m) => m.userId === memberId)) throw notFound(teamMessages.notMember);
        await setOwner(trx, team.teamId, memberId);
        return team;
      });
      changed(
        team.teamId,
        gameId,
        team.members.map((m) => m.userId),
      );
      return (await view(userId, gameId)) as TeamView;
    },

    /** What the caller lets the team see. */
    async saveSettings(userId: string, gameId: string, settings: { shareProgress?: boolean }) {
      const team = await mine(k, userId, gameId);
      if (settings.shareProgress !== undefined)
        await setMemberSettings(k, team.teamId, userId, { shareProgress: settings.shareProgress ? 1 : 0 });
      changed(
        team.teamId,
        gameId,
        team.members.map((m) => m.userId),
      );
      return (await view(userId, gameId)) as TeamView;
    },

    /** The ids of the caller's teammates in a game and whether each shares progress (the caller first). */
    async membersFor(userId: string, gameId: string) {
      const membership = await membershipOf(k, userId, gameId);
      if (!membership) return undefined;
      const members = await membersOf(k, membership.teamId);
      const me = members.filter((m) => m.userId === userId);
      return { teamId: membership.teamId, members: [...me, ...members.filter((m) => m.userId !== userId)] };
    },

    /** The progress of the caller's teammates who share it (and the caller's own). */
    async progress(userId: string, gameId: string): Promise<TeamProgressView> {
      await ensureGame(gameId);
      const team = await this.membersFor(userId, gameId);
      if (!team) throw notFound(teamMessages.notInTeam);
      const view: TeamProgressView = { teamId: team.teamId, members: [], hiddenMembers: [] };
      for (const m of team.members) {
        if (!m.shareProgress && m.userId !== userId) {
          view.hiddenMembers.push({ userId: m.userId, username: m.username });
          continue;
        }
        view.members.push({
          userId: m.userId,
          username: m.username,
          completedQuestIds: await completedQuestIds(k, m.userId, gameId),
          itemsOwned: await ownedItems(k, m.userId, gameId),
        });
      }
      return view;
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
