/**
 * Staging: records read from a source are checked with the registry's schemas and kept in
 * `importedcrudmodel` for the import review (review.ts) without touching live data. The formats'
 * readers (features/interop, record-files.ts) hand their records here.
 */
import { createHash } from 'node:crypto';
import { getModel, idPattern, type ModelKey, type TStoredImage } from '@waypoint/shared';
import { InteropError } from '@waypoint/shared/interop/format';
import {
  copyId,
  followCopies,
  type IdChanges,
  ownedElsewhere,
  targetOf,
} from '@waypoint/shared/interop/ownership';
import type { AppContext } from '../../context.ts';
import { type Executor, inTransaction } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { findRecord, findRecordsBy, findRecordsByIds } from '../models/models.repository.ts';
import { sanitizeHtmlFields, withoutReadOnly } from '../models/models.service.ts';
import { changedFields } from './compare.ts';
import { importStatesById, importStatesOf } from './import-state.repository.ts';
import { writeStagedRows } from './staged-records.repository.ts';

/** What staging needs: the database, and the cache to drop once staged records change. */
export type StagingContext = Pick<AppContext, 'db'> & { cacheBus: { changed(): void } };

/** The staged row's id: readable when short enough, else a hash of the model and record id. */
function stagedId(key: string, recordId: string): string {
  const readable = `${key}.${recordId}`;
  if (readable.length <= 200 && idPattern.test(readable)) return readable;
  return `${key}.${createHash('sha256').update(recordId).digest('hex').slice(0, 32)}`;
}

/** Staged rows of a model's checked records. */
export function stagedRowsOf(key: ModelKey, records: ModelRecord[]): ModelRecord[] {
  const now = new Date().toISOString();
  return records.map((record) => ({
    _id: stagedId(key, String(record._id)),
    type: key,
    recordId: String(record._id),
    data: JSON.stringify(record),
    weight: typeof record.weight === 'number' ? record.weight : 0,
    createdAt: now,
  }));
}

/**
 * What a content import adds to a staged record's data (removed before the record is written): its
 * source and map, and whether the record is gone from the source or was edited here since its last import.
 */
export const importMetaKey = '$import';
export interface ImportMeta {
  source: string;
  /** The map the source was read into, or the game for a game-wide source (tarkov.dev). */
  mapId: string;
  gone?: boolean;
  editedHere?: boolean;
  /** The source's id of a record imported as a copy (that id belongs to another map or game here). */
  copyOf?: string;
  /** Pictures staged with the record (a map package's), by image field: attached once it is accepted. */
  pictures?: Record<string, TStoredImage>;
}

/** A reader's problems as a 400 naming each record and field. */
export function interopBadRequest(error: InteropError): never {
  const first = error.problems[0];
  throw badRequest(
    `Invalid ${first?.record ?? 'file'}${first?.field ? ` ${first.field}` : ''}: ${first?.message ?? 'bad input'}`,
    error.problems.map((p) => ({ field: p.field ? `${p.record}.${p.field}` : p.record, message: p.message })),
  );
}

/** Whether every field the import carries equals the stored record's. */
function sameAsStored(key: ModelKey, data: ModelRecord, stored: ModelRecord | undefined): boolean {
  if (!stored) return false;
  return changedFields(key, data, stored).length === 0;
}

/**
 * Keeps a source's records in the game or map they are imported into: a record whose id belongs to
 * another game or map here is imported as a copy with an id of its own (the same copy each time the
 * source comes into the same target), and the source's references to it follow the copy. The
 * records are changed in place; the answer lists each copy's source id, by model.
 */
export async function keepToTarget(
  db: Executor,
  models: readonly ModelKey[],
  records: Partial<Record<ModelKey, Record<string, unknown>[]>>,
): Promise<IdChanges> {
  const changes: IdChanges = new Map();
  for (const key of models) {
    const model = getModel(key);
    const list = records[key] ?? [];
    for (const record of list) followCopies(key, record, changes);
    const stored = await findRecordsByIds(
      db,
      model,
      list.map((r) => String(r._id)),
    );
    const elsewhere = list.filter((r) => ownedElsewhere(key, r, stored.get(String(r._id))));
    const copies = new Map<string, string>();
    if (elsewhere.length > 0) {
      const first = elsewhere.map((r) => copyId(String(r._id), targetOf(key, r)));
      const storedCopies = await findRecordsByIds(db, model, first);
      for (const [i, record] of elsewhere.entries()) {
        const id = String(record._id);
        let next = first[i] as string;
        let found = storedCopies.get(next);
        // A copy id taken by a record of yet another target (written by hand): the next attempt.
        for (let attempt = 1; found && ownedElsewhere(key, record, found); attempt++) {
          next = copyId(id, targetOf(key, record), attempt);
          found = await findRecord(db, model, next);
        }
        copies.set(id, next);
        record._id = next;
      }
    }
    changes.set(key, copies);
  }
  // References to records that come later in staging order (a category's preferred map).
  for (const key of models) for (const record of records[key] ?? []) followCopies(key, record, changes);
  return changes;
}

/** What staging a source's records gives, before the format's notes are added. */
export interface StagedSummary {
  staged: Record<string, number>;
  unchanged: number;
  gone: number;
  editedHere: number;
}

type StagedRecords = Partial<Record<ModelKey, ModelRecord[]>>;

/** Where a source's records are staged from and to, and how the import is audited. */
interface StageTarget {
  models: readonly ModelKey[];
  source: string;
  scope: string;
  goneModels: readonly ModelKey[];
  /**
   * The source is a whole map's export (a package, a DataMaps page or GeoJSON file written for this map): any marker
   * of the map it lacks is gone, not only those it brought before.
   */
  wholeMap?: boolean;
  /** Records the source still has but that were not staged (skipped for a problem): never gone. */
  notGone?: ReadonlySet<string>;
  audit: { recordId: string; format: string };
}

/**
 * A source's records checked with the registry's schemas: of each, the fields it carries, parsed
 * and sanitized; and every problem, named by record (`<model> <id>`) and field.
 */
export function checkRecords(
  models: readonly ModelKey[],
  records: Partial<Record<ModelKey, Record<string, unknown>[]>>,
): { checked: StagedRecords; problems: InteropError['problems'] } {
  const checked: StagedRecords = {};
  const problems: InteropError['problems'] = [];
  for (const key of models) {
    const model = getModel(key);
    checked[key] = [];
    for (const record of records[key] ?? []) {
      const result = model.schema.safeParse(withoutReadOnly(model, record));
      if (!result.success) {
        for (const issue of result.error.issues)
          problems.push({
            record: `${key} ${record._id}`,
            field: issue.path.map(String).join('.'),
            message: issue.message,
          });
        continue;
      }
      const parsed = result.data as ModelRecord;
      // Only the fields the file carries are compared and staged; the rest keep their stored values.
      const carried = Object.fromEntries(
        Object.keys(record).map((name) => [name, parsed[name]]),
      ) as ModelRecord;
      checked[key]?.push(sanitizeHtmlFields(model, carried));
    }
  }
  return { checked, problems };
}

/**
 * Checks a source's records with the registry's schemas (any problem: a 400 naming each record and
 * field, nothing staged) and stages, in one transaction, what differs from the stored records: new,
 * changed, and (for `goneModels`) the records this source brought into `scope` (a map, or a game)
 * before and no longer has. Records edited here since the source's last import are flagged.
 */
export async function stageRecords(
  ctx: StagingContext,
  input: StageTarget & { records: Partial<Record<ModelKey, Record<string, unknown>[]>> },
  actor: Actor,
): Promise<StagedSummary> {
  const { checked, problems } = checkRecords(input.models, input.records);
  if (problems.length > 0) interopBadRequest(new InteropError(problems));
  return stageChecked(ctx, { ...input, checked }, actor);
}

/**
 * Stages checked records (see `stageRecords`) in one transaction. A record `attached` gives
 * something to (a map package's pictures) is staged even when its fields are unchanged, and what is
 * attached rides with it until it is accepted.
 */
export async function stageChecked(
  ctx: StagingContext,
  input: StageTarget & {
    checked: StagedRecords;
    attached?: (key: ModelKey, id: string) => Partial<ImportMeta> | undefined;
  },
  actor: Actor,
): Promise<StagedSummary> {
  const staged: Record<string, number> = Object.fromEntries(input.models.map((key) => [key, 0]));
  let unchanged = 0;
  let gone = 0;
  let editedHere = 0;
  const meta = (extra: Partial<ImportMeta> = {}): ImportMeta => ({
    source: input.source,
    mapId: input.scope,
    ...extra,
  });
  await inTransaction(ctx.db, async (trx) => {
    const copies = await keepToTarget(trx, input.models, input.checked);
    for (const key of input.models) {
      const records = input.checked[key] ?? [];
      const ids = records.map((r) => String(r._id));
      const copyOf = new Map([...(copies.get(key) ?? [])].map(([from, to]) => [to, from]));
      const attached = (id: string) => input.attached?.(key, copyOf.get(id) ?? id);
      const stored = await findRecordsByIds(trx, getModel(key), ids);
      const changed = records.filter(
        (r) => attached(String(r._id)) || !sameAsStored(key, r, stored.get(String(r._id))),
      );
      unchanged += records.length - changed.length;
      // A changed record whose stored fields differ from what this source last brought was edited here.
      const states = await importStatesById(
        trx,
        key,
        changed.map((r) => String(r._id)),
      );
      const rows: ModelRecord[] = changed.map((record) => {
        const id = String(record._id);
        const state = states.get(id);
        const edited = Boolean(
          state && !sameAsStored(key, JSON.parse(state.data) as ModelRecord, stored.get(id)),
        );
        if (edited) editedHere += 1;
        const copied = copyOf.get(id);
        return {
          ...record,
          [importMetaKey]: meta({
            ...(edited ? { editedHere: true } : {}),
            ...(copied ? { copyOf: copied } : {}),
            ...attached(id),
          }),
        };
      });
      // Records this source brought to the scope before and no longer has: staged as gone.
      if (input.goneModels.includes(key)) {
        const read = new Set(ids);
        // A skipped record's copy in this scope is not gone either.
        const kept = new Set([...(input.notGone ?? [])].flatMap((id) => [id, copyId(id, input.scope)]));
        const brought = (await importStatesOf(trx, input.source, input.scope, key)).map((s) => s.recordId);
        const onMap =
          input.wholeMap && key === 'placedmarker'
            ? (await findRecordsBy(trx, getModel(key), 'mapId', input.scope)).map((r) => String(r._id))
            : [];
        const missing = [...new Set([...brought, ...onMap])].filter((id) => !read.has(id) && !kept.has(id));
        const present = await findRecordsByIds(trx, getModel(key), missing);
        for (const id of missing)
          if (present.has(id)) rows.push({ _id: id, [importMetaKey]: meta({ gone: true }) });
        gone += rows.length - changed.length;
      }
      staged[key] = rows.length;
      await writeStagedRows(trx, stagedRowsOf(key, rows));
    }
    await recordAudit(trx, {
      actor,
      model: 'importedcrudmodel',
      recordId: input.audit.recordId,
      action: 'import',
      after: { format: input.audit.format, source: input.source, ...staged, unchanged, gone, editedHere },
    });
  });
  ctx.cacheBus.changed();
  return { staged, unchanged, gone, editedHere };
}
