import type { TMarkerNote, TPin, TPinChange } from '@waypoint/shared/pins/schemas';
import { type Kysely, sql } from 'kysely';
import { inChunks } from '../../db/chunks.ts';
import type { Dialect, Executor } from '../../db/database.ts';
import type { UserPinTable } from '../../db/schema.ts';

// biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

const pinColumns = [
  'id',
  'mapId',
  'name',
  'note',
  'colour',
  'level',
  'x',
  'y',
  'createdAt',
  'updatedAt',
] as const;

const toPin = (row: Omit<UserPinTable, 'userId'>): TPin => ({
  ...row,
  colour: row.colour as TPin['colour'],
  level: Number(row.level),
  x: Number(row.x),
  y: Number(row.y),
});

/** A player's pins on one map, oldest first. */
export async function pinsOnMap(db: Executor, userId: string, mapId: string): Promise<TPin[]> {
  const rows = await db
    .selectFrom('user_pin')
    .select(pinColumns)
    .where('userId', '=', userId)
    .where('mapId', '=', mapId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(toPin);
}

export async function countPinsOnMap(db: Executor, userId: string, mapId: string): Promise<number> {
  const row = await db
    .selectFrom('user_pin')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('mapId', '=', mapId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The pin with this id, whoever owns it (undefined when there is none). */
export async function findPin(db: Executor, pinId: string) {
  const row = await db
    .selectFrom('user_pin')
    .select([...pinColumns, 'userId'])
    .where('id', '=', pinId)
    .executeTakeFirst();
  return row ? { ...toPin(row), userId: row.userId } : undefined;
}

/** Inserts pins; false when one of the ids is taken (nothing is written then, in the caller's transaction). */
export async function insertPins(db: Executor, rows: UserPinTable[]): Promise<void> {
  // Bound the statement's parameters (11 a row) far below either engine's limit.
  for (const part of inChunks(rows)) {
    await db.insertInto('user_pin').values(part).execute();
  }
}

/** Writes the changed fields of one of the player's pins; false when the player has no such pin. */
export async function updatePin(
  db: Executor,
  userId: string,
  pinId: string,
  change: TPinChange,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('user_pin')
    .set({ ...change, updatedAt })
    .where('id', '=', pinId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePin(db: Executor, userId: string, mapId: string, pinId: string) {
  const result = await db
    .deleteFrom('user_pin')
    .where('id', '=', pinId)
    .where('userId', '=', userId)
    .where('mapId', '=', mapId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A player's notes on the placed markers of one map. */
export async function markerNotesOnMap(db: Executor, userId: string, mapId: string): Promise<TMarkerNote[]> {
  return db
    .selectFrom('user_marker_note')
    .select(['markerId', 'note', 'updatedAt'])
    .where('userId', '=', userId)
    .where('mapId', '=', mapId)
    .orderBy('markerId')
    .execute();
}

export async function saveMarkerNote(
  db: Executor,
  row: { userId: string; markerId: string; mapId: string; note: string; updatedAt: string },
) {
  await db
    .insertInto('user_marker_note')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['userId', 'markerId'])
        .doUpdateSet({ note: row.note, mapId: row.mapId, updatedAt: row.updatedAt }),
    )
    .execute();
}

export async function deleteMarkerNote(db: Executor, userId: string, markerId: string) {
  await db
    .deleteFrom('user_marker_note')
    .where('userId', '=', userId)
    .where('markerId', '=', markerId)
    .execute();
}

/** The floor numbers a map has (none: a map without floors). */
export async function mapLevelNumbers(db: Executor, mapId: string): Promise<number[]> {
  const rows = (await dyn(db)
    .selectFrom('maplevel')
    .select('level')
    .where('mapId', '=', mapId)
    .execute()) as {
    level: number;
  }[];
  return rows.map((r) => Number(r.level));
}

/**
 * Makes the pin writes of one player take turns until the transaction ends (PostgreSQL locks the
 * user's row; SQLite runs one write transaction at a time anyway), so that two creates at once
 * cannot pass the cap together.
 */
export async function lockUserPins(trx: Executor, dialect: Dialect, userId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select id from "user" where id = ${userId} for update`.execute(trx);
}

/** A player's pins on every map of a game, by map then age. */
export async function pinsOfGame(db: Executor, userId: string, gameId: string): Promise<TPin[]> {
  const rows = (await dyn(db)
    .selectFrom('user_pin')
    .innerJoin('map', 'map._id', 'user_pin.mapId')
    .select(pinColumns.map((c) => `user_pin.${c}` as const))
    .where('user_pin.userId', '=', userId)
    .where('map.gameId', '=', gameId)
    .orderBy('user_pin.mapId')
    .orderBy('user_pin.createdAt')
    .orderBy('user_pin.id')
    .execute()) as Omit<UserPinTable, 'userId'>[];
  return rows.map(toPin);
}

/** Which of `ids` are pins, with their owner. */
export async function pinOwners(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const part of inChunks(ids)) {
    const rows = await db.selectFrom('user_pin').select(['id', 'userId']).where('id', 'in', part).execute();
    for (const row of rows) owners.set(row.id, row.userId);
  }
  return owners;
}

/** Removes some of a player's pins. */
export async function deletePins(db: Executor, userId: string, ids: readonly string[]): Promise<void> {
  for (const part of inChunks(ids)) {
    await db.deleteFrom('user_pin').where('userId', '=', userId).where('id', 'in', part).execute();
  }
}

/** A player's notes on the placed markers of every map of a game. */
export async function markerNotesOfGame(db: Executor, userId: string, gameId: string) {
  return (await dyn(db)
    .selectFrom('user_marker_note')
    .innerJoin('map', 'map._id', 'user_marker_note.mapId')
    .select([
      'user_marker_note.markerId as markerId',
      'user_marker_note.mapId as mapId',
      'user_marker_note.note as note',
    ])
    .where('user_marker_note.userId', '=', userId)
    .where('map.gameId', '=', gameId)
    .orderBy('user_marker_note.markerId')
    .execute()) as { markerId: string; mapId: string; note: string }[];
}
