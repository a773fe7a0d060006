import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import {
  type Counter,
  canDecrease,
  canIncrease,
  changeOwnedQuantity,
  setBuiltLevel,
} from '@waypoint/shared/domain/items';
import { questsUnlockedBy, withObjectiveTick } from '@waypoint/shared/domain/quests';
import type { TQuest } from '@waypoint/shared/models/types';
import { useRef } from 'react';
import { HttpError } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { toast } from '../../components/toast.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { toolMessages } from '../../i18n/messages/tool-messages.ts';
import { type HideoutSave, type ItemsSave, progressApi, type QuestSave, toolKeys } from './data.ts';

/** How long the Undo toast of a completion change stays. */
export const undoToastMs = constants.undoGraceMs;

function errorText(error: unknown): string {
  if (error instanceof HttpError && error.status === 400 && error.body?.message) return error.body.message;
  return toolMessages.progressNotSaved;
}

/**
 * Applies a server answer only when no other change of the same save is still on its way
 * (`saveKey` is the mutation key prefix shared by every change of that save).
 */
function settle<T>(qc: QueryClient, key: readonly unknown[], saveKey: readonly unknown[], data: T) {
  if (qc.isMutating({ mutationKey: saveKey }) <= 1) qc.setQueryData(key, data);
}

/** Mutation keys of the changes of one game's quest save (completion, objectives, level) start so. */
const questSaveMutations = (gameId: string) => ['progress', 'quest-save', gameId] as const;

export interface CompletionChange {
  quest: Pick<TQuest, '_id' | 'name'>;
  /** Quests of its chain changed with it (prerequisites or dependents): one change, one Undo. */
  with?: readonly Pick<TQuest, '_id' | 'name'>[];
  completed: boolean;
  /** An undo: no new Undo toast for it. */
  undo?: boolean;
}

/**
 * Completing and un-completing quests: the list updates at once (followers unlock immediately),
 * a five-second Undo toast follows every change, and a refused change is rolled back with a toast.
 */
export function useQuestCompletion(gameId: string, quests: readonly TQuest[]) {
  const qc = useQueryClient();
  const session = useSession();
  const key = toolKeys.questSave(session?.id ?? '', gameId);
  const saveKey = questSaveMutations(gameId);
  const latest = useRef(quests);
  latest.current = quests;

  const mutation = useMutation({
    mutationKey: [...saveKey, 'completion'],
    mutationFn: ({ quest, with: chain = [], completed }: CompletionChange) =>
      chain.length === 0
        ? progressApi.complete(gameId, quest._id, completed)
        : progressApi.completeMany(gameId, [...chain.map((q) => q._id), quest._id], completed),
    onMutate: async (change: CompletionChange) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<QuestSave>(key);
      const before = previous?.completedQuests ?? [];
      const ids = new Set([...(change.with ?? []).map((q) => q._id), change.quest._id]);
      const after = change.completed
        ? [...new Set([...before, ...ids])]
        : before.filter((id) => !ids.has(id));
      qc.setQueryData<QuestSave>(key, (old) => (old ? { ...old, completedQuests: after } : old));
      const toastId = `quest-undo-${change.quest._id}`;
      if (!change.undo) {
        const unlocked = change.completed ? questsUnlockedBy(change.quest._id, latest.current, after) : [];
        showUndoToast(toastId, change, unlocked, () =>
          mutation.mutate({ ...change, completed: !change.completed, undo: true }),
        );
      }
      return { previous, toastId };
    },
    onError: (error, _change, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
      if (context?.toastId) notifications.hide(context.toastId);
      toast.error(errorText(error));
      void qc.invalidateQueries({ queryKey: key });
    },
    onSuccess: (save) => settle(qc, key, saveKey, save),
  });
  return mutation;
}

export interface ObjectiveChange {
  questId: string;
  /** The objective's index in the quest's objectives. */
  objective: number;
  done: boolean;
}

/**
 * Ticking and unticking quest objectives: the tick shows at once and is taken back with a toast when
 * the server refuses it (other ticks on their way stay). Ticks never complete a quest.
 */
export function useObjectiveTicks(gameId: string) {
  const qc = useQueryClient();
  const session = useSession();
  const key = toolKeys.questSave(session?.id ?? '', gameId);
  const saveKey = questSaveMutations(gameId);
  const apply = (change: ObjectiveChange, done: boolean) =>
    qc.setQueryData<QuestSave>(key, (old) =>
      old
        ? {
            ...old,
            completedObjectives: withObjectiveTick(
              old.completedObjectives ?? {},
              change.questId,
              change.objective,
              done,
            ),
          }
        : old,
    );
  return useMutation({
    mutationKey: [...saveKey, 'objectives'],
    mutationFn: ({ questId, objective, done }: ObjectiveChange) =>
      progressApi.tickObjective(gameId, questId, objective, done),
    onMutate: async (change: ObjectiveChange) => {
      await qc.cancelQueries({ queryKey: key });
      apply(change, change.done);
    },
    onError: (error, change) => {
      apply(change, !change.done);
      toast.error(errorText(error));
      void qc.invalidateQueries({ queryKey: key });
    },
    onSuccess: (save) => settle(qc, key, saveKey, save),
  });
}

function showUndoToast(id: string, change: CompletionChange, unlocked: TQuest[], onUndo: () => void) {
  const title = change.completed
    ? toolMessages.questCompleted(change.quest.name)
    : toolMessages.questPending(change.quest.name);
  notifications.hide(id);
  notifications.show({
    id,
    autoClose: undoToastMs,
    closeButtonProps: { 'aria-label': messages.close },
    color: change.completed ? 'teal' : 'blue',
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="undo-toast">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {change.with && change.with.length > 0 ? (
            <Text size="xs" c="dimmed">
              {toolMessages.questsChangedWith(change.with.length)}
            </Text>
          ) : null}
          {unlocked.length > 0 ? (
            <Text size="xs" c="dimmed">
              {toolMessages.questUnlocks(unlocked.map((q) => q.name).join(', '))}
            </Text>
          ) : null}
        </Stack>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          {messages.undo}
        </Button>
      </Group>
    ),
  });
}

/** Setting the player level: the list follows at once; a refused level is rolled back with a toast. */
export function useSetLevel(gameId: string) {
  const qc = useQueryClient();
  const session = useSession();
  const key = toolKeys.questSave(session?.id ?? '', gameId);
  const saveKey = questSaveMutations(gameId);
  return useMutation({
    mutationKey: [...saveKey, 'level'],
    mutationFn: (level: number) => progressApi.setLevel(gameId, level),
    onMutate: async (level: number) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<QuestSave>(key);
      qc.setQueryData<QuestSave>(key, (old) => (old ? { ...old, level } : old));
      return { previous };
    },
    onError: (error, _level, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
      toast.error(errorText(error));
    },
    onSuccess: (save) => settle(qc, key, saveKey, save),
  });
}

export interface CounterChange {
  itemId: string;
  findOnly: boolean;
  delta: 1 | -1;
  counter: Counter;
}

/**
 * The +/- buttons of Items To Keep: the count changes at once and the server applies the same +1 or
 * -1 atomically, so two open tabs never lose a count. Changes past the limits are not sent.
 */
export function useItemCounter(gameId: string) {
  const qc = useQueryClient();
  const session = useSession();
  const key = toolKeys.itemsSave(session?.id ?? '', gameId);
  const mutationKey = ['progress', 'items', gameId];
  const mutation = useMutation({
    mutationKey,
    mutationFn: ({ itemId, findOnly, delta }: CounterChange) =>
      progressApi.setItemQuantity(gameId, itemId, findOnly, delta === 1 ? '+1' : '-1'),
    onMutate: async ({ itemId, findOnly, delta, counter }: CounterChange) => {
      await qc.cancelQueries({ queryKey: key });
      qc.setQueryData<ItemsSave>(key, (old) =>
        old
          ? {
              ...old,
              itemsOwned: changeOwnedQuantity(old.itemsOwned, itemId, findOnly, delta, counter.required)
                .owned,
            }
          : old,
      );
    },
    onError: (error) => {
      toast.error(errorText(error));
      void qc.invalidateQueries({ queryKey: key });
    },
    onSuccess: (save) => settle(qc, key, mutationKey, save),
  });
  return {
    isPending: mutation.isPending,
    change(change: CounterChange) {
      const allowed = change.delta === 1 ? canIncrease(change.counter) : canDecrease(change.counter);
      if (allowed) mutation.mutate(change);
    },
  };
}

export interface HideoutLevelChange {
  moduleId: string;
  /** The level built after the change (0: nothing built). */
  level: number;
}

/**
 * Marking hideout module levels built: the needs of the page follow at once; a refused change is
 * rolled back with a toast.
 */
export function useHideoutLevel(gameId: string) {
  const qc = useQueryClient();
  const session = useSession();
  const key = toolKeys.hideoutSave(session?.id ?? '', gameId);
  const mutationKey = ['progress', 'hideout', gameId];
  return useMutation({
    mutationKey,
    mutationFn: ({ moduleId, level }: HideoutLevelChange) =>
      progressApi.setHideoutLevel(gameId, moduleId, level),
    onMutate: async ({ moduleId, level }: HideoutLevelChange) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<HideoutSave>(key);
      qc.setQueryData<HideoutSave>(key, (old) =>
        old ? { ...old, builtLevels: setBuiltLevel(old.builtLevels, moduleId, level) } : old,
      );
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
      toast.error(errorText(error));
      void qc.invalidateQueries({ queryKey: key });
    },
    onSuccess: (save) => settle(qc, key, mutationKey, save),
  });
}
