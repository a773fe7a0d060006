import type { TPinShare, TSharedPin, TShareRoute } from '@waypoint/shared/pins/shares';
import { inChunks } from '../../db/chunks.ts';
import type { Executor } from '../../db/database.ts';

/** Of these pin ids, those that are the player's own on the map. */
export async function ownPinIds(db: Executor, userId: string, mapId: string, ids: readonly string[]) {
  const found = new Set<string>();
  // Bound the statement's parameters far below either engine's limit.
  for (const part of inChunks(ids)) {
    const rows = await db
      .selectFrom('user_pin')
      .select('id')
      .where('userId', '=', userId)
      .where('mapId', '=', mapId)
      .where('id', 'in', part)
      .execute();
    for (const r of rows) found.add(r.id);
  }
  return found;
}

export async function countShares(db: Executor, userId: string, mapId: string): Promise<number> {
  const row = await db
    .selectFrom('pin_share')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('mapId', '=', mapId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertShare(
  db: Executor,
  share: {
    id: string;
    userId: string;
    mapId: string;
    title: string;
    showName: boolean;
    createdAt: string;
    route: TShareRoute | null;
  },
  pinIds: readonly string[],
) {
  await db
    .insertInto('pin_share')
    .values({
      ...share,
      showName: share.showName ? 1 : 0,
      route: share.route ? JSON.stringify(share.route) : null,
    })
    .execute();
  const rows = pinIds.map((pinId, position) => ({ shareId: share.id, pinId, position }));
  for (const part of inChunks(rows)) {
    await db.insertInto('pin_share_pin').values(part).execute();
  }
}

/** A player's links on a map, newest first, with the number of pins each still shows. */
export async function sharesOf(db: Executor, userId: string, mapId: string): Promise<TPinShare[]> {
  const rows = await db
    .selectFrom('pin_share as s')
    .leftJoin('pin_share_pin as p', 'p.shareId', 's.id')
    .select((eb) => [
      's.id',
      's.mapId',
      's.title',
      's.showName',
      's.createdAt',
      's.route',
      eb.fn.count<number>('p.pinId').as('pinCount'),
    ])
    .where('s.userId', '=', userId)
    .where('s.mapId', '=', mapId)
    .groupBy(['s.id', 's.mapId', 's.title', 's.showName', 's.createdAt', 's.route'])
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id')
    .execute();
  return rows.map(({ route, ...r }) => ({
    ...r,
    showName: Boolean(r.showName),
    pinCount: Number(r.pinCount),
    routeStops: route ? (JSON.parse(route) as TShareRoute).points.length - 1 : 0,
  }));
}

/** A link with its owner's username (or undefined). */
export function findShare(db: Executor, id: string) {
  return db
    .selectFrom('pin_share as s')
    .innerJoin('user as u', 'u.id', 's.userId')
    .select(['s.id', 's.userId', 's.mapId', 's.title', 's.showName', 's.route', 'u.username'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** The pins a link shows, in the order they were shared. */
export async function sharedPins(db: Executor, shareId: string): Promise<TSharedPin[]> {
  const rows = await db
    .selectFrom('pin_share_pin as sp')
    .innerJoin('user_pin as p', 'p.id', 'sp.pinId')
    .select(['sp.position', 'p.name', 'p.note', 'p.colour', 'p.level', 'p.x', 'p.y'])
    .where('sp.shareId', '=', shareId)
    .orderBy('sp.position')
    .execute();
  return rows.map((r) => ({
    id: String(r.position),
    name: r.name,
    note: r.note,
    colour: r.colour as TSharedPin['colour'],
    level: Number(r.level),
    x: Number(r.x),
    y: Number(r.y),
  }));
}

/** Withdraws a player's link; false when they have none of that id. */
export async function deleteShare(db: Executor, userId: string, mapId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('pin_share')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('mapId', '=', mapId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
