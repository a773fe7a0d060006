import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

type Body = Record<string, unknown>;
let moderator: TestUser;
let trusted: TestUser;
let author: TestUser;

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: unknown) {
  return env.t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as Body }),
  });
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

const marker = (name: string) => ({
  type: 'PLACED_MARKER',
  action: 'ADD',
  parentId: 'g1_map_a',
  data: JSON.stringify({ name, markerDefinitionId: 'def_loot', lat: -3, lng: 4 }),
});
/** A suggestion in the second game (a category of g2). */
const otherGame = (name: string) => ({ type: 'CATEGORY', action: 'ADD', parentId: 'g2', data: { name } });

async function suggest(who: TestUser, body: Body) {
  const res = await call('POST', '/api/suggestion', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().suggestion as { _id: string; status: string; targetId: string };
}

async function grant(by: TestUser, userId: string, gameId: string, role: string) {
  return call('POST', '/api/admin/roles', by, { userId, gameId, role });
}

beforeAll(async () => {
  moderator = await createUser(env.t);
  trusted = await createUser(env.t);
  author = await createUser(env.t);
  expect((await grant(env.admin, moderator.id, 'g1', 'moderator')).statusCode).toBe(200);
});

describe('a moderator of one game', () => {
  it('reviews that game and is refused elsewhere', async () => {
    const mine = await suggest(author, marker('Moderated crate'));
    const elsewhere = await suggest(author, otherGame('Elsewhere'));

    const list = await call('GET', '/api/admin/review/suggestions?type=PLACED_MARKER&gameId=g1', moderator);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((s: Body) => s._id)).toContain(mine._id);
    const counts = await call('GET', '/api/admin/review/counts?gameId=g1', moderator);
    expect(counts.json().types.CATEGORY ?? 0).toBe(0);

    // Without naming the game, or naming another one: refused.
    expect((await call('GET', '/api/admin/review/suggestions?type=CATEGORY', moderator)).statusCode).toBe(
      403,
    );
    expect(
      (await call('GET', '/api/admin/review/suggestions?type=CATEGORY&gameId=g2', moderator)).statusCode,
    ).toBe(403);
    // Another game's suggestion by id, even naming their own game: refused, nothing decided.
    const refused = await call('POST', '/api/admin/suggestions/accept', moderator, {
      gameId: 'g1',
      suggestionIds: [elsewhere._id],
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toContain(elsewhere._id);
    expect(
      (await call('GET', `/api/admin/review/suggestions/${elsewhere._id}?gameId=g1`, moderator)).statusCode,
    ).toBe(403);
    // Bulk by user only reaches the moderator's game.
    const bulk = await call('POST', '/api/admin/suggestions/reject', moderator, {
      gameId: 'g1',
      username: author.username,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().suggestions.map((s: Body) => s._id)).toEqual([mine._id]);
    const still = await call('GET', `/api/admin/review/suggestions/${elsewhere._id}`, env.admin);
    expect(still.json().suggestion.status).toBe('SAVED');
  });

  it('edits the game content directly on the map, not another game’s', async () => {
    const res = await call('POST', '/api/markers/g1_map_a', moderator, {
      name: 'Placed by a moderator',
      markerDefinitionId: 'def_loot',
      lat: -1,
      lng: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().isSuggestion).toBe(false);
  });

  it('names trusted editors of their game only, and no moderators', async () => {
    expect((await grant(moderator, trusted.id, 'g1', 'trusted')).statusCode).toBe(200);
    expect((await grant(moderator, author.id, 'g1', 'moderator')).statusCode).toBe(403);
    expect((await grant(moderator, author.id, 'g2', 'trusted')).statusCode).toBe(403);
    const detail = await call('GET', `/api/admin/users/${trusted.id}`, env.admin);
    expect(detail.json().roles).toEqual([expect.objectContaining({ gameId: 'g1', role: 'trusted' })]);
    expect(detail.json().roleHistory[0]).toEqual(
      expect.objectContaining({ change: 'grant', byUsername: moderator.username }),
    );
  });

  it('loses the role on the next request when it is revoked', async () => {
    const other = await createUser(env.t);
    expect((await grant(env.admin, other.id, 'g1', 'moderator')).statusCode).toBe(200);
    const url = '/api/admin/review/counts?gameId=g1';
    expect((await call('GET', url, other)).statusCode).toBe(200);
    const revoke = await call('POST', '/api/admin/roles/revoke', env.admin, {
      userId: other.id,
      gameId: 'g1',
      role: 'moderator',
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await call('GET', url, other)).statusCode).toBe(403);
    const history = (await call('GET', `/api/admin/users/${other.id}`, env.admin)).json().roleHistory;
    expect(history.map((e: Body) => e.change)).toEqual(['revoke', 'grant']);
  });
});

describe('a trusted editor', () => {
  it('has a suggestion applied at once, audited, in the review history and revertable', async () => {
    expect((await grant(env.admin, trusted.id, 'g1', 'trusted')).statusCode).toBe(200);
    const s = await suggest(trusted, marker('Trusted crate'));
    expect(s.status).toBe('ACCEPTED');
    expect((await call('GET', `/api/placedmarker/${s.targetId}`)).statusCode).toBe(200);
    const history = await call('GET', '/api/admin/review/history?gameId=g1', moderator);
    const row = history.json().data.find((r: Body) => (r.suggestion as Body)._id === s._id);
    expect(row).toEqual(
      expect.objectContaining({ decision: 'accept', username: trusted.username, revertible: true }),
    );
    const revert = await call('POST', `/api/admin/review/revert/${s._id}?gameId=g1`, moderator);
    expect(revert.statusCode, revert.body).toBe(200);
    expect((await call('GET', `/api/placedmarker/${s.targetId}`)).statusCode).toBe(404);
    // In a game where they are not trusted, a suggestion waits for review.
    expect((await suggest(trusted, otherGame('Not trusted here'))).status).toBe('SAVED');
  });
});

describe('bans', () => {
  let banned: TestUser;
  const banIds: string[] = [];
  beforeAll(async () => {
    banned = await createUser(env.t);
  });
  afterEach(async () => {
    while (banIds.length) await call('DELETE', `/api/admin/bans/${banIds.pop()}`, env.admin);
  });

  async function ban(by: TestUser, body: Body) {
    const res = await call('POST', '/api/admin/bans', by, { userId: banned.id, endsAt: tomorrow(), ...body });
    if (res.statusCode === 201) banIds.push(res.json().ban.id);
    return res;
  }

  it('in a game stop suggesting, commenting and voting there, with the reason, not reading or progress', async () => {
    const open = await suggest(banned, marker('Before the ban'));
    const elsewhere = await suggest(banned, otherGame('Other game, before the ban'));
    const res = await ban(moderator, { gameId: 'g1', reason: 'Fake markers', rejectOpen: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rejected).toBe(1);
    const refused = await call('POST', '/api/suggestion', banned, marker('During the ban'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Reason: Fake markers');
    expect(
      (await call('POST', `/api/suggestions/${open._id}/comment`, banned, { comment: 'hi' })).statusCode,
    ).toBe(403);
    expect((await call('POST', `/api/suggestions/${open._id}/upvote`, banned)).statusCode).toBe(403);
    expect((await call('POST', '/api/markers/pm_1/confirm', banned)).statusCode).toBe(403);
    // Another game, reading and tracking progress stay open.
    expect(
      (await call('POST', `/api/suggestions/${elsewhere._id}/comment`, banned, { comment: 'ok' })).statusCode,
    ).toBe(201);
    expect((await call('GET', '/api/games', banned)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/usercompletedmarkers/markCompleted/pm_2', banned)).statusCode,
    ).toBeLessThan(300);
    const standing = await call('GET', '/api/users/standing', banned);
    expect(standing.json().bans).toEqual([expect.objectContaining({ gameId: 'g1', reason: 'Fake markers' })]);
    const detail = await call('GET', `/api/admin/users/${banned.id}`, env.admin);
    expect(detail.json().suggestions.find((s: Body) => s._id === open._id).status).toBe('REJECTED');
    expect(detail.json().suggestions.find((s: Body) => s._id === elsewhere._id).status).toBe('SAVED');
  });

  it('site-wide are for admins, reach every game, and end when lifted', async () => {
    expect((await ban(moderator, { reason: 'Everywhere' })).statusCode).toBe(403);
    expect((await ban(moderator, { gameId: 'g2', reason: 'Not my game' })).statusCode).toBe(403);
    const res = await ban(env.admin, { reason: 'Everywhere' });
    expect(res.statusCode, res.body).toBe(201);
    const refused = await call('POST', '/api/suggestion', banned, otherGame('During a site ban'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Reason: Everywhere');
    const lift = await call('DELETE', `/api/admin/bans/${res.json().ban.id}`, env.admin);
    expect(lift.json().liftedAt).not.toBeNull();
    expect((await call('POST', '/api/suggestion', banned, otherGame('After the ban'))).statusCode).toBe(201);
  });

  it('refuse bad input naming the field, and admins cannot be banned', async () => {
    const past = await ban(env.admin, { reason: 'x', endsAt: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.map((e: Body) => e.field)).toContain('body.endsAt');
    const noReason = await ban(env.admin, { reason: ' ' });
    expect(noReason.json().errors.map((e: Body) => e.field)).toContain('body.reason');
    const admin = await call('POST', '/api/admin/bans', env.admin, {
      userId: env.admin.id,
      reason: 'x',
      endsAt: tomorrow(),
    });
    expect(admin.statusCode).toBe(403);
  });
});

describe('the users page', () => {
  it('searches users by name, and shows a moderator only their game', async () => {
    const found = await call('GET', `/api/admin/users?q=${author.username.slice(0, 8)}&gameId=g1`, moderator);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((u: Body) => u.id)).toContain(author.id);
    await suggest(author, otherGame('Only admins see this one here'));
    const scoped = await call('GET', `/api/admin/users/${author.id}?gameId=g1`, moderator);
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json().suggestions.every((s: Body) => s.type === 'PLACED_MARKER')).toBe(true);
    expect(scoped.json().decisions).toEqual([]);
    const full = await call('GET', `/api/admin/users/${moderator.id}`, env.admin);
    expect(full.json().decisions.length).toBeGreaterThan(0);
  });
});
