import { getModel, type TItemRequirement } from '@waypoint/shared';
import { moduleMaxLevel } from '@waypoint/shared/domain/items';
import {
  type ProgressChange,
  type ProgressFile,
  type ProgressGame,
  type ProgressGamePreview,
  type ProgressImportResult,
  progressFormat,
  progressVersion,
} from '@waypoint/shared/progress/portable';
import type { Kysely } from 'kysely';
import type { Db, Executor } from '../../db/database.ts';
import { listRecords } from '../models/models.repository.ts';
import {
  builtHideoutLevels,
  completedObjectives,
  completedQuestIds,
  gameProgressTables,
  ownedItems,
  playerLevel,
  setHideoutLevel,
  setLevel,
} from './progress.repository.ts';
import { DEFAULT_PLAYER_LEVEL, ownedCap } from './progress.service.ts';

// biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

/** Rows per statement: well below SQLite's bound-parameter limit. */
const CHUNK = 500;

function chunks<T>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(values.slice(i, i + CHUNK));
  return out;
}

/** The player's completed markers on the maps of one game. */
async function completedMarkersOfGame(db: Executor, userId: string, gameId: string) {
  return (await dyn(db)
    .selectFrom('user_completed_marker')
    .innerJoin('map', 'map._id', 'user_completed_marker.mapId')
    .select(['user_completed_marker.markerId as markerId', 'user_completed_marker.mapId as mapId'])
    .where('user_completed_marker.userId', '=', userId)
    .where('map.gameId', '=', gameId)
    .orderBy('user_completed_marker.markerId')
    .execute()) as { markerId: string; mapId: string }[];
}

/**
 * Which of `ids` are placed markers on a map of the game, with their map. The game's markers are read
 * once (as many as the game really has), so made-up ids cost a lookup each, not a query.
 */
async function markersOfGame(db: Executor, gameId: string, ids: readonly string[]) {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const rows = (await dyn(db)
    .selectFrom('placedmarker')
    .innerJoin('map', 'map._id', 'placedmarker.mapId')
    .select(['placedmarker._id as markerId', 'placedmarker.mapId as mapId'])
    .where('map.gameId', '=', gameId)
    .where('map.enabled', '=', 1)
    .execute()) as { markerId: string; mapId: string }[];
  const ofGame = new Map(rows.map((row) => [row.markerId, row.mapId]));
  for (const id of ids) {
    const mapId = ofGame.get(id);
    if (mapId !== undefined) found.set(id, mapId);
  }
  return found;
}

/** The games the player has any progress in. */
async function gamesWithProgress(db: Executor, userId: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const table of gameProgressTables) {
    const rows = await db
      .selectFrom(table)
      .select('gameId')
      .distinct()
      .where('userId', '=', userId)
      .execute();
    for (const row of rows) ids.add(row.gameId);
  }
  const markerGames = (await dyn(db)
    .selectFrom('user_completed_marker')
    .innerJoin('map', 'map._id', 'user_completed_marker.mapId')
    .select('map.gameId as gameId')
    .distinct()
    .where('user_completed_marker.userId', '=', userId)
    .execute()) as { gameId: string }[];
  for (const row of markerGames) ids.add(row.gameId);
  return [...ids].sort();
}

const diff = (
  current: ReadonlySet<string>,
  target: ReadonlySet<string>,
  unknown: number,
): ProgressChange => ({
  add: [...target].filter((id) => !current.has(id)).length,
  remove: [...current].filter((id) => !target.has(id)).length,
  unknown,
});

const itemKey = (itemId: string, findOnly: boolean) => `${itemId}\u0000${findOnly ? 1 : 0}`;

/** Ticked objectives as one key per tick (`questId`, NUL, index), for set arithmetic. */
const objectiveKeys = (ticks: Readonly<Record<string, readonly number[]>>) =>
  new Set(Object.entries(ticks).flatMap(([questId, list]) => list.map((i) => `${questId}\u0000${i}`)));
const fromObjectiveKey = (key: string) => {
  const at = key.lastIndexOf('\u0000');
  return { questId: key.slice(0, at), objective: Number(key.slice(at + 1)) };
};
const tickCount = (ticks: Readonly<Record<string, readonly number[]>>) =>
  Object.values(ticks).reduce((sum, list) => sum + new Set(list).size, 0);

/** Two games' ticked objectives together (a game named twice in a file). */
function mergeObjectives(
  a: Readonly<Record<string, readonly number[]>>,
  b: Readonly<Record<string, readonly number[]>>,
): Record<string, number[]> {
  const out = new Map<string, number[]>();
  for (const ticks of [a, b]) {
    for (const [questId, list] of Object.entries(ticks)) {
      out.set(
        questId,
        [...new Set([...(out.get(questId) ?? []), ...list])].sort((x, y) => x - y),
      );
    }
  }
  return Object.fromEntries(out);
}

export function createPortableProgressService(db: Db) {
  const k = db.kysely;

  async function exportGame(trx: Executor, userId: string, gameId: string): Promise<ProgressGame> {
    const level = await playerLevel(trx, userId, gameId);
    return {
      gameId,
      ...(level === undefined ? {} : { level }),
      completedQuests: await completedQuestIds(trx, userId, gameId),
      completedObjectives: await completedObjectives(trx, userId, gameId),
      itemsOwned: (await ownedItems(trx, userId, gameId)).filter((i) => i.quantity > 0),
      hideoutLevels: await builtHideoutLevels(trx, userId, gameId),
      completedMarkers: (await completedMarkersOfGame(trx, userId, gameId)).map((m) => m.markerId),
    };
  }

  /** One game of an import: what changes, and (unless previewing) the change itself. */
  async function importGame(
    trx: Executor,
    userId: string,
    game: ProgressGame,
    mode: 'merge' | 'replace',
    apply: boolean,
    /**
     * The file carries ticked objectives and hideout levels (version 2 and later); otherwise both
     * are left as they are, in either mode.
     */
    version2: boolean,
  ): Promise<ProgressGamePreview> {
    const { gameId } = game;
    const record = (await dyn(trx)
      .selectFrom('game')
      .select(['_id', 'name'])
      .where('_id', '=', gameId)
      .executeTakeFirst()) as { _id: string; name: string } | undefined;
    const currentLevel = (await playerLevel(trx, userId, gameId)) ?? DEFAULT_PLAYER_LEVEL;
    if (!record) {
      const none = (n: number): ProgressChange => ({ add: 0, remove: 0, unknown: n });
      return {
        gameId,
        name: '',
        known: false,
        level: { from: currentLevel, to: currentLevel },
        quests: none(game.completedQuests.length),
        objectives: none(tickCount(game.completedObjectives)),
        items: none(game.itemsOwned.length),
        hideout: none(game.hideoutLevels.length),
        markers: none(game.completedMarkers.length),
      };
    }

    // Quests: the file's known ones; merge keeps the player's too.
    const { data: questRecords } = await listRecords(trx, getModel('quest'), {
      filter: { gameId },
      limit: 100_000,
      skip: 0,
    });
    const objectiveCounts = new Map(
      questRecords.map((q) => [String(q._id), ((q.objectives ?? []) as string[]).length]),
    );
    const knownQuests = new Set(objectiveCounts.keys());
    const fileQuests = new Set(game.completedQuests.filter((id) => knownQuests.has(id)));
    const currentQuests = new Set(await completedQuestIds(trx, userId, gameId));
    const targetQuests = mode === 'merge' ? new Set([...currentQuests, ...fileQuests]) : fileQuests;

    // Ticked objectives: the file's ticks of known quests within their lists; merge keeps the player's.
    const fileTicks = new Set(
      [...objectiveKeys(game.completedObjectives)].filter((key) => {
        const { questId, objective } = fromObjectiveKey(key);
        return objective < (objectiveCounts.get(questId) ?? 0);
      }),
    );
    const currentTicks = objectiveKeys(await completedObjectives(trx, userId, gameId));
    const targetTicks = mode === 'merge' || !version2 ? new Set([...currentTicks, ...fileTicks]) : fileTicks;

    // Level: merge keeps the higher; replace takes the file's when it names one.
    const fileLevel = game.level ?? currentLevel;
    const targetLevel = mode === 'merge' ? Math.max(currentLevel, fileLevel) : fileLevel;

    // Items: counts capped at what the item's needs can use, as the counters are.
    const { data: items } = await listRecords(trx, getModel('item'), {
      filter: { gameId },
      limit: 100_000,
      skip: 0,
    });
    const required = new Map(items.map((i) => [String(i._id), (i.required ?? []) as TItemRequirement[]]));
    const current = new Map(
      (await ownedItems(trx, userId, gameId)).map((i) => [itemKey(i.itemId, i.findOnly), i]),
    );
    const target = new Map(mode === 'merge' ? current : []);
    let unknownItems = 0;
    for (const item of game.itemsOwned) {
      const needs = required.get(item.itemId);
      if (!needs) {
        unknownItems++;
        continue;
      }
      const key = itemKey(item.itemId, item.findOnly);
      const quantity = Math.min(item.quantity, ownedCap(needs, item.findOnly));
      const before = target.get(key)?.quantity ?? 0;
      target.set(key, {
        itemId: item.itemId,
        findOnly: item.findOnly,
        quantity: mode === 'merge' ? Math.max(before, quantity) : quantity,
      });
    }
    const itemChanges = [...new Set([...current.keys(), ...target.keys()])]
      .map((key) => ({
        key,
        from: current.get(key)?.quantity ?? 0,
        to: target.get(key)?.quantity ?? 0,
        item: target.get(key) ?? current.get(key)!,
      }))
      .filter((c) => c.from !== c.to);

    // Hideout: levels capped at the module's highest; merge keeps the higher level of each module.
    const { data: modules } = await listRecords(trx, getModel('hideoutmodule'), {
      filter: { gameId },
      limit: 100_000,
      skip: 0,
    });
    const maxLevels = new Map(
      modules.map((m) => [String(m._id), moduleMaxLevel(m as { moduleLevels?: { level: number }[] })]),
    );
    const currentHideout = new Map(
      (await builtHideoutLevels(trx, userId, gameId)).map((b) => [b.moduleId, b.level]),
    );
    const fileHideout = new Map<string, number>();
    let unknownModules = 0;
    for (const entry of game.hideoutLevels) {
      const max = maxLevels.get(entry.moduleId);
      if (max === undefined) {
        unknownModules++;
        continue;
      }
      fileHideout.set(
        entry.moduleId,
        Math.max(fileHideout.get(entry.moduleId) ?? 0, Math.min(entry.level, max)),
      );
    }
    const targetHideout = new Map(mode === 'merge' || !version2 ? currentHideout : []);
    for (const [moduleId, level] of fileHideout) {
      targetHideout.set(
        moduleId,
        mode === 'merge' ? Math.max(targetHideout.get(moduleId) ?? 0, level) : level,
      );
    }
    const hideoutChanges = [...new Set([...currentHideout.keys(), ...targetHideout.keys()])]
      .map((moduleId) => ({
        moduleId,
        from: currentHideout.get(moduleId) ?? 0,
        to: targetHideout.get(moduleId) ?? 0,
      }))
      .filter((c) => c.from !== c.to);

    // Markers: the file's that are placed on this game's maps.
    const fileMarkers = await markersOfGame(trx, gameId, game.completedMarkers);
    const currentMarkers = new Map(
      (await completedMarkersOfGame(trx, userId, gameId)).map((m) => [m.markerId, m.mapId]),
    );
    const targetMarkers = new Map(mode === 'merge' ? [...currentMarkers, ...fileMarkers] : fileMarkers);
    const unknownMarkers = new Set(game.completedMarkers).size - fileMarkers.size;

    const preview: ProgressGamePreview = {
      gameId,
      name: record.name,
      known: true,
      level: { from: currentLevel, to: targetLevel },
      quests: diff(currentQuests, targetQuests, new Set(game.completedQuests).size - fileQuests.size),
      objectives: diff(currentTicks, targetTicks, tickCount(game.completedObjectives) - fileTicks.size),
      items: {
        add: itemChanges.filter((c) => c.to > c.from).length,
        remove: itemChanges.filter((c) => c.to < c.from).length,
        unknown: unknownItems,
      },
      hideout: {
        add: hideoutChanges.filter((c) => c.to > c.from).length,
        remove: hideoutChanges.filter((c) => c.to < c.from).length,
        unknown: unknownModules,
      },
      markers: diff(new Set(currentMarkers.keys()), new Set(targetMarkers.keys()), unknownMarkers),
    };
    if (!apply) return preview;

    const now = new Date().toISOString();
    const questsGone = [...currentQuests].filter((id) => !targetQuests.has(id));
    const questsNew = [...targetQuests].filter((id) => !currentQuests.has(id));
    for (const part of chunks(questsGone)) {
      await trx
        .deleteFrom('user_quest_completion')
        .where('userId', '=', userId)
        .where('gameId', '=', gameId)
        .where('questId', 'in', part)
        .execute();
    }
    for (const part of chunks(questsNew)) {
      await trx
        .insertInto('user_quest_completion')
        .values(part.map((questId) => ({ userId, gameId, questId, completedAt: now })))
        .onConflict((oc) => oc.columns(['userId', 'gameId', 'questId']).doNothing())
        .execute();
    }
    const ticksGone = [...currentTicks].filter((key) => !targetTicks.has(key)).map(fromObjectiveKey);
    const ticksNew = [...targetTicks].filter((key) => !currentTicks.has(key)).map(fromObjectiveKey);
    const goneByQuest = new Map<string, number[]>();
    for (const tick of ticksGone)
      goneByQuest.set(tick.questId, [...(goneByQuest.get(tick.questId) ?? []), tick.objective]);
    for (const [questId, objectives] of goneByQuest) {
      await trx
        .deleteFrom('user_quest_objective')
        .where('userId', '=', userId)
        .where('gameId', '=', gameId)
        .where('questId', '=', questId)
        .where('objective', 'in', objectives)
        .execute();
    }
    for (const part of chunks(ticksNew)) {
      await trx
        .insertInto('user_quest_objective')
        .values(part.map((tick) => ({ userId, gameId, ...tick, tickedAt: now })))
        .onConflict((oc) => oc.columns(['userId', 'gameId', 'questId', 'objective']).doNothing())
        .execute();
    }
    if (targetLevel !== currentLevel || game.level !== undefined) {
      await setLevel(trx, userId, gameId, targetLevel);
    }
    for (const change of itemChanges) {
      const { itemId, findOnly } = change.item;
      await trx
        .insertInto('user_item_owned')
        .values({ userId, gameId, itemId, findOnly: findOnly ? 1 : 0, quantity: change.to })
        .onConflict((oc) =>
          oc.columns(['userId', 'gameId', 'itemId', 'findOnly']).doUpdateSet({ quantity: change.to }),
        )
        .execute();
    }
    for (const change of hideoutChanges) {
      await setHideoutLevel(trx, { userId, gameId, moduleId: change.moduleId }, change.to);
    }
    const markersGone = [...currentMarkers.keys()].filter((id) => !targetMarkers.has(id));
    const markersNew = [...targetMarkers].filter(([id]) => !currentMarkers.has(id));
    for (const part of chunks(markersGone)) {
      await trx
        .deleteFrom('user_completed_marker')
        .where('userId', '=', userId)
        .where('markerId', 'in', part)
        .execute();
    }
    for (const part of chunks(markersNew)) {
      await trx
        .insertInto('user_completed_marker')
        .values(part.map(([markerId, mapId]) => ({ userId, markerId, mapId, completedAt: now })))
        .onConflict((oc) => oc.columns(['userId', 'markerId']).doNothing())
        .execute();
    }
    return preview;
  }

  return {
    /** Everything the player has ticked, per game, as one portable file. */
    async exportAll(userId: string): Promise<ProgressFile> {
      return k.transaction().execute(async (trx) => {
        const games: ProgressGame[] = [];
        for (const gameId of await gamesWithProgress(trx, userId)) {
          games.push(await exportGame(trx, userId, gameId));
        }
        return {
          format: progressFormat,
          version: progressVersion,
          exportedAt: new Date().toISOString(),
          games,
        };
      });
    },

    /**
     * Previews or applies a file, all games in one transaction: an import is applied whole or not
     * at all. A game named twice in a file counts once (its entries are merged).
     */
    async importFile(
      userId: string,
      file: ProgressFile,
      mode: 'merge' | 'replace',
      preview: boolean,
    ): Promise<ProgressImportResult> {
      const byGame = new Map<string, ProgressGame>();
      for (const game of file.games) {
        const seen = byGame.get(game.gameId);
        byGame.set(
          game.gameId,
          seen
            ? {
                gameId: game.gameId,
                level: Math.max(seen.level ?? 0, game.level ?? 0) || undefined,
                completedQuests: [...seen.completedQuests, ...game.completedQuests],
                completedObjectives: mergeObjectives(seen.completedObjectives, game.completedObjectives),
                itemsOwned: [...seen.itemsOwned, ...game.itemsOwned],
                hideoutLevels: [...seen.hideoutLevels, ...game.hideoutLevels],
                completedMarkers: [...seen.completedMarkers, ...game.completedMarkers],
              }
            : game,
        );
      }
      const version2 = file.version >= 2;
      const games = await k.transaction().execute(async (trx) => {
        const out: ProgressGamePreview[] = [];
        for (const game of byGame.values()) {
          out.push(await importGame(trx, userId, game, mode, !preview, version2));
        }
        return out;
      });
      return { mode, applied: !preview, games };
    },
  };
}

export type PortableProgressService = ReturnType<typeof createPortableProgressService>;
