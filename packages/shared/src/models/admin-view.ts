import { constants } from '../constants.ts';
import type { ChildList } from './define.ts';
import type { FormType, Storage } from './fields.ts';

// What the admin panel reads of the registry's description, and the rules it applies to records: plain
// data and functions, without the registry's schemas (admin.ts builds the description from them), so
// that the panel's pages do not load every model's schema.

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

/** Models whose admin list is on the admin home page: writable models with no parent. */
export function topLevelModels(models: readonly AdminModel[]): AdminModel[] {
  return models.filter((m) => !m.parent && m.write === 'admin' && m.key !== 'importedcrudmodel');
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
