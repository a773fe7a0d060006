import type { Dialect, Executor } from '../../db/database.ts';
import type { TeamInviteTable, TeamMemberTable, TeamTable } from '../../db/schema.ts';

/** The player's membership in a game, with the team. */
export async function membershipOf(db: Executor, userId: string, gameId: string) {
  return db
    .selectFrom('team_member')
    .innerJoin('team', 'team.id', 'team_member.teamId')
    .select(['team.id as teamId', 'team.name', 'team.ownerId', 'team.gameId', 'team_member.shareProgress'])
    .where('team_member.userId', '=', userId)
    .where('team_member.gameId', '=', gameId)
    .executeTakeFirst();
}

/** A team's members with their names, oldest first. */
export async function membersOf(db: Executor, teamId: string) {
  return db
    .selectFrom('team_member')
    .innerJoin('user', 'user.id', 'team_member.userId')
    .select(['team_member.userId', 'user.username', 'team_member.shareProgress', 'team_member.joinedAt'])
    .where('team_member.teamId', '=', teamId)
    .orderBy('team_member.joinedAt')
    .orderBy('team_member.userId')
    .execute();
}

/**
 * Locks a team's row for a change of its members (PostgreSQL; SQLite runs one write transaction at
 * a time), so concurrent joins cannot pass the size limit together. Answers the team or undefined.
 */
export async function lockTeam(db: Executor, dialect: Dialect, teamId: string) {
  const query = db.selectFrom('team').selectAll().where('id', '=', teamId);
  return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function countMembers(db: Executor, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('team_member')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('teamId', '=', teamId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertTeam(db: Executor, row: TeamTable) {
  await db.insertInto('team').values(row).execute();
}

/**
 * Adds a member; false when the player is in a team of this game already (the unique constraint
 * decides, so two joins at once cannot both get in).
 */
export async function insertMember(db: Executor, row: TeamMemberTable): Promise<boolean> {
  const result = await db
    .insertInto('team_member')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'gameId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteMember(db: Executor, teamId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('team_member')
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteTeam(db: Executor, teamId: string) {
  await db.deleteFrom('team_invite').where('teamId', '=', teamId).execute();
  await db.deleteFrom('team').where('id', '=', teamId).execute();
}

export async function setOwner(db: Executor, teamId: string, ownerId: string) {
  await db.updateTable('team').set({ ownerId }).where('id', '=', teamId).execute();
}

export async function setMemberSettings(
  db: Executor,
  teamId: string,
  userId: string,
  settings: Partial<Pick<TeamMemberTable, 'shareProgress'>>,
) {
  await db
    .updateTable('team_member')
    .set(settings)
    .where('teamId', '=', teamId)
    .where('userId', '=', userId)
    .execute();
}

/** A team's invites still usable at `now`. */
export async function openInvites(db: Executor, teamId: string, now: string) {
  return db
    .selectFrom('team_invite')
    .select(['id', 'createdAt', 'expiresAt'])
    .where('teamId', '=', teamId)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .execute();
}

export async function insertInvite(db: Executor, row: TeamInviteTable) {
  await db.insertInto('team_invite').values(row).execute();
}

export async function revokeInvite(db: Executor, teamId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('team_invite')
    .set({ revokedAt: at })
    .where('id', '=', id)
    .where('teamId', '=', teamId)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function inviteByHash(db: Executor, hash: string) {
  return db
    .selectFrom('team_invite')
    .innerJoin('team', 'team.id', 'team_invite.teamId')
    .select([
      'team_invite.id',
      'team_invite.teamId',
      'team_invite.expiresAt',
      'team_invite.usedAt',
      'team_invite.revokedAt',
      'team.gameId',
    ])
    .where('team_invite.hash', '=', hash)
    .executeTakeFirst();
}

/** Uses an invite up, once: false when another join used it first (or it was withdrawn meanwhile). */
export async function claimInvite(db: Executor, id: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('team_invite')
    .set({ usedAt: at, usedBy: userId })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
