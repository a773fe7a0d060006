import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream, type SseStream } from '../../test/sse.ts';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp({ overrides: { liveStreamsPerUser: 3, liveMaxStreams: 12 } });
let origin = '';
const open: SseStream[] = [];

beforeAll(async () => {
  await env.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = env.t.app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  for (const s of open) s.close();
});

async function ticketOf(user: TestUser): Promise<string> {
  const out = await env.t.app.inject({ method: 'POST', url: '/api/live/ticket', headers: user.auth });
  expect(out.statusCode).toBe(200);
  return out.json().ticket;
}

async function stream(path: string, headers?: Record<string, string>) {
  const s = await openStream(origin, path, headers);
  open.push(s);
  return s;
}

const signedIn = async (user: TestUser, game = 'g1', extra = '') =>
  stream(`/api/live?game=${game}&ticket=${await ticketOf(user)}${extra}`);

const tick = (user: TestUser, marker: string, completed = true) =>
  env.t.app.inject({
    method: 'POST',
    url: `/api/usercompletedmarkers/${completed ? 'markCompleted' : 'markUncompleted'}/${marker}`,
    headers: user.auth,
  });

const ofKind = (s: SseStream, kind: string) => s.events.filter((e) => e.event === kind);

describe('live stream: who may open it', () => {
  it('asks a ticket of a signed-in page, and takes one only once', async () => {
    expect((await env.t.app.inject({ method: 'POST', url: '/api/live/ticket' })).statusCode).toBe(401);
    const ticket = await ticketOf(env.player);
    const first = await stream(`/api/live?ticket=${ticket}`);
    expect(first.status).toBe(200);
    const again = await stream(`/api/live?ticket=${ticket}`);
    expect(again.status).toBe(401);
    const forged = await stream(`/api/live?ticket=${'x'.repeat(43)}`);
    expect(forged.status).toBe(401);
    first.close();
  });

  it('lets a guest follow one game, and needs the game named', async () => {
    expect((await stream('/api/live')).status).toBe(400);
    expect((await stream('/api/live?game=g1&bogus=1')).status).toBe(400);
    const guest = await stream('/api/live?game=g1');
    expect(guest.status).toBe(200);
    guest.close();
  });
});

describe('live stream: events', () => {
  it("a player's tick reaches their own streams only, with the marker; a guest hears of content only", async () => {
    const other = await createUser(env.t);
    const mine = await signedIn(env.player);
    const theirs = await signedIn(other);
    const guest = await stream('/api/live?game=g1');
    expect((await tick(env.player, 'pm_1')).statusCode).toBe(200);
    await mine.until((e) => e.some((x) => x.event === 'progress'));
    expect(ofKind(mine, 'progress')[0]?.data).toEqual({
      what: 'markers',
      mapId: 'g1_map_a',
      markerIds: ['pm_1'],
      completed: true,
    });
    // A content change of the game (a new marker on map A) reaches everyone following g1.
    await env.t.app.ctx.writer.create(
      'placedmarker',
      { _id: 'pm_live', mapId: 'g1_map_a', markerDefinitionId: 'def_loot', lat: 1, lng: 1, name: 'New' },
      { id: null, username: 'test' },
    );
    env.t.app.ctx.cacheBus.changed();
    for (const s of [mine, theirs, guest]) await s.until((e) => e.some((x) => x.event === 'content'));
    expect(ofKind(guest, 'content')[0]?.data).toEqual({
      gameId: 'g1',
      mapIds: ['g1_map_a'],
      models: ['placedmarker'],
    });
    expect(ofKind(theirs, 'progress')).toHaveLength(0);
    expect(ofKind(guest, 'progress')).toHaveLength(0);
    // Another game's stream hears nothing of g1.
    const g2 = await stream('/api/live?game=g2');
    await env.t.app.ctx.writer.update(
      'placedmarker',
      'pm_live',
      { name: 'Renamed' },
      { id: null, username: 'test' },
    );
    await guest.until((e) => ofKind({ events: e } as SseStream, 'content').length === 2);
    expect(g2.events).toHaveLength(0);
    for (const s of [mine, theirs, guest, g2]) s.close();
  });

  it('an accepted suggestion reaches its author as a notification and the map as a content change', async () => {
    const author = await createUser(env.t);
    const mine = await signedIn(author);
    const guest = await stream('/api/live?game=g1');
    const made = await env.t.app.inject({
      method: 'POST',
      url: '/api/suggestion',
      headers: author.auth,
      payload: {
        type: 'PLACED_MARKER',
        action: 'ADD',
        parentId: 'g1_map_b',
        data: JSON.stringify({
          name: 'Suggested',
          markerDefinitionId: 'def_loot',
          lat: -3,
          lng: 4,
          mapId: 'g1_map_b',
        }),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const accepted = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/suggestions/accept',
      headers: env.admin.auth,
      payload: { suggestionIds: [made.json().data], gameId: 'g1' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await mine.until((e) => e.some((x) => x.event === 'notification'));
    expect(ofKind(mine, 'notification')[0]?.data).toEqual({ count: 1 });
    await guest.until((e) =>
      e.some((x) => x.event === 'content' && (x.data as { mapIds: string[] }).mapIds.includes('g1_map_b')),
    );
    expect(ofKind(guest, 'notification')).toHaveLength(0);
    mine.close();
    guest.close();
  });

  it('resumes with Last-Event-ID: what was missed, once; a reset when the id is not known', async () => {
    const first = await signedIn(env.player);
    await tick(env.player, 'pm_2');
    await first.until((e) => e.length === 1);
    const seen = first.events[0]?.id as string;
    first.close();
    await tick(env.player, 'pm_3');
    await tick(env.player, 'pm_3', false);
    const resumed = await stream(`/api/live?game=g1&ticket=${await ticketOf(env.player)}`, {
      'last-event-id': seen,
    });
    await resumed.until((e) => e.length === 2);
    expect(resumed.events.map((e) => [e.data as { markerIds: string[] }, e.id !== seen])).toEqual([
      [expect.objectContaining({ markerIds: ['pm_3'], completed: true }), true],
      [expect.objectContaining({ markerIds: ['pm_3'], completed: false }), true],
    ]);
    // The query parameter does the same for a stream the client opens itself.
    const again = await signedIn(env.player, 'g1', `&lastEventId=${encodeURIComponent(seen)}`);
    await again.until((e) => e.length === 2);
    await tick(env.player, 'pm_4');
    await again.until((e) => e.length === 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(new Set(again.events.map((e) => e.id)).size).toBe(3);
    // A stream that heard nothing yet resumes from its hello: nothing between is lost.
    const quiet = await signedIn(env.player);
    await new Promise((r) => setTimeout(r, 50));
    expect(quiet.helloId).toBeTruthy();
    quiet.close();
    await tick(env.player, 'pm_4', false);
    const back = await signedIn(
      env.player,
      'g1',
      `&lastEventId=${encodeURIComponent(quiet.helloId as string)}`,
    );
    await back.until((e) => e.length === 1);
    expect(back.events[0]?.data).toMatchObject({ markerIds: ['pm_4'], completed: false });
    back.close();
    const lost = await signedIn(env.player, 'g1', '&lastEventId=nobody-knows');
    await lost.until((e) => e.length === 1);
    expect(lost.events[0]).toMatchObject({ event: 'reset', data: { reason: 'too-old' } });
    for (const s of [resumed, again, lost]) s.close();
  });

  it('ends the streams of a session that logs out, and keeps the others', async () => {
    const player = await createUser(env.t);
    const other = await createUser(env.t);
    const s = await signedIn(player);
    const keeps = await signedIn(other);
    const out = await env.t.app.inject({ method: 'POST', url: '/api/users/logout', headers: player.auth });
    expect(out.statusCode).toBe(200);
    await Promise.race([
      s.ended,
      new Promise((_, fail) => setTimeout(() => fail(new Error('still open')), 3000)),
    ]);
    expect(keeps.isEnded()).toBe(false);
    keeps.close();
  });
});

describe('live stream: bounds', () => {
  it('refuses a user more streams than the limit (429) and the process more than its own (503)', async () => {
    const player = await createUser(env.t);
    const mine = [await signedIn(player), await signedIn(player), await signedIn(player)];
    expect(mine.every((s) => s.status === 200)).toBe(true);
    expect((await signedIn(player)).status).toBe(429);
    for (const s of mine) s.close();
    await new Promise((r) => setTimeout(r, 100));
    expect((await signedIn(player)).status).toBe(200);
    const guests: SseStream[] = [];
    for (let i = 0; i < 12; i++) guests.push(await stream('/api/live?game=g1'));
    expect(guests.filter((s) => s.status === 503).length).toBeGreaterThan(0);
    for (const s of [...guests]) s.close();
  });
});
