import { z } from 'zod';
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
