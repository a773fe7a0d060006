import { serverMessages } from '@waypoint/shared';
import { defaultGameSettings, type GameSettings } from '@waypoint/shared/api-tokens/schemas';
import type { TaskState } from '@waypoint/shared/api-tokens/tarkov-tracker';
import { maxPlayerLevel } from '@waypoint/shared/domain/quests';
import { type Db, inTransaction } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { ApiPrincipal } from '../auth/policy.ts';
import { publishProgressChange } from '../live/publish.ts';
import { recordExists } from '../models/models.repository.ts';
import { completedQuestIds, markQuests, playerLevel, setLevel } from '../progress/progress.repository.ts';
import { DEFAULT_PLAYER_LEVEL } from '../progress/progress.service.ts';
import { membershipOf, membersOf } from '../teams/teams.repository.ts';
import {
  failedQuestIds,
  firstGameWithImportedQuests,
  gameSettingsOf,
  importedQuestsOfGame,
  markFailed,
  saveGameSettings,
  setTaskObjective,
  taskObjectives,
} from './tarkov-tracker.repository.ts';
import { taskIdMap } from './task-ids.ts';

/** Objective rows one player may keep per game (companion apps send tarkov.dev's objective ids). */
export const maxTrackedObjectives = 5_000;

/** One entry of a progress list, in TarkovTracker's shape. */
export interface ProgressItem {
  id: string;
  complete: boolean;
  count?: number;
  failed?: boolean;
  invalid?: boolean;
}

/** A player's progress in TarkovTracker's shape (`Progress` of its OpenAPI document). */
export interface TrackerProgress {
  playerLevel: number;
  gameEdition: number;
  pmcFaction: string;
  displayName: string;
  userId: string;
  /** The published document's name for the task list. */
  taskProgress: ProgressItem[];
  /** TarkovTracker's handlers and TarkovMonitor use this name: the same list under both. */
  tasksProgress: ProgressItem[];
  taskObjectivesProgress: ProgressItem[];
  hideoutModulesProgress: ProgressItem[];
  hideoutPartsProgress: ProgressItem[];
}

export type ObjectiveChange = { complete?: boolean; count?: number };

export function createTarkovTrackerService(db: Db) {
  const k = db.kysely;

  /** The game a token speaks to: its own, or for a token of every game the first with imported quests. */
  async function gameOf(principal: ApiPrincipal): Promise<string | undefined> {
    return principal.gameId ?? (await firstGameWithImportedQuests(k));
  }

  async function progressOf(userId: string, username: string, gameId: string | undefined) {
    const settings = (gameId && (await gameSettingsOf(k, userId, gameId))) || defaultGameSettings;
    const base = {
      playerLevel: (gameId && (await playerLevel(k, userId, gameId))) || DEFAULT_PLAYER_LEVEL,
      gameEdition: settings.gameEdition,
      pmcFaction: settings.pmcFaction,
      displayName: username,
      userId,
    };
    const tasks: ProgressItem[] = [];
    const objectives: ProgressItem[] = [];
    if (gameId) {
      const ids = taskIdMap(await importedQuestsOfGame(k, gameId));
      const failed = new Set(await failedQuestIds(k, userId, gameId));
      for (const questId of await completedQuestIds(k, userId, gameId)) {
        const id = ids.taskOf.get(questId);
        if (id && !failed.has(questId)) tasks.push({ id, complete: true });
      }
      for (const questId of failed) {
        const id = ids.taskOf.get(questId);
        if (id) tasks.push({ id, complete: false, failed: true });
      }
      for (const row of await taskObjectives(k, userId, gameId))
        objectives.push({ id: row.objectiveId, complete: Boolean(row.complete), count: Number(row.count) });
    }
    return {
      ...base,
      taskProgress: tasks,
      tasksProgress: tasks,
      taskObjectivesProgress: objectives,
      // Hideout progress is kept per module level here; tarkov.dev's level and requirement ids are
      // not kept by the import, so these lists stay empty.
      hideoutModulesProgress: [],
      hideoutPartsProgress: [],
    } satisfies TrackerProgress;
  }

  return {
    async progress(principal: ApiPrincipal) {
      return progressOf(principal.userId, principal.username, await gameOf(principal));
    },

    /**
     * The progress of the player's team in the token's game: the player first, then each teammate
     * who shares progress; those who do not are named in `hidden`. A player in no team is alone.
     * Membership is read on every call, so a member who left or was removed reads nothing more.
     */
    async teamProgress(principal: ApiPrincipal) {
      const gameId = await gameOf(principal);
      const own = await progressOf(principal.userId, principal.username, gameId);
      const membership = gameId ? await membershipOf(k, principal.userId, gameId) : undefined;
      if (!membership) return { data: [own], hidden: [] as string[] };
      const data = [own];
      const hidden: string[] = [];
      for (const member of await membersOf(k, membership.teamId)) {
        if (member.userId === principal.userId) continue;
        if (!member.shareProgress) hidden.push(member.userId);
        else data.push(await progressOf(member.userId, member.username, gameId));
      }
      return { data, hidden };
    },

    /** Sets the player's level in the token's game; false when the value is no level (a 400). */
    async setLevel(principal: ApiPrincipal, raw: string): Promise<boolean> {
      // As TarkovTracker reads it: the leading whole number.
      const level = Number.parseInt(raw, 10);
      if (Number.isNaN(level) || level < 1 || level > maxPlayerLevel) return false;
      const gameId = await gameOf(principal);
      if (gameId) {
        await setLevel(k, principal.userId, gameId, level);
        // The player's open quest tracker hears of it (live updates).
        publishProgressChange(db, principal.userId, { what: 'quests', gameId });
      }
      return true;
    },

    /**
     * Applies task states by source task id, in one transaction. Ids of tasks the game does not have
     * are passed over, as TarkovTracker accepts any id; answers how many were applied.
     */
    async setTasks(principal: ApiPrincipal, updates: readonly { id: string; state: TaskState }[]) {
      const gameId = await gameOf(principal);
      if (!gameId) return 0;
      const ids = taskIdMap(await importedQuestsOfGame(k, gameId));
      // The last state sent for a task wins.
      const states = new Map<string, TaskState>();
      for (const { id, state } of updates) {
        const questId = ids.questOf.get(id);
        if (questId) states.set(questId, state);
      }
      const of = (state: TaskState) => [...states].filter(([, s]) => s === state).map(([q]) => q);
      const key = { userId: principal.userId, gameId };
      await inTransaction(db, async (trx) => {
        await markQuests(trx, key.userId, gameId, of('completed'), true);
        await markQuests(trx, key.userId, gameId, [...of('uncompleted'), ...of('failed')], false);
        await markFailed(trx, key, [...of('completed'), ...of('uncompleted')], false);
        await markFailed(trx, key, of('failed'), true);
      });
      if (states.size > 0) publishProgressChange(db, key.userId, { what: 'quests', gameId });
      return states.size;
    },

    /** Sets an objective's state and/or count; false when the player tracks too many already. */
    async setObjective(principal: ApiPrincipal, objectiveId: string, change: ObjectiveChange) {
      const gameId = await gameOf(principal);
      if (!gameId) return true;
      return inTransaction(db, async (trx) => {
        const rows = await taskObjectives(trx, principal.userId, gameId);
        if (rows.length >= maxTrackedObjectives && !rows.some((r) => r.objectiveId === objectiveId))
          return false;
        await setTaskObjective(trx, { userId: principal.userId, gameId, objectiveId }, change);
        return true;
      });
    },

    /** A player's edition and faction in a game (TarkovTracker's defaults until chosen). */
    async gameSettings(userId: string, gameId: string): Promise<GameSettings & { playerLevel: number }> {
      if (!(await recordExists(k, 'game', gameId))) throw notFound(serverMessages.notFound('Game', gameId));
      const settings = await gameSettingsOf(k, userId, gameId);
      return {
        gameEdition: settings?.gameEdition ?? defaultGameSettings.gameEdition,
        pmcFaction: (settings?.pmcFaction as GameSettings['pmcFaction']) ?? defaultGameSettings.pmcFaction,
        playerLevel: (await playerLevel(k, userId, gameId)) ?? DEFAULT_PLAYER_LEVEL,
      };
    },

    async saveGameSettings(userId: string, gameId: string, settings: GameSettings) {
      if (!(await recordExists(k, 'game', gameId))) throw notFound(serverMessages.notFound('Game', gameId));
      await saveGameSettings(k, { userId, gameId }, settings);
      return this.gameSettings(userId, gameId);
    },
  };
}

export type TarkovTrackerService = ReturnType<typeof createTarkovTrackerService>;
