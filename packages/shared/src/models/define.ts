import { z } from 'zod';
import type { RouteNeed, siteAdmin } from '../roles/roles.ts';
import type { FieldDef } from './fields.ts';

/**
 * What a route needs: everyone, a logged-in user, a moderator of the route's game (or an admin), an
 * admin; the roles table (roles/roles.ts) says what each role may.
 */
export type Role = RouteNeed;

/** The site admin of the roles table: the only role that reads `admin` models and writes models. */
type SiteAdmin = (typeof siteAdmin)['id'];

/**
 * Who may read a model through the generic API:
 * - guest: everyone;
 * - own: logged-in users see their own records (field `userId`), admins see all;
 * - admin: admins only.
 */
export type ReadAccess = 'guest' | 'own' | SiteAdmin;

export interface ChildList {
  /** Name of the derived list on the parent record (e.g. `maps` on a game). */
  as: string;
  model: string;
  /** The child's field that holds this record's id. */
  field: string;
}

export interface ModelOptions<K extends string, F extends Record<string, FieldDef>> {
  key: K;
  label: string;
  fields: F;
  /** Parent relation: the field holding the parent's id. */
  parent?: { model: string; field: keyof F & string };
  /** Child lists derived from other models' parent relation, shown as tabs in the admin. */
  children?: ChildList[];
  /** Image fields kept in the record's `images` map. */
  imageFields?: readonly string[];
  sort: readonly (readonly [keyof F & string, 'asc' | 'desc'])[];
  read: ReadAccess;
  /** Only admins write through the generic API; `none` means no generic write route at all. */
  write: SiteAdmin | 'none';
  /**
   * Field sets no two records may share (e.g. one level number per map); a clash is a 400 naming
   * the set's last field.
   */
  unique?: readonly (readonly (keyof F & string)[])[];
  /** Only records with these values are listed publicly (e.g. enabled maps). */
  publicFilter?: Partial<Record<keyof F & string, unknown>>;
  /**
   * Read-only fields the server computes from the record on every write, whatever path wrote it
   * (the generic API, an import, a suggestion's apply), or keeps two writable fields that say one
   * thing in step. `given`: the fields an update names (absent on create).
   */
  derived?: (
    record: Record<string, unknown>,
    given?: ReadonlySet<string>,
  ) => Partial<Record<keyof F & string, unknown>>;
}

/** One stored image of a record. */
export const zStoredImage = z.object({
  fileName: z.string(),
  imageWidth: z.number().int().nonnegative(),
  imageHeight: z.number().int().nonnegative(),
  /** Changes with every upload so that image URLs can be cached for ever. */
  version: z.string().default(''),
  /** SHA-256 of the stored file (hex): tells a picture sent again from a new one of the same size. */
  digest: z.string().optional(),
});
export type TStoredImage = z.infer<typeof zStoredImage>;
export const zImages = z.record(z.string(), zStoredImage);
export type TImages = z.infer<typeof zImages>;

type Shape<F extends Record<string, FieldDef>> = { [P in keyof F]: F[P]['zod'] };

export function defineModel<const K extends string, const F extends Record<string, FieldDef>>(
  options: ModelOptions<K, F>,
) {
  const shape = Object.fromEntries(
    Object.entries(options.fields).map(([name, fd]) => [name, fd.zod]),
  ) as Shape<F>;
  const schema = z.object(shape);
  const writable = Object.fromEntries(
    Object.entries(options.fields)
      .filter(([name, fd]) => name !== '_id' && !fd.readOnly)
      // A patch names only what changes: defaults must not fill in the other fields.
      .map(([name, fd]) => [
        name,
        ((fd.zod instanceof z.ZodDefault ? fd.zod.unwrap() : fd.zod) as z.ZodType).optional(),
      ]),
  );
  return {
    ...options,
    imageFields: options.imageFields ?? ([] as readonly string[]),
    children: options.children ?? [],
    unique: options.unique ?? ([] as readonly (readonly string[])[]),
    collection: `${options.key}s` as `${K}s`,
    table: options.key as string,
    /** Full record as written on create (defaults applied). */
    schema,
    /** Partial update: any writable field except the id. */
    patchSchema: z.object(writable),
  };
}

/** A registry entry seen without its field-level types: what the generic code works with. */
export interface ModelDef
  extends Omit<ModelOptions<string, Record<string, FieldDef>>, 'imageFields' | 'children' | 'unique'> {
  imageFields: readonly string[];
  children: ChildList[];
  unique: readonly (readonly string[])[];
  collection: string;
  table: string;
  schema: z.ZodObject;
  patchSchema: z.ZodObject;
}
