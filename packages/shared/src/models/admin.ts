import { z } from 'zod';
import { constants } from '../constants.ts';
import type { AdminModel } from './admin-view.ts';
import type { ChildList, ModelDef } from './define.ts';
import type { FieldDef } from './fields.ts';
import { childModelsOf, getModel, type ModelKey, modelKeys } from './registry.ts';

export * from './admin-view.ts';

function unwrap(zod: z.ZodType): z.ZodType {
  let inner = zod;
  for (let i = 0; i < 8; i++) {
    if (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
      inner = inner.unwrap() as z.ZodType;
    } else break;
  }
  return inner;
}

/** The values of an enum field, or of the items of a list of enum values. */
export function fieldOptions(field: FieldDef): string[] | undefined {
  let inner = unwrap(field.zod);
  if (inner instanceof z.ZodArray) inner = unwrap(inner.element as z.ZodType);
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : undefined;
}

/** The default of a field (what the schema fills in when it is missing). */
export function fieldDefault(field: FieldDef): unknown {
  const parsed = field.zod.safeParse(undefined);
  if (parsed.success) return parsed.data;
  if (field.storage === 'boolean') return false;
  if (field.storage === 'integer' || field.storage === 'real') return 0;
  if (field.storage === 'json') return field.form === 'json' ? {} : [];
  return '';
}

export function defaultAdminSort(model: ModelDef): AdminModel['defaultSort'] {
  if (model.fields.weight) return { field: 'weight', order: 'desc' };
  const [first] = model.sort;
  return first ? { field: first[0], order: first[1] } : { field: '_id', order: 'asc' };
}

/** The declared child lists plus every model whose parent relation points here. */
function childListsOf(model: ModelDef): ChildList[] {
  const lists = [...model.children];
  for (const child of childModelsOf(model.key as ModelKey)) {
    if (!lists.some((c) => c.model === child.key))
      lists.push({ as: child.collection, model: child.key, field: child.parent!.field });
  }
  return lists;
}

export function describeModel(model: ModelDef): AdminModel {
  return {
    key: model.key,
    label: model.label,
    collection: model.collection,
    fields: Object.entries(model.fields).map(([name, field]) => ({
      name,
      form: field.form,
      storage: field.storage,
      required: field.required,
      readOnly: field.readOnly,
      html: field.html,
      nullable: field.nullable,
      ...(field.references ? { references: field.references } : {}),
      ...(fieldOptions(field) ? { options: fieldOptions(field) } : {}),
      default: fieldDefault(field),
    })),
    ...(model.parent ? { parent: { model: model.parent.model, field: model.parent.field } } : {}),
    children: childListsOf(model),
    imageFields: [...model.imageFields],
    defaultSort: defaultAdminSort(model),
    write: model.write,
  };
}

/** Every model of the registry (those added at run time included). */
export function describeRegistry(): AdminModel[] {
  return modelKeys.map((key) => describeModel(getModel(key)));
}

/** Fields an admin list can sort and filter by: everything stored as a plain value. */
export function listableFields(model: ModelDef): string[] {
  return Object.entries(model.fields)
    .filter(([, field]) => field.storage !== 'json')
    .map(([name]) => name);
}

/**
 * The admin list request (§2.13, §9): pages of 10, sorted by one field, equality on the parent
 * field and substring filters per column, all applied by the database.
 */
export const zAdminListQuery = z.object({
  /** JSON object: equality filters (the parent field, e.g. `{"mapId":"…"}`). */
  where: z.string().max(4000).optional(),
  /** JSON object: case-insensitive substring filters per column. */
  filters: z.string().max(4000).optional(),
  sort: z.string().max(100).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(constants.adminPageSize),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type TAdminListQuery = z.infer<typeof zAdminListQuery>;

/** Models that records can be imported into (§7.5): every writable model. */
export function importableModels(): ModelKey[] {
  return modelKeys.filter((key) => getModel(key).write === 'admin' && key !== 'importedcrudmodel');
}
