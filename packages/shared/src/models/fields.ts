import { z } from 'zod';

/** Admin form field types (specification §2.13). */
export const formTypes = [
  'text',
  'colour',
  'boolean',
  'number',
  'email',
  'password',
  'html',
  'category_select',
  'map_select',
  'marker_definition_type_select',
  'background_shape_select',
  'additional_features',
  'model',
  'model_list',
  'computed',
  'tag_list',
  'parent_id',
  'json',
] as const;
export type FormType = (typeof formTypes)[number];

/** How a field is kept in the database; the repository converts rows with it. */
export type Storage = 'text' | 'integer' | 'real' | 'boolean' | 'json';

export interface FieldDef<Z extends z.ZodType = z.ZodType> {
  zod: Z;
  form: FormType;
  storage: Storage;
  required: boolean;
  readOnly: boolean;
  /** Stored HTML: sanitized by the server on every write. */
  html: boolean;
  /** May be used in the `query` equality filter of the list endpoint. */
  filterable: boolean;
  nullable: boolean;
  /** For reference fields: the model the id points to. */
  references?: string;
  /** A value naming a record of another model within the same parent (see `ScopedRef`). */
  scopedRef?: ScopedRef;
}

/**
 * A field whose value names a record of another model by one of its fields, among the records
 * sharing this record's scope field: a placed marker's `level` names a level of its own map.
 * `any` refers to none (a marker on every floor). While the scope has no such records at all (a
 * map without levels) every value is accepted, as before floors existed. Records still named this
 * way cannot be deleted, nor their named field changed.
 */
export interface ScopedRef {
  model: string;
  /** The target's field holding the value. */
  field: string;
  /** The field both records carry that must agree (e.g. `mapId`). */
  scope: string;
  any: number;
}

interface Options {
  required?: boolean;
  readOnly?: boolean;
  filterable?: boolean;
  scopedRef?: ScopedRef;
}

const MAX_TEXT = 2_000;
const MAX_HTML = 200_000;

/** Ids are used in URLs and storage paths, so only a safe alphabet is accepted. */
export const idPattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,199}$/;
export const zId = z
  .string()
  .regex(idPattern, 'Use 1-200 letters, digits, _, - or . (not starting with . or -)');

function def<Z extends z.ZodType>(
  zod: Z,
  form: FormType,
  storage: Storage,
  o: Options & { html?: boolean; nullable?: boolean; references?: string } = {},
): FieldDef<Z> {
  return {
    ...(o.scopedRef ? { scopedRef: o.scopedRef } : {}),
    zod,
    form,
    storage,
    required: o.required ?? false,
    readOnly: o.readOnly ?? false,
    html: o.html ?? false,
    filterable: o.filterable ?? false,
    nullable: o.nullable ?? false,
    references: o.references,
  };
}

/** Text must be well-formed Unicode without NUL characters (lone surrogates cannot be stored faithfully). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is refused here
const wellFormed = /^(?:[^\u0000\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;
const text = (max: number) => z.string().max(max).regex(wellFormed, 'Contains invalid characters');

const requiredText = (max: number) => text(max).trim().min(1, 'Required');
const optionalText = (max: number) => text(max).default('');

/** A stored link may only be http(s): a `javascript:`, `data:` or `vbscript:` link could run code when clicked. */
const zWebUrl = z.url({ protocol: /^https?$/ });
export const isWebLink = (value: string) => value === '' || zWebUrl.safeParse(value).success;
/** One absolute http(s) URL (an image to fetch, for example). */
export const zWebLink = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v !== '' && isWebLink(v), 'Use an http:// or https:// link');

/** The ids a reference field's value names: one for a single reference, each for a list ('' names none). */
export function referencedIds(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((v): v is string => typeof v === 'string' && v !== '');
}

export const f = {
  id: () => def(zId, 'text', 'text', { required: true, filterable: true }),
  text: ({ max, default: dflt = '', ...o }: Options & { max?: number; default?: string } = {}) =>
    def(text(max ?? MAX_TEXT).default(dflt), 'text', 'text', o),
  requiredText: (o: Options & { max?: number } = {}) =>
    def(requiredText(o.max ?? MAX_TEXT), 'text', 'text', { ...o, required: true }),
  /** A link shown to visitors: empty, or an absolute http(s) URL. */
  link: (o: Options = {}) =>
    def(
      text(MAX_TEXT).trim().refine(isWebLink, 'Use an http:// or https:// link').default(''),
      'text',
      'text',
      o,
    ),
  email: (o: Options = {}) => def(z.email().max(320), 'email', 'text', o),
  html: (o: Options = {}) => def(optionalText(MAX_HTML), 'html', 'text', { ...o, html: true }),
  colour: () =>
    def(
      z
        .string()
        .regex(/^(#[0-9a-fA-F]{3,8})?$/, 'Use a hexadecimal colour like #ff8800')
        .default(''),
      'colour',
      'text',
    ),
  number: (dflt = 0, o: Options & { min?: number; max?: number } = {}) =>
    def(
      z
        .number()
        .min(o.min ?? -1e12)
        .max(o.max ?? 1e12)
        .default(dflt),
      'number',
      'real',
      o,
    ),
  integer: (dflt = 0, o: Options & { min?: number; max?: number } = {}) =>
    def(
      z
        .number()
        .int()
        .min(o.min ?? -1_000_000_000)
        .max(o.max ?? 1_000_000_000)
        .default(dflt),
      'number',
      'integer',
      o,
    ),
  /** A number that may be left empty (null); `positive`: when given, greater than 0. */
  nullableNumber: (o: { positive?: boolean } = {}) =>
    def(
      (o.positive ? z.number().positive('Must be greater than 0') : z.number().min(-1e12))
        .max(1e12)
        .nullable()
        .default(null),
      'number',
      'real',
      { nullable: true },
    ),
  boolean: (dflt = false) => def(z.boolean().default(dflt), 'boolean', 'boolean'),
  enumOf: <const T extends readonly [string, ...string[]]>(
    values: T,
    dflt: T[number],
    form: FormType,
    o: Options = {},
  ) => def(z.enum(values).default(dflt as never), form, 'text', o),
  /** A reference to another model by id; '' means none unless required. */
  ref: (model: string, o: Options & { form?: FormType } = {}) =>
    def(z.union([zId, z.literal('')]).default(''), o.form ?? 'model', 'text', { ...o, references: model }),
  /** Several references to records of another model, in order ('model_list' in forms). */
  refs: (model: string, max: number, o: Options = {}) =>
    def(z.array(zId).max(max).default([]), 'model_list', 'json', { ...o, references: model }),
  requiredRef: (model: string, o: Options & { form?: FormType } = {}) =>
    def(zId, o.form ?? 'model', 'text', { ...o, required: true, references: model }),
  /** The id of the parent record (always required, disabled in forms). */
  parent: (model: string) =>
    def(zId, 'parent_id', 'text', { required: true, filterable: true, references: model }),
  tags: (max = 200) => def(z.array(text(MAX_TEXT)).max(max).default([]), 'tag_list', 'json'),
  list: <Z extends z.ZodType>(item: Z, max = 1000, form: FormType = 'json') =>
    def(z.array(item).max(max).default([]), form, 'json'),
  json: <Z extends z.ZodType>(schema: Z, form: FormType = 'json') => def(schema, form, 'json'),
  timestamp: () => def(z.string().max(40).default(''), 'computed', 'text', { readOnly: true }),
};
