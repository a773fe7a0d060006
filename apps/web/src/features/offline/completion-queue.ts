/**
 * Marker completions on their way to the server. Every tick is first written to a persistent queue
 * (one entry per player and marker: the state the player wants last), then sent; an entry leaves
 * the queue only once the server has it. Sending sets a state (markCompleted / markUncompleted), so
 * sending an entry twice changes nothing, and a tick made while offline survives a reload.
 */

export interface QueuedCompletion {
  userId: string;
  markerId: string;
  completed: boolean;
  /** Tells this write from a later one of the same marker. */
  stamp: string;
  /** When the player ticked (ISO time; absent in entries queued by earlier versions). */
  at?: string;
}

export interface CompletionStore {
  all(userId: string): Promise<QueuedCompletion[]>;
  put(entry: QueuedCompletion): Promise<void>;
  /** Removes the entry, unless a later write of the same marker replaced it meanwhile. */
  removeIf(entry: QueuedCompletion): Promise<void>;
}

export interface DrainOutcome {
  sent: number;
  /** Markers the server refused (gone, not completable): dropped from the queue. */
  rejected: Map<string, unknown>;
  /** Markers still waiting (offline, or the server could not take them now). */
  remaining: Set<string>;
}

export interface Sender {
  /** Sends the tick with the time it was made, so a late one never undoes a newer choice. */
  send(markerId: string, completed: boolean, at?: string): Promise<unknown>;
  /** A failure worth trying again later (network, session, server busy) rather than a refusal. */
  retryable(error: unknown): boolean;
  online(): boolean;
}

/** The player's completed markers as the server listed them, with the queued ticks applied. */
export function applyQueued(list: readonly string[], queued: readonly QueuedCompletion[]): string[] {
  const out = new Set(list);
  for (const entry of queued) {
    if (entry.completed) out.add(entry.markerId);
    else out.delete(entry.markerId);
  }
  return [...out];
}

export function newStamp(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Sends the player's queued completions until the queue is empty or sending has to wait. Entries
 * written while it runs are picked up before it ends.
 */
export async function drain(store: CompletionStore, userId: string, sender: Sender): Promise<DrainOutcome> {
  const outcome: DrainOutcome = { sent: 0, rejected: new Map(), remaining: new Set() };
  const handled = new Map<string, string>();
  for (;;) {
    const queued = await store.all(userId);
    // Entries already sent or refused in this run and not written again since are done.
    const todo = queued.filter((e) => handled.get(e.markerId) !== e.stamp);
    if (todo.length === 0) return outcome;
    if (!sender.online()) {
      for (const e of queued) outcome.remaining.add(e.markerId);
      return outcome;
    }
    for (const [i, entry] of todo.entries()) {
      try {
        await sender.send(entry.markerId, entry.completed, entry.at);
        outcome.sent++;
        outcome.rejected.delete(entry.markerId);
      } catch (error) {
        if (sender.retryable(error)) {
          for (const e of todo.slice(i)) outcome.remaining.add(e.markerId);
          return outcome;
        }
        outcome.rejected.set(entry.markerId, error);
      }
      handled.set(entry.markerId, entry.stamp);
      await store.removeIf(entry);
    }
  }
}
