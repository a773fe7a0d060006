import { useQueryClient } from '@tanstack/react-query';
import { useLiveUpdates } from '../live/use-live.ts';
import { toolKeys } from './data.ts';

/**
 * A tool page without reload: the player's quests, items and hideout changed on another device or by
 * a companion app are read again, and so is the game's content an accepted change touched.
 */
export function useToolLiveUpdates(gameId: string) {
  const client = useQueryClient();
  useLiveUpdates(gameId || undefined, {
    progress(change, userId) {
      if (!userId || change.what === 'markers') return;
      if (change.gameId !== undefined && change.gameId !== gameId) return;
      const keys =
        change.what === 'all'
          ? [
              toolKeys.questSave(userId, gameId),
              toolKeys.itemsSave(userId, gameId),
              toolKeys.hideoutSave(userId, gameId),
            ]
          : [
              {
                quests: toolKeys.questSave(userId, gameId),
                items: toolKeys.itemsSave(userId, gameId),
                hideout: toolKeys.hideoutSave(userId, gameId),
              }[change.what],
            ];
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    },
    content(change) {
      if (change.gameId !== gameId) return;
      // The tools read a game's lists by model (`quests`, `items`, …, keyed with the game).
      for (const model of change.models)
        void client.invalidateQueries({ queryKey: [`${model}s`, { gameId }] });
    },
  });
}
