import type { Contributions, NotificationView, ReviewListPage } from '@waypoint/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';
import { digestMail } from '../notifications/digest-mail.ts';

// Community review: other contributors' open suggestions on the map, their comments and votes, the
// review queue ordered by votes, the vote threshold's notification and contributor standing.
const env = useTestApp();

type Body = Record<string, unknown>;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: unknown) {
  return env.t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as Body }),
  });
}

async function suggestMarker(who: TestUser, name: string, mapId = 'g1_map_a') {
  const res = await call('POST', '/api/suggestion', who, {
    type: 'PLACED_MARKER',
    action: 'ADD',
    parentId: mapId,
    data: JSON.stringify({ name, markerDefinitionId: 'def_loot', lat: -10, lng: 12 }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as string;
}

async function decide(decision: 'accept' | 'reject', ids: string[]) {
  const res = await call('POST', `/api/admin/suggestions/${decision}`, env.admin, { suggestionIds: ids });
  expect(res.statusCode, res.body).toBe(200);
}

async function mapList(who: TestUser | undefined, mapId = 'g1_map_a', query = '') {
  return call('GET', `/api/map/${mapId}/suggestions${query}`, who);
}

const idsOf = (res: { json: () => { data: { _id: string }[] } }) => res.json().data.map((s) => s._id);

async function grant(userId: string, gameId: string, role: 'moderator' | 'trusted') {
  const res = await call('POST', '/api/admin/roles', env.admin, { userId, gameId, role });
  expect(res.statusCode, res.body).toBe(200);
}

async function ban(userId: string, gameId: string) {
  const res = await call('POST', '/api/admin/bans', env.admin, {
    userId,
    gameId,
    reason: 'Vandalism',
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('other contributors see open suggestions (visibility rule)', () => {
  let author: TestUser;
  let other: TestUser;
  let banned: TestUser;
  let open: string;
  let closed: string;

  beforeAll(async () => {
    author = await createUser(env.t);
    other = await createUser(env.t);
    banned = await createUser(env.t);
    await ban(banned.id, 'g1');
    open = await suggestMarker(author, 'Open crate');
    closed = await suggestMarker(author, 'Rejected crate');
    await decide('reject', [closed]);
  });

  it("lists the map's open suggestions of everyone to a logged-in user, bounded, never closed ones", async () => {
    const res = await mapList(other);
    expect(res.statusCode, res.body).toBe(200);
    const ids = idsOf(res);
    expect(ids).toContain(open);
    expect(ids).not.toContain(closed);
    const row = res.json().data.find((s: Body) => s._id === open);
    expect(row).toMatchObject({ username: author.username, action: 'ADD', upvotes: 0, downvotes: 0 });
    expect(JSON.parse(row.data)).toMatchObject({ name: 'Open crate' });
    // Paged like the other suggestion reads; a bad page is a 400 naming the field.
    const first = await mapList(other, 'g1_map_a', '?limit=1');
    expect(first.json().data).toHaveLength(1);
    const bad = await mapList(other, 'g1_map_a', '?limit=100001');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('query.limit');
    // The generic list stays the caller's own.
    const generic = (await call('GET', '/api/suggestions?limit=10000', other)).json();
    expect(generic.data.map((s: Body) => s._id)).not.toContain(open);
  });

  it('lets them read, comment on and vote on an open one, not change or withdraw it', async () => {
    expect((await call('GET', `/api/suggestions/${open}/comments`, other)).statusCode).toBe(200);
    const commented = await call('POST', `/api/suggestions/${open}/comment`, other, { comment: 'Seen it' });
    expect(commented.statusCode, commented.body).toBe(201);
    expect(commented.json().map((c: Body) => c.comment)).toContain('Seen it');
    const voted = await call('POST', `/api/suggestions/${open}/upvote`, other);
    expect(voted.json()).toMatchObject({ upvotes: 1, vote: 1 });
    // The author sees the count and the comment (and that they may not vote on it).
    expect((await call('GET', `/api/suggestions/${open}/votes`, author)).json()).toEqual({
      upvotes: 1,
      downvotes: 0,
      vote: 0,
      own: true,
    });
    const changed = await call('PATCH', `/api/suggestions/${open}`, other, { status: 'REVIEW_REQUESTED' });
    expect(changed.statusCode).toBe(403);
    expect((await call('DELETE', `/api/suggestions/${open}`, other)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/markers/${open}?suggestMode=true`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/suggestions/${open}/comments`, author)).json()).toHaveLength(1);
  });

  it('keeps closed suggestions to their author and admins', async () => {
    for (const path of ['comments', 'votes']) {
      expect((await call('GET', `/api/suggestions/${closed}/${path}`, other)).statusCode).toBe(404);
      expect((await call('GET', `/api/suggestions/${closed}/${path}`, author)).statusCode).toBe(200);
      expect((await call('GET', `/api/suggestions/${closed}/${path}`, env.admin)).statusCode).toBe(200);
    }
    expect((await call('POST', `/api/suggestions/${closed}/upvote`, other)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/suggestions/${closed}/comment`, other, { comment: 'x' })).statusCode,
    ).toBe(404);
  });

  it('refuses guests, and shows a user banned in the game only their own', async () => {
    expect((await mapList(undefined)).statusCode).toBe(401);
    expect((await call('GET', `/api/suggestions/${open}/comments`)).statusCode).toBe(401);
    const list = await mapList(banned);
    expect(list.statusCode).toBe(200);
    expect(idsOf(list)).not.toContain(open);
    for (const path of ['comments', 'votes']) {
      expect((await call('GET', `/api/suggestions/${open}/${path}`, banned)).statusCode).toBe(404);
    }
    expect((await call('POST', `/api/suggestions/${open}/upvote`, banned)).statusCode).toBe(404);
    // Their own suggestion, made before the ban, stays theirs to read.
    const later = await createUser(env.t);
    const own = await suggestMarker(later, 'Before the ban');
    await ban(later.id, 'g1');
    const theirs = idsOf(await mapList(later));
    expect(theirs).toEqual([own]);
    expect((await call('GET', `/api/suggestions/${own}/comments`, later)).statusCode).toBe(200);
    // A ban in another game does not hide this game's suggestions.
    const elsewhere = await createUser(env.t);
    await ban(elsewhere.id, 'g2');
    expect(idsOf(await mapList(elsewhere))).toContain(open);
  });

  it('answers an admin every open suggestion of the map; an unknown or hidden map is not found', async () => {
    expect(idsOf(await mapList(env.admin))).toContain(open);
    const unknown = await mapList(other, 'no_such_map');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('no_such_map');
    // A disabled map's open suggestions do not tell a player that the map exists.
    const hidden = await suggestMarker(author, 'On a map soon hidden', 'g1_map_b');
    const disabled = await call('PATCH', '/api/admin/map/g1_map_b', env.admin, { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    try {
      for (const who of [other, author]) expect((await mapList(who, 'g1_map_b')).statusCode).toBe(404);
      expect(idsOf(await mapList(env.admin, 'g1_map_b'))).toContain(hidden);
    } finally {
      await call('PATCH', '/api/admin/map/g1_map_b', env.admin, { enabled: true });
      await decide('reject', [hidden]);
    }
  });
});

describe('votes order the review queue', () => {
  it('sorts by net votes (up minus down), both directions, stale ones still first', async () => {
    const author = await createUser(env.t);
    const voters = await Promise.all([1, 2, 3].map(() => createUser(env.t)));
    const map = 'g1_map_b';
    const top = await suggestMarker(author, 'Top', map);
    const middle = await suggestMarker(author, 'Middle', map);
    const bottom = await suggestMarker(author, 'Bottom', map);
    for (const v of voters) await call('POST', `/api/suggestions/${top}/upvote`, v);
    await call('POST', `/api/suggestions/${middle}/upvote`, voters[0]);
    await call('POST', `/api/suggestions/${bottom}/upvote`, voters[0]);
    await call('POST', `/api/suggestions/${bottom}/downvote`, voters[1]);
    await call('POST', `/api/suggestions/${bottom}/downvote`, voters[2]);
    const order = async (direction: string) => {
      const res = await call(
        'GET',
        `/api/admin/review/suggestions?type=PLACED_MARKER&parent=${map}&sort=netVotes&order=${direction}`,
        env.admin,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ReviewListPage).data.map((r) => r._id);
    };
    expect(await order('desc')).toEqual([top, middle, bottom]);
    expect(await order('asc')).toEqual([bottom, middle, top]);
    const bad = await call('GET', '/api/admin/review/suggestions?type=PLACED_MARKER&sort=votes', env.admin);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('query.sort');
  });
});

describe('vote threshold', () => {
  it("tells the game's moderators and the admins once when a suggestion reaches it", async () => {
    const moderator = await createUser(env.t);
    const otherModerator = await createUser(env.t);
    await grant(moderator.id, 'g1', 'moderator');
    await grant(otherModerator.id, 'g2', 'moderator');
    // The admin form's field of the game (0: off).
    const set = await call('PATCH', '/api/admin/game/g1', env.admin, { voteThreshold: 2 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', '/api/game/g1')).json().voteThreshold).toBe(2);
    const negative = await call('PATCH', '/api/admin/game/g1', env.admin, { voteThreshold: -1 });
    expect(negative.statusCode).toBe(400);

    const author = await createUser(env.t);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(env.t)));
    const id = await suggestMarker(author, 'Popular crate');
    const heard = async (who: TestUser) => {
      const list = (await call('GET', '/api/notifications?limit=50', who)).json().data as NotificationView[];
      return list.filter((n) => n.suggestionId === id && n.kind === 'votes');
    };
    await call('POST', `/api/suggestions/${id}/upvote`, a);
    expect(await heard(moderator)).toEqual([]);
    await call('POST', `/api/suggestions/${id}/upvote`, b);
    const [note] = await heard(moderator);
    expect(await heard(moderator)).toHaveLength(1);
    expect(note).toMatchObject({
      kind: 'votes',
      votes: 2,
      gameId: 'g1',
      mapId: 'g1_map_a',
      actor: b.username,
    });
    expect(await heard(env.admin)).toHaveLength(1);
    expect(await heard(otherModerator)).toEqual([]);
    expect(await heard(author)).toEqual([]);

    // Falling below and crossing again, or more votes, tell nobody again.
    await call('POST', `/api/suggestions/${id}/downvote`, c);
    await call('POST', `/api/suggestions/${id}/upvote`, c);
    await call('POST', `/api/suggestions/${id}/upvote`, env.admin);
    expect(await heard(moderator)).toHaveLength(1);
    expect(await heard(env.admin)).toHaveLength(1);

    // Two voters crossing at once still make one notification.
    const raced = await suggestMarker(author, 'Raced crate');
    await call('POST', `/api/suggestions/${raced}/upvote`, a);
    const racers = await Promise.all([b, c].map((v) => call('POST', `/api/suggestions/${raced}/upvote`, v)));
    expect(racers.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await env.t.db.kysely
      .selectFrom('notification')
      .select('userId')
      .where('suggestionId', '=', raced)
      .where('kind', '=', 'votes')
      .execute();
    expect(rows.map((r) => r.userId).sort()).toEqual([env.admin.id, moderator.id].sort());

    // The digest names the number.
    const mail = digestMail('m@example.test', 'en', [note!], 'https://waypoint.test');
    expect(mail.text).toContain('reached 2 votes');
    expect(mail.text).toContain('/suggestion-review?game=g1&type=PLACED_MARKER');
    const german = digestMail('m@example.test', 'de', [note!], 'https://waypoint.test');
    expect(german.text).toContain('hat 2 Stimmen erreicht');

    // Off again: nobody hears.
    await call('PATCH', '/api/admin/game/g1', env.admin, { voteThreshold: 0 });
    const quiet = await suggestMarker(author, 'Quiet crate');
    for (const v of [a, b, c]) await call('POST', `/api/suggestions/${quiet}/upvote`, v);
    const none = await env.t.db.kysely
      .selectFrom('notification')
      .select('id')
      .where('suggestionId', '=', quiet)
      .where('kind', '=', 'votes')
      .execute();
    expect(none).toEqual([]);
  });
});

describe('contributor standing', () => {
  it('counts accepted suggestions per game and shows each author’s acceptance rate in the queue', async () => {
    const w = env.t.app.ctx.writer;
    const system = { id: null, username: 'test' };
    await w.create('map', { _id: 'g2_map', gameId: 'g2', name: 'Map Two' }, system);
    const author = await createUser(env.t);
    const newcomer = await createUser(env.t);
    const accepted = [
      await suggestMarker(author, 'One'),
      await suggestMarker(author, 'Two'),
      await suggestMarker(author, 'Three', 'g2_map'),
    ];
    const rejected = await suggestMarker(author, 'Four');
    const waiting = await suggestMarker(author, 'Five', 'g1_map_b');
    const fresh = await suggestMarker(newcomer, 'Six', 'g1_map_b');
    await decide('accept', accepted);
    await decide('reject', [rejected]);

    const mine = await call('GET', '/api/users/contributions', author);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as Contributions).games).toEqual([
      { gameId: 'g1', gameName: 'Game One', accepted: 2 },
      { gameId: 'g2', gameName: 'Game Two', accepted: 1 },
    ]);
    expect((await call('GET', '/api/users/contributions', newcomer)).json()).toEqual({ games: [] });
    expect((await call('GET', '/api/users/contributions')).statusCode).toBe(401);

    const detail = await call('GET', `/api/admin/users/${author.id}`, env.admin);
    expect(detail.json().accepted).toHaveLength(2);

    const queue = await call(
      'GET',
      '/api/admin/review/suggestions?type=PLACED_MARKER&parent=g1_map_b',
      env.admin,
    );
    const page = queue.json() as ReviewListPage;
    expect(page.data.map((r) => r._id)).toEqual(expect.arrayContaining([waiting, fresh]));
    expect(page.authors[author.id]).toEqual({ accepted: 3, decided: 4 });
    expect(page.authors[newcomer.id]).toEqual({ accepted: 0, decided: 0 });
  });
});
