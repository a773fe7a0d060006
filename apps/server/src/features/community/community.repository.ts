import { randomUUID } from 'node:crypto';
import {
  type AcceptedInGame,
  type BanView,
  type GameRole,
  openSuggestionStatuses,
  type RoleEventView,
  type RoleGrantView,
  type UserSummary,
} from '@waypoint/shared';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { inChunks } from '../../db/chunks.ts';
import type { Executor } from '../../db/database.ts';

// biome-ignore lint/suspicious/noExplicitAny: the content tables come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

/**
 * The game a suggestion belongs to: a game's own id for a GAME change, the map's game for a placed
 * marker (its parent is a map), the parent for everything else (their parent is their game). A new
 * game belongs to none (undefined): only admins decide it.
 */
export async function gameOfSuggestion(
  db: Executor,
  s: { type: string; action?: string; parentId: string; targetId?: string },
): Promise<string | undefined> {
  if (s.type === 'GAME') return s.action === 'ADD' || !s.targetId ? undefined : s.targetId;
  if (s.type !== 'PLACED_MARKER') return s.parentId || undefined;
  const map = await dyn(db)
    .selectFrom('map')
    .select('gameId')
    .where('_id', '=', s.parentId)
    .executeTakeFirst();
  return (map?.gameId as string | undefined) ?? undefined;
}

/** The games of many suggestions, by suggestion id (one query for their maps). */
export async function gamesOfSuggestions(
  db: Executor,
  list: { _id: string; type: string; action?: string; parentId: string; targetId?: string }[],
): Promise<Map<string, string | undefined>> {
  const mapIds = [...new Set(list.filter((s) => s.type === 'PLACED_MARKER').map((s) => s.parentId))];
  const maps = new Map<string, string>();
  for (const part of inChunks(mapIds)) {
    const rows = (await dyn(db)
      .selectFrom('map')
      .select(['_id', 'gameId'])
      .where('_id', 'in', part)
      .execute()) as { _id: string; gameId: string }[];
    for (const r of rows) maps.set(r._id, r.gameId);
  }
  const out = new Map<string, string | undefined>();
  for (const s of list) {
    if (s.type === 'PLACED_MARKER') out.set(s._id, maps.get(s.parentId));
    else if (s.type === 'GAME') out.set(s._id, s.action === 'ADD' || !s.targetId ? undefined : s.targetId);
    else out.set(s._id, s.parentId || undefined);
  }
  return out;
}

/**
 * A condition on a suggestion row (`alias` its table's alias, or none) that it belongs to `gameId`;
 * the same rule as `gameOfSuggestion`, for lists filtered in the database.
 */
export function suggestionInGame(gameId: string, alias?: string): Expression<SqlBool> {
  const c = (column: string) => sql.ref(alias ? `${alias}.${column}` : column);
  return sql<SqlBool>`(
    (${c('type')} = 'GAME' and ${c('action')} <> 'ADD' and ${c('targetId')} = ${gameId})
    or (${c('type')} = 'PLACED_MARKER' and ${c('parentId')} in (select "_id" from "map" where "gameId" = ${gameId}))
    or (${c('type')} not in ('GAME', 'PLACED_MARKER') and ${c('parentId')} = ${gameId})
  )`;
}

export async function gameExists(db: Executor, gameId: string): Promise<boolean> {
  const row = await dyn(db).selectFrom('game').select('_id').where('_id', '=', gameId).executeTakeFirst();
  return row !== undefined;
}

export async function findUser(db: Executor, id: string): Promise<UserSummary | undefined> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'username', 'admin', 'createdAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...row, admin: row.admin === 1 } : undefined;
}

/** Users whose name contains `text` (any case), by name. */
export async function searchUsers(db: Executor, text: string, limit: number): Promise<UserSummary[]> {
  let query = db.selectFrom('user').select(['id', 'username', 'admin', 'createdAt']);
  if (text) {
    const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    query = query.where(sql<SqlBool>`lower("username") like ${pattern} escape '\\'`);
  }
  const rows = await query.orderBy('username', 'asc').limit(limit).execute();
  return rows.map((r) => ({ ...r, admin: r.admin === 1 }));
}

/** Grants a role (no-op when held) and records it in the role history. */
export async function grantRole(
  trx: Executor,
  change: { userId: string; gameId: string; role: GameRole },
  by: string,
): Promise<boolean> {
  const now = new Date().toISOString();
  const held = await trx
    .selectFrom('game_role')
    .select('role')
    .where('userId', '=', change.userId)
    .where('gameId', '=', change.gameId)
    .where('role', '=', change.role)
    .executeTakeFirst();
  if (held) return false;
  await trx
    .insertInto('game_role')
    .values({ ...change, grantedBy: by, grantedAt: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('role_event')
    .values({ id: randomUUID(), ...change, change: 'grant', byUsername: by, at: now })
    .execute();
  return true;
}

/** Revokes a role (no-op when not held) and records it in the role history. */
export async function revokeRole(
  trx: Executor,
  change: { userId: string; gameId: string; role: GameRole },
  by: string,
): Promise<boolean> {
  const removed = await trx
    .deleteFrom('game_role')
    .where('userId', '=', change.userId)
    .where('gameId', '=', change.gameId)
    .where('role', '=', change.role)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await trx
    .insertInto('role_event')
    .values({ id: randomUUID(), ...change, change: 'revoke', byUsername: by, at: new Date().toISOString() })
    .execute();
  return true;
}

export async function rolesOf(db: Executor, userId: string): Promise<RoleGrantView[]> {
  const rows = await db
    .selectFrom('game_role')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('gameId')
    .orderBy('role')
    .execute();
  return rows as RoleGrantView[];
}

export async function roleHistoryOf(db: Executor, userId: string): Promise<RoleEventView[]> {
  const rows = await db
    .selectFrom('role_event')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('at', 'desc')
    .limit(200)
    .execute();
  return rows as RoleEventView[];
}

export async function insertBan(
  trx: Executor,
  ban: { userId: string; gameId: string; reason: string; endsAt: string },
  by: string,
): Promise<BanView> {
  const row: BanView = {
    id: randomUUID(),
    ...ban,
    byUsername: by,
    createdAt: new Date().toISOString(),
    liftedAt: null,
  };
  await trx.insertInto('ban').values(row).execute();
  return row;
}

export async function findBan(db: Executor, id: string): Promise<BanView | undefined> {
  return db.selectFrom('ban').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function liftBan(trx: Executor, id: string): Promise<void> {
  await trx
    .updateTable('ban')
    .set({ liftedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('liftedAt', 'is', null)
    .execute();
}

export async function bansOf(db: Executor, userId: string): Promise<BanView[]> {
  return db.selectFrom('ban').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').execute();
}

/** A user's latest suggestions (in one game when given). */
export async function suggestionsOf(db: Executor, userId: string, gameId?: string) {
  let query = dyn(db)
    .selectFrom('suggestion')
    .select(['_id', 'type', 'action', 'status', 'parentId', 'createdAt'])
    .where('userId', '=', userId);
  if (gameId) query = query.where(suggestionInGame(gameId));
  return (await query.orderBy('createdAt', 'desc').limit(100).execute()) as {
    _id: string;
    type: string;
    action: string;
    status: string;
    parentId: string;
    createdAt: string;
  }[];
}

/**
 * A user's accepted suggestions counted per game (the same rule as `gameOfSuggestion`: a placed
 * marker's map's game, a game change's game, else the parent), most first, in one grouped query.
 */
export async function acceptedPerGame(db: Executor, userId: string): Promise<AcceptedInGame[]> {
  const gameOf = sql<string>`case
    when ${sql.ref('s.type')} = 'PLACED_MARKER' then ${sql.ref('m.gameId')}
    when ${sql.ref('s.type')} = 'GAME' then ${sql.ref('s.targetId')}
    else ${sql.ref('s.parentId')} end`;
  const counted = dyn(db)
    .selectFrom('suggestion as s')
    .leftJoin('map as m', (join) => join.onRef('m._id', '=', 's.parentId').on('s.type', '=', 'PLACED_MARKER'))
    .select([gameOf.as('gameId'), sql<number>`count(*)`.as('accepted')])
    .where('s.userId', '=', userId)
    .where('s.status', '=', 'ACCEPTED')
    .groupBy(gameOf);
  const rows = (await dyn(db)
    .selectFrom(counted.as('c'))
    .leftJoin('game as g', 'g._id', 'c.gameId')
    .select(['c.gameId', 'c.accepted', 'g.name'])
    .where('c.gameId', 'is not', null)
    .where('c.gameId', '<>', '')
    .orderBy('c.accepted', 'desc')
    .orderBy('c.gameId', 'asc')
    .execute()) as { gameId: string; accepted: number; name: string | null }[];
  return rows.map((r) => ({ gameId: r.gameId, gameName: r.name ?? '', accepted: Number(r.accepted) }));
}

/** The review decisions a user made (accept, reject, revert), latest first. */
export async function decisionsBy(db: Executor, userId: string) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'at', 'recordId', 'action'])
    .where('userId', '=', userId)
    .where('model', '=', 'suggestion')
    .where('action', 'in', ['accept', 'reject', 'revert'])
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** Ids of a user's open suggestions, in one game when given. */
export async function openSuggestionIdsOf(db: Executor, userId: string, gameId?: string): Promise<string[]> {
  let query = dyn(db)
    .selectFrom('suggestion')
    .select('_id')
    .where('userId', '=', userId)
    .where('status', 'in', [...openSuggestionStatuses]);
  if (gameId) query = query.where(suggestionInGame(gameId));
  const rows = (await query.orderBy('createdAt', 'asc').execute()) as { _id: string }[];
  return rows.map((r) => r._id);
}
