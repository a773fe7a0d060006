import { HttpError, request } from '../../api/client.ts';
import { getSession } from '../../api/session.ts';
import { queryClient } from '../../app/query-client.ts';
import {
  applyQueued,
  type CompletionStore,
  type DrainOutcome,
  drain,
  newStamp,
  type Sender,
} from './completion-queue.ts';
import { idbCompletionStore } from './completion-store.ts';
import { completedMarkersKey } from './keys.ts';

const queue: CompletionStore = idbCompletionStore;

const sender: Sender = {
  send: (markerId, completed, at) =>
    request(
      'POST',
      `/usercompletedmarkers/${completed ? 'markCompleted' : 'markUncompleted'}/${encodeURIComponent(markerId)}`,
      at ? { at } : undefined,
    ),
  // No answer at all (offline, connection lost), the session is over, or the server is busy: later.
  retryable: (error) =>
    !(error instanceof HttpError) || [401, 408, 429].includes(error.status) || error.status >= 500,
  online: () => navigator.onLine,
};

let chain: Promise<unknown> = Promise.resolve();

/** One drain at a time: in this tab through the chain, across tabs through a Web Lock. */
function serialized<T>(run: () => Promise<T>): Promise<T> {
  const locked = (): Promise<T> =>
    navigator.locks ? (navigator.locks.request('waypoint-completions', run) as Promise<T>) : run();
  const next = chain.then(locked, locked);
  chain = next.catch(() => {});
  return next;
}

/**
 * Saves a player's tick: queued first, then sent with anything else waiting. Answers 'queued' when
 * it has to wait for the network; throws when the server refuses it.
 */
export async function saveCompletion(
  userId: string,
  markerId: string,
  completed: boolean,
): Promise<'sent' | 'queued'> {
  const at = new Date().toISOString();
  try {
    await queue.put({ userId, markerId, completed, stamp: newStamp(), at });
  } catch {
    // No IndexedDB (a locked-down browser): straight to the server.
    await sender.send(markerId, completed, at);
    return 'sent';
  }
  const outcome: DrainOutcome = await serialized(() => drain(queue, userId, sender));
  if (outcome.rejected.has(markerId)) throw outcome.rejected.get(markerId);
  return outcome.remaining.has(markerId) ? 'queued' : 'sent';
}

/** The server's list of completed markers with the player's queued ticks applied. */
export async function withQueued(userId: string, list: string[]): Promise<string[]> {
  try {
    return applyQueued(list, await queue.all(userId));
  } catch {
    return list;
  }
}

/** Sends what the signed-in player queued (at start and when the browser is back online). */
export async function replayCompletions(): Promise<void> {
  const session = getSession();
  if (!session || !navigator.onLine) return;
  let outcome: DrainOutcome;
  try {
    outcome = await serialized(() => drain(queue, session.id, sender));
  } catch {
    return;
  }
  if (outcome.sent > 0 || outcome.rejected.size > 0)
    await queryClient.invalidateQueries({ queryKey: completedMarkersKey(session.id) });
}
