/**
 * The import review: staged records accepted through the one write path (all of a model's, its new
 * ones, or one) or rejected, and a page of them shown beside the stored records.
 */
import {
  getModel,
  type ModelDef,
  type ModelKey,
  referencedIds,
  serverMessages,
  type TStoredImage,
} from '@waypoint/shared';
import { type Move, movesOf } from '@waypoint/shared/interop/ownership';
import type { AppContext } from '../../context.ts';
import { type Executor, inTransaction } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Actor } from '../audit/audit.ts';
import { existingIds, findRecord, findRecordsByIds } from '../models/models.repository.ts';
import { BatchItemError, withoutReadOnly } from '../models/models.service.ts';
import { changedFields } from './compare.ts';
import { deleteImportState, saveImportState, saveImportStates } from './import-state.repository.ts';
import {
  deleteStagedOf,
  deleteStagedRows,
  findStagedRows,
  type StagedRow,
} from './staged-records.repository.ts';
import { type ImportMeta, importMetaKey } from './staging.ts';

/** A staged picture of an accepted record, to be attached once the accept is written. */
export interface AcceptedPicture {
  model: ModelKey;
  id: string;
  field: string;
  image: TStoredImage;
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
  await deleteStagedRows(
    trx,
    staged.map(({ row }) => row._id),
  );
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
  await deleteStagedRows(trx, [row._id]);
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
  const result = await inTransaction(ctx.db, async (trx) => {
    const rows = await findStagedRows(trx, key, which);
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
  const { rejected, pictures } = await inTransaction(ctx.db, async (trx) => {
    const rows = await findStagedRows(trx, key, { id });
    const rejected = await deleteStagedOf(trx, key, id);
    const pictures: TStoredImage[] = [];
    for (const row of rows) {
      const meta = (JSON.parse(row.data) as { [importMetaKey]?: ImportMeta })[importMetaKey];
      pictures.push(...Object.values(meta?.pictures ?? {}));
    }
    return { rejected, pictures };
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
