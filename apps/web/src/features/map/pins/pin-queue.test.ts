import type { TMapPins } from '@waypoint/shared/pins/schemas';
import { describe, expect, it } from 'vitest';
import { newStamp } from '../../offline/completion-queue.ts';
import {
  applyQueuedPins,
  drainPins,
  mergeWrites,
  type PinSender,
  type PinWrite,
  type PinWriteStore,
  type QueuedPinWrite,
  targetOf,
} from './pin-queue.ts';

const fields = { name: 'Stash', note: '', colour: 'red' as const, level: -1, x: 1, y: 2 };

/** The queue in memory, with the IndexedDB store's rules (one entry per player and target). */
function memoryStore() {
  const rows = new Map<string, QueuedPinWrite>();
  const key = (userId: string, target: string) => `${userId}/${target}`;
  const store: PinWriteStore = {
    all: async (userId) => [...rows.values()].filter((e) => e.userId === userId),
    get: async (userId, target) => rows.get(key(userId, target)),
    put: async (e) => {
      rows.set(key(e.userId, e.target), e);
    },
    delete: async (userId, target) => {
      rows.delete(key(userId, target));
    },
    removeIf: async (e) => {
      if (rows.get(key(e.userId, e.target))?.stamp === e.stamp) rows.delete(key(e.userId, e.target));
    },
  };
  /** Queues a write the way the page does: merged with what waits for the same target. */
  const queue = async (write: PinWrite, userId = 'u1') => {
    const target = targetOf(write);
    const merged = mergeWrites((await store.get(userId, target))?.write, write);
    if (merged) {
      await store.put({
        userId,
        mapId: 'm',
        target,
        write: merged,
        stamp: newStamp(),
        at: new Date().toISOString(),
      });
    } else await store.delete(userId, target);
  };
  return { rows, store, queue };
}

class Gone extends Error {}

function server() {
  const sent: string[] = [];
  const state = { online: true, down: false };
  const sender: PinSender = {
    send: async (_mapId, write) => {
      if (state.down) throw new TypeError('Failed to fetch');
      sent.push(`${write.kind} ${targetOf(write)}`);
      if (write.kind === 'delete' && write.pinId === 'pin_gone_0001') throw new Gone();
    },
    retryable: (error) => error instanceof TypeError,
    done: (write, error) => write.kind === 'delete' && error instanceof Gone,
    online: () => state.online,
  };
  return { sent, state, sender };
}

describe('the pin write queue', () => {
  it('folds a change of a pin not yet sent into its create, and a delete removes both', () => {
    const create: PinWrite = { kind: 'create', pin: { ...fields, id: 'pin_a_000001' } };
    expect(mergeWrites(create, { kind: 'change', pinId: 'pin_a_000001', change: { name: 'New' } })).toEqual({
      kind: 'create',
      pin: { ...fields, id: 'pin_a_000001', name: 'New' },
    });
    expect(mergeWrites(create, { kind: 'delete', pinId: 'pin_a_000001' })).toBeUndefined();
    expect(
      mergeWrites(
        { kind: 'change', pinId: 'p', change: { name: 'A', x: 3 } },
        { kind: 'change', pinId: 'p', change: { name: 'B' } },
      ),
    ).toEqual({ kind: 'change', pinId: 'p', change: { name: 'B', x: 3 } });
  });

  it('shows waiting writes over the server answer', () => {
    const answer: TMapPins = {
      mapId: 'm',
      pins: [{ ...fields, id: 'pin_old_0001', mapId: 'm', createdAt: 't', updatedAt: 't' }],
      notes: [{ markerId: 'mk1', note: 'old', updatedAt: 't' }],
    };
    const at = '2026-01-01T00:00:00.000Z';
    const entry = (write: PinWrite, mapId = 'm'): QueuedPinWrite => ({
      userId: 'u1',
      mapId,
      target: targetOf(write),
      write,
      stamp: 's',
      at,
    });
    const shown = applyQueuedPins(answer, [
      entry({ kind: 'create', pin: { ...fields, id: 'pin_new_0001', name: 'New' } }),
      entry({ kind: 'change', pinId: 'pin_old_0001', change: { note: 'changed' } }),
      entry({ kind: 'note', markerId: 'mk1', note: '' }),
      entry({ kind: 'note', markerId: 'mk2', note: 'fresh' }),
      entry({ kind: 'create', pin: { ...fields, id: 'pin_other_001' } }, 'other-map'),
    ]);
    expect(shown.pins.map((p) => [p.id, p.note])).toEqual([
      ['pin_old_0001', 'changed'],
      ['pin_new_0001', ''],
    ]);
    expect(shown.notes).toEqual([{ markerId: 'mk2', note: 'fresh', updatedAt: at }]);
  });

  it('keeps writes while offline and sends each once when back, a pin already gone counting as done', async () => {
    const { rows, store, queue } = memoryStore();
    const { sent, state, sender } = server();
    state.online = false;
    await queue({ kind: 'create', pin: { ...fields, id: 'pin_a_000001' } });
    await queue({ kind: 'change', pinId: 'pin_a_000001', change: { name: 'Renamed' } });
    await queue({ kind: 'note', markerId: 'mk1', note: 'hi' });
    await queue({ kind: 'delete', pinId: 'pin_gone_0001' });
    const waiting = await drainPins(store, 'u1', sender);
    expect(waiting.remaining.size).toBe(3);
    expect(sent).toEqual([]);
    state.online = true;
    state.down = true;
    expect((await drainPins(store, 'u1', sender)).remaining.size).toBe(3);
    state.down = false;
    const outcome = await drainPins(store, 'u1', sender);
    expect(outcome.sent).toBe(2);
    expect(outcome.rejected.size).toBe(0);
    expect(sent.sort()).toEqual(['create pin:pin_a_000001', 'delete pin:pin_gone_0001', 'note note:mk1']);
    expect(rows.size).toBe(0);
    expect((await drainPins(store, 'u1', sender)).sent).toBe(0);
    expect(sent).toHaveLength(3);
  });
});
