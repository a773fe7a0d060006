import { inChunks } from '../../db/chunks.ts';
import type { Executor } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';

/** Who makes a change; recorded in the audit log. */
export interface Actor {
  id: string | null;
  username: string | null;
}

export const systemActor: Actor = { id: null, username: 'system' };

export interface AuditEntry {
  actor: Actor;
  model: string;
  recordId: string;
  action: 'create' | 'update' | 'delete' | string;
  before?: ModelRecord;
  after?: ModelRecord;
}

/** Writes one audit row inside the caller's transaction, so the log and the change land together. */
export async function recordAudit(db: Executor, entry: AuditEntry) {
  await db
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      userId: entry.actor.id,
      username: entry.actor.username,
      model: entry.model,
      recordId: entry.recordId,
      action: entry.action,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
}

/** Writes many audit rows inside the caller's transaction, a few hundred per statement. */
export async function recordAuditMany(db: Executor, entries: AuditEntry[]) {
  const at = new Date().toISOString();
  for (const part of inChunks(entries)) {
    await db
      .insertInto('audit_log')
      .values(
        part.map((entry) => ({
          at,
          userId: entry.actor.id,
          username: entry.actor.username,
          model: entry.model,
          recordId: entry.recordId,
          action: entry.action,
          before: entry.before ? JSON.stringify(entry.before) : null,
          after: entry.after ? JSON.stringify(entry.after) : null,
        })),
      )
      .execute();
  }
}
