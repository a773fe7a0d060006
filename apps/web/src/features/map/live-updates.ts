import { useQueryClient } from '@tanstack/react-query';
import { useLiveUpdates } from '../live/use-live.ts';
import { mapKeys } from './queries.ts';

/**
 * The open map without reload: the player's ticks from another device or a companion app change its
 * found markers (the same list a tick here changes), their quests the quest panel, and accepted
 * changes of this map's markers read the markers again.
 */
export function useMapLiveUpdates(gameId: string, mapId: string) {
  const client = useQueryClient();
  useLiveUpdates(gameId, {
    progress(change, userId) {
      if (!userId) return;
      if (change.what === 'markers') {
        const ids = new Set(change.markerIds);
        client.setQueryData<string[]>(mapKeys.completedMarkers(userId), (list) => {
          if (!list) return list;
          const rest = list.filter((id) => !ids.has(id));
          return change.completed ? [...rest, ...change.markerIds] : rest;
        });
        return;
      }
      if (change.what === 'all')
        void client.invalidateQueries({ queryKey: mapKeys.completedMarkers(userId) });
      if (change.what === 'quests' || change.what === 'all')
        void client.invalidateQueries({ queryKey: mapKeys.questSave(userId, gameId) });
    },
    content(change) {
      if (change.gameId !== gameId) return;
      if (change.mapIds.length > 0 && !change.mapIds.includes(mapId)) return;
      void client.invalidateQueries({ queryKey: mapKeys.markerData(mapId) });
      void client.invalidateQueries({ queryKey: mapKeys.quests(mapId) });
    },
  });
}
