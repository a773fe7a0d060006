import {
  childModelsOf,
  getModel,
  type ModelKey,
  type ReviewCounts,
  type ReviewDetail,
  reviewMessages,
  serverMessages,
} from '@waypoint/shared';
import { type Db, type Executor, inTransaction } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { ensureModerates } from '../auth/policy.ts';
import { gameOfSuggestion } from '../community/community.repository.ts';
import { publishGameEvents } from '../community/game-events.ts';
import { findRecord, findRecordForUpdate, findRecordsBy } from '../models/models.repository.ts';
import type { ModelWriter } from '../models/models.service.ts';
import {
  findSuggestion,
  findUserByName,
  listComments,
  updatedAtOf,
  updateSuggestion,
} from '../suggestions/suggestions.repository.ts';
import type { SuggestionActor } from '../suggestions/suggestions.service.ts';
import {
  authorRates,
  authorRecord,
  contentChangeOf,
  history,
  type ListOptions,
  latestDecision,
  listOpen,
  markerReports,
  markerSummary,
  openCountsByType,
  type SummaryOptions,
  tableOfType,
} from './review.repository.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The review page's reads, decisions per user or parent, and the revert of an accepted suggestion. */
export function createReviewService(deps: { db: Db; writer: ModelWriter; invalidate: () => void }) {
  const { db, writer, invalidate } = deps;

  /** Refuses (403) a suggestion of a game `user` does not moderate; 404 for one that does not exist. */
  async function moderated(id: string, user: SuggestionActor) {
    const suggestion = await findSuggestion(db.kysely, id);
    if (!suggestion) throw notFound(serverMessages.notFound('Suggestion', id));
    if (!user.admin) ensureModerates(user, await gameOfSuggestion(db.kysely, suggestion), id);
  }

  async function counts(username?: string, gameId?: string): Promise<ReviewCounts> {
    const types = await openCountsByType(db.kysely, undefined, gameId);
    const total = Object.values(types).reduce((a, b) => a + b, 0);
    if (!username) return { types, total };
    const user = await findUserByName(db.kysely, username);
    if (!user) return { types, total, user: { username, exists: false, open: 0 } };
    const own = await openCountsByType(db.kysely, user.id, gameId);
    return {
      types,
      total,
      user: { username: user.username, exists: true, open: Object.values(own).reduce((a, b) => a + b, 0) },
    };
  }

  async function detail(id: string): Promise<ReviewDetail> {
    const suggestion = await findSuggestion(db.kysely, id);
    if (!suggestion) throw notFound(serverMessages.notFound('Suggestion', id));
    const model = tableOfType(suggestion.type);
    const current = suggestion.targetId
      ? ((await findRecord(db.kysely, model, suggestion.targetId)) ?? null)
      : null;
    const data = JSON.parse(suggestion.data || '{}') as ModelRecord;
    const proposed =
      suggestion.action === 'ADD'
        ? data
        : suggestion.action === 'UPDATE'
          ? current
            ? { ...current, ...data }
            : data
          : null;
    const stale =
      suggestion.action === 'ADD'
        ? current !== null
        : current === null ||
          (suggestion.baseUpdatedAt !== '' &&
            (await updatedAtOf(db.kysely, model.table, suggestion.targetId)) !== suggestion.baseUpdatedAt);
    let freshness: ReviewDetail['freshness'] = null;
    let preview: ReviewDetail['preview'] = null;
    if (model.key === 'placedmarker') {
      if (current) {
        freshness = {
          lastConfirmedAt: String(current.lastConfirmedAt ?? ''),
          reportCount: Number(current.reportCount ?? 0),
          reports: await markerReports(db.kysely, suggestion.targetId),
        };
      }
      const map = await findRecord(db.kysely, getModel('map'), suggestion.parentId);
      if (map) {
        const image = (
          map.images as Record<string, { imageWidth?: number; imageHeight?: number; version?: string }>
        )?.mapImage;
        const definitions: NonNullable<ReviewDetail['preview']>['definitions'] = {};
        for (const defId of new Set([current?.markerDefinitionId, proposed?.markerDefinitionId])) {
          if (typeof defId !== 'string' || !defId) continue;
          const def = await findRecord(db.kysely, getModel('markerdefinition'), defId);
          if (def) {
            definitions[defId] = {
              name: String(def.name ?? ''),
              markerDefinitionType: String(def.markerDefinitionType ?? ''),
              polygonColor: String(def.polygonColor ?? ''),
              wrapperColor: String(def.wrapperColor ?? ''),
              innerColor: String(def.innerColor ?? ''),
            };
          }
        }
        const levels = (await findRecordsBy(db.kysely, getModel('maplevel'), 'mapId', String(map._id)))
          .map((l) => ({
            level: Number(l.level),
            name: String(l.name ?? ''),
            tilesPath: String(l.tilesPath ?? ''),
            version: String((l.images as Record<string, { version?: string }>)?.levelImage?.version ?? ''),
          }))
          .sort((a, b) => a.level - b.level);
        preview = {
          levels,
          map: {
            _id: String(map._id),
            gameId: String(map.gameId),
            name: String(map.name ?? ''),
            tilesPath: String(map.tilesPath ?? ''),
            version: String(image?.version ?? ''),
            maxZoom: Number(map.maxZoom ?? 0),
            width: Number(image?.imageWidth ?? 0),
            height: Number(image?.imageHeight ?? 0),
          },
          definitions,
        };
      }
    }
    return {
      suggestion: {
        _id: suggestion._id,
        type: suggestion.type,
        status: suggestion.status,
        action: suggestion.action as ReviewDetail['suggestion']['action'],
        parentId: suggestion.parentId,
        userId: suggestion.userId,
        username: suggestion.username,
        targetId: suggestion.targetId,
        createdAt: String(suggestion.createdAt ?? ''),
        upvotes: Number(suggestion.upvotes ?? 0),
        downvotes: Number(suggestion.downvotes ?? 0),
        stale,
        data: suggestion.data,
        imageUrl: suggestion.imageUrl,
        imageUrls: suggestion.imageUrls ?? [],
        baseUpdatedAt: suggestion.baseUpdatedAt,
      },
      proposed,
      current,
      comments: await listComments(db.kysely, id),
      author: await authorRecord(db.kysely, suggestion.userId),
      freshness,
      preview,
    };
  }

  /**
   * Undoes an accepted suggestion through the one write path: the element goes back to the record
   * it was before the accept (an ADD's element is removed, a DELETE's comes back), and the
   * suggestion is open for review again. Refused (409, with the reason) when the element changed
   * since the accept, so that nobody's later change is lost.
   */
  async function revert(id: string, user: SuggestionActor) {
    const actor: Actor = { id: user.id, username: user.username };
    const result = await inTransaction(db, async (trx: Executor) => {
      const suggestion = await findSuggestion(trx, id, { lock: true, dialect: db.dialect });
      if (!suggestion) throw notFound(serverMessages.notFound('Suggestion', id));
      if (suggestion.status !== 'ACCEPTED') {
        throw conflict(reviewMessages.revertNotAccepted);
      }
      const accepted = await latestDecision(trx, id, 'accept');
      const change = accepted ? await contentChangeOf(trx, accepted, suggestion) : undefined;
      if (!change) throw conflict(reviewMessages.revertNothing);
      const model = tableOfType(suggestion.type);
      const key = model.key as ModelKey;
      const targetId = suggestion.targetId;
      const current = await findRecordForUpdate(trx, db.dialect, model, targetId);
      if (change.action === 'create' || change.action === 'update') {
        if (!current || !same(current, change.after)) {
          throw conflict(reviewMessages.revertChanged(model.label, targetId));
        }
      } else if (current) {
        throw conflict(reviewMessages.revertRecreated(model.label, targetId));
      } else if (childModelsOf(key).length > 0) {
        throw conflict(reviewMessages.revertChildren(model.label.toLowerCase()));
      }

      if (change.action === 'create') {
        // Records added under the new element since would go with it.
        for (const child of childModelsOf(key)) {
          if ((await findRecordsBy(trx, child, child.parent!.field, targetId)).length > 0) {
            throw conflict(reviewMessages.revertChanged(model.label, targetId));
          }
        }
        await writer.remove(key, targetId, actor, { trx });
      } else if (change.action === 'update') {
        const before = change.before ?? {};
        const patch: ModelRecord = {};
        for (const [name, field] of Object.entries(model.fields)) {
          if (name === '_id' || field.readOnly) continue;
          if (!same(before[name], current?.[name])) patch[name] = before[name];
        }
        if (Object.keys(patch).length > 0) await writer.update(key, targetId, patch, actor, { trx });
      } else {
        const before = change.before ?? {};
        const { images: _images, ...fields } = before;
        const created = await writer.create(key, fields, actor, { trx });
        // Fields only the server sets (freshness, processing state) come back as they were.
        const internal: ModelRecord = {};
        for (const [name, field] of Object.entries(model.fields)) {
          if (field.readOnly && name in before && !same(before[name], created[name]))
            internal[name] = before[name];
        }
        if (Object.keys(internal).length > 0)
          await writer.setInternal(key, targetId, internal, actor, { trx });
      }
      const restored = await updatedAtOf(trx, model.table, targetId);
      await updateSuggestion(trx, id, { status: 'REVIEW_REQUESTED', baseUpdatedAt: restored ?? '' });
      const after = (await findSuggestion(trx, id))!;
      await recordAudit(trx, {
        actor,
        model: 'suggestion',
        recordId: id,
        action: 'revert',
        before: suggestion,
        after,
      });
      // A revert is heard of as a decision (REVERTED): by the game's webhooks and by the author.
      const gameId = await gameOfSuggestion(trx, suggestion);
      if (gameId) {
        await publishGameEvents(trx, [
          {
            gameId,
            event: 'suggestion.decided',
            data: {
              suggestionId: id,
              status: 'REVERTED',
              type: suggestion.type,
              action: suggestion.action,
              targetId: suggestion.targetId,
              username: suggestion.username,
              decidedBy: user.username,
            },
          },
        ]);
      }
      return after;
    });
    invalidate();
    return result;
  }

  return {
    counts,
    /** A page of a type's open suggestions, with their authors' acceptance rates. */
    list: async (options: ListOptions) => {
      const page = await listOpen(db.kysely, options);
      return {
        ...page,
        authors: await authorRates(
          db.kysely,
          page.data.map((r) => r.userId),
        ),
      };
    },
    summary: (options: SummaryOptions) => markerSummary(db.kysely, options),
    detail: async (id: string, user: SuggestionActor) => {
      await moderated(id, user);
      return detail(id);
    },
    history: (limit: number, skip: number, gameId?: string) => history(db.kysely, limit, skip, gameId),
    revert: async (id: string, user: SuggestionActor) => {
      await moderated(id, user);
      return revert(id, user);
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
