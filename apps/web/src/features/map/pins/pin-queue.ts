/**
 * A player's pin and note writes on their way to the server, like marker ticks (offline/
 * completion-queue.ts): each write is first kept in a persistent queue, one entry per pin or marker
 * note holding what the player wants last, and leaves it once the server has it. Every write can be
 * sent twice safely: a pin is created under the id the device chose (the server answers the stored
 * pin for a repeated create), a change sets fields, a delete of a pin already gone is done, a note is
 * set whole.
 */
import type { TMapPins, TPin, TPinChange, TPinInput } from '@waypoint/shared/pins/schemas';

export type PinWrite =
  | { kind: 'create'; pin: TPinInput & { id: string } }
  | { kind: 'change'; pinId: string; change: TPinChange }
  | { kind: 'delete'; pinId: string }
  | { kind: 'note'; markerId: string; note: string };

export interface QueuedPinWrite {
  userId: string;
  mapId: string;
  /** `pin:{id}` or `note:{markerId}`: one entry each. */
  target: string;
  write: PinWrite;
  /** Tells this entry from a later one of the same target. */
  stamp: string;
  /** When the player made it (ISO time). */
  at: string;
}

export interface PinWriteStore {
  all(userId: string): Promise<QueuedPinWrite[]>;
  get(userId: string, target: string): Promise<QueuedPinWrite | undefined>;
  put(entry: QueuedPinWrite): Promise<void>;
  delete(userId: string, target: string): Promise<void>;
  /** Removes the entry, unless a later write of the same target replaced it meanwhile. */
  removeIf(entry: QueuedPinWrite): Promise<void>;
}

export interface PinSender {
  send(mapId: string, write: PinWrite): Promise<unknown>;
  /** A failure worth trying again later (network, session, server busy) rather than a refusal. */
  retryable(error: unknown): boolean;
  /** A refusal that still means done (deleting a pin that is gone). */
  done(write: PinWrite, error: unknown): boolean;
  online(): boolean;
}

export const targetOf = (write: PinWrite) =>
  write.kind === 'note'
    ? `note:${write.markerId}`
    : `pin:${write.kind === 'create' ? write.pin.id : write.pinId}`;

/**
 * The write to keep when `next` follows `queued` for the same target: a change of a pin not yet
 * created is part of its create; a delete of a pin never sent removes both (undefined).
 */
export function mergeWrites(queued: PinWrite | undefined, next: PinWrite): PinWrite | undefined {
  if (queued?.kind === 'create') {
    if (next.kind === 'change') return { kind: 'create', pin: { ...queued.pin, ...next.change } };
    if (next.kind === 'delete') return undefined;
  }
  if (queued?.kind === 'change' && next.kind === 'change') {
    return { kind: 'change', pinId: next.pinId, change: { ...queued.change, ...next.change } };
  }
  return next;
}

/** The map's pins and notes as the server answered them, with the player's waiting writes applied. */
export function applyQueuedPins(answer: TMapPins, queued: readonly QueuedPinWrite[]): TMapPins {
  let pins = answer.pins;
  let notes = answer.notes;
  for (const { write, mapId, at } of queued) {
    if (mapId !== answer.mapId) continue;
    if (write.kind === 'create' && !pins.some((p) => p.id === write.pin.id)) {
      const pin: TPin = { ...write.pin, mapId, createdAt: at, updatedAt: at };
      pins = [...pins, pin];
    } else if (write.kind === 'change') {
      pins = pins.map((p) => (p.id === write.pinId ? { ...p, ...write.change, updatedAt: at } : p));
    } else if (write.kind === 'delete') {
      pins = pins.filter((p) => p.id !== write.pinId);
    } else if (write.kind === 'note') {
      const rest = notes.filter((n) => n.markerId !== write.markerId);
      notes = write.note ? [...rest, { markerId: write.markerId, note: write.note, updatedAt: at }] : rest;
    }
  }
  return { ...answer, pins, notes };
}

export interface PinDrainOutcome {
  sent: number;
  /** Targets the server refused: dropped from the queue. */
  rejected: Map<string, unknown>;
  /** Targets still waiting. */
  remaining: Set<string>;
}

/** Sends the player's waiting writes until none is left or sending has to wait. */
export async function drainPins(
  store: PinWriteStore,
  userId: string,
  sender: PinSender,
): Promise<PinDrainOutcome> {
  const outcome: PinDrainOutcome = { sent: 0, rejected: new Map(), remaining: new Set() };
  const handled = new Map<string, string>();
  for (;;) {
    const queued = (await store.all(userId)).sort((a, b) => a.at.localeCompare(b.at));
    const todo = queued.filter((e) => handled.get(e.target) !== e.stamp);
    if (todo.length === 0) return outcome;
    if (!sender.online()) {
      for (const e of queued) outcome.remaining.add(e.target);
      return outcome;
    }
    for (const [i, entry] of todo.entries()) {
      try {
        await sender.send(entry.mapId, entry.write);
        outcome.sent++;
      } catch (error) {
        if (sender.retryable(error)) {
          for (const e of todo.slice(i)) outcome.remaining.add(e.target);
          return outcome;
        }
        if (!sender.done(entry.write, error)) outcome.rejected.set(entry.target, error);
      }
      handled.set(entry.target, entry.stamp);
      await store.removeIf(entry);
    }
  }
}
