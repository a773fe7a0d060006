import {
  type AuthorRate,
  getModel,
  type ModelKey,
  openSuggestionStatuses,
  type ReviewHistoryRow,
  type ReviewRow,
  type ReviewSummaryRow,
  reviewColumns,
  type SuggestionType,
  suggestionTypeModel,
} from '@waypoint/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { suggestionInGame } from '../community/community.repository.ts';
import { suggestionListFields } from '../suggestions/suggestions.repository.ts';

// Content tables are declared by the registry, not by the static Database type.
// biome-ignore lint/suspicious/noExplicitAny: table names come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

const open = [...openSuggestionStatuses];

/** The table a suggestion type writes to. */
export const tableOfType = (type: string) =>
  getModel(suggestionTypeModel[type as SuggestionType] as ModelKey);

/** A case-insensitive "contains" on a column, the same on both engines (% and _ taken literally). */
function contains(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
}

/** A user name column equal to `name` without case (names are stored NFKC-normalized). */
function sameName(column: string, name: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) = ${name.normalize('NFKC').toLowerCase()}`;
}

/**
 * 1 when the suggestion's target changed since it was made: an UPDATE or DELETE whose element
 * vanished or carries another `updatedAt` than the suggestion saw, an ADD whose id is taken.
 */
const staleExpr = sql<number>`case
  when ${sql.ref('s.action')} = 'ADD' then (case when ${sql.ref('t._id')} is null then 0 else 1 end)
  when ${sql.ref('t._id')} is null then 1
  when ${sql.ref('s.baseUpdatedAt')} <> '' and ${sql.ref('t.updatedAt')} <> ${sql.ref('s.baseUpdatedAt')} then 1
  else 0 end`;

export interface ListOptions {
  type: string;
  filters: Partial<Record<(typeof reviewColumns)[number], string>>;
  parent?: string;
  /** Exactly this user name (without case). */
  user?: string;
  /** Only suggestions of this game. */
  gameId?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit: number;
  skip: number;
}

/** Open suggestions of one type with a filter per column; stale ones first, then by `sort`. */
export async function listOpen(db: Executor, options: ListOptions) {
  const table = tableOfType(options.type).table;
  let base = dyn(db)
    .selectFrom('suggestion as s')
    .leftJoin(`${table} as t`, 't._id', 's.targetId')
    .where('s.type', '=', options.type)
    .where('s.status', 'in', open);
  for (const column of reviewColumns) {
    const text = options.filters[column];
    if (text) base = base.where(contains(`s.${column}`, text));
  }
  if (options.parent !== undefined) base = base.where('s.parentId', '=', options.parent);
  if (options.user) base = base.where(sameName('s.username', options.user));
  if (options.gameId) base = base.where(suggestionInGame(options.gameId, 's'));
  let query = base
    .select([
      's._id',
      's.type',
      's.status',
      's.action',
      's.parentId',
      's.userId',
      's.username',
      's.targetId',
      's.createdAt',
      's.upvotes',
      's.downvotes',
      staleExpr.as('stale'),
    ])
    .orderBy('stale', 'desc');
  if (options.sort === 'netVotes') {
    const net = sql`coalesce(${sql.ref('s.upvotes')}, 0) - coalesce(${sql.ref('s.downvotes')}, 0)`;
    query = query.orderBy(net, options.order ?? 'desc');
  } else if (options.sort) query = query.orderBy(`s.${options.sort}`, options.order ?? 'asc');
  query = query
    .orderBy('s.weight', 'desc')
    .orderBy('s.createdAt', 'desc')
    .orderBy('s._id', 'asc')
    .limit(options.limit)
    .offset(options.skip);
  const [rows, count] = await Promise.all([
    query.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const data: ReviewRow[] = (rows as Record<string, unknown>[]).map((r) => ({
    ...suggestionListFields(r),
    stale: Number(r.stale) === 1,
  }));
  return { count: Number((count as { count: number }).count), data };
}

export interface SummaryOptions {
  username?: string;
  /** Only markers on maps of this game. */
  gameId?: string;
  parentId?: string;
  mapName?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit: number;
  skip: number;
}

/** Open placed-marker suggestions counted by parent map and action; most additions first. */
export async function markerSummary(db: Executor, options: SummaryOptions) {
  const table = tableOfType('PLACED_MARKER').table;
  let base = dyn(db)
    .selectFrom('suggestion as s')
    .leftJoin('map as m', 'm._id', 's.parentId')
    .where('s.type', '=', 'PLACED_MARKER')
    .where('s.status', 'in', open);
  if (options.username) base = base.where(sameName('s.username', options.username));
  if (options.parentId) base = base.where(contains('s.parentId', options.parentId));
  if (options.mapName) base = base.where(contains('m.name', options.mapName));
  if (options.gameId) base = base.where('m.gameId', '=', options.gameId);
  const count = (action: string) =>
    sql<number>`sum(case when ${sql.ref('s.action')} = ${action} then 1 else 0 end)`;
  let query = base
    .leftJoin(`${table} as t`, 't._id', 's.targetId')
    .select([
      's.parentId',
      sql<string>`max(${sql.ref('m.name')})`.as('mapName'),
      sql<string>`max(${sql.ref('m.gameId')})`.as('gameId'),
      count('ADD').as('adds'),
      count('UPDATE').as('updates'),
      count('DELETE').as('deletes'),
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(${staleExpr})`.as('stale'),
    ])
    .groupBy('s.parentId');
  const sort = options.sort ?? 'adds';
  const column = sort === 'parentId' ? 's.parentId' : sort;
  query = query
    .orderBy(column, options.order ?? (sort === 'parentId' || sort === 'mapName' ? 'asc' : 'desc'))
    .orderBy('s.parentId', 'asc')
    .limit(options.limit)
    .offset(options.skip);
  const [rows, total] = await Promise.all([
    query.execute(),
    base.select(sql<number>`count(distinct ${sql.ref('s.parentId')})`.as('count')).executeTakeFirstOrThrow(),
  ]);
  const data: ReviewSummaryRow[] = (rows as Record<string, unknown>[]).map((r) => ({
    parentId: String(r.parentId),
    mapName: String(r.mapName ?? ''),
    gameId: String(r.gameId ?? ''),
    adds: Number(r.adds ?? 0),
    updates: Number(r.updates ?? 0),
    deletes: Number(r.deletes ?? 0),
    total: Number(r.total ?? 0),
    stale: Number(r.stale ?? 0),
  }));
  return { count: Number((total as { count: number }).count), data };
}

/** Open suggestions per type (of one user when `userId` is given). */
export async function openCountsByType(db: Executor, userId?: string, gameId?: string) {
  let query = dyn(db)
    .selectFrom('suggestion')
    .select(['type', sql<number>`count(*)`.as('count')])
    .where('status', 'in', open);
  if (userId !== undefined) query = query.where('userId', '=', userId);
  if (gameId !== undefined) query = query.where(suggestionInGame(gameId));
  const rows = (await query.groupBy('type').execute()) as { type: string; count: number }[];
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.count)]));
}

/** How many of a user's suggestions were accepted, rejected, or are still open. */
export async function authorRecord(db: Executor, userId: string) {
  const rows = (await dyn(db)
    .selectFrom('suggestion')
    .select(['status', sql<number>`count(*)`.as('count')])
    .where('userId', '=', userId)
    .groupBy('status')
    .execute()) as { status: string; count: number }[];
  const by = (statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.count), 0);
  return { accepted: by(['ACCEPTED']), rejected: by(['REJECTED']), open: by(open) };
}

/** The decided (accepted or rejected) and accepted suggestions of each of `userIds`, in one grouped query. */
export async function authorRates(db: Executor, userIds: string[]): Promise<Record<string, AuthorRate>> {
  const ids = [...new Set(userIds)].filter(Boolean);
  if (ids.length === 0) return {};
  const rows = (await dyn(db)
    .selectFrom('suggestion')
    .select([
      'userId',
      sql<number>`sum(case when ${sql.ref('status')} = 'ACCEPTED' then 1 else 0 end)`.as('accepted'),
      sql<number>`count(*)`.as('decided'),
    ])
    .where('userId', 'in', ids)
    .where('status', 'in', ['ACCEPTED', 'REJECTED'])
    .groupBy('userId')
    .execute()) as { userId: string; accepted: number; decided: number }[];
  const out: Record<string, AuthorRate> = {};
  for (const id of ids) out[id] = { accepted: 0, decided: 0 };
  for (const r of rows) out[r.userId] = { accepted: Number(r.accepted), decided: Number(r.decided) };
  return out;
}

/** The players' gone/moved reports on a marker, newest first. */
export async function markerReports(db: Executor, markerId: string) {
  const rows = await db
    .selectFrom('marker_report as r')
    .leftJoin('user as u', 'u.id', 'r.userId')
    .select(['u.username', 'r.kind', 'r.at'])
    .where('r.markerId', '=', markerId)
    .orderBy('r.at', 'desc')
    .execute();
  return rows.map((r) => ({ username: String(r.username ?? ''), kind: r.kind, at: r.at }));
}

interface AuditRow {
  id: number;
  at: string;
  username: string | null;
  model: string;
  recordId: string;
  action: string;
  before: string | null;
  after: string | null;
}

const parseJson = (text: string | null) => (text ? (JSON.parse(text) as ModelRecord) : null);

/**
 * The content change a suggestion decision made: the latest audit row of its element written after
 * the suggestion's previous audit row and before this decision's row (the same transaction), or
 * undefined when the decision changed no field.
 */
export async function contentChangeOf(
  db: Executor,
  decision: { id: number; recordId: string },
  suggestion: { type: string; targetId: string },
) {
  const previous = await db
    .selectFrom('audit_log')
    .select('id')
    .where('model', '=', 'suggestion')
    .where('recordId', '=', decision.recordId)
    .where('id', '<', decision.id)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  let query = db
    .selectFrom('audit_log')
    .selectAll()
    .where('model', '=', tableOfType(suggestion.type).key)
    .where('recordId', '=', suggestion.targetId)
    .where('id', '<', decision.id);
  if (previous) query = query.where('id', '>', previous.id);
  const row = (await query.orderBy('id', 'desc').executeTakeFirst()) as AuditRow | undefined;
  if (!row) return undefined;
  // A revert may write two rows (create, then the fields only the server sets): take the first one's 'before'.
  const first = (await db
    .selectFrom('audit_log')
    .select(['id', 'before', 'action'])
    .where('model', '=', row.model)
    .where('recordId', '=', row.recordId)
    .where('id', '<=', row.id)
    .where('id', '>', previous?.id ?? 0)
    .orderBy('id', 'asc')
    .executeTakeFirst()) as Pick<AuditRow, 'id' | 'before' | 'action'>;
  return {
    action: first.action,
    before: parseJson(first.before),
    after: parseJson(row.after),
  };
}

/** The latest audit row of one suggestion with this action. */
export async function latestDecision(db: Executor, suggestionId: string, action: string) {
  return (await db
    .selectFrom('audit_log')
    .selectAll()
    .where('model', '=', 'suggestion')
    .where('recordId', '=', suggestionId)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirst()) as AuditRow | undefined;
}

const decisions = ['accept', 'reject', 'revert'];

/** Recent decisions (on suggestions of one game when given), newest first, each with the element before and after it. */
export async function history(db: Executor, limit: number, skip: number, gameId?: string) {
  let base = db.selectFrom('audit_log').where('model', '=', 'suggestion').where('action', 'in', decisions);
  if (gameId !== undefined) {
    base = base.where(
      'recordId',
      'in',
      dyn(db).selectFrom('suggestion').select('_id').where(suggestionInGame(gameId)),
    );
  }
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(limit).offset(skip).execute() as Promise<AuditRow[]>,
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const ids = [...new Set(rows.map((r) => r.recordId))];
  const latest = new Map<string, number>();
  const status = new Map<string, string>();
  if (ids.length > 0) {
    const last = await db
      .selectFrom('audit_log')
      .select(['recordId', (eb) => eb.fn.max('id').as('id')])
      .where('model', '=', 'suggestion')
      .where('recordId', 'in', ids)
      .groupBy('recordId')
      .execute();
    for (const r of last) latest.set(r.recordId, Number(r.id));
    const current = (await dyn(db)
      .selectFrom('suggestion')
      .select(['_id', 'status'])
      .where('_id', 'in', ids)
      .execute()) as { _id: string; status: string }[];
    for (const r of current) status.set(r._id, r.status);
  }
  const data: ReviewHistoryRow[] = [];
  for (const row of rows) {
    const suggestion = (parseJson(row.after) ?? parseJson(row.before) ?? {}) as Record<string, string>;
    const change =
      row.action === 'reject'
        ? undefined
        : await contentChangeOf(db, row, {
            type: suggestion.type ?? '',
            targetId: suggestion.targetId ?? '',
          });
    data.push({
      id: Number(row.id),
      at: row.at,
      username: row.username ?? '',
      decision: row.action as ReviewHistoryRow['decision'],
      suggestion: {
        _id: row.recordId,
        type: suggestion.type ?? '',
        action: suggestion.action ?? '',
        username: suggestion.username ?? '',
        parentId: suggestion.parentId ?? '',
        targetId: suggestion.targetId ?? '',
      },
      before: change?.before ?? null,
      after: change?.after ?? null,
      revertible:
        row.action === 'accept' &&
        latest.get(row.recordId) === Number(row.id) &&
        status.get(row.recordId) === 'ACCEPTED',
    });
  }
  return { count: Number((total as { count: number }).count), data };
}
