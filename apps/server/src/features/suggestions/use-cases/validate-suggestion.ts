import {
  getModel,
  idFromName,
  type ModelDef,
  type ModelKey,
  type SuggestionAction,
  type SuggestionType,
  serverMessages,
} from '@waypoint/shared';
import type { Executor } from '../../../db/database.ts';
import type { ModelRecord } from '../../../db/rows.ts';
import { HttpError, parse } from '../../../http/errors.ts';
import { findRecord, parentIsPublic, recordExists } from '../../models/models.repository.ts';
import { sanitizeHtmlFields, withoutReadOnly } from '../../models/models.service.ts';
import { openSuggestionsFor, updatedAtOf } from '../suggestions.repository.ts';
import { fieldError, modelOfType, newMarkerId, parseData } from './common.ts';

/** The id of the parent a suggestion of this element belongs to (§4): its map, else its game. */
function parentOf(model: ModelDef, record: ModelRecord): string {
  if (model.key === 'game') return String(record._id);
  if (model.parent) return String(record[model.parent.field] ?? '');
  return String(record.gameId ?? '');
}

export interface ValidatedData {
  data: ModelRecord;
  targetId: string;
  baseUpdatedAt: string;
}

/**
 * Checks a suggestion's element against the registry schema of its type, so that a suggestion that
 * could never be applied is refused now (400 naming the field) rather than at review: an ADD must be a
 * complete new record under an existing parent, an UPDATE a valid change of an existing record that
 * still validates once merged, a DELETE an existing record. HTML fields are sanitized.
 */
export async function validateSuggestionData(
  db: Executor,
  type: SuggestionType,
  action: SuggestionAction,
  parentId: string,
  raw: unknown,
  options: { withImages?: boolean; suggestionId?: string; admin?: boolean; userId?: string | null } = {},
): Promise<ValidatedData> {
  const model = modelOfType(type);
  const input = parseData(raw);
  // A disabled map and its markers are not public: only admins suggest about them.
  const hidden = async (record: ModelRecord) =>
    !options.admin &&
    (Object.entries(model.publicFilter ?? {}).some(([k, v]) => record[k] !== v) ||
      !(await parentIsPublic(db, model, record)));
  if (action === 'ADD') {
    const fields = withoutReadOnly(model, input) as ModelRecord;
    if (model.parent && !fields[model.parent.field]) fields[model.parent.field] = parentId;
    if (!fields._id) {
      fields._id = model.key === 'placedmarker' ? newMarkerId() : idFromName(String(fields.name ?? ''));
    }
    const record = sanitizeHtmlFields(model, parse(model.schema, fields, 'body.data') as ModelRecord);
    if (parentOf(model, record) !== parentId) {
      throw fieldError(
        'body.parentId',
        `Must be the element's parent (${parentOf(model, record) || 'none'})`,
      );
    }
    const parentHidden = !options.admin && !(await parentIsPublic(db, model, record));
    if (model.parent && (parentHidden || !(await recordExists(db, model.parent.model, parentId)))) {
      throw fieldError(
        'body.parentId',
        serverMessages.notFound(getModel(model.parent.model as ModelKey).label, parentId),
      );
    }
    if (model.key !== 'game' && !model.parent && !(await recordExists(db, 'game', parentId))) {
      throw fieldError('body.parentId', serverMessages.notFound('Game', parentId));
    }
    const idField = input._id ? 'body.data._id' : 'body.data.name';
    if (await recordExists(db, model.table, String(record._id))) {
      const message = serverMessages.alreadyExists(model.label, String(record._id));
      throw new HttpError(409, message, [{ field: idField, message }]);
    }
    // A new element another open suggestion already proposes: said now, not at review.
    const pending = (await openSuggestionsFor(db, type, String(record._id))).find(
      (other) => other._id !== options.suggestionId,
    );
    if (pending) {
      const message = serverMessages.alreadySuggested(model.label, String(record._id));
      // The caller's own open suggestion is named as such: its author cannot vote on it.
      const own = options.userId != null && pending.userId === options.userId;
      throw new HttpError(409, message, [{ field: idField, message }], {
        suggestionId: String(pending._id),
        ...(own ? { own: true } : {}),
      });
    }
    return { data: record, targetId: String(record._id), baseUpdatedAt: '' };
  }

  const id = typeof input._id === 'string' ? input._id : '';
  if (!id) throw fieldError('body.data._id', 'Name the element to change');
  const target = await findRecord(db, model, id);
  if (!target || (await hidden(target))) {
    throw fieldError('body.data._id', serverMessages.notFound(model.label, id));
  }
  if (parentOf(model, target) !== parentId) {
    throw fieldError('body.parentId', `Must be the element's parent (${parentOf(model, target) || 'none'})`);
  }
  const baseUpdatedAt = (await updatedAtOf(db, model.table, id)) ?? '';
  if (action === 'DELETE') return { data: { _id: id }, targetId: id, baseUpdatedAt };

  const { _id: _ignored, ...rest } = withoutReadOnly(model, input) as ModelRecord;
  const patch = sanitizeHtmlFields(model, parse(model.patchSchema, rest, 'body.data') as ModelRecord);
  // A change may bring only images (fetched into the element when accepted).
  if (Object.keys(patch).length === 0 && !options.withImages) {
    throw fieldError('body.data', 'Names no field to change');
  }
  // The change must still make a valid record once applied.
  parse(model.schema, { ...target, ...patch, _id: id }, 'body.data');
  return { data: { _id: id, ...patch }, targetId: id, baseUpdatedAt };
}
