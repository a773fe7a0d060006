import { randomBytes } from 'node:crypto';
import {
  getModel,
  idFromName,
  isOpenSuggestion,
  type ModelDef,
  type ModelKey,
  type SuggestionAction,
  type SuggestionType,
  serverMessages,
  suggestionTypeModel,
  type TNewSuggestion,
  zSuggestionPatch,
} from '@waypoint/shared';
import type { z } from 'zod';
import { type Db, type Executor, inTransaction } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, parse } from '../../http/errors.ts';
import { type Actor, recordAudit, recordAuditMany } from '../audit/audit.ts';
import { findRecord, parentIsPublic, recordExists } from '../models/models.repository.ts';
import {
  BatchItemError,
  type ModelWriter,
  sanitizeHtmlFields,
  withoutReadOnly,
} from '../models/models.service.ts';
import {
  addComment,
  currentVote,
  deleteOpenSuggestionsOfUser,
  deleteSuggestion,
  findSuggestion,
  findSuggestions,
  findUserByName,
  insertSuggestion,
  listComments,
  openSuggestionsFor,
  type SuggestionRecord,
  setVote,
  updatedAtOf,
  updateSuggestion,
  updateSuggestions,
} from './suggestions.repository.ts';

/** New elements are created parents' types first, so a batch may hold a map and its markers. */
const addOrder = ['GAME', 'CATEGORY', 'MAP', 'MARKER_DEFINITION', 'QUEST', 'ITEM', 'PLACED_MARKER'];

/** Who acts on a suggestion: the logged-in user with the admin flag as the database has it. */
export interface SuggestionActor {
  id: string;
  username: string;
  admin: boolean;
}

const auditActor = (user: SuggestionActor): Actor => ({ id: user.id, username: user.username });

const fieldError = (field: string, message: string) =>
  badRequest(`Invalid ${field}: ${message}`, [{ field, message }]);

function parseData(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw fieldError('body.data', 'Not valid JSON');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fieldError('body.data', 'Must be a JSON object of the element');
  }
  return value as Record<string, unknown>;
}

/** A new placed marker's id: markers have no name-derived ids, and many share a name. */
export const newMarkerId = () => `pm_${randomBytes(8).toString('hex')}`;
const newSuggestionId = () => `sg_${randomBytes(8).toString('hex')}`;

/** The model a suggestion type writes to. */
export const modelOfType = (type: string): ModelDef =>
  getModel(suggestionTypeModel[type as SuggestionType] as ModelKey);

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
  options: { withImages?: boolean; suggestionId?: string; admin?: boolean } = {},
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
      throw new HttpError(409, message, [{ field: idField, message }], { suggestionId: String(pending._id) });
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

/** A refusal while deciding one of several suggestions, naming it. */
function aboutSuggestion(id: string, error: unknown): unknown {
  if (error instanceof HttpError) {
    return new HttpError(error.statusCode, `Suggestion ${id}: ${error.message}`, error.errors);
  }
  return error;
}

/** Fetches an image from a URL into a record's image field (the images feature's safe path). */
export type ImageFetcher = (
  model: string,
  id: string,
  field: string,
  url: string,
  actor: Actor,
) => Promise<unknown>;

/** An image of an accepted element that could not be fetched (the element itself was applied). */
export interface ImageProblem {
  suggestionId?: string;
  field: string;
  url: string;
  message: string;
}

export function createSuggestionService(deps: {
  db: Db;
  writer: ModelWriter;
  invalidate: () => void;
  /** The images feature, once registered. */
  images?: () => ImageFetcher | undefined;
}) {
  const { db, writer, invalidate } = deps;

  /**
   * Fetches `urls` into the image fields of a record, in order ('0'…'4' for placed markers), through
   * the images feature's SSRF-safe path. Best effort: what fails is reported, the rest is kept.
   */
  async function attachImages(
    modelKey: string,
    id: string,
    urls: string[],
    actor: Actor,
    suggestionId?: string,
  ) {
    const problems: ImageProblem[] = [];
    const fetcher = deps.images?.();
    const model = getModel(modelKey as ModelKey);
    if (!fetcher || urls.length === 0) return problems;
    for (const [i, url] of urls.entries()) {
      const field = model.imageFields[i];
      if (!field) break;
      try {
        await fetcher(modelKey, id, field, url, actor);
      } catch (error) {
        problems.push({ suggestionId, field, url, message: (error as Error).message });
      }
    }
    return problems;
  }
  const lock = { lock: true, dialect: db.dialect };

  /** The suggestion if `user` may see it: its author, or an admin. 404 otherwise (no existence leak). */
  async function visible(executor: Executor, id: string, user: SuggestionActor, options = {}) {
    const suggestion = await findSuggestion(executor, id, options);
    if (!suggestion || (!user.admin && suggestion.userId !== user.id)) {
      throw notFound(serverMessages.notFound('Suggestion', id));
    }
    return suggestion;
  }

  /** The suggestion if `user` may still change it: open, and theirs unless they are an admin. */
  async function editable(executor: Executor, id: string, user: SuggestionActor) {
    const suggestion = await visible(executor, id, user, lock);
    if (!isOpenSuggestion(suggestion.status)) {
      throw conflict(`This suggestion is already ${suggestion.status.toLowerCase()}`);
    }
    return suggestion;
  }

  async function create(input: TNewSuggestion, user: SuggestionActor, executor?: Executor) {
    const work = async (trx: Executor) => {
      const images = checkImageUrls(input.imageUrls);
      const valid = await validateSuggestionData(trx, input.type, input.action, input.parentId, input.data, {
        withImages: images.length > 0 || Boolean(input.imageUrl),
        admin: user.admin,
      });
      const now = new Date().toISOString();
      const record: ModelRecord = {
        _id: newSuggestionId(),
        status: 'SAVED',
        type: input.type,
        action: input.action,
        parentId: input.parentId,
        userId: user.id,
        username: user.username,
        data: JSON.stringify(valid.data),
        imageUrl: checkImageUrl(input.imageUrl),
        imageUrls: images,
        weight: 0,
        upvotes: 0,
        downvotes: 0,
        targetId: valid.targetId,
        baseUpdatedAt: valid.baseUpdatedAt,
      };
      await insertSuggestion(trx, record, now);
      const stored = (await findSuggestion(trx, String(record._id)))!;
      await recordAudit(trx, {
        actor: auditActor(user),
        model: 'suggestion',
        recordId: stored._id,
        action: 'create',
        after: stored,
      });
      return stored;
    };
    return executor ? work(executor) : inTransaction(db, work);
  }

  /** Changes an open suggestion's element (validated again), image URL, status or weight. */
  async function update(id: string, body: unknown, user: SuggestionActor, executor?: Executor) {
    const patch = parse(zSuggestionPatch, body, 'body');
    const work = async (trx: Executor) => {
      const before = await editable(trx, id, user);
      for (const name of ['type', 'action', 'parentId'] as const) {
        if (patch[name] !== undefined && patch[name] !== before[name]) {
          throw fieldError(`body.${name}`, 'Cannot change; make a new suggestion instead');
        }
      }
      const fields: Record<string, unknown> = {};
      if (patch.data !== undefined) {
        // The new element is the old one with the sent fields changed; its id stays the target.
        const merged = { ...JSON.parse(before.data || '{}'), ...parseData(patch.data), _id: before.targetId };
        const valid = await validateSuggestionData(
          trx,
          before.type as SuggestionType,
          before.action as SuggestionAction,
          before.parentId,
          merged,
          {
            withImages:
              (patch.imageUrls ?? before.imageUrls ?? []).length > 0 ||
              Boolean(patch.imageUrl ?? before.imageUrl),
            suggestionId: id,
            admin: user.admin,
          },
        );
        fields.data = JSON.stringify(valid.data);
      }
      if (patch.imageUrl !== undefined) fields.imageUrl = checkImageUrl(patch.imageUrl);
      if (patch.imageUrls !== undefined) fields.imageUrls = JSON.stringify(checkImageUrls(patch.imageUrls));
      if (patch.status !== undefined) fields.status = patch.status;
      if (patch.weight !== undefined) {
        if (!user.admin) throw forbidden(serverMessages.adminRequired);
        fields.weight = patch.weight;
      }
      if (Object.keys(fields).length === 0) return before;
      await updateSuggestion(trx, id, fields);
      const after = (await findSuggestion(trx, id))!;
      await recordAudit(trx, {
        actor: auditActor(user),
        model: 'suggestion',
        recordId: id,
        action: 'update',
        before,
        after,
      });
      return after;
    };
    return executor ? work(executor) : inTransaction(db, work);
  }

  /** Withdraws an open suggestion (its author) or removes any (an admin). */
  async function remove(id: string, user: SuggestionActor, executor?: Executor) {
    const work = async (trx: Executor) => {
      const before = user.admin ? await visible(trx, id, user, lock) : await editable(trx, id, user);
      if (!(await deleteSuggestion(trx, id))) throw notFound(serverMessages.notFound('Suggestion', id));
      await recordAudit(trx, {
        actor: auditActor(user),
        model: 'suggestion',
        recordId: id,
        action: 'delete',
        before,
      });
      return before;
    };
    return executor ? work(executor) : inTransaction(db, work);
  }

  /**
   * Applies one open suggestion through the one write path, inside the caller's transaction. An
   * UPDATE or DELETE whose element changed or vanished since the suggestion was made is refused
   * (409) rather than applied over the newer state.
   */
  async function apply(trx: Executor, suggestion: SuggestionRecord, actor: Actor) {
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

  /**
   * Sets the status of many open suggestions, all or none; ACCEPTED applies each first. New
   * elements of one type are created in one batch through the writer (parents' types first), the
   * others are applied one by one in the order given; statuses and audit rows are written a few
   * hundred per statement, so thousands of decisions stay one short transaction.
   */
  async function decide(ids: string[], status: 'ACCEPTED' | 'REJECTED', user: SuggestionActor) {
    const unique = [...new Set(ids)];
    const actor = auditActor(user);
    const decided = await inTransaction(db, async (trx) => {
      const found = await findSuggestions(trx, unique, lock);
      const list = unique.map((id) => {
        const suggestion = found.get(id);
        if (!suggestion) throw aboutSuggestion(id, notFound(serverMessages.notFound('Suggestion', id)));
        if (!isOpenSuggestion(suggestion.status)) {
          throw aboutSuggestion(
            id,
            conflict(`This suggestion is already ${suggestion.status.toLowerCase()}`),
          );
        }
        return suggestion;
      });
      if (status === 'ACCEPTED') {
        const adds = new Map<string, SuggestionRecord[]>();
        for (const s of list) {
          if (s.action !== 'ADD') continue;
          const group = adds.get(s.type);
          if (group) group.push(s);
          else adds.set(s.type, [s]);
        }
        // Types the order does not name come last.
        const rank = (type: string) => (addOrder.includes(type) ? addOrder.indexOf(type) : addOrder.length);
        for (const [type, group] of [...adds].sort(([a], [b]) => rank(a) - rank(b))) {
          const inputs = group.map((s) => JSON.parse(s.data || '{}') as ModelRecord);
          try {
            await writer.createMany(modelOfType(type).key as ModelKey, inputs, actor, { trx });
          } catch (error) {
            if (error instanceof BatchItemError) throw aboutSuggestion(group[error.index]!._id, error.cause);
            throw error;
          }
        }
        for (const s of list) {
          if (s.action === 'ADD') continue;
          try {
            await apply(trx, s, actor);
          } catch (error) {
            throw aboutSuggestion(s._id, error);
          }
        }
      }
      await updateSuggestions(trx, unique, { status });
      const out = list.map((s) => ({ ...s, status }));
      const action = status === 'ACCEPTED' ? 'accept' : 'reject';
      await recordAuditMany(
        trx,
        list.map((before, i) => ({
          actor,
          model: 'suggestion',
          recordId: before._id,
          action,
          before,
          after: out[i],
        })),
      );
      return out;
    });
    // Changes made inside this transaction are announced now that they are committed.
    invalidate();
    const imageProblems: ImageProblem[] = [];
    if (status === 'ACCEPTED') {
      for (const s of decided) {
        if (s.action === 'DELETE') continue;
        const urls = s.imageUrls?.length ? s.imageUrls : s.imageUrl ? [s.imageUrl] : [];
        imageProblems.push(...(await attachImages(modelOfType(s.type).key, s.targetId, urls, actor, s._id)));
      }
    }
    return { decided, imageProblems };
  }

  return {
    create,
    update,
    remove,
    apply,
    visible,
    editable,

    accept: (ids: string[], user: SuggestionActor) => decide(ids, 'ACCEPTED', user),
    reject: async (ids: string[], user: SuggestionActor) => (await decide(ids, 'REJECTED', user)).decided,
    attachImages,

    /** Open suggestions of `type` for one element, of one user or (undefined) of everyone. */
    openFor: (type: string, targetId: string, userId?: string, executor: Executor = db.kysely) =>
      openSuggestionsFor(executor, type, targetId, userId),

    async removeOpenOfUser(username: string, admin: SuggestionActor) {
      const user = await findUserByName(db.kysely, username);
      if (!user) throw notFound(serverMessages.notFound('User', username));
      const removed = await inTransaction(db, async (trx) => {
        const ids = await deleteOpenSuggestionsOfUser(trx, user.id);
        for (const id of ids) {
          await recordAudit(trx, {
            actor: auditActor(admin),
            model: 'suggestion',
            recordId: id,
            action: 'delete',
          });
        }
        return ids;
      });
      return { username: user.username, removed: removed.length };
    },

    async comment(id: string, text: string, user: SuggestionActor) {
      await visible(db.kysely, id, user);
      const comment = {
        suggestionId: id,
        userId: user.id,
        username: user.username,
        // Plain text, stored as written (trimmed, 1–2000 characters): the pages show it as text.
        comment: text,
        createdAt: new Date().toISOString(),
      };
      await addComment(db.kysely, comment);
      return listComments(db.kysely, id);
    },

    async comments(id: string, user: SuggestionActor) {
      await visible(db.kysely, id, user);
      return listComments(db.kysely, id);
    },

    /** The suggestion's counts and the caller's own vote (1 up, -1 down, 0 none). */
    async votes(id: string, user: SuggestionActor) {
      const suggestion = await visible(db.kysely, id, user);
      const vote = await currentVote(db.kysely, id, user.id);
      return { upvotes: Number(suggestion.upvotes ?? 0), downvotes: Number(suggestion.downvotes ?? 0), vote };
    },

    /**
     * One vote per user and suggestion. `set` undefined toggles (the POST form): voting the same way
     * again takes the vote back; true/false set or clear that direction (the PATCH form).
     */
    async vote(id: string, direction: 1 | -1, user: SuggestionActor, set?: boolean) {
      return inTransaction(db, async (trx) => {
        await visible(trx, id, user, lock);
        const now = await currentVote(trx, id, user.id);
        const on = set ?? now !== direction;
        const value: -1 | 0 | 1 = on ? direction : now === direction ? 0 : (now as -1 | 0 | 1);
        const counts = await setVote(trx, id, user.id, value);
        return { ...counts, vote: value };
      });
    },
  };
}

export type SuggestionService = ReturnType<typeof createSuggestionService>;

/** A suggestion's image URL: empty, or an http(s) address (fetched through the safe path on accept). */
function checkImageUrl(value: string | undefined): string {
  const url = (value ?? '').trim();
  if (!url) return '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fieldError('body.imageUrl', 'Not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw fieldError('body.imageUrl', 'Only http and https addresses are allowed');
  }
  return parsed.toString();
}

/** Up to five image URLs, each http(s); a bad one is a 400 naming its place. */
export function checkImageUrls(values: string[] | undefined): string[] {
  return (values ?? [])
    .map((value, i) => {
      try {
        return checkImageUrl(value);
      } catch {
        throw fieldError(`body.imageUrls.${i}`, 'Use an http:// or https:// link');
      }
    })
    .filter(Boolean);
}

export type SuggestionPatch = z.infer<typeof zSuggestionPatch>;
