import type { TMapPins, TPin } from '@waypoint/shared/pins/schemas';
import { HttpError, request } from '../../../api/client.ts';
import { getSession } from '../../../api/session.ts';
import { queryClient } from '../../../app/query-client.ts';
import { newStamp } from '../../offline/completion-queue.ts';
import { pinKeys } from './pin-keys.ts';
import {
  applyQueuedPins,
  drainPins,
  mergeWrites,
  type PinDrainOutcome,
  type PinSender,
  type PinWrite,
  type PinWriteStore,
  targetOf,
} from './pin-queue.ts';
import { idbPinStore } from './pin-store.ts';

const queue: PinWriteStore = idbPinStore;
const path = encodeURIComponent;

async function send(mapId: string, write: PinWrite): Promise<unknown> {
  const base = `/user/pins/${path(mapId)}`;
  switch (write.kind) {
    case 'create': {
      const stored = await request<TPin>('POST', base, write.pin);
      // A create sent again answers the pin as first stored: changes made since follow it.
      const { id, ...wanted } = write.pin;
      const differs = (Object.keys(wanted) as (keyof typeof wanted)[]).some((k) => stored[k] !== wanted[k]);
      return differs ? request('PATCH', `${base}/${path(id)}`, wanted) : stored;
    }
    case 'change':
      return request('PATCH', `${base}/${path(write.pinId)}`, write.change);
    case 'delete':
      return request('DELETE', `${base}/${path(write.pinId)}`);
    case 'note':
      return request('PUT', `/user/marker-notes/${path(write.markerId)}`, { note: write.note });
  }
}

const sender: PinSender = {
  send,
  retryable: (error) =>
    !(error instanceof HttpError) || [401, 408, 429].includes(error.status) || error.status >= 500,
  done: (write, error) => write.kind === 'delete' && error instanceof HttpError && error.status === 404,
  online: () => navigator.onLine,
};

let chain: Promise<unknown> = Promise.resolve();

/** One drain at a time: in this tab through the chain, across tabs through a Web Lock. */
function serialized<T>(run: () => Promise<T>): Promise<T> {
  const locked = (): Promise<T> =>
    navigator.locks ? (navigator.locks.request('waypoint-pins', run) as Promise<T>) : run();
  const next = chain.then(locked, locked);
  chain = next.catch(() => {});
  return next;
}

/**
 * Saves a pin or note write: queued first (merged with what waits for the same pin), then sent with
 * anything else waiting. Answers 'queued' when it has to wait for the network; throws when the
 * server refuses it.
 */
export async function savePinWrite(
  userId: string,
  mapId: string,
  write: PinWrite,
): Promise<'sent' | 'queued'> {
  const target = targetOf(write);
  try {
    const merged = mergeWrites((await queue.get(userId, target))?.write, write);
    if (merged)
      await queue.put({
        userId,
        mapId,
        target,
        write: merged,
        stamp: newStamp(),
        at: new Date().toISOString(),
      });
    else await queue.delete(userId, target);
  } catch {
    // No IndexedDB (a locked-down browser): straight to the server.
    await send(mapId, write);
    return 'sent';
  }
  const outcome: PinDrainOutcome = await serialized(() => drainPins(queue, userId, sender));
  if (outcome.rejected.has(target)) throw outcome.rejected.get(target);
  return outcome.remaining.has(target) ? 'queued' : 'sent';
}

/** The server's answer with the player's waiting writes applied. */
export async function withQueuedPins(userId: string, answer: TMapPins): Promise<TMapPins> {
  try {
    return applyQueuedPins(answer, await queue.all(userId));
  } catch {
    return answer;
  }
}

/** Sends what the signed-in player queued (at start and when the browser is back online). */
export async function replayPins(): Promise<void> {
  const session = getSession();
  if (!session || !navigator.onLine) return;
  let outcome: PinDrainOutcome;
  try {
    outcome = await serialized(() => drainPins(queue, session.id, sender));
  } catch {
    return;
  }
  if (outcome.sent > 0 || outcome.rejected.size > 0)
    await queryClient.invalidateQueries({ queryKey: pinKeys.all(session.id) });
}
