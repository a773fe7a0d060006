import { inChunks } from '../../db/chunks.ts';
import type { Executor } from '../../db/database.ts';
import type { ImportStateTable } from '../../db/schema.ts';

/** What the imports of a source brought into the records of one model on one map. */
export async function importStatesOf(db: Executor, source: string, mapId: string, model: string) {
  return db
    .selectFrom('import_state')
    .selectAll()
    .where('source', '=', source)
    .where('mapId', '=', mapId)
    .where('model', '=', model)
    .execute();
}

/** The last import's state of the given records of a model, by record id. */
export async function importStatesById(db: Executor, model: string, recordIds: string[]) {
  const out = new Map<string, ImportStateTable>();
  for (const part of inChunks(recordIds)) {
    const rows = await db
      .selectFrom('import_state')
      .selectAll()
      .where('model', '=', model)
      .where('recordId', 'in', part)
      .execute();
    for (const row of rows) out.set(row.recordId, row);
  }
  return out;
}

/**
 * Records what accepted imports brought into their records (replacing each one's earlier state), a
 * few hundred per statement.
 */
export async function saveImportStates(db: Executor, states: ImportStateTable[]) {
  for (const part of inChunks(states, 200)) {
    await db
      .insertInto('import_state')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['model', 'recordId']).doUpdateSet((eb) => ({
          source: eb.ref('excluded.source'),
          mapId: eb.ref('excluded.mapId'),
          data: eb.ref('excluded.data'),
          acceptedAt: eb.ref('excluded.acceptedAt'),
        })),
      )
      .execute();
  }
}

export async function saveImportState(db: Executor, state: ImportStateTable) {
  await saveImportStates(db, [state]);
}

export async function deleteImportState(db: Executor, model: string, recordId: string) {
  await db.deleteFrom('import_state').where('model', '=', model).where('recordId', '=', recordId).execute();
}
