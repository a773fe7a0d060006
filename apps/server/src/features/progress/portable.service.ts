import { getModel, type TItemRequirement } from '@waypoint/shared';
import { moduleMaxLevel } from '@waypoint/shared/domain/items';
import { mapPictureSize } from '@waypoint/shared/map/pixels';
import { MAX_PINS_PER_MAP, type TPin } from '@waypoint/shared/pins/schemas';
import {
  type ProgressChange,
  type ProgressFile,
  type ProgressGame,
  type ProgressGamePreview,
  type ProgressImportResult,
  progressFormat,
  progressVersion,
} from '@waypoint/shared/progress/portable';
import { type Db, type Executor, inTransaction } from '../../db/database.ts';
import { publishProgressChange } from '../live/publish.ts';
import { listRecords } from '../models/models.repository.ts';
import {
  deleteMarkerNote,
  deletePins,
  insertPins,
  lockUserPins,
  mapLevelNumbers,
  markerNotesOfGame,
  pinOwners,
  pinsOfGame,
  saveMarkerNote,
} from '../pins/pins.repository.ts';
import { newPinId, type PinPlace, placeProblems } from '../pins/pins.service.ts';
import {
  builtHideoutLevels,
  completedMarkersOfGame,
  completedObjectives,
  completedQuestIds,
  gameName,
  gamesWithProgress,
  markMarkers,
  markQuests,
  ownedItems,
  placedMarkersOfGame,
  playerLevel,
  setHideoutLevel,
  setLevel,
  setOwnedQuantity,
  tickObjectives,
  untickObjectives,
} from './progress.repository.ts';
import { DEFAULT_PLAYER_LEVEL, lockPlayer, ownedCap } from './progress.service.ts';

/**
 * Which of `ids` are placed markers on a map of the game, with their map. The game's markers are read
 * once (as many as the game really has), so made-up ids cost a lookup each, not a query.
 */
async function markersOfGame(db: Executor, gameId: string, ids: readonly string[]) {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const rows = await placedMarkersOfGame(db, gameId);
  const ofGame = new Map(rows.map((row) => [row.markerId, row.mapId]));
  for (const id of ids) {
    const mapId = ofGame.get(id);
    if (mapId !== undefined) found.set(id, mapId);
  }
  return found;
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

/** The places pins may lie on the game's maps (enabled ones), by map id. */
async function pinPlacesOfGame(db: Executor, gameId: string): Promise<Map<string, PinPlace>> {
  const { data: maps } = await listRecords(db, getModel('map'), {
    filter: { gameId },
    limit: 10_000,
    skip: 0,
  });
  const places = new Map<string, PinPlace>();
  for (const map of maps) {
    if (map.enabled === false) continue;
    const mapId = String(map._id);
    const { width, height } = mapPictureSize(map as Parameters<typeof mapPictureSize>[0]);
    places.set(mapId, { mapId, width, height, levels: new Set(await mapLevelNumbers(db, mapId)) });
  }
  return places;
}

type PortablePin = ProgressGame['pins'][number];
const samePin = (a: PortablePin, b: TPin) =>
  a.mapId === b.mapId &&
  a.name === b.name &&
  a.note === b.note &&
  a.colour === b.colour &&
  a.level === b.level &&
  a.x === b.x &&
  a.y === b.y;

export function createPortableProgressService(db: Db) {
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
      pins: (await pinsOfGame(trx, userId, gameId)).map(({ id, mapId, name, note, colour, level, x, y }) => ({
        id,
        mapId,
        name,
        note,
        colour,
        level,
        x,
        y,
      })),
      markerNotes: (await markerNotesOfGame(trx, userId, gameId)).map(({ markerId, note }) => ({
        markerId,
        note,
      })),
    };
  }

  /**
   * The player's pins on the game's maps after an import: merge keeps theirs and adds the file's
   * they lack (by id); replace makes them the file's. File pins that do not fit their map, and
   * those past a map's cap, are skipped. A file pin whose id another player holds gets a new id.
   */
  async function pinsAfterImport(
    trx: Executor,
    userId: string,
    game: ProgressGame,
    mode: 'merge' | 'replace',
  ) {
    const current = await pinsOfGame(trx, userId, game.gameId);
    const places = await pinPlacesOfGame(trx, game.gameId);
    const owners = await pinOwners(
      trx,
      game.pins.map((p) => p.id),
    );
    const target = new Map<string, PortablePin>(
      mode === 'merge' ? current.map((p) => [p.id, p] as const) : [],
    );
    const currentIds = new Set(current.map((p) => p.id));
    const perMap = new Map<string, number>();
    for (const pin of target.values()) perMap.set(pin.mapId, (perMap.get(pin.mapId) ?? 0) + 1);
    let skipped = 0;
    for (const pin of game.pins) {
      const place = places.get(pin.mapId);
      const owner = owners.get(pin.id);
      // An id the player holds on another game's map, or another player holds, is not this pin's.
      const id = owner === undefined || (owner === userId && currentIds.has(pin.id)) ? pin.id : newPinId();
      if (target.has(id)) {
        // Merge keeps the player's own copy; a file naming one id twice keeps its first.
        if (mode === 'replace') skipped++;
        continue;
      }
      if (
        !place ||
        placeProblems(place, pin, 'pin').length > 0 ||
        (perMap.get(pin.mapId) ?? 0) >= MAX_PINS_PER_MAP
      ) {
        skipped++;
        continue;
      }
      perMap.set(pin.mapId, (perMap.get(pin.mapId) ?? 0) + 1);
      target.set(id, { ...pin, id });
    }
    const currentById = new Map(current.map((p) => [p.id, p]));
    const gone = current.filter((p) => {
      const next = target.get(p.id);
      return !next || !samePin(next, p);
    });
    const added = [...target.values()].filter((p) => {
      const before = currentById.get(p.id);
      return !before || !samePin(p, before);
    });
    return {
      change: {
        add: added.length,
        remove: current.filter((p) => !target.has(p.id)).length,
        unknown: skipped,
      } satisfies ProgressChange,
      gone,
      added,
    };
  }

  /**
   * The player's notes on the game's markers after an import: merge keeps theirs and adds the
   * file's on markers without one; replace makes them the file's. Notes on unknown markers are
   * skipped.
   */
  async function notesAfterImport(
    trx: Executor,
    userId: string,
    game: ProgressGame,
    mode: 'merge' | 'replace',
  ) {
    const current = new Map(
      (await markerNotesOfGame(trx, userId, game.gameId)).map((n) => [n.markerId, n] as const),
    );
    const markers = await markersOfGame(
      trx,
      game.gameId,
      game.markerNotes.map((n) => n.markerId),
    );
    const target = new Map<string, { mapId: string; note: string }>(mode === 'merge' ? current : []);
    let skipped = 0;
    for (const { markerId, note } of game.markerNotes) {
      const mapId = markers.get(markerId);
      if (mapId === undefined || note.trim() === '') {
        skipped++;
        continue;
      }
      if (mode === 'merge' && target.has(markerId)) continue;
      target.set(markerId, { mapId, note });
    }
    const gone = [...current.keys()].filter((id) => !target.has(id));
    const written = [...target].filter(([id, n]) => current.get(id)?.note !== n.note);
    return {
      change: { add: written.length, remove: gone.length, unknown: skipped } satisfies ProgressChange,
      gone,
      written,
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
     * The file's version: ticked objectives and hideout levels come with version 2, pins and notes
     * with version 3; what a file lacks is left as it is, in either mode.
     */
    version: number,
  ): Promise<ProgressGamePreview> {
    const version2 = version >= 2;
    const { gameId } = game;
    const record = await gameName(trx, gameId);
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
        pins: none(game.pins.length),
        markerNotes: none(game.markerNotes.length),
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
    // A change of many markers, like a mark-all: the player's ticks wait until it is written.
    if (apply) await lockPlayer(trx, db.dialect, userId, true);
    const currentMarkers = new Map(
      (await completedMarkersOfGame(trx, userId, gameId)).map((m) => [m.markerId, m.mapId]),
    );
    const targetMarkers = new Map(mode === 'merge' ? [...currentMarkers, ...fileMarkers] : fileMarkers);
    const unknownMarkers = new Set(game.completedMarkers).size - fileMarkers.size;

    // Own pins and notes (files before version 3 carry none: the player's stay as they are).
    const version3 = version >= 3;
    if (version3 && apply) await lockUserPins(trx, db.dialect, userId);
    const pins = version3 ? await pinsAfterImport(trx, userId, game, mode) : undefined;
    const notes = version3 ? await notesAfterImport(trx, userId, game, mode) : undefined;
    const unchanged: ProgressChange = { add: 0, remove: 0, unknown: 0 };

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
      pins: pins?.change ?? unchanged,
      markerNotes: notes?.change ?? unchanged,
    };
    if (!apply) return preview;

    await markQuests(
      trx,
      userId,
      gameId,
      [...currentQuests].filter((id) => !targetQuests.has(id)),
      false,
    );
    await markQuests(
      trx,
      userId,
      gameId,
      [...targetQuests].filter((id) => !currentQuests.has(id)),
      true,
    );
    const ticksGone = [...currentTicks].filter((key) => !targetTicks.has(key)).map(fromObjectiveKey);
    const ticksNew = [...targetTicks].filter((key) => !currentTicks.has(key)).map(fromObjectiveKey);
    const goneByQuest = new Map<string, number[]>();
    for (const tick of ticksGone)
      goneByQuest.set(tick.questId, [...(goneByQuest.get(tick.questId) ?? []), tick.objective]);
    for (const [questId, objectives] of goneByQuest) {
      await untickObjectives(trx, { userId, gameId, questId }, objectives);
    }
    await tickObjectives(trx, userId, gameId, ticksNew);
    if (targetLevel !== currentLevel || game.level !== undefined) {
      await setLevel(trx, userId, gameId, targetLevel);
    }
    for (const change of itemChanges) {
      const { itemId, findOnly } = change.item;
      await setOwnedQuantity(trx, { userId, gameId, itemId, findOnly }, change.to);
    }
    for (const change of hideoutChanges) {
      await setHideoutLevel(trx, { userId, gameId, moduleId: change.moduleId }, change.to);
    }
    const markersGone = [...currentMarkers].filter(([id]) => !targetMarkers.has(id));
    const markersNew = [...targetMarkers].filter(([id]) => !currentMarkers.has(id));
    await markMarkers(
      trx,
      userId,
      markersGone.map(([markerId, mapId]) => ({ markerId, mapId })),
      false,
    );
    await markMarkers(
      trx,
      userId,
      markersNew.map(([markerId, mapId]) => ({ markerId, mapId })),
      true,
    );
    if (pins) {
      const now = new Date().toISOString();
      await deletePins(
        trx,
        userId,
        pins.gone.map((p) => p.id),
      );
      await insertPins(
        trx,
        pins.added.map((p) => ({ ...p, userId, createdAt: now, updatedAt: now })),
      );
    }
    if (notes) {
      const now = new Date().toISOString();
      for (const markerId of notes.gone) await deleteMarkerNote(trx, userId, markerId);
      for (const [markerId, { mapId, note }] of notes.written)
        await saveMarkerNote(trx, { userId, markerId, mapId, note, updatedAt: now });
    }
    return preview;
  }

  return {
    /** Everything the player has ticked, per game, as one portable file. */
    async exportAll(userId: string): Promise<ProgressFile> {
      return inTransaction(db, async (trx) => {
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
                pins: [...seen.pins, ...game.pins],
                markerNotes: [...seen.markerNotes, ...game.markerNotes],
              }
            : game,
        );
      }
      const games = await inTransaction(db, async (trx) => {
        const out: ProgressGamePreview[] = [];
        for (const game of byGame.values()) {
          out.push(await importGame(trx, userId, game, mode, !preview, file.version));
        }
        return out;
      });
      if (!preview)
        for (const game of byGame.keys()) publishProgressChange(db, userId, { what: 'all', gameId: game });
      return { mode, applied: !preview, games };
    },
  };
}

export type PortableProgressService = ReturnType<typeof createPortableProgressService>;
