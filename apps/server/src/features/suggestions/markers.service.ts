import { constants, getModel, messages, serverMessages } from '@waypoint/shared';
import { gamesWith } from '@waypoint/shared/roles/roles';
import { type Db, type Executor, inTransaction } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { ensureMayContribute, moderates } from '../auth/policy.ts';
import { findRecord, parentIsPublic } from '../models/models.repository.ts';
import type { ModelWriter } from '../models/models.service.ts';
import {
  findSuggestion,
  openMarkerReports,
  type StagedImages,
  type SuggestionRecord,
  saveMarkerReport,
  setMarkerFreshness,
} from './suggestions.repository.ts';
import {
  checkImageUrls,
  type ImageProblem,
  newMarkerId,
  type SuggestionActor,
  type SuggestionService,
} from './suggestions.service.ts';

/** A marker body's images (`imageUrls`, up to five, or one `imageUrl`) apart from its fields. */
function splitImages(body: Record<string, unknown>) {
  const { imageUrl, imageUrls, ...fields } = body;
  const list = Array.isArray(imageUrls)
    ? imageUrls
    : typeof imageUrl === 'string' && imageUrl
      ? [imageUrl]
      : [];
  if (list.length > 5)
    throw badRequest('Invalid body.imageUrls: at most 5 images', [
      { field: 'body.imageUrls', message: 'At most 5 images' },
    ]);
  return { fields, urls: checkImageUrls(list.map(String)) };
}

const markerModel = getModel('placedmarker');
const mapModel = getModel('map');
const TYPE = 'PLACED_MARKER';

/** A map or marker the user may act on: a disabled map and its markers are admins' only (404 otherwise). */
function visibleTo(user: SuggestionActor, record: ModelRecord | undefined, isPublic: boolean) {
  return record !== undefined && (user.admin || isPublic);
}

/** The placed marker `id` if `user` may see it. */
async function visibleMarker(db: Executor, id: string, user: SuggestionActor) {
  const marker = await findRecord(db, markerModel, id);
  if (!visibleTo(user, marker, marker !== undefined && (await parentIsPublic(db, markerModel, marker)))) {
    throw notFound(serverMessages.notFound('Placed marker', id));
  }
  return marker!;
}

/** What a marker operation did: applied to the map (admins) or recorded as a suggestion. */
export type MarkerAnswer =
  | { isSuggestion: false; marker?: ModelRecord; removed?: boolean; imageProblems?: ImageProblem[] }
  | {
      isSuggestion: true;
      suggestion?: SuggestionRecord;
      suggestionType: string;
      suggestionAction: string;
      /** DELETE only: what happened to an existing suggestion instead of a new one. */
      outcome?: 'withdrawn' | 'rejected' | 'suggested';
    };

/**
 * The map's marker operations (DESIGN.md: POST /api/markers/{mapId}, PATCH and DELETE
 * /api/markers/{id}) with the rules of §4: an admin's change is applied at once; a user in suggest
 * mode makes (or edits, or withdraws) a suggestion; anyone else is refused. The id of a marker drawn
 * from a suggestion is the suggestion's id.
 */
export function createMarkerService(deps: {
  db: Db;
  writer: ModelWriter;
  suggestions: SuggestionService;
  invalidate: () => void;
}) {
  const { db, writer, suggestions } = deps;
  const actorOf = (user: SuggestionActor) => ({ id: user.id, username: user.username });

  /** A DELETE suggestion of a placed marker, made by `user` within the caller's transaction. */
  const suggestRemoval = (trx: Executor, marker: ModelRecord, user: SuggestionActor) =>
    suggestions.create(
      { type: TYPE, action: 'DELETE', parentId: String(marker.mapId), data: { _id: String(marker._id) } },
      user,
      trx,
    );

  function allow(direct: boolean, suggestMode: boolean) {
    if (!direct && !suggestMode) throw forbidden(messages.suggestionNotAllowed);
  }

  /** The game of a map (undefined for none). */
  async function gameOfMap(mapId: string, executor: Executor = db.kysely): Promise<string | undefined> {
    const map = await findRecord(executor, mapModel, mapId);
    return map ? String(map.gameId) : undefined;
  }

  /** Whether `user` changes the markers of `mapId` directly: admins, and moderators of its game. */
  async function editsDirectly(user: SuggestionActor, mapId: string | undefined): Promise<boolean> {
    if (user.admin) return true;
    if (!mapId || !gamesWith(user, 'moderate').length) return false;
    return moderates(user, await gameOfMap(mapId));
  }

  /** The map of a placed marker (undefined when `id` names no marker, e.g. a suggestion). */
  async function mapOfMarker(id: string): Promise<string | undefined> {
    const marker = await findRecord(db.kysely, markerModel, id);
    return marker ? String(marker.mapId) : undefined;
  }

  /** The suggestion a marker id names: the suggestion itself, or the user's open one for that marker. */
  async function ownSuggestionFor(trx: Executor, id: string, user: SuggestionActor) {
    const direct = await findSuggestion(trx, id);
    if (direct && direct.type === TYPE) {
      if (!user.admin && direct.userId !== user.id)
        throw notFound(serverMessages.notFound('Placed marker', id));
      return direct;
    }
    const [mine] = await suggestions.openFor(TYPE, id, user.id, trx);
    return mine;
  }

  return {
    async create(mapId: string, body: Record<string, unknown>, user: SuggestionActor, suggestMode: boolean) {
      const direct = await editsDirectly(user, mapId);
      allow(direct, suggestMode);
      const map = await findRecord(db.kysely, mapModel, mapId);
      if (!visibleTo(user, map, map?.enabled === true)) throw notFound(serverMessages.notFound('Map', mapId));
      const { fields, urls } = splitImages(body);
      const record = { ...fields, _id: newMarkerId(), mapId };
      if (direct) {
        // Admins and the game's moderators apply directly, in suggest mode too: they decide anyway.
        const created = await writer.create('placedmarker', record, actorOf(user));
        const imageProblems = await suggestions.attachImages(
          'placedmarker',
          String(created._id),
          urls,
          actorOf(user),
        );
        const marker = urls.length ? await findRecord(db.kysely, markerModel, String(created._id)) : created;
        return { isSuggestion: false, marker, imageProblems } satisfies MarkerAnswer;
      }
      const suggestion = await suggestions.create(
        {
          type: TYPE,
          action: 'ADD',
          parentId: mapId,
          data: record,
          imageUrl: urls[0] ?? '',
          imageUrls: urls,
        },
        user,
      );
      return {
        isSuggestion: true,
        suggestion,
        suggestionType: TYPE,
        suggestionAction: 'ADD',
      } satisfies MarkerAnswer;
    },

    async update(id: string, body: Record<string, unknown>, user: SuggestionActor, suggestMode: boolean) {
      const direct = await editsDirectly(user, await mapOfMarker(id));
      allow(direct, suggestMode);
      const { _id: _ignored, mapId: _map, ...rest } = body;
      const { fields, urls } = splitImages(rest);
      const hasImages = 'imageUrls' in rest || 'imageUrl' in rest;
      // A suggestion's images are fetched and processed before its transaction, once the marker or
      // suggestion is known to be the user's to change.
      let staged: StagedImages | undefined;
      if (hasImages && !direct) {
        if (!(await ownSuggestionFor(db.kysely, id, user))) await visibleMarker(db.kysely, id, user);
        staged = await suggestions.stageImages(TYPE, urls);
      }
      let stagedUsed = false;
      const answer = await inTransaction(db, async (trx): Promise<MarkerAnswer> => {
        // Updating something that already has your open suggestion edits that suggestion; an admin
        // updating a marker that is itself a suggestion edits the suggestion too.
        const existing = await ownSuggestionFor(trx, id, user);
        if (existing) {
          stagedUsed = existing.action !== 'DELETE';
          const changed =
            existing.action === 'DELETE'
              ? existing
              : await suggestions.update(
                  existing._id,
                  { data: fields, ...(hasImages ? { imageUrls: urls, imageUrl: urls[0] ?? '' } : {}) },
                  user,
                  trx,
                  staged,
                );
          return {
            isSuggestion: true,
            suggestion: changed,
            suggestionType: TYPE,
            suggestionAction: changed.action,
          };
        }
        const marker = await visibleMarker(trx, id, user);
        if (direct) {
          return {
            isSuggestion: false,
            marker: await writer.update('placedmarker', id, fields, actorOf(user), { trx }),
          };
        }
        const suggestion = await suggestions.create(
          {
            type: TYPE,
            action: 'UPDATE',
            parentId: String(marker.mapId),
            data: { ...fields, _id: id },
            imageUrl: urls[0] ?? '',
            imageUrls: urls,
          },
          user,
          trx,
          staged,
        );
        stagedUsed = true;
        return { isSuggestion: true, suggestion, suggestionType: TYPE, suggestionAction: 'UPDATE' };
      }).catch(async (error) => {
        await suggestions.discardImages(staged);
        throw error;
      });
      if (!stagedUsed) await suggestions.discardImages(staged);
      // A trusted editor's suggestion made in the transaction is applied once that has committed.
      if (answer.isSuggestion && answer.suggestion && answer.suggestion.action !== 'DELETE')
        return { ...answer, suggestion: await suggestions.applyAtOnce(answer.suggestion, user) };
      // An admin's change joined this transaction: announce it now that it is committed.
      if (!answer.isSuggestion) {
        deps.invalidate();
        if (urls.length && answer.marker) {
          const imageProblems = await suggestions.attachImages('placedmarker', id, urls, actorOf(user));
          return { ...answer, marker: await findRecord(db.kysely, markerModel, id), imageProblems };
        }
      }
      return answer;
    },

    async remove(id: string, user: SuggestionActor, suggestMode: boolean): Promise<MarkerAnswer> {
      const direct = await editsDirectly(user, await mapOfMarker(id));
      allow(direct, suggestMode);
      if (direct) {
        // An admin deleting a marker with an open suggestion rejects that suggestion instead.
        const direct = await findSuggestion(db.kysely, id);
        const open =
          direct?.type === TYPE ? [direct] : await suggestions.openFor(TYPE, id, undefined, db.kysely);
        if (open.length > 0) {
          await suggestions.reject(
            open.map((s) => s._id),
            user,
          );
          return {
            isSuggestion: true,
            suggestionType: TYPE,
            suggestionAction: open[0]!.action,
            outcome: 'rejected',
          };
        }
        if (!(await findRecord(db.kysely, markerModel, id)))
          throw notFound(serverMessages.notFound('Placed marker', id));
        await writer.remove('placedmarker', id, actorOf(user));
        return { isSuggestion: false, removed: true };
      }
      return inTransaction(db, async (trx): Promise<MarkerAnswer> => {
        const existing = await ownSuggestionFor(trx, id, user);
        if (existing) {
          // Deleting something that already has your open suggestion withdraws that suggestion.
          await suggestions.remove(existing._id, user, trx);
          return {
            isSuggestion: true,
            suggestionType: TYPE,
            suggestionAction: existing.action,
            outcome: 'withdrawn',
          };
        }
        const marker = await visibleMarker(trx, id, user);
        const suggestion = await suggestRemoval(trx, marker, user);
        return {
          isSuggestion: true,
          suggestion,
          suggestionType: TYPE,
          suggestionAction: 'DELETE',
          outcome: 'suggested',
        };
      }).then(async (answer) =>
        // A trusted editor's removal is applied once its transaction has committed.
        answer.isSuggestion && answer.suggestion
          ? { ...answer, suggestion: await suggestions.applyAtOnce(answer.suggestion, user) }
          : answer,
      );
    },

    /** 'Still here': stamps the marker as confirmed now; the player's earlier report is replaced. */
    async confirm(id: string, user: SuggestionActor) {
      return report(id, user, 'CONFIRM');
    },

    /** 'Gone' or 'moved': enough 'gone' reports since the last confirmation open a DELETE suggestion. */
    async report(id: string, user: SuggestionActor, kind: 'GONE' | 'MOVED') {
      return report(id, user, kind);
    },
  };

  async function report(id: string, user: SuggestionActor, kind: 'CONFIRM' | 'GONE' | 'MOVED') {
    const result = await inTransaction(db, async (trx) => {
      const marker = await visibleMarker(trx, id, user);
      // Confirming and reporting are votes on the marker: a ban stops them.
      if (user.standing?.bans.length) ensureMayContribute(user, await gameOfMap(String(marker.mapId), trx));
      const now = new Date().toISOString();
      await saveMarkerReport(trx, { markerId: id, userId: user.id, kind, at: now });
      const lastConfirmedAt = kind === 'CONFIRM' ? now : String(marker.lastConfirmedAt ?? '');
      const open = await openMarkerReports(trx, id, lastConfirmedAt);
      const reportCount = open.length;
      await setMarkerFreshness(trx, id, { lastConfirmedAt, reportCount });
      const gone = open.filter((r) => r.kind === 'GONE').length;
      let suggestionId: string | null = null;
      if (gone >= constants.goneReportsForDeleteSuggestion) {
        const already = await suggestions.openFor(TYPE, id, undefined, trx);
        if (!already.some((s) => s.action === 'DELETE')) {
          const created = await suggestRemoval(trx, marker, { ...user, admin: false });
          suggestionId = created._id;
        }
      }
      return { markerId: id, lastConfirmedAt, reportCount, deleteSuggestionId: suggestionId };
    });
    deps.invalidate();
    return result;
  }
}

export type MarkerService = ReturnType<typeof createMarkerService>;
