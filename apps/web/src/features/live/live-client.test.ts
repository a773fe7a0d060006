import { describe, expect, it } from 'vitest';
import { LiveClient, type LiveDeps } from './live-client.ts';

class FakeSource {
  closed = false;
  listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(kind: string, listener: (event: Event) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(kind: string, id: string, data: unknown) {
    const event = { lastEventId: id, data: JSON.stringify(data) } as unknown as Event;
    for (const l of this.listeners.get(kind) ?? []) l(event);
  }
  fail() {
    for (const l of this.listeners.get('error') ?? []) l({} as Event);
  }
}

function setup(options: { guest?: boolean } = {}) {
  const user = options.guest ? undefined : 'u1';
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  let tickets = 0;
  const state = { user, hidden: false };
  const visibility = new Set<() => void>();
  const session = new Set<() => void>();
  const deps: LiveDeps = {
    apiBase: '/api',
    userId: () => state.user,
    ticket: async () => `ticket-${++tickets}`,
    onVisibility: (l) => {
      visibility.add(l);
      return () => visibility.delete(l);
    },
    hidden: () => state.hidden,
    onSession: (l) => {
      session.add(l);
      return () => session.delete(l);
    },
    createEventSource: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s as unknown as EventSource;
    },
    setTimeout: (run, ms) => {
      const t = { run, ms };
      timers.push(t);
      return t;
    },
    clearTimeout: (t) => {
      const i = timers.indexOf(t as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
    random: () => 0.5,
  };
  const client = new LiveClient(deps);
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return { client, sources, timers, state, visibility, session, flush };
}

describe('LiveClient', () => {
  it('opens one stream for every part of the tab, with a ticket when signed in, and closes with the last', async () => {
    const { client, sources, timers, flush } = setup();
    const a = client.acquire('g1');
    const b = client.acquire('g1');
    await flush();
    expect(sources).toHaveLength(1);
    expect(sources[0]?.url).toBe('/api/live?game=g1&ticket=ticket-1');
    a();
    expect(sources[0]?.closed).toBe(false);
    b();
    // It lingers a moment for a page that follows, then closes.
    expect(sources[0]?.closed).toBe(false);
    const again = client.acquire('g1');
    expect(sources).toHaveLength(1);
    again();
    timers.shift()?.run();
    expect(sources[0]?.closed).toBe(true);
  });

  it('hands each event to its handlers once, whatever arrives twice', async () => {
    const { client, sources, flush } = setup();
    const got: unknown[] = [];
    client.on('progress', (data, userId) => got.push([data, userId]));
    client.acquire('g1');
    await flush();
    const change = { what: 'quests', gameId: 'g1' };
    sources[0]?.emit('progress', 'p-1', change);
    sources[0]?.emit('progress', 'p-1', change);
    sources[0]?.emit('progress', 'p-2', change);
    expect(got).toEqual([
      [change, 'u1'],
      [change, 'u1'],
    ]);
  });

  it('reconnects after a drop with a new ticket and the last id, waiting longer each time', async () => {
    const { client, sources, timers, flush } = setup();
    client.acquire('g1');
    await flush();
    sources[0]?.emit('content', 'c-7', { gameId: 'g1', mapIds: [], models: [] });
    sources[0]?.fail();
    expect(sources[0]?.closed).toBe(true);
    expect(timers).toHaveLength(1);
    const first = timers[0]?.ms as number;
    timers.shift()?.run();
    await flush();
    expect(sources[1]?.url).toBe('/api/live?game=g1&lastEventId=c-7&ticket=ticket-2');
    sources[1]?.fail();
    expect(timers[0]?.ms).toBe(first * 2);
  });

  it('follows the session: a logout reopens as a guest of the game, forgetting the last id', async () => {
    const { client, sources, state, session, flush } = setup();
    client.acquire('g1');
    await flush();
    sources[0]?.emit('progress', 'p-1', { what: 'all' });
    state.user = undefined;
    for (const l of session) l();
    await flush();
    expect(sources[0]?.closed).toBe(true);
    expect(sources[1]?.url).toBe('/api/live?game=g1');
  });

  it('closes while the page is hidden long, and resumes when shown', async () => {
    const { client, sources, timers, state, visibility, flush } = setup();
    client.acquire('g1');
    await flush();
    sources[0]?.emit('progress', 'p-3', { what: 'all' });
    state.hidden = true;
    for (const l of visibility) l();
    timers.shift()?.run();
    expect(sources[0]?.closed).toBe(true);
    state.hidden = false;
    for (const l of visibility) l();
    await flush();
    expect(sources[1]?.url).toContain('lastEventId=p-3');
  });

  it('forgets the last id when a reset says none', async () => {
    const { client, sources, timers, flush } = setup();
    client.acquire('g1');
    await flush();
    sources[0]?.emit('progress', 'p-1', { what: 'all' });
    sources[0]?.emit('reset', '', { reason: 'too-old' });
    sources[0]?.fail();
    timers.shift()?.run();
    await flush();
    expect(sources[1]?.url).toBe('/api/live?game=g1&ticket=ticket-2');
  });

  it('opens nothing for a guest on a page without a game', async () => {
    const { client, sources, flush } = setup({ guest: true });
    client.acquire(undefined);
    await flush();
    expect(sources).toHaveLength(0);
  });
});
