import { createHash } from 'node:crypto';
import {
  getModel,
  idPattern,
  type ModelDef,
  type ModelKey,
  referencedIds,
  serverMessages,
  type TStoredImage,
} from '@waypoint/shared';
import { type Move, movesOf } from '@waypoint/shared/interop/ownership';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import type { AppContext } from '../../context.ts';
import { inChunks } from '../../db/chunks.ts';
import type { Executor } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { changedFields } from '../interop/compare.ts';
import { deleteImportState, saveImportState, saveImportStates } from '../interop/import-state.repository.ts';
import { existingIds, findRecord, findRecordsByIds, insertMany } from '../models/models.repository.ts';
import { BatchItemError, withDerived, withoutReadOnly } from '../models/models.service.ts';

// biome-ignore lint/suspicious/noExplicitAny: content tables come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

/** A record of an import file that cannot be staged: where it is and what is wrong. */
export interface ImportProblem {
  /** The file line (CSV: the header is line 1) or, for JSON, the record's line in the file. */
  line: number;
  field: string;
  message: string;
}

export interface StageResult {
  model: string;
  staged: number;
  problems: ImportProblem[];
}

export type ImportFormat = 'json' | 'csv';

export function formatOf(fileName: string): ImportFormat {
  if (/\.csv$/i.test(fileName)) return 'csv';
  if (/\.json$/i.test(fileName)) return 'json';
  throw badRequest('Invalid body.fileName: use a .json or .csv file', [
    { field: 'body.fileName', message: 'Use a .json or .csv file' },
  ]);
}

/** A CSV cell as the value of its field: numbers, booleans and JSON lists from their text. */
function cellValue(model: ModelDef, name: string, text: string): unknown {
  const field = model.fields[name];
  if (!field) return text;
  const value = text.trim();
  switch (field.storage) {
    case 'integer':
    case 'real':
      if (value === '') return field.nullable ? null : undefined;
      return Number.isFinite(Number(value)) ? Number(value) : text;
    case 'boolean':
      if (value === '') return undefined;
      if (/^(true|1|yes)$/i.test(value)) return true;
      if (/^(false|0|no)$/i.test(value)) return false;
      return text;
    case 'json':
      if (value === '') return undefined;
      try {
        return JSON.parse(value);
      } catch {
        // A tag list may also be written as `a|b|c`.
        return field.form === 'tag_list' ? value.split('|').map((v) => v.trim()) : text;
      }
    default:
      return text;
  }
}

interface RawRecord {
  line: number;
  value: unknown;
}

/** The line of each top-level record of a JSON array (or JSON Lines) file. */
function jsonRecords(text: string): RawRecord[] {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') && !trimmed.startsWith('{"data"')) {
    // JSON Lines: one record per line.
    const out: RawRecord[] = [];
    text.split(/\r?\n/).forEach((line, i) => {
      if (line.trim() === '') return;
      try {
        out.push({ line: i + 1, value: JSON.parse(line) });
      } catch {
        out.push({ line: i + 1, value: Symbol.for('invalid-json') });
      }
    });
    return out;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Invalid body.content: not valid JSON (${(error as Error).message})`, [
      { field: 'body.content', message: 'Not valid JSON' },
    ]);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown }).data;
  if (!Array.isArray(list))
    throw badRequest('Invalid body.content: expected a JSON array of records', [
      { field: 'body.content', message: 'Expected a JSON array of records' },
    ]);
  // Each record's line: where its opening brace stands among the array's top-level values.
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (c === '{' && depth === (Array.isArray(parsed) ? 1 : 2)) lines.push(line);
      depth++;
    } else if (c === '}' || c === ']') depth--;
  }
  return list.map((value, i) => ({ line: lines[i] ?? i + 1, value }));
}

function csvRecords(model: ModelDef, text: string): { records: RawRecord[]; problems: ImportProblem[] } {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
  });
  const problems: ImportProblem[] = result.errors.map((e) => ({
    line: (e.row ?? 0) + 2,
    field: '',
    message: e.message,
  }));
  const bad = new Set(result.errors.map((e) => e.row));
  const records: RawRecord[] = [];
  result.data.forEach((row, i) => {
    if (bad.has(i)) return;
    const value: Record<string, unknown> = {};
    for (const [name, cell] of Object.entries(row)) {
      const v = cellValue(model, name, cell ?? '');
      if (v !== undefined) value[name] = v;
    }
    // Line of the record: header line plus the rows before it (quoted line breaks aside).
    records.push({ line: i + 2, value });
  });
  return { records, problems };
}

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

/** A staged picture of an accepted record, to be attached once the accept is written. */
export interface AcceptedPicture {
  model: ModelKey;
  id: string;
  field: string;
  image: TStoredImage;
}

/** Writes staged rows, replacing earlier staged versions of the same records. */
export async function writeStaged(trx: Executor, rows: ModelRecord[]) {
  const ids = rows.map((r) => r._id as string);
  for (const part of inChunks(ids)) {
    await dyn(trx).deleteFrom('importedcrudmodel').where('_id', 'in', part).execute();
  }
  await insertMany(trx, getModel('importedcrudmodel'), rows, new Date().toISOString());
}

/**
 * Parses an import file and checks each record with the model's registry schema. The valid ones are
 * staged as imported models (replacing an earlier staged version of the same record) without
 * touching live data; the others are reported by line and field.
 */
export async function stageImport(
  ctx: Pick<AppContext, 'db'> & { cacheBus: { changed(): void } },
  key: ModelKey,
  fileName: string,
  content: string,
  actor: Actor,
): Promise<StageResult> {
  const model = getModel(key);
  const format = formatOf(fileName);
  const problems: ImportProblem[] = [];
  let raw: RawRecord[];
  if (format === 'csv') {
    const parsed = csvRecords(model, content);
    raw = parsed.records;
    problems.push(...parsed.problems);
  } else raw = jsonRecords(content);
  const staged = new Map<string, ModelRecord>();
  for (const { line, value } of raw) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ line, field: '', message: 'Not a JSON object' });
      continue;
    }
    const unknown = Object.keys(value).filter((name) => !(name in model.fields) && name !== 'images');
    if (unknown.length > 0) {
      for (const name of unknown)
        problems.push({ line, field: name, message: `Not a field of ${model.label}` });
      continue;
    }
    const { images: _images, ...fields } = value as Record<string, unknown>;
    const result = model.schema.safeParse(withoutReadOnly(model, fields));
    if (!result.success) {
      for (const issue of result.error.issues)
        problems.push({ line, field: issue.path.map(String).join('.'), message: issue.message });
      continue;
    }
    // Staged as the write would store it: a quest file naming only `previous` stages its `requires` too.
    const record = withDerived(model, result.data as ModelRecord);
    staged.set(String(record._id), record);
  }
  const rows = stagedRowsOf(key, [...staged.values()]);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await writeStaged(trx, rows);
    await recordAudit(trx, {
      actor,
      model: 'importedcrudmodel',
      recordId: key,
      action: 'import',
      after: { file: fileName, staged: rows.length, problems: problems.length },
    });
  });
  ctx.cacheBus.changed();
  return { model: key, staged: rows.length, problems };
}

interface StagedRow {
  _id: string;
  type: string;
  recordId: string;
  data: string;
}

async function stagedRows(db: Executor, key: string, only?: { id?: string; newOnly?: boolean }) {
  let query = dyn(db)
    .selectFrom('importedcrudmodel')
    .select(['_id', 'type', 'recordId', 'data'])
    .where('type', '=', key);
  if (only?.id !== undefined) query = query.where('_id', '=', only.id);
  if (only?.newOnly) {
    const model = getModel(key as ModelKey);
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom(model.table)
            .select('_id')
            .whereRef(`${model.table}._id`, '=', 'importedcrudmodel.recordId'),
        ),
      ),
    );
  }
  return (await query.orderBy('weight', 'desc').orderBy('_id', 'asc').execute()) as StagedRow[];
}

/** A staged row read: the record's fields and what its import says of it. */
interface Staged {
  row: StagedRow;
  meta: ImportMeta | undefined;
  data: ModelRecord;
}

function readStaged(row: StagedRow): Staged {
  const { [importMetaKey]: meta, ...data } = JSON.parse(row.data) as ModelRecord & {
    [importMetaKey]?: ImportMeta;
  };
  return { row, meta, data };
}

/**
 * Staged records that are new here, written as `createMany` writes many (the same checks as one by
 * one, a few hundred rows per statement, each audited): a source of 20,000 markers is accepted in a
 * few dozen statements instead of eight per marker. A refusal is the refused record's own error.
 */
async function acceptNew(
  ctx: AppContext,
  trx: Executor,
  key: ModelKey,
  staged: Staged[],
  actor: Actor,
  pictures: AcceptedPicture[],
) {
  if (staged.length === 0) return;
  try {
    await ctx.writer.createMany(
      key,
      staged.map((s) => s.data),
      actor,
      { trx },
    );
  } catch (error) {
    throw error instanceof BatchItemError ? error.cause : error;
  }
  const acceptedAt = new Date().toISOString();
  const states = [];
  for (const { row, meta, data } of staged) {
    for (const [field, image] of Object.entries(meta?.pictures ?? {}))
      pictures.push({ model: key, id: row.recordId, field, image });
    if (meta)
      states.push({
        model: key,
        recordId: row.recordId,
        source: meta.source,
        mapId: meta.mapId,
        data: JSON.stringify(data),
        acceptedAt,
      });
  }
  await saveImportStates(trx, states);
  for (const part of inChunks(staged.map(({ row }) => row._id)))
    await dyn(trx).deleteFrom('importedcrudmodel').where('_id', 'in', part).execute();
}

/** The imported record as a create (new) or an update of the stored record (existing). */
async function acceptRow(
  ctx: AppContext,
  trx: Executor,
  key: ModelKey,
  { row, meta, data }: Staged,
  actor: Actor,
  pictures: AcceptedPicture[],
) {
  const model = getModel(key);
  const stored = await findRecord(trx, model, row.recordId);
  if (meta?.gone) {
    // Gone from the source: accepting removes the record (already removed here: nothing to do).
    if (stored) await ctx.writer.remove(key, row.recordId, actor, { trx });
    await deleteImportState(trx, key, row.recordId);
  } else {
    if (stored) {
      const { _id, ...patch } = withoutReadOnly(model, data) as ModelRecord;
      await ctx.writer.update(key, row.recordId, patch, actor, { trx });
    } else await ctx.writer.create(key, data, actor, { trx });
    for (const [field, image] of Object.entries(meta?.pictures ?? {}))
      pictures.push({ model: key, id: row.recordId, field, image });
    if (meta)
      await saveImportState(trx, {
        model: key,
        recordId: row.recordId,
        source: meta.source,
        mapId: meta.mapId,
        data: JSON.stringify(data),
        acceptedAt: new Date().toISOString(),
      });
  }
  await dyn(trx).deleteFrom('importedcrudmodel').where('_id', '=', row._id).execute();
}

/**
 * Staged records in an order where a record comes after the staged records of the same model it
 * refers to (a quest after every quest it requires), so that reference checks find them written.
 */
function referenceOrder(model: ModelDef, rows: StagedRow[]): StagedRow[] {
  const selfRefs = Object.entries(model.fields)
    .filter(([, field]) => field.references === model.key)
    .map(([name]) => name);
  if (selfRefs.length === 0) return rows;
  const waiting = new Map(rows.map((row) => [row.recordId, row]));
  const out: StagedRow[] = [];
  const visit = (row: StagedRow, seen: Set<string>) => {
    if (!waiting.has(row.recordId) || seen.has(row.recordId)) return;
    seen.add(row.recordId);
    const data = JSON.parse(row.data) as ModelRecord;
    for (const name of selfRefs) {
      for (const id of referencedIds(data[name])) {
        const target = waiting.get(id);
        if (target) visit(target, seen);
      }
    }
    waiting.delete(row.recordId);
    out.push(row);
  };
  for (const row of rows) visit(row, new Set());
  return out;
}

/**
 * Accepts staged records through the one write path (validation, sanitizing, references, audit),
 * all in one transaction: either every chosen record lands or none does.
 */
export async function acceptImports(
  ctx: AppContext,
  key: ModelKey,
  which: { id?: string; newOnly?: boolean; move?: boolean },
  actor: Actor,
  attachPictures?: (pictures: AcceptedPicture[]) => Promise<void>,
): Promise<{ accepted: number; kept: number }> {
  const model = getModel(key);
  const pictures: AcceptedPicture[] = [];
  const result = await ctx.db.kysely.transaction().execute(async (trx) => {
    const rows = await stagedRows(trx, key, which);
    if (which.id !== undefined && rows.length === 0)
      throw notFound(serverMessages.notFound(getModel('importedcrudmodel').label, which.id));
    const all = referenceOrder(model, rows).map(readStaged);
    const stored = await findRecordsByIds(
      trx,
      model,
      all.filter((s) => !s.meta?.gone).map(({ row }) => row.recordId),
    );
    // A row that would move a stored record to another game, map or floor is accepted only when
    // chosen on its own; accepting all keeps it staged.
    const moving = all.filter(
      (s) => !s.meta?.gone && movesOf(key, s.data, stored.get(s.row.recordId)).length,
    );
    if (moving.length > 0 && which.id !== undefined && !which.move) {
      const [first] = moving;
      const moves = movesOf(key, first!.data, stored.get(first!.row.recordId));
      throw conflict(serverMessages.importMoves(first!.row.recordId, describeMoves(moves)));
    }
    const staged = which.move ? all : all.filter((s) => !moving.includes(s));
    const existing = await existingIds(
      trx,
      model.table,
      staged.map(({ row }) => row.recordId),
    );
    // New records go first, together; then changes and removals one by one, in reference order.
    const isNew = (s: Staged) => !existing.has(s.row.recordId) && !s.meta?.gone;
    await acceptNew(ctx, trx, key, staged.filter(isNew), actor, pictures);
    for (const s of staged) if (!isNew(s)) await acceptRow(ctx, trx, key, s, actor, pictures);
    return { accepted: staged.length, kept: all.length - staged.length };
  });
  // Pictures land once their records are written (their files are not part of the transaction).
  if (pictures.length > 0) await attachPictures?.(pictures);
  ctx.cacheBus.changed();
  return result;
}

/** Moves as the review and a refusal name them: `mapId "a" → "b"`. */
function describeMoves(moves: Move[]): string {
  return moves.map((m) => `${m.field} ${JSON.stringify(m.from)} → ${JSON.stringify(m.to)}`).join(', ');
}

/**
 * Drops staged records (all of a model, or one) without touching live data; the pictures staged with
 * them (a map package's) are handed to `discardPictures` once they are dropped.
 */
export async function rejectImports(
  ctx: AppContext,
  key: ModelKey,
  id?: string,
  discardPictures?: (pictures: TStoredImage[]) => Promise<void>,
) {
  const { rejected, pictures } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const rows = await stagedRows(trx, key, { id });
    let query = dyn(trx).deleteFrom('importedcrudmodel').where('type', '=', key);
    if (id !== undefined) query = query.where('_id', '=', id);
    const result = await query.executeTakeFirst();
    const pictures: TStoredImage[] = [];
    for (const row of rows) {
      const meta = (JSON.parse(row.data) as { [importMetaKey]?: ImportMeta })[importMetaKey];
      pictures.push(...Object.values(meta?.pictures ?? {}));
    }
    return { rejected: Number(result.numDeletedRows), pictures };
  });
  if (id !== undefined && rejected === 0)
    throw notFound(serverMessages.notFound(getModel('importedcrudmodel').label, id));
  if (pictures.length > 0) await discardPictures?.(pictures);
  ctx.cacheBus.changed();
  return { rejected };
}

/**
 * A page of staged records of a model with their stored counterparts (null when new), and what a
 * content import says of them: gone from its source (accepting removes the record; nothing imported),
 * or edited here since the source's last import (accepting overwrites that edit).
 */
export async function withStored(ctx: AppContext, key: ModelKey, rows: ModelRecord[]) {
  const model = getModel(key);
  return Promise.all(
    rows.map(async (row) => {
      const stored = await findRecord(ctx.db.kysely, model, String(row.recordId));
      let imported: ModelRecord | null = null;
      let meta: ImportMeta | undefined;
      try {
        const { [importMetaKey]: found, ...fields } = JSON.parse(String(row.data)) as ModelRecord & {
          [importMetaKey]?: ImportMeta;
        };
        meta = found;
        imported = meta?.gone ? null : fields;
      } catch {
        imported = null;
      }
      // Images are not part of an import: the stored side is compared without them.
      const { images: _images, ...storedFields } = stored ?? {};
      // A field the source does not carry keeps its stored value: the change lists only what accepting changes.
      const changed = imported && stored ? changedFields(key, imported, storedFields) : [];
      return {
        ...row,
        imported: imported && stored ? { ...storedFields, ...imported } : imported,
        changed,
        stored: stored ? storedFields : null,
        isNew: !stored,
        gone: meta?.gone === true,
        editedHere: meta?.editedHere === true,
        // Accepting all keeps these staged: each is accepted only when chosen on its own.
        moves: imported ? movesOf(key, imported, stored) : [],
        copyOf: meta?.copyOf ?? null,
      };
    }),
  );
}
