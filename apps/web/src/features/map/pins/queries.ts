import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMapPins } from '@waypoint/shared/pins/schemas';
import { api } from '../../../api/client.ts';
import type { Session } from '../../../api/session.ts';
import { pinKeys } from './pin-keys.ts';
import { applyQueuedPins, type PinWrite, type QueuedPinWrite } from './pin-queue.ts';

/** The write queue (IndexedDB) loads with the first read or write of a player's pins. */
const pinQueue = () => import('./pin-replay.ts');

/** The player's pins and marker notes on one map, with their waiting writes applied. */
export function mapPinsQuery(session: Session | null, mapId: string) {
  return {
    queryKey: pinKeys.map(session?.id ?? '', mapId),
    queryFn: async () => {
      // The queue's code loads while the pins are on their way.
      const [answer, queue] = await Promise.all([
        api.get<TMapPins>(`/user/pins/${encodeURIComponent(mapId)}`),
        pinQueue(),
      ]);
      return queue.withQueuedPins(session!.id, answer);
    },
    enabled: Boolean(session),
    staleTime: 60_000,
  };
}

export function useMapPins(session: Session | null, mapId: string) {
  return useQuery(mapPinsQuery(session, mapId));
}

/** Places, changes or deletes a pin, or sets a marker note: shown at once, queued while offline. */
export function useSavePinWrite(session: Session | null, mapId: string) {
  const client = useQueryClient();
  const key = pinKeys.map(session?.id ?? '', mapId);
  return useMutation({
    networkMode: 'always',
    mutationFn: async (write: PinWrite) => {
      if (!session) throw new Error('Not logged in');
      return (await pinQueue()).savePinWrite(session.id, mapId, write);
    },
    onMutate: async (write) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<TMapPins>(key);
      const at = new Date().toISOString();
      const entry = { userId: session?.id ?? '', mapId, target: '', write, stamp: '', at } as QueuedPinWrite;
      client.setQueryData<TMapPins>(key, applyQueuedPins(before ?? { mapId, pins: [], notes: [] }, [entry]));
      return { before };
    },
    onError: (_error, _write, context) => client.setQueryData(key, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
