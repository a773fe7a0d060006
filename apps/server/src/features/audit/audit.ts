import type { ModelRecord } from '../../db/rows.ts';
import type { Executor } from '../models/models.repository.ts';
import type { Actor } from '../models/models.service.ts';

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
