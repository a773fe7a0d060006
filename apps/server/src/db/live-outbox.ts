import type { LiveEvent } from '@waypoint/shared/live/events';

/** A live event with whom it is for: users (their streams) or a game (the streams open on it). */
export type LiveMessage = LiveEvent & { userIds?: string[]; gameId?: string };

/**
 * Live events of committed writes, handed to the live feature (features/live), which sends them to
 * every process's open streams. Kept on the `Db` like the session and content changes, so that code
 * holding only a transaction (a notification written in a suggestion's decision) can queue one;
 * without a listener (command-line tools) they go nowhere.
 */
export interface LiveOutbox {
  /** Sends `message` now: the write it tells of is committed. */
  publish(message: LiveMessage): void;
  onPublish(listener: (message: LiveMessage) => void): () => void;
}

export function createLiveOutbox(): LiveOutbox {
  const listeners = new Set<(message: LiveMessage) => void>();
  return {
    publish(message) {
      for (const listener of listeners) listener(message);
    },
    onPublish(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The messages queued in each open transaction (`inTransaction`), published after its commit. */
export const queuedInTransaction = new WeakMap<object, LiveMessage[]>();
/** Each database's outbox by its Kysely instance: a message queued outside a transaction goes at once. */
export const outboxOfExecutor = new WeakMap<object, LiveOutbox>();

/**
 * Queues a live event in the transaction `executor` (published once it commits, never if it rolls
 * back); outside a transaction, the write is already committed and it is published at once.
 */
export function queueLiveMessage(executor: object, message: LiveMessage): void {
  const queued = queuedInTransaction.get(executor);
  if (queued) queued.push(message);
  else outboxOfExecutor.get(executor)?.publish(message);
}
