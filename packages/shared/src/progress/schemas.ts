import { z } from 'zod';
import { constants } from '../constants.ts';
import { zId } from '../models/fields.ts';

/** Most quests one change may complete or un-complete together (a whole chain of a game). */
export const maxQuestBatch = 500;

/**
 * Several quests completed or un-completed in one change: a locked quest with its prerequisites, or
 * a quest with the quests that depend on it. One transaction; one Undo.
 */
export const zQuestBatch = z.object({
  questIds: z.array(zId).min(1).max(maxQuestBatch),
  completed: z.boolean(),
});
export type QuestBatch = z.infer<typeof zQuestBatch>;

/** The index of one objective in a quest's list of objectives. */
export const zObjectiveIndex = z
  .number()
  .int()
  .min(0)
  .max(constants.maxQuestObjectives - 1);

/**
 * `POST /api/user/quest/objective/{gameId}/{questId}`: one objective of a quest ticked (`done`) or
 * unticked. The index must also lie within the quest's own objectives.
 */
export const zObjectiveTick = z.strictObject({
  objective: zObjectiveIndex,
  done: z.boolean(),
});
export type ObjectiveTick = z.infer<typeof zObjectiveTick>;

/**
 * The optional body of `POST /api/usercompletedmarkers/markCompleted|markUncompleted/{id}`: when the
 * player made the tick (their device's clock). Ticks apply in this order, so one replayed late from
 * another device does not undo a newer choice; without it, the tick counts as made on arrival.
 */
export const zMarkerTick = z.strictObject({ at: z.iso.datetime().optional() }).optional();
export type MarkerTick = z.infer<typeof zMarkerTick>;

/** Most quests of one game with ticked objectives in one record (a portable file's bound). */
export const maxQuestsWithObjectives = 10_000;

/**
 * A player's ticked objectives in one game: quest id → the indexes of its ticked objectives,
 * ascending. Part of the quest save and of the portable progress file.
 */
export const zCompletedObjectives = z
  .record(zId, z.array(zObjectiveIndex).max(constants.maxQuestObjectives))
  .refine((r) => Object.keys(r).length <= maxQuestsWithObjectives, {
    message: `At most ${maxQuestsWithObjectives} quests`,
  });
export type CompletedObjectives = z.infer<typeof zCompletedObjectives>;

/** The player's quest save for one game (SPEC §3), with the ticked objectives beside it. */
export interface QuestSave {
  gameId: string;
  completedQuests: string[];
  level: number;
  completedObjectives: CompletedObjectives;
}

/** The highest level a hideout module can have (the registry's bound of a module level). */
export const maxHideoutLevel = 100;

/**
 * The level of one hideout module a player has built (`PUT /api/user/hideout/{gameId}/{moduleId}`):
 * 0 for nothing built, at most the module's highest level (checked against the module on the server).
 */
export const zHideoutLevelChange = z.strictObject({
  level: z.number().int().min(0).max(maxHideoutLevel),
});
export type HideoutLevelChange = z.infer<typeof zHideoutLevelChange>;

/** A player's built hideout levels of one game; modules at level 0 are left out. */
export interface HideoutSave {
  gameId: string;
  builtLevels: { moduleId: string; level: number }[];
}

/** Most markers one mark-all names, and so its undo: more than the largest map holds. */
export const maxMarkAllMarkers = 50_000;

/**
 * `POST /api/usercompletedmarkers/markAll`: every placed marker of one definition, or of one group of
 * the markers panel (`definitionGroup`: the category upper-cased, or 'Uncategorized'), on one map,
 * marked found (`completed`) or not; with `level`, only the markers shown on that floor. Only
 * completable definitions count.
 */
export const zMarkAll = z
  .strictObject({
    mapId: zId,
    definitionId: zId.optional(),
    category: z.string().trim().min(1).max(200).optional(),
    level: z.number().int().min(-1).max(constants.maxMapLevel).optional(),
    completed: z.boolean(),
  })
  .refine((b) => (b.definitionId === undefined) !== (b.category === undefined), {
    path: ['definitionId'],
    message: 'Name either a definitionId or a category',
  });
export type MarkAll = z.infer<typeof zMarkAll>;

/**
 * `POST /api/usercompletedmarkers/markMany`: the markers a mark-all changed, set back (its undo).
 * Markers of other maps, gone ones and those of definitions that are not completable are left alone.
 */
export const zMarkMany = z.strictObject({
  mapId: zId,
  markerIds: z.array(zId).min(1).max(maxMarkAllMarkers),
  completed: z.boolean(),
});
export type MarkMany = z.infer<typeof zMarkMany>;

/** The largest undo body: every marker of a large map by id (ids of up to ~80 characters). */
export const markManyBodyBytes = 4 * 1024 * 1024;

/** What a mark-all or its undo changed: exactly the markers whose state it turned to `completed`. */
export interface MarkersChanged {
  completed: boolean;
  markerIds: string[];
}

/** `GET /api/usercompletedmarkers/progress/{gameId}`: found and completable markers per enabled map. */
export interface MarkerProgress {
  gameId: string;
  found: number;
  total: number;
  maps: { mapId: string; name: string; found: number; total: number }[];
}

/** `POST /api/usercompletedmarkers/resetMap`: the player's found markers of one map cleared. */
export const zResetMapProgress = z.strictObject({ mapId: zId });
