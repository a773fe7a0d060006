import { describe, expect, it } from 'vitest';
import {
  applyQueued,
  type CompletionStore,
  drain,
  newStamp,
  type QueuedCompletion,
  type Sender,
} from './completion-queue.ts';

/** The queue in memory, with the IndexedDB store's rules (one entry per player and marker). */
function memoryStore() {
  const rows = new Map<string, QueuedCompletion>();
  const key = (e: Pick<QueuedCompletion, 'userId' | 'markerId'>) => `${e.userId}/${e.markerId}`;
  const store: CompletionStore = {
    all: async (userId) => [...rows.values()].filter((e) => e.userId === userId),
    put: async (entry) => {
      rows.set(key(entry), entry);
    },
    removeIf: async (entry) => {
      if (rows.get(key(entry))?.stamp === entry.stamp) rows.delete(key(entry));
    },
  };
  const tick = (userId: string, markerId: string, completed: boolean) =>
    store.put({ userId, markerId, completed, stamp: newStamp() });
  return { rows, store, tick };
}

class Refused extends Error {}

/** A server keeping the completed set; `down` makes every request fail like a lost connection. */
function fakeServer() {
  const completed = new Set<string>();
  const requests: string[] = [];
  const state = {
    down: false,
    online: true,
    refuse: new Set<string>(),
    during: undefined as (() => void) | undefined,
  };
  const sender: Sender = {
    async send(markerId, done) {
      if (state.down) throw new TypeError('Failed to fetch');
      requests.push(`${done ? 'mark' : 'unmark'} ${markerId}`);
      if (state.refuse.has(markerId)) throw new Refused('gone');
      state.during?.();
      state.during = undefined;
      if (done) completed.add(markerId);
      else completed.delete(markerId);
    },
    retryable: (error) => !(error instanceof Refused),
    online: () => state.online,
  };
  return { completed, requests, state, sender };
}

describe('the completion queue', () => {
  it('sends each queued tick once and empties the queue', async () => {
    const q = memoryStore();
    const server = fakeServer();
    await q.tick('u1', 'm1', true);
    await q.tick('u1', 'm2', true);
    const outcome = await drain(q.store, 'u1', server.sender);
    expect(outcome).toMatchObject({ sent: 2, remaining: new Set() });
    expect(server.requests.sort()).toEqual(['mark m1', 'mark m2']);
    expect(q.rows.size).toBe(0);
    // Nothing left: a second run sends nothing.
    expect((await drain(q.store, 'u1', server.sender)).sent).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it('keeps the last wish per marker: tick, untick and tick again offline is one request', async () => {
    const q = memoryStore();
    const server = fakeServer();
    server.state.online = false;
    await q.tick('u1', 'm1', true);
    expect((await drain(q.store, 'u1', server.sender)).remaining).toEqual(new Set(['m1']));
    await q.tick('u1', 'm1', false);
    await q.tick('u1', 'm1', true);
    server.state.online = true;
    await drain(q.store, 'u1', server.sender);
    expect(server.requests).toEqual(['mark m1']);
    expect(server.completed).toEqual(new Set(['m1']));
  });

  it('stops at a lost connection and keeps what was not sent', async () => {
    const q = memoryStore();
    const server = fakeServer();
    await q.tick('u1', 'm1', true);
    server.state.down = true;
    const outcome = await drain(q.store, 'u1', server.sender);
    expect(outcome.sent).toBe(0);
    expect(outcome.remaining).toEqual(new Set(['m1']));
    expect(q.rows.size).toBe(1);
    server.state.down = false;
    expect((await drain(q.store, 'u1', server.sender)).sent).toBe(1);
    expect(server.completed.has('m1')).toBe(true);
  });

  it('drops a tick the server refuses and reports it, sending the others', async () => {
    const q = memoryStore();
    const server = fakeServer();
    server.state.refuse.add('gone');
    await q.tick('u1', 'gone', true);
    await q.tick('u1', 'm2', true);
    const outcome = await drain(q.store, 'u1', server.sender);
    expect([...outcome.rejected.keys()]).toEqual(['gone']);
    expect(outcome.sent).toBe(1);
    expect(q.rows.size).toBe(0);
  });

  it('sends a tick made while its older state was on the way, so the server ends with the last one', async () => {
    const q = memoryStore();
    const server = fakeServer();
    await q.tick('u1', 'm1', true);
    // The player unticks while the tick is being sent.
    server.state.during = () => void q.tick('u1', 'm1', false);
    await drain(q.store, 'u1', server.sender);
    expect(server.requests).toEqual(['mark m1', 'unmark m1']);
    expect(server.completed.has('m1')).toBe(false);
    expect(q.rows.size).toBe(0);
  });

  it("sends only the signed-in player's ticks", async () => {
    const q = memoryStore();
    const server = fakeServer();
    await q.tick('u1', 'm1', true);
    await q.tick('u2', 'm2', true);
    await drain(q.store, 'u1', server.sender);
    expect(server.requests).toEqual(['mark m1']);
    expect([...q.rows.values()].map((e) => e.userId)).toEqual(['u2']);
  });

  it("shows queued ticks in the server's list", () => {
    const entry = (markerId: string, completed: boolean): QueuedCompletion => ({
      userId: 'u1',
      markerId,
      completed,
      stamp: 's',
    });
    expect(applyQueued(['a', 'b'], [entry('b', false), entry('c', true), entry('a', true)]).sort()).toEqual([
      'a',
      'c',
    ]);
  });
});
