import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { inChunks } from '../../db/chunks.ts';
import type { Dialect, Executor } from '../../db/database.ts';
import { reusableQuery } from '../../db/reusable-query.ts';

// biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

/**
 * The tables of a player's progress kept per game (`userId`, `gameId`); completed markers are kept
 * per marker and reach their game through the map.
 */
export const gameProgressTables = [
  'user_quest_completion',
  'user_quest_objective',
  'user_game_level',
  'user_item_owned',
  'user_hideout_level',
  // Kept by the token API (features/tarkov-tracker): failed quests, companion apps' objective counts.
  'user_quest_failed',
  'user_task_objective',
] as const;

// The reads and single-row writes of a player's tick and of the save it answers are compiled once
// (a tick is the hottest request: see reusable-query.ts).
const questCompletions = reusableQuery(
  (db: Executor, userId: string, gameId: string) =>
    db
      .selectFrom('user_quest_completion')
      .select('questId')
      .where('userId', '=', userId)
      .where('gameId', '=', gameId)
      .orderBy('completedAt')
      .orderBy('questId'),
  2,
);

export async function completedQuestIds(db: Executor, userId: string, gameId: string): Promise<string[]> {
  return (await questCompletions(db, userId, gameId)).map((r) => r.questId);
}

const objectiveTicks = reusableQuery(
  (db: Executor, userId: string, gameId: string) =>
    db
      .selectFrom('user_quest_objective')
      .select(['questId', 'objective'])
      .where('userId', '=', userId)
      .where('gameId', '=', gameId)
      .orderBy('questId')
      .orderBy('objective'),
  2,
);

/** The player's ticked objectives in one game: quest id → objective indexes, ascending. */
export async function completedObjectives(
  db: Executor,
  userId: string,
  gameId: string,
): Promise<Record<string, number[]>> {
  const rows = await objectiveTicks(db, userId, gameId);
  const byQuest = new Map<string, number[]>();
  for (const row of rows) {
    const list = byQuest.get(row.questId);
    if (list) list.push(Number(row.objective));
    else byQuest.set(row.questId, [Number(row.objective)]);
  }
  return Object.fromEntries(byQuest);
}

/**
 * PostgreSQL: the player's completed quests, level and ticked objectives of a game in one statement
 * (one round trip instead of three), each list built by the database in the order of its own read.
 */
const questProgressRow = reusableQuery((db: Executor, userId: string, gameId: string) => {
  const own = sql`${sql.ref('userId')} = ${userId} and ${sql.ref('gameId')} = ${gameId}`;
  const [questId, objective] = [sql.ref('questId'), sql.ref('objective')];
  return db.selectNoFrom([
    sql<
      string[]
    >`(select coalesce(json_agg(${questId} order by ${sql.ref('completedAt')}, ${questId}), '[]'::json)
      from ${sql.table('user_quest_completion')} where ${own})`.as('quests'),
    sql<number | null>`(select ${sql.ref('level')} from ${sql.table('user_game_level')} where ${own})`.as(
      'level',
    ),
    sql<[string, number][]>`(select coalesce(json_agg(json_build_array(${questId}, ${objective})
      order by ${questId}, ${objective}), '[]'::json) from ${sql.table('user_quest_objective')} where ${own})`.as(
      'objectives',
    ),
  ]);
}, 2);

/** The player's completed quests (in completion order), level (if set) and ticked objectives of a game. */
export async function questProgress(db: Executor, dialect: Dialect, userId: string, gameId: string) {
  if (dialect !== 'postgres') {
    return {
      completedQuests: await completedQuestIds(db, userId, gameId),
      level: await playerLevel(db, userId, gameId),
      completedObjectives: await completedObjectives(db, userId, gameId),
    };
  }
  const [row] = await questProgressRow(db, userId, gameId);
  const byQuest = new Map<string, number[]>();
  for (const [questId, objective] of row?.objectives ?? []) {
    const list = byQuest.get(questId);
    if (list) list.push(Number(objective));
    else byQuest.set(questId, [Number(objective)]);
  }
  return {
    completedQuests: row?.quests ?? [],
    level: row?.level ?? undefined,
    completedObjectives: Object.fromEntries(byQuest) as Record<string, number[]>,
  };
}

/**
 * Ticks or unticks one objective: a single-row insert or delete, so ticks of other objectives
 * arriving at the same time never overwrite each other.
 */
export async function markObjective(
  db: Executor,
  key: { userId: string; gameId: string; questId: string },
  objective: number,
  done: boolean,
) {
  if (done) {
    await db
      .insertInto('user_quest_objective')
      .values({ ...key, objective, tickedAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['userId', 'gameId', 'questId', 'objective']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('user_quest_objective')
      .where('userId', '=', key.userId)
      .where('gameId', '=', key.gameId)
      .where('questId', '=', key.questId)
      .where('objective', '=', objective)
      .execute();
  }
}

const levelOf = reusableQuery(
  (db: Executor, userId: string, gameId: string) =>
    db
      .selectFrom('user_game_level')
      .select('level')
      .where('userId', '=', userId)
      .where('gameId', '=', gameId),
  2,
);

export async function playerLevel(db: Executor, userId: string, gameId: string): Promise<number | undefined> {
  const [row] = await levelOf(db, userId, gameId);
  return row?.level;
}

const insertQuestCompletion = reusableQuery(
  (db: Executor, userId: string, gameId: string, questId: string, completedAt: string) =>
    db
      .insertInto('user_quest_completion')
      .values({ userId, gameId, questId, completedAt })
      .onConflict((oc) => oc.columns(['userId', 'gameId', 'questId']).doNothing()),
  4,
);
const deleteQuestCompletion = reusableQuery(
  (db: Executor, userId: string, gameId: string, questId: string) =>
    db
      .deleteFrom('user_quest_completion')
      .where('userId', '=', userId)
      .where('gameId', '=', gameId)
      .where('questId', '=', questId),
  3,
);

/** Completes or un-completes one quest (as `markQuests` does a list). */
export async function markQuest(
  db: Executor,
  userId: string,
  gameId: string,
  questId: string,
  completed: boolean,
) {
  if (completed) await insertQuestCompletion(db, userId, gameId, questId, new Date().toISOString());
  else await deleteQuestCompletion(db, userId, gameId, questId);
}

/** Completes or un-completes several quests of a game at once (a few hundred per statement). */
export async function markQuests(
  db: Executor,
  userId: string,
  gameId: string,
  questIds: readonly string[],
  completed: boolean,
) {
  const completedAt = new Date().toISOString();
  for (const part of inChunks(questIds)) {
    if (completed) {
      await db
        .insertInto('user_quest_completion')
        .values(part.map((questId) => ({ userId, gameId, questId, completedAt })))
        .onConflict((oc) => oc.columns(['userId', 'gameId', 'questId']).doNothing())
        .execute();
    } else {
      await db
        .deleteFrom('user_quest_completion')
        .where('userId', '=', userId)
        .where('gameId', '=', gameId)
        .where('questId', 'in', part)
        .execute();
    }
  }
}

/** Ticks several objectives of a game at once (a few hundred per statement). */
export async function tickObjectives(
  db: Executor,
  userId: string,
  gameId: string,
  ticks: readonly { questId: string; objective: number }[],
) {
  const tickedAt = new Date().toISOString();
  for (const part of inChunks(ticks)) {
    await db
      .insertInto('user_quest_objective')
      .values(part.map((tick) => ({ userId, gameId, ...tick, tickedAt })))
      .onConflict((oc) => oc.columns(['userId', 'gameId', 'questId', 'objective']).doNothing())
      .execute();
  }
}

/** Unticks objectives of one quest (one statement). */
export async function untickObjectives(
  db: Executor,
  key: { userId: string; gameId: string; questId: string },
  objectives: readonly number[],
) {
  if (objectives.length === 0) return;
  await db
    .deleteFrom('user_quest_objective')
    .where('userId', '=', key.userId)
    .where('gameId', '=', key.gameId)
    .where('questId', '=', key.questId)
    .where('objective', 'in', objectives)
    .execute();
}

export async function setLevel(db: Executor, userId: string, gameId: string, level: number) {
  await db
    .insertInto('user_game_level')
    .values({ userId, gameId, level })
    .onConflict((oc) => oc.columns(['userId', 'gameId']).doUpdateSet({ level }))
    .execute();
}

/**
 * A player's owned counts of a game as one JSON array of `[itemId, findOnly, quantity]`, built by the
 * database: an item count answers the whole list, and one value costs far less to hand over than a
 * row object per item.
 */
const itemsOwned = reusableQuery((db: Executor, userId: string, gameId: string) => {
  const entry = sql`${sql.ref('itemId')}, ${sql.ref('findOnly')}, ${sql.ref('quantity')}`;
  const order = sql`order by ${sql.ref('itemId')}, ${sql.ref('findOnly')}`;
  const list =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<unknown>`coalesce(json_agg(json_build_array(${entry}) ${order}), '[]'::json)`
      : sql<unknown>`json_group_array(json_array(${entry}) ${order})`;
  return db
    .selectFrom('user_item_owned')
    .select(list.as('owned'))
    .where('userId', '=', userId)
    .where('gameId', '=', gameId);
}, 2);

export async function ownedItems(db: Executor, userId: string, gameId: string) {
  const [row] = await itemsOwned(db, userId, gameId);
  const owned = (typeof row?.owned === 'string' ? JSON.parse(row.owned) : (row?.owned ?? [])) as [
    string,
    number,
    number,
  ][];
  return owned.map(([itemId, findOnly, quantity]) => ({
    itemId,
    findOnly: Boolean(findOnly),
    quantity: Number(quantity),
  }));
}

interface OwnedKey {
  userId: string;
  gameId: string;
  itemId: string;
  findOnly: boolean;
}

const upsertOwned = reusableQuery(
  (db: Executor, userId: string, gameId: string, itemId: string, findOnly: number, quantity: number) =>
    db
      .insertInto('user_item_owned')
      .values({ userId, gameId, itemId, findOnly, quantity })
      .onConflict((oc) => oc.columns(['userId', 'gameId', 'itemId', 'findOnly']).doUpdateSet({ quantity })),
  5,
);

export async function setOwnedQuantity(db: Executor, key: OwnedKey, quantity: number) {
  await upsertOwned(db, key.userId, key.gameId, key.itemId, key.findOnly ? 1 : 0, quantity);
}

const changeOwned = reusableQuery(
  (
    db: Executor,
    userId: string,
    gameId: string,
    itemId: string,
    findOnly: number,
    start: number,
    delta: number,
    cap: number,
  ) => {
    const q = sql.ref('user_item_owned.quantity');
    return db
      .insertInto('user_item_owned')
      .values({ userId, gameId, itemId, findOnly, quantity: start })
      .onConflict((oc) =>
        oc.columns(['userId', 'gameId', 'itemId', 'findOnly']).doUpdateSet({
          quantity: sql<number>`case
          when ${delta} > 0 and ${q} >= ${cap} then ${q}
          when ${q} + ${delta} > ${cap} then ${cap}
          when ${q} + ${delta} < 0 then 0
          else ${q} + ${delta} end`,
        }),
      );
  },
  7,
);

/**
 * Changes an owned count by `delta` in one statement, so concurrent clicks never lose a count:
 * an increase is ignored at or above `cap`, a result never goes past `cap` nor below 0, and a
 * missing entry starts from 0.
 */
export async function changeOwnedQuantity(db: Executor, key: OwnedKey, delta: number, cap: number) {
  const start = Math.min(Math.max(delta, 0), cap);
  await changeOwned(db, key.userId, key.gameId, key.itemId, key.findOnly ? 1 : 0, start, delta, cap);
}

/** The player's built hideout levels of a game (modules above level 0), by module id. */
export async function builtHideoutLevels(db: Executor, userId: string, gameId: string) {
  const rows = await db
    .selectFrom('user_hideout_level')
    .select(['moduleId', 'level'])
    .where('userId', '=', userId)
    .where('gameId', '=', gameId)
    .where('level', '>', 0)
    .orderBy('moduleId')
    .execute();
  return rows.map((r) => ({ moduleId: r.moduleId, level: Number(r.level) }));
}

/** Sets the level built of one module in one statement; level 0 removes the row. */
export async function setHideoutLevel(
  db: Executor,
  key: { userId: string; gameId: string; moduleId: string },
  level: number,
) {
  if (level <= 0) {
    await db
      .deleteFrom('user_hideout_level')
      .where('userId', '=', key.userId)
      .where('gameId', '=', key.gameId)
      .where('moduleId', '=', key.moduleId)
      .execute();
    return;
  }
  await db
    .insertInto('user_hideout_level')
    .values({ ...key, level })
    .onConflict((oc) => oc.columns(['userId', 'gameId', 'moduleId']).doUpdateSet({ level }))
    .execute();
}

export async function completedMarkerIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_completed_marker')
    .select('markerId')
    .where('userId', '=', userId)
    .orderBy('markerId')
    .execute();
  return rows.map((r) => r.markerId);
}

// A single tick's statements, compiled once (a tick is the hottest write: see reusable-query.ts).
const untickOf = reusableQuery(
  (db: Executor, userId: string, markerId: string) =>
    db
      .selectFrom('user_marker_untick')
      .select('uncompletedAt')
      .where('userId', '=', userId)
      .where('markerId', '=', markerId),
  2,
);
const completionOf = reusableQuery(
  (db: Executor, userId: string, markerId: string) =>
    db
      .selectFrom('user_completed_marker')
      .select('completedAt')
      .where('userId', '=', userId)
      .where('markerId', '=', markerId),
  2,
);
const insertCompletion = reusableQuery(
  (db: Executor, userId: string, markerId: string, mapId: string, at: string) =>
    db
      .insertInto('user_completed_marker')
      .values({ userId, markerId, mapId, completedAt: at })
      .onConflict((oc) =>
        oc
          .columns(['userId', 'markerId'])
          .doUpdateSet({ completedAt: (eb) => eb.ref('excluded.completedAt') })
          .where('user_completed_marker.completedAt', '<', at),
      ),
  4,
);
const insertUntick = reusableQuery(
  (db: Executor, userId: string, markerId: string, mapId: string, at: string) =>
    db
      .insertInto('user_marker_untick')
      .values({ userId, markerId, mapId, uncompletedAt: at })
      .onConflict((oc) =>
        oc
          .columns(['userId', 'markerId'])
          .doUpdateSet({ uncompletedAt: (eb) => eb.ref('excluded.uncompletedAt') })
          .where('user_marker_untick.uncompletedAt', '<', at),
      ),
  4,
);
const deleteUntick = reusableQuery(
  (db: Executor, userId: string, markerId: string) =>
    db.deleteFrom('user_marker_untick').where('userId', '=', userId).where('markerId', '=', markerId),
  2,
);
const deleteCompletion = reusableQuery(
  (db: Executor, userId: string, markerId: string) =>
    db.deleteFrom('user_completed_marker').where('userId', '=', userId).where('markerId', '=', markerId),
  2,
);

/**
 * Sets a marker's state for a player as of `at` (ISO time of the player's tick); `db` is a transaction. A
 * tick older than the marker's last change for this player is stale (a late replay from another
 * device) and changes nothing; answers whether the tick applied.
 */
export async function markMarker(
  db: Executor,
  userId: string,
  markerId: string,
  mapId: string,
  completed: boolean,
  at: string,
): Promise<boolean> {
  if (completed) {
    const [untick] = await untickOf(db, userId, markerId);
    if (untick && untick.uncompletedAt > at) return false;
    await insertCompletion(db, userId, markerId, mapId, at);
    if (untick) await deleteUntick(db, userId, markerId);
    return true;
  }
  const [done] = await completionOf(db, userId, markerId);
  if (done && done.completedAt > at) return false;
  if (done) await deleteCompletion(db, userId, markerId);
  await insertUntick(db, userId, markerId, mapId, at);
  return true;
}

/** Completes or un-completes several markers at once (a few hundred per statement). */
export async function markMarkers(
  db: Executor,
  userId: string,
  markers: readonly { markerId: string; mapId: string }[],
  completed: boolean,
) {
  const completedAt = new Date().toISOString();
  for (const part of inChunks(markers)) {
    if (completed) {
      await db
        .insertInto('user_completed_marker')
        .values(part.map(({ markerId, mapId }) => ({ userId, markerId, mapId, completedAt })))
        .onConflict((oc) => oc.columns(['userId', 'markerId']).doNothing())
        .execute();
    } else {
      await db
        .deleteFrom('user_completed_marker')
        .where('userId', '=', userId)
        .where(
          'markerId',
          'in',
          part.map((m) => m.markerId),
        )
        .execute();
    }
  }
}

/**
 * The placed markers a mark-all (or its undo) reaches: those of `definitionIds` on the map; with
 * `floor`, only those shown on that floor (its own, every floor, or a floor the map does not have);
 * with `markerIds`, only those.
 */
export interface MarkerScope {
  mapId: string;
  definitionIds: readonly string[];
  floor?: { level: number; known: readonly number[] };
  markerIds?: readonly string[];
}

function scopedMarkers(db: Executor, dialect: Dialect, scope: MarkerScope) {
  let query = dyn(db)
    .selectFrom('placedmarker')
    .where('placedmarker.mapId', '=', scope.mapId)
    .where('placedmarker.markerDefinitionId', 'in', [...scope.definitionIds]);
  const floor = scope.floor;
  if (floor && floor.known.length > 0)
    query = query.where((eb) =>
      eb.or([
        eb('placedmarker.level', 'in', [floor.level, -1]),
        eb('placedmarker.level', 'not in', [...floor.known]),
      ]),
    );
  // A whole map's ids as one parameter: one statement, within either engine's parameter limit.
  const ids = scope.markerIds;
  if (ids)
    query = query.where(
      dialect === 'postgres'
        ? sql<boolean>`placedmarker."_id" = any(${[...ids]})`
        : sql<boolean>`placedmarker."_id" in (select value from json_each(${JSON.stringify(ids)}))`,
    );
  return query;
}

/**
 * Sets every marker of `scope` to `completed` for a player as of `at`, in a few statements whatever
 * their number; answers the ids whose state changed (ascending), so that exactly those can be set
 * back. Marking leaves already completed markers (and their time) alone; unmarking records the time
 * of the untick of the markers it unticks, as a single untick does. `db` is a transaction holding
 * `lockPlayerMarkers`.
 */
export async function markMarkersInScope(
  db: Executor,
  dialect: Dialect,
  userId: string,
  scope: MarkerScope,
  completed: boolean,
  at: string,
): Promise<string[]> {
  if (scope.definitionIds.length === 0 || scope.markerIds?.length === 0) return [];
  // The scope's markers first, as one list that every statement after looks up by the player's
  // primary key: a join with the placed markers could be planned as a loop over both tables when
  // the player's rows were written too recently for the table's statistics.
  const scoped = (await scopedMarkers(db, dialect, scope).select('placedmarker._id').execute()).map(
    (r) => r._id as string,
  );
  if (scoped.length === 0) return [];
  const among = (ids: readonly string[]) =>
    dialect === 'postgres'
      ? sql<boolean>`${sql.ref('markerId')} = any(${[...ids]})`
      : sql<boolean>`${sql.ref('markerId')} in (select value from json_each(${JSON.stringify(ids)}))`;
  const text = (value: string) => sql<string>`cast(${value} as text)`;
  const mine = (table: 'user_completed_marker' | 'user_marker_untick') =>
    db.deleteFrom(table).where('userId', '=', userId).where(among(scoped));
  if (completed) {
    // Only the markers not found yet are written, by a plain insert: one that resolves a conflict
    // per row costs twice as much. No other write of the player's markers runs meanwhile (the lock),
    // so none can appear in between.
    const found = await db
      .selectFrom('user_completed_marker')
      .select('markerId')
      .where('userId', '=', userId)
      .where(among(scoped))
      .execute();
    const done = new Set(found.map((r) => r.markerId));
    const missing = scoped.filter((id) => !done.has(id)).sort();
    if (missing.length > 0)
      await dyn(db)
        .insertInto('user_completed_marker')
        .columns(['userId', 'markerId', 'mapId', 'completedAt'])
        .expression(
          sql`select ${text(userId)}, ${sql.ref('ids.id')}, ${text(scope.mapId)}, ${text(at)} from ${
            dialect === 'postgres'
              ? sql`unnest(cast(${missing} as text[])) as ids(id)`
              : sql`(select value as id from json_each(${JSON.stringify(missing)})) as ids`
          }`,
        )
        .execute();
    await mine('user_marker_untick').execute();
    return missing;
  }
  if (dialect === 'postgres') {
    // The found rows go, then their untick times are written by a plain insert (one that resolves a
    // conflict per row costs as much again as the insert). A marker may hold an untick time beside
    // its found row (two ticks of it at once, a progress import): those of the markers unticked go
    // first. No other write of the player's markers runs meanwhile (the lock).
    const gone = await mine('user_completed_marker').returning(['markerId', 'mapId']).execute();
    if (gone.length === 0) return [];
    const ids = gone.map((r) => r.markerId).sort();
    const mapOf = new Map(gone.map((r) => [r.markerId, r.mapId]));
    await db.deleteFrom('user_marker_untick').where('userId', '=', userId).where(among(ids)).execute();
    await dyn(db)
      .insertInto('user_marker_untick')
      .columns(['userId', 'markerId', 'mapId', 'uncompletedAt'])
      .expression(
        sql`select ${text(userId)}, ${sql.ref('ids.id')}, ${sql.ref('ids.map')}, ${text(at)} from unnest(cast(${ids} as text[]), cast(${ids.map((id) => mapOf.get(id))} as text[])) as ids(id, map)`,
      )
      .execute();
    return ids;
  }
  // The untick times first, of the markers about to be unticked (the player's writes wait meanwhile).
  await dyn(db)
    .insertInto('user_marker_untick')
    .columns(['userId', 'markerId', 'mapId', 'uncompletedAt'])
    .expression(
      dyn(db)
        .selectFrom('user_completed_marker')
        .select(['userId', 'markerId', 'mapId', text(at).as('uncompletedAt')])
        .where('userId', '=', userId)
        .where(among(scoped)),
    )
    .onConflict((oc) =>
      oc.columns(['userId', 'markerId']).doUpdateSet({ uncompletedAt: sql.ref('excluded.uncompletedAt') }),
    )
    .execute();
  const rows = await mine('user_completed_marker').returning('markerId').execute();
  return rows.map((r) => r.markerId).sort();
}

/**
 * Orders a player's marker writes on PostgreSQL: a single tick takes a shared lock on the player's
 * row, a change of many markers an exclusive one, so a mark-all and ticks arriving with it apply one
 * after the other, never interleaved (SQLite runs one write transaction at a time anyway). Answers
 * whether the player still exists: their marker rows have no foreign key, so this lock is what keeps
 * a player's removal and their ticks apart (a removal's trigger clears the rows written before it).
 */
export async function lockPlayerMarkers(
  db: Executor,
  dialect: Dialect,
  userId: string,
  many: boolean,
): Promise<boolean> {
  const lock = dialect !== 'postgres' ? playerRow : many ? playerRowForUpdate : playerRowForKeyShare;
  return (await lock(db, userId)).length > 0;
}

const playerQuery = (db: Executor, userId: string) =>
  db.selectFrom('user').select('id').where('id', '=', userId);
const playerRow = reusableQuery(playerQuery, 1);
const playerRowForUpdate = reusableQuery(
  (db: Executor, userId: string) => playerQuery(db, userId).forUpdate(),
  1,
);
const playerRowForKeyShare = reusableQuery(
  (db: Executor, userId: string) => playerQuery(db, userId).forKeyShare(),
  1,
);

/** The map's completable marker definitions (their game's), with the category they are grouped by. */
export async function completableDefinitions(db: Executor, mapId: string) {
  return (await dyn(db)
    .selectFrom('markerdefinition')
    .innerJoin('map', 'map.gameId', 'markerdefinition.gameId')
    .select(['markerdefinition._id as _id', 'markerdefinition.markerCategory as markerCategory'])
    .where('map._id', '=', mapId)
    .where('markerdefinition.completable', '=', 1)
    .execute()) as { _id: string; markerCategory: string | null }[];
}

/** The floors a map has (their level numbers). */
export async function mapFloors(db: Executor, mapId: string): Promise<number[]> {
  const rows = await dyn(db).selectFrom('maplevel').select('level').where('mapId', '=', mapId).execute();
  return rows.map((r) => Number(r.level));
}

/**
 * Per enabled map of a game: its completable markers and how many of them the player found.
 */
export async function markerProgressOfGame(db: Executor, userId: string, gameId: string) {
  const completable = () =>
    dyn(db)
      .selectFrom('placedmarker')
      .innerJoin('markerdefinition', 'markerdefinition._id', 'placedmarker.markerDefinitionId')
      .innerJoin('map', 'map._id', 'placedmarker.mapId')
      .where('map.gameId', '=', gameId)
      .where('map.enabled', '=', 1)
      .where('markerdefinition.completable', '=', 1)
      .groupBy('placedmarker.mapId')
      .select(['placedmarker.mapId as mapId', (eb) => eb.fn.countAll<number>().as('n')]);
  const totals = (await completable().execute()) as { mapId: string; n: number }[];
  const found = (await completable()
    .innerJoin('user_completed_marker', (join) =>
      join
        .onRef('user_completed_marker.markerId', '=', 'placedmarker._id')
        .on('user_completed_marker.userId', '=', userId),
    )
    .execute()) as { mapId: string; n: number }[];
  const maps = (await dyn(db)
    .selectFrom('map')
    .select(['_id', 'name'])
    .where('gameId', '=', gameId)
    .where('enabled', '=', 1)
    .orderBy('weight', 'desc')
    .orderBy('name')
    .execute()) as { _id: string; name: string }[];
  const total = new Map(totals.map((r) => [r.mapId, Number(r.n)]));
  const done = new Map(found.map((r) => [r.mapId, Number(r.n)]));
  return maps.map((m) => ({
    mapId: m._id,
    name: m.name,
    found: done.get(m._id) ?? 0,
    total: total.get(m._id) ?? 0,
  }));
}

/** Removes every completed marker (and untick time) of a player on one map; answers how many were found. */
export async function resetMapMarkers(db: Executor, userId: string, mapId: string): Promise<number> {
  await db.deleteFrom('user_marker_untick').where('userId', '=', userId).where('mapId', '=', mapId).execute();
  const result = await db
    .deleteFrom('user_completed_marker')
    .where('userId', '=', userId)
    .where('mapId', '=', mapId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The player's completed markers on the maps of one game. */
export async function completedMarkersOfGame(db: Executor, userId: string, gameId: string) {
  return (await dyn(db)
    .selectFrom('user_completed_marker')
    .innerJoin('map', 'map._id', 'user_completed_marker.mapId')
    .select(['user_completed_marker.markerId as markerId', 'user_completed_marker.mapId as mapId'])
    .where('user_completed_marker.userId', '=', userId)
    .where('map.gameId', '=', gameId)
    .orderBy('user_completed_marker.markerId')
    .execute()) as { markerId: string; mapId: string }[];
}

/** Every placed marker on the enabled maps of a game, with its map. */
export async function placedMarkersOfGame(db: Executor, gameId: string) {
  return (await dyn(db)
    .selectFrom('placedmarker')
    .innerJoin('map', 'map._id', 'placedmarker.mapId')
    .select(['placedmarker._id as markerId', 'placedmarker.mapId as mapId'])
    .where('map.gameId', '=', gameId)
    .where('map.enabled', '=', 1)
    .execute()) as { markerId: string; mapId: string }[];
}

/** The games the player has any progress in, by id. */
export async function gamesWithProgress(db: Executor, userId: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const table of gameProgressTables) {
    const rows = await db
      .selectFrom(table)
      .select('gameId')
      .distinct()
      .where('userId', '=', userId)
      .execute();
    for (const row of rows) ids.add(row.gameId);
  }
  const markerGames = (await dyn(db)
    .selectFrom('user_completed_marker')
    .innerJoin('map', 'map._id', 'user_completed_marker.mapId')
    .select('map.gameId as gameId')
    .distinct()
    .where('user_completed_marker.userId', '=', userId)
    .execute()) as { gameId: string }[];
  for (const row of markerGames) ids.add(row.gameId);
  // Own pins and marker notes reach their game through their map.
  for (const table of ['user_pin', 'user_marker_note'] as const) {
    const rows = (await dyn(db)
      .selectFrom(table)
      .innerJoin('map', 'map._id', `${table}.mapId`)
      .select('map.gameId as gameId')
      .distinct()
      .where(`${table}.userId`, '=', userId)
      .execute()) as { gameId: string }[];
    for (const row of rows) ids.add(row.gameId);
  }
  return [...ids].sort();
}

/** A game's id and name, if it exists. */
export async function gameName(db: Executor, gameId: string) {
  return (await dyn(db)
    .selectFrom('game')
    .select(['_id', 'name'])
    .where('_id', '=', gameId)
    .executeTakeFirst()) as { _id: string; name: string } | undefined;
}
