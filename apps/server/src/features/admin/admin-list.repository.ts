import type { ModelDef } from '@waypoint/shared';
import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { fromRow, type Row } from '../../db/rows.ts';
import type { AdminListRequest } from './admin-list.ts';

// Content tables are declared by the registry, not by the static Database type.
// biome-ignore lint/suspicious/noExplicitAny: table names come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

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
