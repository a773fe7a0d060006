import { z } from 'zod';
import { constants } from '../constants.ts';
import type { ChildList, ModelDef } from './define.ts';
import type { FieldDef, FormType, Storage } from './fields.ts';
import { childModelsOf, getModel, type ModelKey, modelKeys } from './registry.ts';

/**
 * The admin panel's view of the registry: every model described as plain JSON (field form types,
 * flags, choices, defaults, parent, child lists, image fields), so that the panel is generated from
 * the same declarations the server validates with, and a model added to the registry gets a
 * working admin without web code.
 */
export interface AdminField {
  name: string;
  form: FormType;
  storage: Storage;
  required: boolean;
  readOnly: boolean;
  html: boolean;
  nullable: boolean;
  references?: string;
  /** The allowed values of a select or multi-select. */
  options?: string[];
  /** The value a new record starts with. */
  default: unknown;
}

export interface AdminModel {
  key: string;
  label: string;
  collection: string;
  fields: AdminField[];
  parent?: { model: string; field: string };
  children: ChildList[];
  imageFields: string[];
  /** The admin list's default order (§9: weight descending where the model has a weight). */
  defaultSort: { field: string; order: 'asc' | 'desc' };
  write: 'admin' | 'none';
}

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

/** Models whose admin list is on the admin home page: writable models with no parent. */
export function topLevelModels(models: readonly AdminModel[]): AdminModel[] {
  return models.filter((m) => !m.parent && m.write === 'admin' && m.key !== 'importedcrudmodel');
}

/** Models that records can be imported into (§7.5): every writable model. */
export function importableModels(): ModelKey[] {
  return modelKeys.filter((key) => getModel(key).write === 'admin' && key !== 'importedcrudmodel');
}

/** Values of the generic admin form: JSON fields as text, nullable numbers as '' when unset. */
export type AdminFormValues = Record<string, unknown>;

const isJsonText = (field: AdminField) => field.storage === 'json' && field.form === 'json';

/** The form's values for a record (edit mode) or for a new record with `preset` (create mode, §4). */
export function adminFormValues(
  model: AdminModel,
  record: Record<string, unknown> | null | undefined,
  preset: Record<string, unknown> = {},
): AdminFormValues {
  const out: AdminFormValues = {};
  for (const field of model.fields) {
    const value = record ? (record[field.name] ?? field.default) : (preset[field.name] ?? field.default);
    if (isJsonText(field)) out[field.name] = JSON.stringify(value ?? null, null, 2);
    else if (field.nullable && value === null) out[field.name] = '';
    else out[field.name] = value;
  }
  return out;
}

/** Fields an admin may set in the form: neither read-only nor computed. */
export const editableField = (field: AdminField) => !field.readOnly && field.form !== 'computed';

/**
 * The body the form sends: in create mode every editable field, in edit mode only the fields that
 * changed (never the id). JSON text that does not parse is a problem of its field.
 */
export function adminFormBody(
  model: AdminModel,
  values: AdminFormValues,
  original: Record<string, unknown> | null | undefined,
): { body: Record<string, unknown>; errors: Record<string, string> } {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of model.fields) {
    if (!editableField(field)) continue;
    if (original && field.name === '_id') continue;
    let value = values[field.name];
    if (isJsonText(field)) {
      try {
        value = JSON.parse(String(value ?? 'null'));
      } catch {
        errors[field.name] = 'Not valid JSON';
        continue;
      }
    } else if (field.storage === 'integer' || field.storage === 'real') {
      if (value === '' || value === undefined || value === null)
        value = field.nullable ? null : field.default;
      else value = Number(value);
    }
    if (original && JSON.stringify(original[field.name] ?? null) === JSON.stringify(value ?? null)) continue;
    body[field.name] = value;
  }
  return { body, errors };
}

/** The form field a problem of the server's 400 belongs to (`body.name` → `name`). */
export function formFieldOfError(field: string): string {
  return field.replace(/^body\./, '').split('.')[0] ?? '';
}

/** Where the admin list's Open In Page action leads for a record (§2.1). */
export function openInPagePath(model: AdminModel, record: Record<string, unknown>): string {
  const id = encodeURIComponent(String(record._id));
  if (model.key === 'game') return `/game/${id}`;
  if (model.key === 'map') return `/game/${encodeURIComponent(String(record.gameId))}/maps/${id}`;
  if (model.key === 'category') return `/game/${encodeURIComponent(String(record.gameId))}`;
  return `/admin/model/${model.key}/${id}`;
}

/** The modal title: the model name, or 'X of Y : id' for a record nested under a parent (§2.13). */
export function modalTitle(model: AdminModel, parent?: { label: string; id: string }): string {
  return parent ? `${model.label} of ${parent.label} : ${parent.id}` : model.label;
}

/** A cell of an admin list: marker names cut at 30 characters (§9), lists by their count. */
export function cellText(model: AdminModel, name: string, value: unknown): string {
  if (Array.isArray(value)) return `${value.length}`;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  const text = value === null || value === undefined ? '' : String(value);
  if (model.key === 'placedmarker' && name === 'name' && text.length > constants.markerNameMaxChars)
    return `${text.slice(0, constants.markerNameMaxChars)}...`;
  return text;
}

/** The id of a record made by bulk add from a file: the parent id plus the file name (§2.13). */
/**
 * A record's name from its file's name: the extension and separators go, each word starts with a
 * capital ("saltmarsh_tunnels.png" → "Saltmarsh Tunnels"); words already in capitals stay as they are.
 */
export function nameFromFileName(fileName: string): string {
  return fileName
    .replace(/\.[^.]+$/, '')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1))
    .join(' ');
}

export function bulkRecordId(parentId: string, fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9_.-]+/g, '_');
  return `${parentId}_${base}`.slice(0, 200);
}
