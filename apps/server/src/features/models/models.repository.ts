import { getModel, type ModelDef, type ModelKey } from '@waypoint/shared';
import { type Compilable, type Kysely, sql } from 'kysely';
import { inChunks } from '../../db/chunks.ts';
import type { Dialect, Executor } from '../../db/database.ts';
import { reusableQuery } from '../../db/reusable-query.ts';
import { fieldsFromRow, fromRow, type ModelRecord, type Row, toRow } from '../../db/rows.ts';

export type { Executor };

// Content tables are declared by the registry, not by the static Database type.
// biome-ignore lint/suspicious/noExplicitAny: table names come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

export type Filter = Record<string, string | number | boolean>;

export interface ListOptions {
  filter: Filter;
  limit: number;
  skip: number;
  /** Only records whose parent is public too (a guest's list: no markers of a disabled map). */
  publicParent?: boolean;
}

/**
 * The parent whose public filter hides this model's records as well: a placed marker is public only
 * while its map is enabled.
 */
export function hidingParent(model: ModelDef) {
  if (!model.parent) return undefined;
  const parent = getModel(model.parent.model as ModelKey);
  if (!parent.publicFilter) return undefined;
  return { field: model.parent.field, parent, filter: parent.publicFilter as Filter };
}

/** The query narrowed to records whose parent is public (unchanged for a model without such a parent). */
export function wherePublicParent<Q>(db: Executor, model: ModelDef, query: Q): Q {
  const hiding = hidingParent(model);
  if (!hiding) return query;
  const parents = whereFilter(
    hiding.parent,
    dyn(db).selectFrom(hiding.parent.table).select('_id'),
    hiding.filter,
  );
  return (query as unknown as { where: (c: string, op: string, v: unknown) => Q }).where(
    hiding.field,
    'in',
    parents,
  );
}

/** Whether a record's parent is public (true for a model whose parent nothing hides). */
export async function parentIsPublic(db: Executor, model: ModelDef, record: ModelRecord): Promise<boolean> {
  const hiding = hidingParent(model);
  if (!hiding) return true;
  const parentId = record[hiding.field];
  if (typeof parentId !== 'string') return false;
  return (await publicRecordOf(hiding.parent, hiding.filter)(db, parentId)).length > 0;
}

/**
 * A record's parent (the model's `parent` field) and whether that parent is public, in one look-up
 * (undefined: no such record): what a player's tick asks of a marker, without reading the whole row.
 */
export async function parentOf(
  db: Executor,
  model: ModelDef,
  id: string,
): Promise<{ parentId: string | null; parentPublic: boolean } | undefined> {
  const [row] = (await parentQueryOf(model)(db, id)) as { parentId: string | null; parentPublic: unknown }[];
  if (!row) return undefined;
  return { parentId: row.parentId, parentPublic: Boolean(Number(row.parentPublic)) };
}

function parentQueryOf(model: ModelDef) {
  const field = model.parent?.field;
  if (!field) throw new Error(`${model.table} has no parent`);
  const hiding = hidingParent(model);
  return byIdQuery(`parent ${model.table}`, (db, id) =>
    dyn(db)
      .selectFrom(model.table)
      .select((eb) => [
        eb.ref(`${model.table}.${field}`).as('parentId'),
        hiding
          ? eb
              .exists(
                whereFilter(
                  hiding.parent,
                  dyn(db)
                    .selectFrom(hiding.parent.table)
                    .select(`${hiding.parent.table}._id`)
                    .whereRef(`${hiding.parent.table}._id`, '=', `${model.table}.${field}`),
                  hiding.filter,
                ),
              )
              .as('parentPublic')
          : sql<number>`1`.as('parentPublic'),
      ])
      .where(`${model.table}._id`, '=', id),
  );
}

type ByIdQuery = (db: Executor, id: string) => Promise<unknown[]>;

// One compiled query per model (or table) for the look-ups by id every write and tick makes
// (reusable-query.ts), kept under a key naming the look-up and its table.
const byIdQueries = new Map<string, ByIdQuery>();

function byIdQuery(key: string, build: (db: Executor, id: string) => Compilable<unknown>): ByIdQuery {
  let query = byIdQueries.get(key);
  if (!query) {
    query = reusableQuery(build, 1);
    byIdQueries.set(key, query);
  }
  return query;
}

function recordOf(model: ModelDef) {
  return byIdQuery(`record ${model.table}`, (db, id) =>
    dyn(db).selectFrom(model.table).selectAll().where('_id', '=', id),
  );
}

function fieldsOf(model: ModelDef, names: readonly string[]) {
  return byIdQuery(`fields ${model.table} ${names.join(',')}`, (db, id) =>
    dyn(db).selectFrom(model.table).select(names).where('_id', '=', id),
  );
}

/** The model's record with that id when `filter` lets it through (its id only). */
function publicRecordOf(model: ModelDef, filter: Filter) {
  return byIdQuery(`public ${model.table} ${JSON.stringify(filter)}`, (db, id) =>
    whereFilter(model, dyn(db).selectFrom(model.table).select('_id').where('_id', '=', id), filter),
  );
}

function whereFilter<Q extends { where: (...args: never[]) => Q }>(
  model: ModelDef,
  query: Q,
  filter: Filter,
): Q {
  let q = query;
  for (const [name, value] of Object.entries(filter)) {
    const stored = model.fields[name]?.storage === 'boolean' ? (value ? 1 : 0) : value;
    q = (q.where as (c: string, op: string, v: unknown) => Q)(name, '=', stored);
  }
  return q;
}

export async function listRecords(db: Executor, model: ModelDef, options: ListOptions) {
  let query = whereFilter(model, dyn(db).selectFrom(model.table).selectAll(), options.filter);
  for (const [field, direction] of model.sort) query = query.orderBy(field, direction);
  query = query.orderBy('_id', 'asc').limit(options.limit).offset(options.skip);
  const countQuery = whereFilter(
    model,
    dyn(db)
      .selectFrom(model.table)
      .select((eb) => eb.fn.countAll<number>().as('count')),
    options.filter,
  );
  const [rows, countRow] = await Promise.all([query.execute(), countQuery.executeTakeFirstOrThrow()]);
  return { count: Number(countRow.count), data: (rows as Row[]).map((row) => fromRow(model, row)) };
}

export async function findRecord(
  db: Executor,
  model: ModelDef,
  id: string,
): Promise<ModelRecord | undefined> {
  const [row] = await recordOf(model)(db, id);
  return row ? fromRow(model, row as Row) : undefined;
}

/** Only `names` of the record with that id: a hot path's look-up reads what it uses. */
export async function findRecordFields<F extends string>(
  db: Executor,
  model: ModelDef,
  id: string,
  names: readonly F[],
): Promise<Record<F, unknown> | undefined> {
  const [row] = await fieldsOf(model, names)(db, id);
  return row ? fieldsFromRow(model, row as Row, names) : undefined;
}

/**
 * Reads a record inside a write transaction and locks its row until the transaction ends, so that
 * concurrent writers of one record take turns (`SELECT … FOR UPDATE` on PostgreSQL; SQLite runs
 * one write transaction at a time already and has no row locks).
 */
export function findRecordForUpdate(trx: Executor, dialect: Dialect, model: ModelDef, id: string) {
  return findLockedRecord(trx, dialect, model, id, 'update');
}

/**
 * Reads a record inside a transaction that writes something depending on it (a player's progress
 * bounded by the record), holding a shared lock on PostgreSQL so that the record cannot change
 * until the transaction ends; readers of the same record do not wait for each other.
 */
export function findRecordForShare(trx: Executor, dialect: Dialect, model: ModelDef, id: string) {
  return findLockedRecord(trx, dialect, model, id, 'share');
}

/** A record read with a row lock on PostgreSQL (SQLite has none and needs none). */
async function findLockedRecord(
  trx: Executor,
  dialect: Dialect,
  model: ModelDef,
  id: string,
  lock: 'update' | 'share',
): Promise<ModelRecord | undefined> {
  let query = dyn(trx).selectFrom(model.table).selectAll().where('_id', '=', id);
  if (dialect === 'postgres') query = lock === 'update' ? query.forUpdate() : query.forShare();
  const row = await query.executeTakeFirst();
  return row ? fromRow(model, row as Row) : undefined;
}

/** True for the unique or primary-key violation of either engine (an id that exists already). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The unique field set of `model` a unique violation is about, when it is one of them rather than
 * the id: PostgreSQL names the index (`{table}_{fields}_idx`), SQLite lists the columns.
 */
export function violatedUniqueSet(error: unknown, model: ModelDef): readonly string[] | undefined {
  const e = error as { constraint?: unknown; message?: unknown } | null;
  const constraint = typeof e?.constraint === 'string' ? e.constraint : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return model.unique.find(
    (set) =>
      constraint === `${model.table}_${set.join('_')}_idx` ||
      message.includes(set.map((name) => `${model.table}.${name}`).join(', ')),
  );
}

/** Every record of `model` whose `field` equals `value` (for cascades and clean-up). */
export async function findRecordsBy(db: Executor, model: ModelDef, field: string, value: string) {
  const rows = await dyn(db).selectFrom(model.table).selectAll().where(field, '=', value).execute();
  return (rows as Row[]).map((row) => fromRow(model, row));
}

/**
 * Every record of `model` whose reference field `field` names `id`: holds it (one reference) or
 * lists it (`many`: a JSON list of ids, matched on its quoted form and then checked exactly).
 */
export async function findRecordsNaming(
  db: Executor,
  model: ModelDef,
  field: string,
  id: string,
  many: boolean,
) {
  const query = dyn(db).selectFrom(model.table).selectAll();
  const rows = many
    ? await query.where(field, 'like', `%${JSON.stringify(id)}%`).execute()
    : await query.where(field, '=', id).execute();
  const records = (rows as Row[]).map((row) => fromRow(model, row));
  return many
    ? records.filter((r) => Array.isArray(r[field]) && (r[field] as unknown[]).includes(id))
    : records;
}

/** Whether the table has a record with that id (its id only read; one compiled query per table). */
export async function recordExists(db: Executor, table: string, id: string): Promise<boolean> {
  const query = byIdQuery(`exists ${table}`, (db, id) =>
    dyn(db).selectFrom(table).select('_id').where('_id', '=', id),
  );
  return (await query(db, id)).length > 0;
}

/** Ids of the records of `child` whose `field` holds `parentId`, in the child's sort order. */
export async function childIds(
  db: Executor,
  child: ModelDef,
  field: string,
  parentId: string,
  extra: Filter = {},
) {
  let query = whereFilter(
    child,
    dyn(db).selectFrom(child.table).select('_id').where(field, '=', parentId),
    extra,
  );
  for (const [column, direction] of child.sort) query = query.orderBy(column, direction);
  const rows = await query.orderBy('_id', 'asc').execute();
  return rows.map((r: { _id: string }) => r._id);
}

export async function insertRecord(db: Executor, model: ModelDef, record: ModelRecord, now: string) {
  await dyn(db)
    .insertInto(model.table)
    .values({
      ...toRow(model, record),
      images: JSON.stringify(record.images ?? {}),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

export async function insertMany(db: Executor, model: ModelDef, records: ModelRecord[], now: string) {
  // Stay below SQLite's bound-parameter limit per statement.
  const columns = Object.keys(model.fields).length + 3;
  const chunk = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < records.length; i += chunk) {
    const values = records.slice(i, i + chunk).map((record) => ({
      ...toRow(model, record),
      images: JSON.stringify(record.images ?? {}),
      createdAt: now,
      updatedAt: now,
    }));
    await dyn(db).insertInto(model.table).values(values).execute();
  }
}

/** Writes the fields present in `record` (and `images` when present); other columns keep their values. */
export async function updateRecord(
  db: Executor,
  model: ModelDef,
  id: string,
  record: ModelRecord,
  now: string,
) {
  const { _id, ...row } = toRow(model, record);
  await dyn(db)
    .updateTable(model.table)
    .set({ ...row, updatedAt: now })
    .where('_id', '=', id)
    .execute();
}

/** Deletes a record; answers whether a row was deleted. */
export async function deleteRecord(db: Executor, model: ModelDef, id: string): Promise<boolean> {
  const result = await dyn(db).deleteFrom(model.table).where('_id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Which of `ids` exist in `table` (asked a few hundred at a time). */
export async function existingIds(db: Executor, table: string, ids: Iterable<string>): Promise<Set<string>> {
  const all = [...new Set(ids)];
  const found = new Set<string>();
  for (const part of inChunks(all)) {
    const rows = await dyn(db).selectFrom(table).select('_id').where('_id', 'in', part).execute();
    for (const row of rows as { _id: string }[]) found.add(row._id);
  }
  return found;
}

/** The records of `ids` (those that exist), by id, read a few hundred at a time. */
export async function findRecordsByIds(
  db: Executor,
  model: ModelDef,
  ids: string[],
): Promise<Map<string, ModelRecord>> {
  const out = new Map<string, ModelRecord>();
  for (const part of inChunks(ids)) {
    const rows = await dyn(db).selectFrom(model.table).selectAll().where('_id', 'in', part).execute();
    for (const row of rows as Row[]) out.set(String(row._id), fromRow(model, row));
  }
  return out;
}

/**
 * The values of `field` among the records of `model` whose `scope` is `scopeValue` (a map's level
 * numbers). On PostgreSQL the rows stay share-locked until the transaction ends, so that a floor
 * cannot be deleted while a marker is being put on it.
 */
export async function valuesInScope(
  trx: Executor,
  dialect: Dialect,
  model: ModelDef,
  field: string,
  scope: string,
  scopeValue: unknown,
): Promise<number[]> {
  let query = dyn(trx).selectFrom(model.table).select(field).where(scope, '=', scopeValue);
  if (dialect === 'postgres') query = query.forShare();
  const rows = (await query.execute()) as Record<string, unknown>[];
  return rows.map((r) => Number(r[field]));
}

/** How many records of `model` have `scope` = `scopeValue` and `field` = `value`. */
export async function countInScope(
  db: Executor,
  model: ModelDef,
  field: string,
  value: unknown,
  scope: string,
  scopeValue: unknown,
): Promise<number> {
  const row = await dyn(db)
    .selectFrom(model.table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(scope, '=', scopeValue)
    .where(field, '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The id of a record other than `exceptId` with these exact values, if any. */
export async function findClash(
  db: Executor,
  model: ModelDef,
  values: Record<string, unknown>,
  exceptId: string,
): Promise<string | undefined> {
  let query = dyn(db).selectFrom(model.table).select('_id').where('_id', '!=', exceptId);
  for (const [name, value] of Object.entries(values)) {
    const stored = model.fields[name]?.storage === 'boolean' ? (value ? 1 : 0) : value;
    query = query.where(name, '=', stored);
  }
  const row = await query.executeTakeFirst();
  return row?._id;
}
