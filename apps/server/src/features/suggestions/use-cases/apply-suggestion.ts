import type { ModelKey } from '@waypoint/shared';
import type { Executor } from '../../../db/database.ts';
import type { ModelRecord } from '../../../db/rows.ts';
import { conflict } from '../../../http/errors.ts';
import type { Actor } from '../../audit/audit.ts';
import { findRecord } from '../../models/models.repository.ts';
import { type SuggestionRecord, updatedAtOf } from '../suggestions.repository.ts';
import { modelOfType, type SuggestionDeps } from './common.ts';

/**
 * Applies one open suggestion through the one write path, inside the caller's transaction. An
 * UPDATE or DELETE whose element changed or vanished since the suggestion was made is refused
 * (409) rather than applied over the newer state.
 */
export async function applySuggestion(
  deps: Pick<SuggestionDeps, 'writer'>,
  trx: Executor,
  suggestion: SuggestionRecord,
  actor: Actor,
) {
  const { writer } = deps;
  const model = modelOfType(suggestion.type);
  const data = JSON.parse(suggestion.data || '{}') as ModelRecord;
  const key = model.key as ModelKey;
  if (suggestion.action === 'ADD') return writer.create(key, data, actor, { trx });
  const current = await updatedAtOf(trx, model.table, suggestion.targetId);
  if (current === undefined) {
    throw conflict(`${model.label} ${suggestion.targetId} no longer exists`);
  }
  if (suggestion.baseUpdatedAt && current !== suggestion.baseUpdatedAt) {
    throw conflict(
      `${model.label} ${suggestion.targetId} was changed after this suggestion was made; review it again`,
    );
  }
  if (suggestion.action === 'DELETE') return writer.remove(key, suggestion.targetId, actor, { trx });
  const { _id: _target, ...patch } = data;
  // A change that only brings images leaves the fields as they are (the images follow the commit).
  if (Object.keys(patch).length === 0) return findRecord(trx, model, suggestion.targetId);
  return writer.update(key, suggestion.targetId, patch, actor, { trx });
}
