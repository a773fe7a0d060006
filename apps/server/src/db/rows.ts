import type { ModelDef } from '@waypoint/shared';

export type Row = Record<string, unknown>;
export type ModelRecord = Record<string, unknown>;

/** Converts a validated record to its table row (JSON as text, booleans as 0/1 on both engines). */
export function toRow(model: ModelDef, record: ModelRecord): Row {
  const row: Row = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (!(name in record)) continue;
    const value = record[name];
    if (field.storage === 'json') row[name] = JSON.stringify(value ?? null);
    else if (field.storage === 'boolean') row[name] = value ? 1 : 0;
    else row[name] = value;
  }
  if ('images' in record) row.images = JSON.stringify(record.images ?? {});
  return row;
}

/** Converts a table row back to the record the API answers with. */
export function fromRow(model: ModelDef, row: Row): ModelRecord {
  const record: ModelRecord = {};
  for (const [name, field] of Object.entries(model.fields)) record[name] = fieldFromRow(field, row[name]);
  record.images = typeof row.images === 'string' ? JSON.parse(row.images) : {};
  return record;
}

/** Some fields of a row (all read from it) as the record has them. */
export function fieldsFromRow<F extends string>(model: ModelDef, row: Row, names: readonly F[]) {
  const record = {} as Record<F, unknown>;
  for (const name of names) {
    const field = model.fields[name];
    if (!field) throw new Error(`${model.table} has no field ${name}`);
    record[name] = fieldFromRow(field, row[name]);
  }
  return record;
}

function fieldFromRow(field: ModelDef['fields'][string], value: unknown): unknown {
  if (field.storage === 'json') return typeof value === 'string' ? JSON.parse(value) : (value ?? null);
  if (field.storage === 'boolean') return Boolean(value);
  if (field.storage === 'real' || field.storage === 'integer')
    return value === null || value === undefined ? null : Number(value);
  return value ?? '';
}
