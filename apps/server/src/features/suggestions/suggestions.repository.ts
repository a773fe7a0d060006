import {
  getModel,
  type MapSuggestion,
  type ModelDef,
  openSuggestionStatuses,
  type SuggestionComment,
  type TStoredImage,
} from '@waypoint/shared';
import type { Kysely } from 'kysely';
import { inChunks } from '../../db/chunks.ts';
import type { Dialect, Executor } from '../../db/database.ts';
import { fromRow, type ModelRecord, type Row } from '../../db/rows.ts';
import { suggestionInGame } from '../community/community.repository.ts';
import { insertRecord } from '../models/models.repository.ts';

export const suggestionModel: ModelDef = getModel('suggestion');

// Content tables are declared by the registry, not by the static Database type.
// biome-ignore lint/suspicious/noExplicitAny: table names come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

/** A suggestion as stored (registry fields). */
export type SuggestionRecord = ModelRecord & {
  _id: string;
  status: string;
  type: string;
  action: string;
  parentId: string;
  userId: string;
  username: string;
  data: string;
  imageUrl: string;
  imageUrls: string[];
  targetId: string;
  baseUpdatedAt: string;
  /** Images fetched and processed when suggested, by the element's image field, until accepted. */
  images: StagedImages;
};

/** A suggestion's staged images by the element's image field. */
export type StagedImages = Record<string, TStoredImage>;

/**
 * One suggestion; with `lock` on PostgreSQL the row stays locked until the transaction ends, so
 * two decisions on one suggestion (or an edit racing a decision) happen one after the other. SQLite
 * runs one write transaction at a time anyway.
 */
export async function findSuggestion(
  db: Executor,
  id: string,
  options: { lock?: boolean; dialect?: Dialect } = {},
): Promise<SuggestionRecord | undefined> {
  let query = dyn(db).selectFrom('suggestion').selectAll().where('_id', '=', id);
  if (options.lock && options.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? (fromRow(suggestionModel, row as Row) as SuggestionRecord) : undefined;
}

/** Open suggestions of `type` whose target is `targetId`, optionally of one user only. */
export async function openSuggestionsFor(
  db: Executor,
  type: string,
  targetId: string,
  userId?: string,
): Promise<SuggestionRecord[]> {
  let query = dyn(db)
    .selectFrom('suggestion')
    .selectAll()
    .where('type', '=', type)
    .where('targetId', '=', targetId)
    .where('status', 'in', [...openSuggestionStatuses]);
  if (userId !== undefined) query = query.where('userId', '=', userId);
  const rows = await query.orderBy('createdAt', 'asc').execute();
  return (rows as Row[]).map((row) => fromRow(suggestionModel, row) as SuggestionRecord);
}

export async function insertSuggestion(db: Executor, record: ModelRecord, now: string) {
  await insertRecord(db, suggestionModel, { ...record, createdAt: now, images: record.images ?? {} }, now);
}

export async function updateSuggestion(db: Executor, id: string, fields: Record<string, unknown>) {
  const { images, ...rest } = fields;
  await dyn(db)
    .updateTable('suggestion')
    .set({
      ...rest,
      ...(images === undefined ? {} : { images: JSON.stringify(images) }),
      updatedAt: new Date().toISOString(),
    })
    .where('_id', '=', id)
    .execute();
}

export async function deleteSuggestion(db: Executor, id: string): Promise<boolean> {
  const result = await dyn(db).deleteFrom('suggestion').where('_id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The stored `updatedAt` of a content record, or undefined when it does not exist. */
export async function updatedAtOf(db: Executor, table: string, id: string): Promise<string | undefined> {
  const row = await dyn(db).selectFrom(table).select('updatedAt').where('_id', '=', id).executeTakeFirst();
  return row ? String((row as { updatedAt: string }).updatedAt ?? '') : undefined;
}

export async function addComment(db: Executor, comment: Omit<SuggestionComment, 'id'>) {
  await db.insertInto('suggestion_comment').values(comment).execute();
}

export async function listComments(db: Executor, suggestionId: string): Promise<SuggestionComment[]> {
  const rows = await db
    .selectFrom('suggestion_comment')
    .selectAll()
    .where('suggestionId', '=', suggestionId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Sets (value ±1) or removes (0) one user's vote and stores the suggestion's counts as counted from
 * the votes themselves, in the caller's transaction: one vote per user, whatever the concurrency.
 */
export async function setVote(db: Executor, suggestionId: string, userId: string, value: -1 | 0 | 1) {
  if (value === 0) {
    await db
      .deleteFrom('suggestion_vote')
      .where('suggestionId', '=', suggestionId)
      .where('userId', '=', userId)
      .execute();
  } else {
    await db
      .insertInto('suggestion_vote')
      .values({ suggestionId, userId, value })
      .onConflict((oc) => oc.columns(['suggestionId', 'userId']).doUpdateSet({ value }))
      .execute();
  }
  const counts = await db
    .selectFrom('suggestion_vote')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('value', '>', 0).as('up'),
      eb.fn.countAll<number>().filterWhere('value', '<', 0).as('down'),
    ])
    .where('suggestionId', '=', suggestionId)
    .executeTakeFirstOrThrow();
  const upvotes = Number(counts.up);
  const downvotes = Number(counts.down);
  await dyn(db)
    .updateTable('suggestion')
    .set({ upvotes, downvotes })
    .where('_id', '=', suggestionId)
    .execute();
  return { upvotes, downvotes };
}

export async function currentVote(db: Executor, suggestionId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('suggestion_vote')
    .select('value')
    .where('suggestionId', '=', suggestionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Removes every open suggestion of a user; answers their ids and staged images. */
export async function deleteOpenSuggestionsOfUser(db: Executor, userId: string) {
  const rows = await dyn(db)
    .deleteFrom('suggestion')
    .where('userId', '=', userId)
    .where('status', 'in', [...openSuggestionStatuses])
    .returning(['_id', 'images'])
    .execute();
  return (rows as Row[]).map((row) => {
    const { _id, images } = fromRow(suggestionModel, row);
    return { _id: String(_id), images: images as StagedImages };
  });
}

/**
 * Many suggestions by id, read a few hundred at a time; with `lock` on PostgreSQL their rows stay
 * locked until the transaction ends, taken in id order so that two bulk decisions never wait on
 * each other crosswise.
 */
export async function findSuggestions(
  db: Executor,
  ids: string[],
  options: { lock?: boolean; dialect?: Dialect } = {},
): Promise<Map<string, SuggestionRecord>> {
  const sorted = [...new Set(ids)].sort();
  const out = new Map<string, SuggestionRecord>();
  for (const part of inChunks(sorted)) {
    let query = dyn(db).selectFrom('suggestion').selectAll().where('_id', 'in', part).orderBy('_id', 'asc');
    if (options.lock && options.dialect === 'postgres') query = query.forUpdate();
    for (const row of (await query.execute()) as Row[]) {
      out.set(String(row._id), fromRow(suggestionModel, row) as SuggestionRecord);
    }
  }
  return out;
}

/** Sets fields of many suggestions at once (a few hundred per statement). */
export async function updateSuggestions(db: Executor, ids: string[], fields: Record<string, unknown>) {
  const updatedAt = new Date().toISOString();
  for (const part of inChunks(ids)) {
    await dyn(db)
      .updateTable('suggestion')
      .set({ ...fields, updatedAt })
      .where('_id', 'in', part)
      .execute();
  }
}

/** A player's freshness report of a marker; it replaces their earlier one. */
export async function saveMarkerReport(
  db: Executor,
  report: { markerId: string; userId: string; kind: 'CONFIRM' | 'GONE' | 'MOVED'; at: string },
) {
  await db
    .insertInto('marker_report')
    .values(report)
    .onConflict((oc) => oc.columns(['markerId', 'userId']).doUpdateSet({ kind: report.kind, at: report.at }))
    .execute();
}

/** The 'gone' and 'moved' reports of a marker made after its last confirmation. */
export async function openMarkerReports(db: Executor, markerId: string, lastConfirmedAt: string) {
  return db
    .selectFrom('marker_report')
    .select(['kind'])
    .where('markerId', '=', markerId)
    .where('kind', '!=', 'CONFIRM')
    .where('at', '>', lastConfirmedAt)
    .execute();
}

/** Stores a marker's freshness (last confirmation, open report count) on the marker itself. */
export async function setMarkerFreshness(
  db: Executor,
  markerId: string,
  freshness: { lastConfirmedAt: string; reportCount: number },
) {
  await dyn(db).updateTable('placedmarker').set(freshness).where('_id', '=', markerId).execute();
}

/** A user by name, compared as stored (NFKC) without case. */
export async function findUserByName(db: Executor, username: string) {
  return db
    .selectFrom('user')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.normalize('NFKC').toLowerCase()))
    .executeTakeFirst();
}

/** Ids of the open suggestions of a user and/or a parent (and type), oldest first. */
export async function openSuggestionIds(
  db: Executor,
  by: { userId?: string; parentId?: string; type?: string; gameId?: string },
): Promise<string[]> {
  let query = dyn(db)
    .selectFrom('suggestion')
    .select('_id')
    .where('status', 'in', [...openSuggestionStatuses]);
  if (by.userId !== undefined) query = query.where('userId', '=', by.userId);
  if (by.parentId !== undefined) query = query.where('parentId', '=', by.parentId);
  if (by.type !== undefined) query = query.where('type', '=', by.type);
  if (by.gameId !== undefined) query = query.where(suggestionInGame(by.gameId));
  const rows = (await query.orderBy('createdAt', 'asc').orderBy('_id', 'asc').execute()) as { _id: string }[];
  return rows.map((r) => r._id);
}

/**
 * A page of the open placed-marker suggestions of a map (of one user only when `userId` is given),
 * oldest first, with what the map draws and the discussion counts.
 */
export async function openMarkerSuggestionsOfMap(
  db: Executor,
  mapId: string,
  page: { userId?: string; limit: number; skip: number },
): Promise<MapSuggestion[]> {
  let query = dyn(db)
    .selectFrom('suggestion')
    .select([
      '_id',
      'type',
      'action',
      'status',
      'parentId',
      'userId',
      'username',
      'targetId',
      'data',
      'upvotes',
      'downvotes',
      'createdAt',
    ])
    .where('type', '=', 'PLACED_MARKER')
    .where('parentId', '=', mapId)
    .where('status', 'in', [...openSuggestionStatuses]);
  if (page.userId !== undefined) query = query.where('userId', '=', page.userId);
  const rows = (await query
    .orderBy('createdAt', 'asc')
    .orderBy('_id', 'asc')
    .limit(page.limit)
    .offset(page.skip)
    .execute()) as Record<string, unknown>[];
  return rows.map((r) => ({ ...suggestionListFields(r), data: String(r.data ?? '{}') }));
}

/** The fields a list of suggestions shows, read from a row of the suggestion table. */
export function suggestionListFields(r: Record<string, unknown>) {
  return {
    _id: String(r._id),
    type: String(r.type),
    action: r.action as MapSuggestion['action'],
    status: String(r.status),
    parentId: String(r.parentId),
    userId: String(r.userId ?? ''),
    username: String(r.username ?? ''),
    targetId: String(r.targetId ?? ''),
    upvotes: Number(r.upvotes ?? 0),
    downvotes: Number(r.downvotes ?? 0),
    createdAt: String(r.createdAt ?? ''),
  };
}

/** A game's threshold of net votes for announcing a suggestion (0: none, also for no game). */
export async function voteThresholdOf(db: Executor, gameId: string | undefined): Promise<number> {
  if (!gameId) return 0;
  const row = await dyn(db)
    .selectFrom('game')
    .select('voteThreshold')
    .where('_id', '=', gameId)
    .executeTakeFirst();
  return Number((row as { voteThreshold?: number } | undefined)?.voteThreshold ?? 0);
}

/** Records that a suggestion reached its game's threshold; false when it had already (announce once). */
export async function recordVoteAlert(db: Executor, suggestionId: string, votes: number): Promise<boolean> {
  const result = await db
    .insertInto('suggestion_vote_alert')
    .values({ suggestionId, votes, at: new Date().toISOString() })
    .onConflict((oc) => oc.column('suggestionId').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
