import { z } from 'zod';
import { zId } from '../models/fields.ts';
import { MAX_PINS_PER_MAP } from '../pins/limits.ts';
import { zMarkerNoteInput, zPinId, zPinInput } from '../pins/schemas.ts';
import { maxHideoutLevel, zCompletedObjectives } from './schemas.ts';

/**
 * Portable progress: one JSON file with everything a player has ticked, per game, that the profile
 * page exports and imports again (on this site or another copy of it).
 *
 * ```json
 * {
 *   "format": "waypoint-progress",
 *   "version": 2,
 *   "exportedAt": "2026-11-23T10:00:00.000Z",
 *   "games": [
 *     {
 *       "gameId": "frontier_zone",
 *       "level": 12,
 *       "completedQuests": ["fz_quest_first_steps"],
 *       "completedObjectives": { "fz_quest_dock_sweep": [0, 2] },
 *       "itemsOwned": [{ "itemId": "fz_item_bolts", "findOnly": true, "quantity": 3 }],
 *       "hideoutLevels": [{ "moduleId": "fz_h_workbench", "level": 2 }],
 *       "completedMarkers": ["fz_marker_1"],
 *       "pins": [{ "id": "pin_0123456789abcdef", "mapId": "fz_coast_harbor", "name": "Stash",
 *                  "note": "Behind the crates", "colour": "green", "level": -1, "x": 1200, "y": 830 }],
 *       "markerNotes": [{ "markerId": "fz_marker_1", "note": "Needs the red key" }]
 *     }
 *   ]
 * }
 * ```
 *
 * Ids are the site's own ids. Unknown games, quests, items, hideout modules and markers are skipped
 * on import and counted in the preview. `completedObjectives` maps a quest id to the indexes of its
 * ticked objectives (in the quest's list of objectives); ticks of unknown quests or past the end of a
 * quest's list are skipped too. `hideoutLevels` lists the level built of each hideout module
 * (modules not listed are at 0).
 *
 * `pins` are the player's own pins on the game's maps (in map pixels, `level` -1 on every floor) and
 * `markerNotes` their private notes on placed markers. Pins on unknown maps, outside their map, on a
 * floor it lacks or past the pins-per-map cap, and notes on unknown markers, are skipped and counted.
 *
 * Version 2 added `completedObjectives` and `hideoutLevels`, version 3 `pins` and `markerNotes`;
 * files of an earlier version (without them) are still imported and leave what they lack as it is.
 */
export const progressFormat = 'waypoint-progress';
/** The version this site writes. */
export const progressVersion = 3;
/** The versions this site reads. */
export const progressVersionsRead = [1, 2, 3] as const;

/** Bounds of one file: generous for real players, small enough to check in one request. */
export const progressLimits = {
  games: 200,
  questsPerGame: 10_000,
  itemsPerGame: 10_000,
  hideoutModulesPerGame: 1_000,
  markersPerGame: 100_000,
  /** Pins of one game's maps (each map holds at most `MAX_PINS_PER_MAP`). */
  pinsPerGame: 4 * MAX_PINS_PER_MAP,
  markerNotesPerGame: 20_000,
  /**
   * Request body limit of an import, in bytes: what an export of the largest real progress holds
   * (every marker of a large game under a long id, a map full of pins with notes), not more.
   */
  bodyBytes: 8 * 1024 * 1024,
} as const;

export const zProgressGame = z.strictObject({
  gameId: zId,
  level: z.number().int().min(0).max(1000).optional(),
  completedQuests: z.array(zId).max(progressLimits.questsPerGame).default([]),
  completedObjectives: zCompletedObjectives.default({}),
  itemsOwned: z
    .array(
      z.strictObject({
        itemId: zId,
        findOnly: z.boolean(),
        quantity: z.number().int().min(0).max(9_999_999),
      }),
    )
    .max(progressLimits.itemsPerGame)
    .default([]),
  hideoutLevels: z
    .array(
      z.strictObject({
        moduleId: zId,
        level: z.number().int().min(0).max(maxHideoutLevel),
      }),
    )
    .max(progressLimits.hideoutModulesPerGame)
    .default([]),
  completedMarkers: z.array(zId).max(progressLimits.markersPerGame).default([]),
  pins: z
    .array(zPinInput.extend({ id: zPinId, mapId: zId }))
    .max(progressLimits.pinsPerGame)
    .default([]),
  markerNotes: z
    .array(zMarkerNoteInput.extend({ markerId: zId }))
    .max(progressLimits.markerNotesPerGame)
    .default([]),
});
export type ProgressGame = z.infer<typeof zProgressGame>;

/**
 * One game with its two long id lists only checked for being lists: the server checks their entries
 * in slices (`zProgressIdSlice`), so that a large file does not hold it up at once.
 */
export const zProgressGameShallow = zProgressGame.extend({
  completedQuests: z.array(z.unknown()).max(progressLimits.questsPerGame).default([]),
  completedMarkers: z.array(z.unknown()).max(progressLimits.markersPerGame).default([]),
});
/** A slice of a game's `completedQuests` or `completedMarkers`. */
export const zProgressIdSlice = z.array(zId);

export const zProgressFile = z.strictObject({
  format: z.literal(progressFormat),
  version: z.literal(progressVersionsRead),
  exportedAt: z.string().max(40).optional(),
  games: z.array(zProgressGame).max(progressLimits.games),
});
export type ProgressFile = z.infer<typeof zProgressFile>;

/**
 * `POST /api/user/progress/import`. `merge` keeps what the player has and adds the file's (the higher
 * level and item count win); `replace` makes each game named in the file exactly the file's (games
 * the file does not name are left alone). `preview` answers what would change and changes nothing.
 */
export const zProgressImport = z.strictObject({
  mode: z.enum(['merge', 'replace']),
  preview: z.boolean().default(false),
  file: zProgressFile,
});
export type ProgressImport = z.input<typeof zProgressImport>;
/** An import with the long id lists of its games not checked yet (see `zProgressGameShallow`). */
export const zProgressImportShallow = zProgressImport.extend({
  file: zProgressFile.extend({ games: z.array(zProgressGameShallow).max(progressLimits.games) }),
});

export interface ProgressChange {
  add: number;
  remove: number;
  /** Ids in the file that this site does not know (skipped). */
  unknown: number;
}

/** What an import does (or did) to one game. */
export interface ProgressGamePreview {
  gameId: string;
  /** The game's name; empty when the site does not know the game (then nothing of it is imported). */
  name: string;
  known: boolean;
  level: { from: number; to: number };
  quests: ProgressChange;
  /** Ticked objectives (each tick counts once). */
  objectives: ProgressChange;
  /** Items whose owned counts change (`add` rises, `remove` falls). */
  items: ProgressChange;
  /** Hideout modules whose built level changes (`add` rises, `remove` falls). */
  hideout: ProgressChange;
  markers: ProgressChange;
  /** Own pins (`unknown`: skipped ones). */
  pins: ProgressChange;
  /** Notes on placed markers (`add`: new or changed notes). */
  markerNotes: ProgressChange;
}

export interface ProgressImportResult {
  mode: 'merge' | 'replace';
  applied: boolean;
  games: ProgressGamePreview[];
}
