import { defaultAdminSort, listableFields, type ModelDef, type TAdminListQuery } from '@waypoint/shared';
import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { fromRow, type Row } from '../../db/rows.ts';
import { isBadText } from '../../http/body.ts';
import { badRequest } from '../../http/errors.ts';

// Content tables are declared by the registry, not by the static Database type.
// biome-ignore lint/suspicious/noExplicitAny: table names come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

type Value = string | number | boolean;

function jsonObject(raw: string | undefined, field: string): Record<string, unknown> {
  if (raw === undefined || raw === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`Invalid ${field}: not valid JSON`, [{ field, message: 'Not valid JSON' }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(`Invalid ${field}: must be a JSON object`, [
      { field, message: 'Must be a JSON object' },
    ]);
  return value as Record<string, unknown>;
}

function checkField(model: ModelDef, name: string, field: string) {
  if (!listableFields(model).includes(name))
    throw badRequest(`Invalid ${field}: not a column of ${model.label}`, [
      { field, message: 'Not a column' },
    ]);
}

function checkText(value: string, field: string) {
  if (value.length > 2000 || isBadText(value))
    throw badRequest(`Invalid ${field}: too long or contains invalid characters`, [
      { field, message: 'Too long or contains invalid characters' },
    ]);
}

/** The list request checked against the model: only its plain columns, values of their types. */
export function parseAdminList(model: ModelDef, q: TAdminListQuery) {
  const where: Record<string, Value> = {};
  for (const [name, value] of Object.entries(jsonObject(q.where, 'query.where'))) {
    const field = `query.where.${name}`;
    checkField(model, name, field);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw badRequest(`Invalid ${field}: expected a string, number or boolean`, [
        { field, message: 'Expected a string, number or boolean' },
      ]);
    if (typeof value === 'string') checkText(value, field);
    where[name] = value;
  }
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(jsonObject(q.filters, 'query.filters'))) {
    const field = `query.filters.${name}`;
    checkField(model, name, field);
    if (typeof value !== 'string')
      throw badRequest(`Invalid ${field}: expected a string`, [{ field, message: 'Expected a string' }]);
    checkText(value, field);
    if (value.trim() !== '') filters[name] = value.trim();
  }
  const fallback = defaultAdminSort(model);
  const sort = q.sort ?? fallback.field;
  checkField(model, sort, 'query.sort');
  const order = q.order ?? (q.sort ? 'asc' : fallback.order);
  return { where, filters, sort, order, limit: q.limit, skip: q.skip };
}

export type AdminListRequest = ReturnType<typeof parseAdminList>;

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of an admin list, paged, sorted and filtered by the database: equality on `where`,
 * case-insensitive substring per filtered column (numbers and booleans compared as their text),
 * then the sort column, then `_id` so that pages never overlap.
 */
export async function adminList(db: Executor, model: ModelDef, request: AdminListRequest) {
  const apply = <Q>(query: Q): Q => {
    // biome-ignore lint/suspicious/noExplicitAny: the builder is typed by the registry's tables
    let q = query as any;
    for (const [name, value] of Object.entries(request.where)) {
      const stored = model.fields[name]?.storage === 'boolean' ? (value ? 1 : 0) : value;
      q = q.where(name, '=', stored);
    }
    for (const [name, text] of Object.entries(request.filters)) {
      const storage = model.fields[name]?.storage;
      const column =
        storage === 'text' ? sql`lower(${sql.ref(name)})` : sql`lower(cast(${sql.ref(name)} as text))`;
      if (storage === 'boolean') {
        const wanted = 'true'.includes(text.toLowerCase())
          ? 1
          : 'false'.includes(text.toLowerCase())
            ? 0
            : -1;
        q = q.where(name, '=', wanted);
      } else q = q.where(sql`${column} like ${likePattern(text)} escape '\\'`);
    }
    return q as Q;
  };
  const count = await apply(
    dyn(db)
      .selectFrom(model.table)
      .select((eb) => eb.fn.countAll<number>().as('count')),
  ).executeTakeFirstOrThrow();
  const rows = (await apply(dyn(db).selectFrom(model.table).selectAll())
    .orderBy(request.sort, request.order)
    .orderBy('_id', 'asc')
    .limit(request.limit)
    .offset(request.skip)
    .execute()) as Row[];
  return {
    count: Number(count.count),
    data: rows.map((row) => fromRow(model, row)),
    limit: request.limit,
    skip: request.skip,
  };
}
