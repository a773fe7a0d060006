import { sourceRecordId } from '@waypoint/shared/interop/datamaps';

/**
 * The source's task id inside a quest id made by an import (`sourceRecordId(source, 'quest', id)`,
 * maybe with a copy's suffix: `copyId`); undefined for a quest id this source did not make.
 */
export function taskIdOfQuest(questId: string, source: string): string | undefined {
  const prefix = sourceRecordId(source, 'quest', 'x').slice(0, -1);
  if (!questId.startsWith(prefix)) return undefined;
  return questId.slice(prefix.length).split('.')[0] || undefined;
}

/** Both ways between a game's quests and their source task ids. */
export interface TaskIdMap {
  questOf: Map<string, string>;
  taskOf: Map<string, string>;
}

export function taskIdMap(quests: readonly { questId: string; source: string }[]): TaskIdMap {
  const questOf = new Map<string, string>();
  const taskOf = new Map<string, string>();
  for (const { questId, source } of quests) {
    const taskId = taskIdOfQuest(questId, source);
    if (!taskId || questOf.has(taskId)) continue;
    questOf.set(taskId, questId);
    taskOf.set(questId, taskId);
  }
  return { questOf, taskOf };
}
