import {
  childModelsOf,
  getModel,
  type ModelDef,
  type ModelKey,
  modelKeys,
  referencedIds,
  type ScopedRef,
  serverMessages,
} from '@waypoint/shared';
import { adminMessages } from '@waypoint/shared/admin-messages';
import { type Db, type Dialect, inTransaction as runInTransaction } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, conflict, notFound, parse } from '../../http/errors.ts';
import { sanitizeStoredHtml } from '../../http/sanitize.ts';
import { type Actor, recordAudit, recordAuditMany, systemActor } from '../audit/audit.ts';
import {
  countInScope,
  deleteRecord,
  type Executor,
  existingIds,
  findClash,
  findRecord,
  findRecordForUpdate,
  findRecordsBy,
  findRecordsByIds,
  findRecordsNaming,
  insertMany,
  insertRecord,
  isUniqueViolation,
  recordExists,
  updateRecord,
  valuesInScope,
  violatedUniqueSet,
} from './models.repository.ts';

export type { Actor };
export { systemActor };

/** A record that a delete removed, itself or through the cascade to its children. */
export interface RemovedRecord {
  model: ModelKey;
  record: ModelRecord;
}

/** The records the cascade will remove with `key`/`id`: children, their children, and so on. */
async function descendants(db: Executor, key: ModelKey, id: string): Promise<RemovedRecord[]> {
  const found: RemovedRecord[] = [];
  for (const child of childModelsOf(key)) {
    for (const record of await findRecordsBy(db, child, child.parent!.field, id)) {
      found.push({ model: child.key as ModelKey, record });
      found.push(...(await descendants(db, child.key as ModelKey, record._id as string)));
    }
  }
  return found;
}

/** A committed-with-it change of content, as transactional listeners hear of it (e.g. webhooks). */
export interface ContentChange {
  model: ModelKey;
  action: 'create' | 'update' | 'delete';
  /** The records as stored after the change (before it, for a delete). */
  records: ModelRecord[];
  actor: Actor;
}

export interface WriteOptions {
  /** Join an open transaction (suggestion accept, imports) instead of opening one. */
  trx?: Executor;
}

/** Fields for `setInternal`: fixed values, or computed from the record as it is when locked. */
export type InternalFields = ModelRecord | ((current: ModelRecord) => ModelRecord);

/** Only the named fields of a record (what a write changes). */
function pick(record: ModelRecord, names: Iterable<string>): ModelRecord {
  const out: ModelRecord = {};
  for (const name of names) if (name in record) out[name] = record[name];
  return out;
}

/** A copy of `record` with every HTML field of the model sanitized for storing. */
export function sanitizeHtmlFields(model: ModelDef, record: ModelRecord): ModelRecord {
  const out = { ...record };
  for (const [name, field] of Object.entries(model.fields)) {
    if (field.html && typeof out[name] === 'string') out[name] = sanitizeStoredHtml(out[name] as string);
  }
  return out;
}

/** The record with the fields its model derives from the others filled in. */
export function withDerived(model: ModelDef, record: ModelRecord, given?: ReadonlySet<string>): ModelRecord {
  return model.derived ? { ...record, ...model.derived(record, given) } : record;
}

/** The input without the fields no client may set (a non-object is returned as it is, for the schema to refuse). */
export function withoutReadOnly(model: ModelDef, input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (!model.fields[name]?.readOnly) out[name] = value;
  }
  return out;
}

/**
 * The fields the derive step set to another value than the writer gave (a quest's `previous` taken
 * from its `requires`): a refusal names the field the writer gave first.
 */
function derivedOnly(model: ModelDef, given: ModelRecord, record: ModelRecord, names?: ReadonlySet<string>) {
  return new Set(
    Object.keys(model.derived?.(record) ?? {}).filter((name) =>
      names ? !names.has(name) : JSON.stringify(given[name]) !== JSON.stringify(record[name]),
    ),
  );
}

/** Every non-empty reference must point at an existing record: a 400 naming the field otherwise. */
async function checkReferences(
  db: Executor,
  model: ModelDef,
  record: ModelRecord,
  changed?: Set<string>,
  late: ReadonlySet<string> = new Set(),
) {
  const fields = Object.entries(model.fields).sort(([a], [b]) => Number(late.has(a)) - Number(late.has(b)));
  for (const [name, field] of fields) {
    if (!field.references || (changed && !changed.has(name))) continue;
    for (const value of referencedIds(record[name])) {
      if (field.references === model.key && value === record._id) {
        throw badRequest(`Invalid body.${name}: a record cannot reference itself`, [
          { field: `body.${name}`, message: 'A record cannot reference itself' },
        ]);
      }
      if (!(await recordExists(db, field.references, value))) {
        const message = serverMessages.notFound(getModel(field.references as ModelKey).label, value);
        throw badRequest(`Invalid body.${name}: ${message}`, [{ field: `body.${name}`, message }]);
      }
    }
  }
}

/** Turns a refusal of the record at `index` into the caller's error (a batch names the record). */
type Wrap = (index: number, error: unknown) => unknown;
const asIs: Wrap = (_index, error) => error;

/**
 * Every value naming a record of its scope must name one that exists (a marker's level must be a
 * level of its map, or -1): a 400 naming the field otherwise. Free while the scope has none.
 */
async function checkScopedRefs(
  trx: Executor,
  dialect: Dialect,
  model: ModelDef,
  records: ModelRecord[],
  changed: Set<string> | undefined,
  wrap: Wrap,
) {
  for (const [name, field] of Object.entries(model.fields)) {
    const ref = field.scopedRef;
    if (!ref || (changed && !changed.has(name) && !changed.has(ref.scope))) continue;
    const target = getModel(ref.model as ModelKey);
    const known = new Map<unknown, number[]>();
    for (const [index, record] of records.entries()) {
      const value = Number(record[name]);
      if (value === ref.any) continue;
      const scopeValue = record[ref.scope];
      let values = known.get(scopeValue);
      if (!values) {
        values = await valuesInScope(trx, dialect, target, ref.field, ref.scope, scopeValue);
        known.set(scopeValue, values);
      }
      if (values.length === 0 || values.includes(value)) continue;
      const listed = [...values].sort((a, b) => a - b).join(', ');
      const message = serverMessages.notInScope(target.label, value, ref.any, listed);
      throw wrap(index, badRequest(`Invalid body.${name}: ${message}`, [{ field: `body.${name}`, message }]));
    }
  }
}

/** No two records may share the values of a unique field set: a 400 naming its last field. */
async function checkUnique(
  trx: Executor,
  model: ModelDef,
  records: ModelRecord[],
  changed: Set<string> | undefined,
  wrap: Wrap,
) {
  for (const set of model.unique) {
    if (changed && !set.some((name) => changed.has(name))) continue;
    const last = set[set.length - 1]!;
    const seen = new Map<string, string>();
    for (const [index, record] of records.entries()) {
      const values = pick(record, set);
      const key = JSON.stringify(set.map((name) => record[name]));
      const other = seen.get(key) ?? (await findClash(trx, model, values, String(record._id)));
      seen.set(key, String(record._id));
      if (!other) continue;
      const message = serverMessages.taken(model.label, set.join(' and '), other);
      throw wrap(index, badRequest(`Invalid body.${last}: ${message}`, [{ field: `body.${last}`, message }]));
    }
  }
}

/** The fields of every model that name records of `key` within a scope (markers naming a level). */
function scopedRefsTo(key: ModelKey): { model: ModelDef; name: string; ref: ScopedRef }[] {
  return modelKeys.map(getModel).flatMap((model) =>
    Object.entries(model.fields)
      .filter(([, field]) => field.scopedRef?.model === key)
      .map(([name, field]) => ({ model, name, ref: field.scopedRef! })),
  );
}

/** Per model, its optional reference fields to `key` (not required, not its parent). */
function optionalRefsTo(key: ModelKey): { model: ModelDef; fields: { name: string; many: boolean }[] }[] {
  return modelKeys
    .map(getModel)
    .map((model) => ({
      model,
      fields: Object.entries(model.fields)
        .filter(([name, f]) => f.references === key && !f.required && model.parent?.field !== name)
        .map(([name, f]) => ({ name, many: f.storage === 'json' })),
    }))
    .filter((m) => m.fields.length > 0);
}

/**
 * A record still named by others (a floor with markers on it) can neither go nor change what they
 * name it by: a 409 saying how many are left, so nothing ends up on a floor that does not exist.
 */
async function checkNotUsed(trx: Executor, key: ModelKey, before: ModelRecord, after?: ModelRecord) {
  for (const { model, name, ref } of scopedRefsTo(key)) {
    if (after && after[ref.field] === before[ref.field] && after[ref.scope] === before[ref.scope]) continue;
    const count = await countInScope(trx, model, name, before[ref.field], ref.scope, before[ref.scope]);
    if (count === 0) continue;
    const label = getModel(key).label;
    throw conflict(
      serverMessages.stillUsed(label, String(before.name || before._id), model.label.toLowerCase(), count),
    );
  }
}

/** A unique-set violation the checks could not see (a parallel write won): the same 400 as theirs. */
function takenError(model: ModelDef, set: readonly string[]) {
  const last = set[set.length - 1]!;
  const message = serverMessages.taken(model.label, set.join(' and '), 'written at the same time');
  return badRequest(`Invalid body.${last}: ${message}`, [{ field: `body.${last}`, message }]);
}

/** A refusal of one record of a batch: `index` names it in the caller's list. */
export class BatchItemError extends Error {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super((cause as Error)?.message ?? String(cause));
  }
}

/**
 * The one write path for content: admin edits, accepted suggestions and accepted imports all come
 * here. Input is validated with the registry's schema, HTML is sanitized, references are checked,
 * and the change and its audit entry are written in one transaction.
 *
 * Concurrent writes stay correct on both engines: an update or delete locks the record's row for
 * its transaction and writes only the fields it changes, so parallel edits of different fields all
 * land; a create with an id that exists (also when two arrive at once) is a 409; a delete of a
 * record that is already gone is a 404 and leaves no audit row.
 */
export function createModelWriter(db: Db, onChange: () => void) {
  const removeListeners: ((removed: RemovedRecord[]) => void)[] = [];
  const changeListeners: ((trx: Executor, change: ContentChange) => Promise<void>)[] = [];
  const notifyChange = async (trx: Executor, change: ContentChange) => {
    for (const listener of changeListeners) await listener(trx, change);
  };
  const lock = (trx: Executor, model: ModelDef, id: string) =>
    findRecordForUpdate(trx, db.dialect, model, id);

  /**
   * Runs `work` in its own transaction and announces the change once it is committed. Within a
   * caller's transaction (`options.trx`) nothing is announced: the change is not visible yet, so
   * the caller announces it (`ctx.cacheBus.changed()`) after its commit.
   */
  async function inTransaction<T>(options: WriteOptions, work: (trx: Executor) => Promise<T>): Promise<T> {
    if (options.trx) return work(options.trx);
    const result = await runInTransaction(db, work);
    onChange();
    return result;
  }

  async function create(key: ModelKey, input: unknown, actor: Actor, options: WriteOptions = {}) {
    const model = getModel(key);
    const parsed = parse(model.schema, withoutReadOnly(model, input), 'body') as ModelRecord;
    const record: ModelRecord = withDerived(model, { ...sanitizeHtmlFields(model, parsed), images: {} });
    return inTransaction(options, async (trx) => {
      if (await recordExists(trx, model.table, record._id as string)) {
        throw conflict(serverMessages.alreadyExists(model.label, record._id as string));
      }
      await checkReferences(trx, model, record, undefined, derivedOnly(model, parsed, record));
      await checkUnique(trx, model, [record], undefined, asIs);
      await checkScopedRefs(trx, db.dialect, model, [record], undefined, asIs);
      const now = new Date().toISOString();
      try {
        await insertRecord(trx, model, record, now);
      } catch (error) {
        const set = violatedUniqueSet(error, model);
        if (set) throw takenError(model, set);
        // Another create with this id committed after the check above.
        if (isUniqueViolation(error))
          throw conflict(serverMessages.alreadyExists(model.label, record._id as string));
        throw error;
      }
      const stored = (await findRecord(trx, model, record._id as string))!;
      await recordAudit(trx, {
        actor,
        model: key,
        recordId: stored._id as string,
        action: 'create',
        after: stored,
      });
      await notifyChange(trx, { model: key, action: 'create', records: [stored], actor });
      return stored;
    });
  }

  async function update(
    key: ModelKey,
    id: string,
    patchInput: unknown,
    actor: Actor,
    options: WriteOptions = {},
  ) {
    const model = getModel(key);
    const patch = parse(model.patchSchema, patchInput, 'body') as ModelRecord;
    if (Object.keys(patch).length === 0) throw badRequest('Invalid body: no field to change');
    return inTransaction(options, async (trx) => {
      const before = await lock(trx, model, id);
      if (!before) throw notFound(serverMessages.notFound(model.label, id));
      const merged = parse(model.schema, { ...before, ...patch, _id: id }, 'body') as ModelRecord;
      const given = new Set(Object.keys(patch));
      const record = withDerived(
        model,
        { ...sanitizeHtmlFields(model, merged), images: before.images },
        given,
      );
      const changed = new Set([...given, ...Object.keys(model.derived?.(record, given) ?? {})]);
      await checkReferences(trx, model, record, changed, derivedOnly(model, merged, record, given));
      await checkUnique(trx, model, [record], changed, asIs);
      await checkScopedRefs(trx, db.dialect, model, [record], changed, asIs);
      await checkNotUsed(trx, key, before, record);
      try {
        await updateRecord(trx, model, id, pick(record, changed), new Date().toISOString());
      } catch (error) {
        const set = violatedUniqueSet(error, model);
        throw set ? takenError(model, set) : error;
      }
      const after = (await findRecord(trx, model, id))!;
      await recordAudit(trx, { actor, model: key, recordId: id, action: 'update', before, after });
      await notifyChange(trx, { model: key, action: 'update', records: [after], actor });
      return after;
    });
  }

  /**
   * Creates many records of one model with the same rules as `create` (schema, read-only fields,
   * HTML, references, ids that exist) checked for all of them first, then inserted and audited a
   * few hundred per statement: all or none. A refusal is a `BatchItemError` naming the record.
   */
  async function createMany(key: ModelKey, inputs: unknown[], actor: Actor, options: WriteOptions = {}) {
    const model = getModel(key);
    const records = inputs.map((input, index) => {
      try {
        const parsed = parse(model.schema, withoutReadOnly(model, input), 'body') as ModelRecord;
        return withDerived(model, { ...sanitizeHtmlFields(model, parsed), images: {} } as ModelRecord);
      } catch (error) {
        throw new BatchItemError(index, error);
      }
    });
    return inTransaction(options, async (trx) => {
      const ids = records.map((r) => String(r._id));
      const seen = new Map<string, number>();
      const taken = await existingIds(trx, model.table, ids);
      ids.forEach((id, index) => {
        if (taken.has(id) || seen.has(id)) {
          throw new BatchItemError(index, conflict(serverMessages.alreadyExists(model.label, id)));
        }
        seen.set(id, index);
      });
      for (const [name, field] of Object.entries(model.fields)) {
        if (!field.references) continue;
        const values = new Set(records.flatMap((r) => referencedIds(r[name])));
        if (values.size === 0) continue;
        const found = await existingIds(trx, field.references, values);
        // Records of this batch may refer to each other.
        if (field.references === model.key) for (const id of ids) found.add(id);
        const bad = (r: ModelRecord) => referencedIds(r[name]).find((v) => !found.has(v) || v === r._id);
        const index = records.findIndex((r) => bad(r) !== undefined);
        if (index < 0) continue;
        const value = bad(records[index]!)!;
        const message =
          value === records[index]!._id
            ? 'A record cannot reference itself'
            : serverMessages.notFound(getModel(field.references as ModelKey).label, value);
        throw new BatchItemError(
          index,
          badRequest(`Invalid body.${name}: ${message}`, [{ field: `body.${name}`, message }]),
        );
      }
      const wrap: Wrap = (index, error) => new BatchItemError(index, error);
      await checkUnique(trx, model, records, undefined, wrap);
      await checkScopedRefs(trx, db.dialect, model, records, undefined, wrap);
      try {
        await insertMany(trx, model, records, new Date().toISOString());
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(serverMessages.alreadyExists(model.label, ids.join(', ')));
        throw error;
      }
      const stored = await findRecordsByIds(trx, model, ids);
      const out = ids.map((id) => stored.get(id)!);
      await recordAuditMany(
        trx,
        out.map((after) => ({ actor, model: key, recordId: String(after._id), action: 'create', after })),
      );
      await notifyChange(trx, { model: key, action: 'create', records: out, actor });
      return out;
    });
  }

  /** Copies a record under a new id (images are not copied: files belong to their record). */
  async function copy(key: ModelKey, id: string, newId: string, actor: Actor, options: WriteOptions = {}) {
    const model = getModel(key);
    if (newId === id)
      throw badRequest(adminMessages.duplicateFailure, [
        { field: 'body._id', message: adminMessages.duplicateFailure },
      ]);
    return inTransaction(options, async (trx) => {
      const source = await findRecord(trx, model, id);
      if (!source) throw notFound(serverMessages.notFound(model.label, id));
      const { images: _images, ...fields } = source;
      return create(key, { ...fields, _id: newId }, actor, { trx });
    });
  }

  async function remove(key: ModelKey, id: string, actor: Actor, options: WriteOptions = {}) {
    const model = getModel(key);
    const { before, removed } = await inTransaction(options, async (trx) => {
      const before = await lock(trx, model, id);
      if (!before) throw notFound(serverMessages.notFound(model.label, id));
      await checkNotUsed(trx, key, before);
      const removed = [{ model: key, record: before }, ...(await descendants(trx, key, id))];
      if (!(await deleteRecord(trx, model, id))) throw notFound(serverMessages.notFound(model.label, id));
      await recordAudit(trx, { actor, model: key, recordId: id, action: 'delete', before });
      await notifyChange(trx, { model: key, action: 'delete', records: [before], actor });
      await detachReferences(trx, removed, actor);
      return { before, removed };
    });
    for (const listener of removeListeners) listener(removed);
    return before;
  }

  /**
   * Optional references to the records a delete removed are cleared in the same transaction (a
   * single reference emptied, the id taken out of a list), written and audited like any update:
   * nothing keeps naming a record that is gone (a quest requiring a deleted quest would otherwise
   * stay locked for ever). Required references and parents are the delete's cascade or refusal.
   */
  async function detachReferences(trx: Executor, removed: RemovedRecord[], actor: Actor) {
    const now = new Date().toISOString();
    // A delete's cascade may remove thousands of records of one model: its references are looked up once.
    const refsTo = new Map<ModelKey, ReturnType<typeof optionalRefsTo>>();
    for (const { model: removedKey, record: gone } of removed) {
      const id = String(gone._id);
      if (!refsTo.has(removedKey)) refsTo.set(removedKey, optionalRefsTo(removedKey));
      for (const { model, fields } of refsTo.get(removedKey)!) {
        const naming = new Set<string>();
        for (const { name, many } of fields) {
          for (const r of await findRecordsNaming(trx, model, name, id, many)) naming.add(String(r._id));
        }
        for (const otherId of naming) {
          const before = await lock(trx, model, otherId);
          if (!before) continue;
          const patch: ModelRecord = {};
          for (const { name } of fields) {
            const value = before[name];
            if (Array.isArray(value) && value.includes(id)) patch[name] = value.filter((v) => v !== id);
            else if (value === id) patch[name] = '';
          }
          const given = new Set(Object.keys(patch));
          const record = withDerived(model, { ...before, ...patch }, given);
          const changed = new Set([...given, ...Object.keys(model.derived?.(record, given) ?? {})]);
          await updateRecord(trx, model, otherId, pick(record, changed), now);
          const after = (await findRecord(trx, model, otherId))!;
          const key = model.key as ModelKey;
          await recordAudit(trx, { actor, model: key, recordId: otherId, action: 'update', before, after });
          await notifyChange(trx, { model: key, action: 'update', records: [after], actor });
        }
      }
    }
  }

  /**
   * Sets fields the API never takes from a client (images, tile paths, processing status).
   * Used by the server's own features, never with request bodies. `fields` may be a function of
   * the locked current record (e.g. to add one entry to the `images` map without losing another
   * added at the same time); only the fields it names are written.
   */
  async function setInternal(
    key: ModelKey,
    id: string,
    fields: InternalFields,
    actor: Actor = systemActor,
    options: WriteOptions = {},
  ) {
    const model = getModel(key);
    return inTransaction(options, async (trx) => {
      const before = await lock(trx, model, id);
      if (!before) throw notFound(serverMessages.notFound(model.label, id));
      const change = typeof fields === 'function' ? fields(before) : fields;
      await updateRecord(trx, model, id, change, new Date().toISOString());
      const after = (await findRecord(trx, model, id))!;
      await recordAudit(trx, { actor, model: key, recordId: id, action: 'update', before, after });
      return after;
    });
  }

  /**
   * Hears of every delete with the records it removed (the cascade included), e.g. to remove their
   * files. Listeners run after the write; within a caller's transaction that may still roll back,
   * so a listener checks that a record is really gone before acting on it.
   */
  function onRemove(listener: (removed: RemovedRecord[]) => void) {
    removeListeners.push(listener);
  }

  /**
   * Hears of every create, update (not `setInternal`: the server's own bookkeeping of images and
   * processing) and delete inside its transaction, so what the listener writes commits or rolls
   * back with the change. A listener that throws fails the write.
   */
  function onContentChange(listener: (trx: Executor, change: ContentChange) => Promise<void>) {
    changeListeners.push(listener);
  }

  return { create, createMany, update, copy, remove, setInternal, onRemove, onContentChange };
}

export type ModelWriter = ReturnType<typeof createModelWriter>;
