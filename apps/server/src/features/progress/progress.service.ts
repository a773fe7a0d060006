import { getModel, serverMessages, type TItemRequirement } from '@waypoint/shared';
import { moduleMaxLevel } from '@waypoint/shared/domain/items';
import { definitionGroup, uncategorized } from '@waypoint/shared/map/definitions';
import type {
  HideoutSave,
  MarkAll,
  MarkerProgress,
  MarkersChanged,
  MarkMany,
  QuestSave,
} from '@waypoint/shared/progress/schemas';
import { keptLookup } from '../../db/content-changes.ts';
import { type Db, type Dialect, type Executor, inTransaction } from '../../db/database.ts';
import { createGroupCommit } from '../../db/group-commit.ts';
import { badRequest, notFound, unauthorized } from '../../http/errors.ts';
import { publishProgressChange } from '../live/publish.ts';
import {
  childIds,
  findRecord,
  findRecordFields,
  findRecordForShare,
  parentIsPublic,
  parentOf,
  recordExists,
} from '../models/models.repository.ts';
import {
  builtHideoutLevels,
  changeOwnedQuantity,
  completableDefinitions,
  completedMarkerIds,
  lockPlayerMarkers,
  type MarkerScope,
  mapFloors,
  markerProgressOfGame,
  markMarker,
  markMarkersInScope,
  markObjective,
  markQuest,
  markQuests,
  ownedItems,
  questProgress,
  resetMapMarkers,
  setHideoutLevel,
  setLevel,
  setOwnedQuantity,
} from './progress.repository.ts';

/** A player's level before they set one. */
export const DEFAULT_PLAYER_LEVEL = 1;

/** What the owned counter of an item can reach: the sum of its quest and hideout needs of that kind. */
export function ownedCap(required: TItemRequirement[], findOnly: boolean): number {
  return required
    .filter((r) => (r.questId || r.hideoutModuleLevel) && Boolean(r.findOnly) === findOnly)
    .reduce((sum, r) => sum + r.quantity, 0);
}

/**
 * Takes the player's marker lock (`lockPlayerMarkers`) in `trx`; a player removed since their
 * request was let in is no longer logged in, and nothing is written for them.
 */
export async function lockPlayer(trx: Executor, dialect: Dialect, userId: string, many: boolean) {
  if (!(await lockPlayerMarkers(trx, dialect, userId, many)))
    throw unauthorized(serverMessages.loginRequired);
}

export function createProgressService(db: Db) {
  const k = db.kysely;
  // The hot single-row writes (a marker or quest ticked, an item counted) of many players share
  // commits: each is answered once its own transaction is committed.
  const writes = createGroupCommit(db);
  // What a tick asks of content (a marker's map and whether it is public, a quest's or item's game
  // and needs) is kept per process on PostgreSQL until the next content write heard by the cache
  // bus, as the response cache keeps public answers.
  const markerParent = keptLookup(db.contentChanges, (markerId) =>
    parentOf(k, getModel('placedmarker'), markerId),
  );
  const childFields = {
    quest: keptLookup(db.contentChanges, (id) => findRecordFields(k, getModel('quest'), id, ['gameId'])),
    item: keptLookup(db.contentChanges, (id) =>
      findRecordFields(k, getModel('item'), id, ['gameId', 'required']),
    ),
  };

  async function requireGame(gameId: string) {
    if (!(await recordExists(k, 'game', gameId))) throw notFound(serverMessages.notFound('Game', gameId));
  }

  /**
   * The quest or item `id` of the game (`fields` of it): one look-up, the game's own only when it is
   * not found there (an unknown game is answered as such).
   */
  async function requireChild(key: 'quest' | 'item', gameId: string, id: string) {
    const model = getModel(key);
    const record: Record<string, unknown> | undefined = await childFields[key](id);
    if (record?.gameId === gameId) return record;
    await requireGame(gameId);
    throw notFound(serverMessages.notFound(model.label, id));
  }

  /** A map a player may tick markers of: an enabled one (admins: any). */
  async function requireTickableMap(mapId: string, admin: boolean) {
    const model = getModel('map');
    const map = await findRecord(k, model, mapId);
    const marker = getModel('placedmarker');
    if (!map || (!admin && !(await parentIsPublic(k, marker, { mapId }))))
      throw notFound(serverMessages.notFound(model.label, mapId));
    return map;
  }

  /** The markers of many (a mark-all or its undo) set in one transaction; answers the ids changed. */
  async function markMany(userId: string, scope: MarkerScope, completed: boolean) {
    const at = new Date().toISOString();
    const markerIds = await inTransaction(db, async (trx) => {
      await lockPlayer(trx, db.dialect, userId, true);
      return markMarkersInScope(trx, db.dialect, userId, scope, completed, at);
    });
    publishProgressChange(db, userId, { what: 'markers', mapId: scope.mapId, markerIds, completed });
    return { completed, markerIds } satisfies MarkersChanged;
  }

  async function questSave(userId: string, gameId: string): Promise<QuestSave> {
    const { completedQuests, level, completedObjectives } = await questProgress(
      k,
      db.dialect,
      userId,
      gameId,
    );
    return { gameId, completedQuests, level: level ?? DEFAULT_PLAYER_LEVEL, completedObjectives };
  }

  async function itemsSave(userId: string, gameId: string) {
    return { gameId, itemsOwned: await ownedItems(k, userId, gameId) };
  }

  async function hideoutSave(db: Executor, userId: string, gameId: string): Promise<HideoutSave> {
    return { gameId, builtLevels: await builtHideoutLevels(db, userId, gameId) };
  }

  return {
    async getQuests(userId: string, gameId: string) {
      await requireGame(gameId);
      return questSave(userId, gameId);
    },
    async setQuestCompleted(userId: string, gameId: string, questId: string, completed: boolean) {
      await requireChild('quest', gameId, questId);
      await writes.run((trx) => markQuest(trx, userId, gameId, questId, completed));
      publishProgressChange(db, userId, { what: 'quests', gameId });
      return questSave(userId, gameId);
    },
    /**
     * Several quests of one game at once (a locked quest with its prerequisites, or a quest with its
     * dependents): all exist in the game, or nothing changes (404 naming the first unknown one).
     */
    async setQuestsCompleted(
      userId: string,
      gameId: string,
      questIds: readonly string[],
      completed: boolean,
    ) {
      await requireGame(gameId);
      const ids = [...new Set(questIds)];
      await inTransaction(db, async (trx) => {
        const known = new Set(await childIds(trx, getModel('quest'), 'gameId', gameId));
        const unknown = ids.find((id) => !known.has(id));
        if (unknown) throw notFound(serverMessages.notFound(getModel('quest').label, unknown));
        await markQuests(trx, userId, gameId, ids, completed);
      });
      publishProgressChange(db, userId, { what: 'quests', gameId });
      return questSave(userId, gameId);
    },
    /**
     * Ticks or unticks one objective of a quest. The index must name one of the quest's objectives
     * (400 naming `body.objective` otherwise). Completion is left alone: ticking the last objective
     * does not complete the quest.
     */
    async setObjectiveDone(
      userId: string,
      gameId: string,
      questId: string,
      objective: number,
      done: boolean,
    ) {
      await requireGame(gameId);
      await inTransaction(db, async (trx) => {
        const quest = await findRecord(trx, getModel('quest'), questId);
        if (!quest || quest.gameId !== gameId) {
          throw notFound(serverMessages.notFound(getModel('quest').label, questId));
        }
        const count = ((quest.objectives as string[] | undefined) ?? []).length;
        if (objective >= count) {
          const message = serverMessages.objectiveOutOfRange(count);
          throw badRequest(`Invalid body.objective: ${message}`, [{ field: 'body.objective', message }]);
        }
        await markObjective(trx, { userId, gameId, questId }, objective, done);
      });
      publishProgressChange(db, userId, { what: 'quests', gameId });
      return questSave(userId, gameId);
    },
    async setLevel(userId: string, gameId: string, level: number) {
      await requireGame(gameId);
      await setLevel(k, userId, gameId, level);
      publishProgressChange(db, userId, { what: 'quests', gameId });
      return questSave(userId, gameId);
    },
    async getItems(userId: string, gameId: string) {
      await requireGame(gameId);
      return itemsSave(userId, gameId);
    },
    /**
     * `change` is an absolute count, or a relative one (+n / -n) applied atomically; either way the
     * count stays between 0 and the item's required total of that kind.
     */
    async setItemQuantity(
      userId: string,
      gameId: string,
      itemId: string,
      findOnly: boolean,
      change: { absolute: number } | { delta: number },
    ) {
      const item = await requireChild('item', gameId, itemId);
      const key = { userId, gameId, itemId, findOnly };
      const cap = ownedCap(item.required as TItemRequirement[], findOnly);
      await writes.run((trx) =>
        'absolute' in change
          ? setOwnedQuantity(trx, key, Math.min(change.absolute, cap))
          : changeOwnedQuantity(trx, key, change.delta, cap),
      );
      publishProgressChange(db, userId, { what: 'items', gameId });
      return itemsSave(userId, gameId);
    },
    async getHideout(userId: string, gameId: string) {
      await requireGame(gameId);
      return hideoutSave(k, userId, gameId);
    },
    /**
     * Sets the level built of one hideout module of the game (0: nothing built), bounded by the
     * module's highest level. The check and the write are one transaction, and the write is one
     * single-row upsert, so parallel changes leave one of the levels sent, never a mix.
     */
    async setHideoutLevel(userId: string, gameId: string, moduleId: string, level: number) {
      await requireGame(gameId);
      const saved = await inTransaction(db, async (trx) => {
        const model = getModel('hideoutmodule');
        const module = await findRecordForShare(trx, db.dialect, model, moduleId);
        if (!module || module.gameId !== gameId)
          throw notFound(serverMessages.notFound(model.label, moduleId));
        const max = moduleMaxLevel(module as { moduleLevels?: { level: number }[] });
        if (level > max) {
          const message = serverMessages.hideoutLevelTooHigh(String(module.moduleTitle ?? moduleId), max);
          throw badRequest(`Invalid body.level: ${message}`, [{ field: 'body.level', message }]);
        }
        await setHideoutLevel(trx, { userId, gameId, moduleId }, level);
        return hideoutSave(trx, userId, gameId);
      });
      publishProgressChange(db, userId, { what: 'hideout', gameId });
      return saved;
    },
    completedMarkers: (userId: string) => completedMarkerIds(k, userId),
    /**
     * A player's tick, applied in the order of the player's own time (`at`, never later than now): a
     * stale one (older than the marker's last change) leaves the marker as it is.
     */
    async setMarkerCompleted(
      userId: string,
      markerId: string,
      completed: boolean,
      tick: { admin: boolean; at?: string },
    ) {
      const model = getModel('placedmarker');
      const marker = await markerParent(markerId);
      // A disabled map's markers are not public: only admins tick them.
      if (!marker || (!tick.admin && !marker.parentPublic))
        throw notFound(serverMessages.notFound(model.label, markerId));
      const now = new Date().toISOString();
      const at = tick.at && new Date(tick.at).toISOString() < now ? new Date(tick.at).toISOString() : now;
      const applied = await writes.run(async (trx) => {
        await lockPlayer(trx, db.dialect, userId, false);
        return markMarker(trx, userId, markerId, marker.parentId as string, completed, at);
      });
      // A stale tick changed nothing: no other page needs to hear of it.
      if (applied)
        publishProgressChange(db, userId, {
          what: 'markers',
          mapId: marker.parentId as string,
          markerIds: [markerId],
          completed,
        });
      return { completed, markerId };
    },
    /**
     * Marks (or unmarks) every completable marker of a definition or of a panel group on a map, maybe
     * only those of one floor, as one change; answers exactly the markers it changed.
     */
    async markAll(userId: string, input: MarkAll, admin: boolean): Promise<MarkersChanged> {
      const map = await requireTickableMap(input.mapId, admin);
      const definitions = await completableDefinitions(k, input.mapId);
      let definitionIds: string[];
      if (input.definitionId !== undefined) {
        const id = input.definitionId;
        if (!definitions.some((d) => d._id === id)) {
          const model = getModel('markerdefinition');
          const definition = await findRecord(k, model, id);
          if (!definition || definition.gameId !== map.gameId)
            throw notFound(serverMessages.notFound(model.label, id));
          const message = serverMessages.notCompletable(String(definition.name ?? id));
          throw badRequest(`Invalid body.definitionId: ${message}`, [
            { field: 'body.definitionId', message },
          ]);
        }
        definitionIds = [id];
      } else {
        const category = input.category ?? '';
        const group =
          category === uncategorized ? uncategorized : definitionGroup({ markerCategory: category });
        definitionIds = definitions.filter((d) => definitionGroup(d) === group).map((d) => d._id);
      }
      const floor =
        input.level === undefined
          ? undefined
          : { level: input.level, known: await mapFloors(k, input.mapId) };
      return markMany(userId, { mapId: input.mapId, definitionIds, floor }, input.completed);
    },
    /** The player's found markers of each map of a game, of those that can be found. */
    async markerProgress(userId: string, gameId: string): Promise<MarkerProgress> {
      await requireGame(gameId);
      const maps = await markerProgressOfGame(k, userId, gameId);
      const sum = (key: 'found' | 'total') => maps.reduce((n, m) => n + m[key], 0);
      return { gameId, found: sum('found'), total: sum('total'), maps };
    },
    /** Clears the player's found markers of one map (the profile's per-map reset). */
    async resetMap(userId: string, mapId: string, admin: boolean) {
      await requireTickableMap(mapId, admin);
      const removed = await inTransaction(db, async (trx) => {
        await lockPlayer(trx, db.dialect, userId, true);
        return resetMapMarkers(trx, userId, mapId);
      });
      publishProgressChange(db, userId, { what: 'all' });
      return { mapId, removed };
    },
    /** Sets the named markers of a map back (a mark-all's undo): only completable ones of the map. */
    async markMany(userId: string, input: MarkMany, admin: boolean): Promise<MarkersChanged> {
      await requireTickableMap(input.mapId, admin);
      const definitionIds = (await completableDefinitions(k, input.mapId)).map((d) => d._id);
      const markerIds = [...new Set(input.markerIds)];
      return markMany(userId, { mapId: input.mapId, definitionIds, markerIds }, input.completed);
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
