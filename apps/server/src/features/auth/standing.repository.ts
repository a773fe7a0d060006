import type { Standing } from '@waypoint/shared';
import { type GameRole, gameRoles } from '@waypoint/shared/roles/roles';
import type { Executor } from '../../db/database.ts';

/**
 * The game roles and the bans in force of one user, read at each request so changes apply at once:
 * part of who acts, so the policy reads it here; the community feature writes these tables.
 */
export async function standingOf(db: Executor, userId: string, now: string): Promise<Standing> {
  const [user, held, bans] = await Promise.all([
    db.selectFrom('user').select('createdAt').where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('game_role').select(['gameId', 'role']).where('userId', '=', userId).execute(),
    db
      .selectFrom('ban')
      .selectAll()
      .where('userId', '=', userId)
      .where('endsAt', '>', now)
      .where('liftedAt', 'is', null)
      .orderBy('endsAt', 'desc')
      .execute(),
  ]);
  const gamesOf = (role: GameRole) => held.filter((r) => r.role === role).map((r) => r.gameId);
  return {
    accountCreatedAt: user?.createdAt ?? '',
    ...(Object.fromEntries(gameRoles.map((role) => [role, gamesOf(role)])) as Record<GameRole, string[]>),
    bans,
  };
}
