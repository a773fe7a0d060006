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
