import { getModel, type ModelKey } from '@waypoint/shared';
import type { Kysely } from 'kysely';
import { inChunks } from '../../db/chunks.ts';
import type { Executor } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { insertMany } from '../models/models.repository.ts';

// biome-ignore lint/suspicious/noExplicitAny: content tables come from the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

/** A staged record's row in `importedcrudmodel`: the model, the record it would write, its data as JSON. */
export interface StagedRow {
  _id: string;
  type: string;
  recordId: string;
  data: string;
}

/** Deletes staged rows by id, a chunk of ids per statement. */
export async function deleteStagedRows(db: Executor, ids: string[]) {
  for (const part of inChunks(ids))
    await dyn(db).deleteFrom('importedcrudmodel').where('_id', 'in', part).execute();
}

/** Writes staged rows, replacing earlier staged versions of the same records. */
export async function writeStagedRows(db: Executor, rows: ModelRecord[]) {
  await deleteStagedRows(
    db,
    rows.map((r) => r._id as string),
  );
  await insertMany(db, getModel('importedcrudmodel'), rows, new Date().toISOString());
}

/**
 * The staged rows of a model, heaviest first: all of them, one by id, or only those whose record is
 * not stored yet (new).
 */
export async function findStagedRows(
  db: Executor,
  key: ModelKey,
  only?: { id?: string; newOnly?: boolean },
): Promise<StagedRow[]> {
  let query = dyn(db)
    .selectFrom('importedcrudmodel')
    .select(['_id', 'type', 'recordId', 'data'])
    .where('type', '=', key);
  if (only?.id !== undefined) query = query.where('_id', '=', only.id);
  if (only?.newOnly) {
    const model = getModel(key);
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

/** Deletes a model's staged rows (all, or the one with the id); answers how many were deleted. */
export async function deleteStagedOf(db: Executor, key: ModelKey, id?: string): Promise<number> {
  let query = dyn(db).deleteFrom('importedcrudmodel').where('type', '=', key);
  if (id !== undefined) query = query.where('_id', '=', id);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
