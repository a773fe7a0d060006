import { defaultAdminSort, listableFields, type ModelDef, type TAdminListQuery } from '@waypoint/shared';
import { isBadText } from '../../http/body.ts';
import { badRequest } from '../../http/errors.ts';

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
