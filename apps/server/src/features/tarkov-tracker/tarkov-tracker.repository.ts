import { getModel } from '@waypoint/shared';
import type { Kysely } from 'kysely';
import { inChunks } from '../../db/chunks.ts';
import type { Executor } from '../../db/database.ts';

// biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
const dyn = (db: Executor) => db as unknown as Kysely<any>;

/**
 * The quests of a game that an accepted import brought, with the source that brought them and the
 * quest's id (its source id is part of it): one read of the import states joined to the quests that
 * still exist in the game.
 */
export async function importedQuestsOfGame(db: Executor, gameId: string) {
  const quest = getModel('quest');
  const rows = await dyn(db)
    .selectFrom('import_state')
    .innerJoin(`${quest.table} as q`, 'q._id', 'import_state.recordId')
    .select(['import_state.recordId as questId', 'import_state.source as source'])
    .where('import_state.model', '=', 'quest')
    .where('import_state.mapId', '=', gameId)
    .where('q.gameId', '=', gameId)
    .execute();
  return rows as { questId: string; source: string }[];
}

/**
 * The first game (by id) holding quests a game-wide import brought (its import states name the game
 * itself, not a map): what a token for every game speaks to.
 */
export async function firstGameWithImportedQuests(db: Executor): Promise<string | undefined> {
  const quest = getModel('quest');
  const row = await dyn(db)
    .selectFrom('import_state')
    .innerJoin(`${quest.table} as q`, (join) =>
      join.onRef('q._id', '=', 'import_state.recordId').onRef('q.gameId', '=', 'import_state.mapId'),
    )
    .select('import_state.mapId as gameId')
    .where('import_state.model', '=', 'quest')
    .orderBy('import_state.mapId')
    .limit(1)
    .executeTakeFirst();
  return (row as { gameId: string } | undefined)?.gameId;
}

export async function failedQuestIds(db: Executor, userId: string, gameId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_quest_failed')
    .select('questId')
    .where('userId', '=', userId)
    .where('gameId', '=', gameId)
    .orderBy('questId')
    .execute();
  return rows.map((r) => r.questId);
}

/** Marks quests failed (or not), a few hundred per statement. */
export async function markFailed(
  db: Executor,
  key: { userId: string; gameId: string },
  questIds: readonly string[],
  failed: boolean,
) {
  const failedAt = new Date().toISOString();
  for (const part of inChunks(questIds)) {
    if (failed)
      await db
        .insertInto('user_quest_failed')
        .values(part.map((questId) => ({ ...key, questId, failedAt })))
        .onConflict((oc) => oc.columns(['userId', 'gameId', 'questId']).doNothing())
        .execute();
    else
      await db
        .deleteFrom('user_quest_failed')
        .where('userId', '=', key.userId)
        .where('gameId', '=', key.gameId)
        .where('questId', 'in', part)
        .execute();
  }
}

export async function taskObjectives(db: Executor, userId: string, gameId: string) {
  return db
    .selectFrom('user_task_objective')
    .select(['objectiveId', 'complete', 'count'])
    .where('userId', '=', userId)
    .where('gameId', '=', gameId)
    .orderBy('objectiveId')
    .execute();
}

/** Sets an objective's state and/or count (one single-row upsert; what is not given stays). */
export async function setTaskObjective(
  db: Executor,
  key: { userId: string; gameId: string; objectiveId: string },
  change: { complete?: boolean; count?: number },
) {
  const values = { ...key, complete: change.complete ? 1 : 0, count: change.count ?? 0 };
  const set: { complete?: number; count?: number } = {};
  if (change.complete !== undefined) set.complete = change.complete ? 1 : 0;
  if (change.count !== undefined) set.count = change.count;
  await db
    .insertInto('user_task_objective')
    .values(values)
    .onConflict((oc) => oc.columns(['userId', 'gameId', 'objectiveId']).doUpdateSet(set))
    .execute();
}

export async function gameSettingsOf(db: Executor, userId: string, gameId: string) {
  return db
    .selectFrom('user_game_setting')
    .select(['gameEdition', 'pmcFaction'])
    .where('userId', '=', userId)
    .where('gameId', '=', gameId)
    .executeTakeFirst();
}

export async function saveGameSettings(
  db: Executor,
  key: { userId: string; gameId: string },
  settings: { gameEdition: number; pmcFaction: string },
) {
  await db
    .insertInto('user_game_setting')
    .values({ ...key, ...settings })
    .onConflict((oc) => oc.columns(['userId', 'gameId']).doUpdateSet(settings))
    .execute();
}
