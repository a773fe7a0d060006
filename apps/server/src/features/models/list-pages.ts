import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ModelDef } from '@waypoint/shared';
import type { Kysely } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Row } from '../../db/rows.ts';
import { type Filter, type ListOptions, wherePublicParent } from './models.repository.ts';
import { Serialized } from './response-cache.ts';

/** Rows read per query: a page of a few hundred rows holds the event loop for a few milliseconds. */
const PAGE = 100;

// Content tables are declared by the registry, not by the static Database type.
// biome-ignore lint/suspicious/noExplicitAny: table names come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

type Where = { where: (column: string, op: string, value: unknown) => Where };

function whereFilter<Q>(db: Executor, model: ModelDef, query: Q, filter: Filter, publicParent?: boolean): Q {
  let q = (publicParent ? wherePublicParent(db, model, query) : query) as unknown as Where;
  for (const [name, value] of Object.entries(filter)) {
    q = q.where(name, '=', model.fields[name]?.storage === 'boolean' ? (value ? 1 : 0) : value);
  }
  return q as unknown as Q;
}

const serializers = new WeakMap<ModelDef, (row: Row) => string>();

/**
 * The JSON of a table row as the API answers it (the same as `JSON.stringify(fromRow(model, row))`),
 * written straight from the row: JSON columns are stored as JSON text and are copied, not parsed
 * and written again. Large lists so cost a fraction of the memory and time.
 */
export function rowSerializer(model: ModelDef): (row: Row) => string {
  const known = serializers.get(model);
  if (known) return known;
  const fields = Object.entries(model.fields).map(([name, field]) => ({
    name,
    prefix: `${JSON.stringify(name)}:`,
    storage: field.storage,
  }));
  const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));
  const serialize = (row: Row) => {
    let out = '{';
    for (let i = 0; i < fields.length; i++) {
      const { name, prefix, storage } = fields[i] as (typeof fields)[number];
      const value = row[name];
      let text: string;
      if (storage === 'json') text = json(value);
      else if (storage === 'boolean') text = value ? 'true' : 'false';
      else if (storage === 'real' || storage === 'integer')
        text = value === null || value === undefined ? 'null' : JSON.stringify(Number(value));
      else text = JSON.stringify(value ?? '');
      out += i === 0 ? prefix + text : `,${prefix}${text}`;
    }
    return `${out},"images":${typeof row.images === 'string' ? row.images : '{}'}}`;
  };
  serializers.set(model, serialize);
  return serialize;
}

/**
 * A list answer `{count, data, limit, skip}` read page by page and serialized row by row,
 * yielding to the event loop between pages, so that a list of thousands of rows (the embedded
 * database answers synchronously) never holds other requests for long. Pages are separate reads:
 * a write in between can shift a row across a page boundary of this one answer, and the response
 * cache never keeps an answer computed across a write.
 */
export async function listJson(db: Executor, model: ModelDef, options: ListOptions): Promise<Serialized> {
  const serialize = rowSerializer(model);
  const countRow = await whereFilter(
    db,
    model,
    dyn(db)
      .selectFrom(model.table)
      .select((eb) => eb.fn.countAll<number>().as('count')),
    options.filter,
    options.publicParent,
  ).executeTakeFirstOrThrow();
  const count = Number(countRow.count);
  const chunks: Buffer[] = [Buffer.from(`{"count":${count},"data":[`)];
  let read = 0;
  while (read < options.limit && options.skip + read < count) {
    if (read > 0) await nextTurn();
    let query = whereFilter(
      db,
      model,
      dyn(db).selectFrom(model.table).selectAll(),
      options.filter,
      options.publicParent,
    );
    for (const [field, direction] of model.sort) query = query.orderBy(field, direction);
    const rows = (await query
      .orderBy('_id', 'asc')
      .limit(Math.min(PAGE, options.limit - read))
      .offset(options.skip + read)
      .execute()) as Row[];
    if (rows.length === 0) break;
    let text = read > 0 ? ',' : '';
    for (let i = 0; i < rows.length; i++) text += (i > 0 ? ',' : '') + serialize(rows[i] as Row);
    chunks.push(Buffer.from(text));
    read += rows.length;
  }
  chunks.push(Buffer.from(`],"limit":${options.limit},"skip":${options.skip}}`));
  return new Serialized(Buffer.concat(chunks));
}
