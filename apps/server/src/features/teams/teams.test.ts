import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../db/live-outbox.ts';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

/**
 * Teams end to end through the HTTP routes: the lifecycle, invites refused once used, expired or
 * withdrawn, the size limit (also under concurrent joins), one team per player and game, the
 * owner's actions, what sharing shows, and that a removed member reads nothing more (the web
 * route and the token API). Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const MAX = 3;
const env = useTestApp({ overrides: { teamMaxMembers: MAX } });
const GAME = 'g1';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: TestUser, method: Method, url: string, payload?: unknown) =>
  env.t.app.inject({
    method,
    url,
    headers: { ...who.auth, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

async function createTeam(owner: TestUser, name = 'Squad') {
  const res = await call(owner, 'POST', `/api/user/teams/${GAME}`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; members: { userId: string; owner: boolean }[] };
}
async function invite(owner: TestUser): Promise<{ token: string; id: string; url: string }> {
  const res = await call(owner, 'POST', `/api/user/teams/${GAME}/invites`);
  expect(res.statusCode, res.body).toBe(201);
  return { token: res.json().token, id: res.json().invite.id, url: res.json().url };
}
const join = (who: TestUser, token: string) => call(who, 'POST', '/api/user/team-invites/join', { token });
async function joined(who: TestUser, token: string) {
  const res = await join(who, token);
  expect(res.statusCode, res.body).toBe(200);
}
const teamOf = async (who: TestUser) => (await call(who, 'GET', `/api/user/teams/${GAME}`)).json().team;
const progress = (who: TestUser) => call(who, 'GET', `/api/user/teams/${GAME}/progress`);
const tick = async (who: TestUser, questId: string) => {
  const res = await call(who, 'GET', `/api/user/quest/complete/${GAME}/${questId}`);
  expect(res.statusCode, res.body).toBe(200);
};
async function tpToken(who: TestUser) {
  const res = await call(who, 'POST', '/api/user/api-tokens', {
    name: 'Tracker',
    gameId: GAME,
    scopes: ['TP'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token as string;
}
const teamProgressV2 = (token: string) =>
  env.t.app.inject({
    method: 'GET',
    url: '/api/v2/team/progress',
    headers: { authorization: `Bearer ${token}` },
  });

describe('a team from creation to its end', () => {
  it('creates, invites, joins, hands over, removes, leaves, and is gone with its last member', async () => {
    const [a, b, c] = [await createUser(env.t), await createUser(env.t), await createUser(env.t)];
    expect(await teamOf(a)).toBeNull();
    const team = await createTeam(a);
    expect(team.members).toEqual([expect.objectContaining({ userId: a.id, owner: true })]);
    const link = await invite(a);
    expect(link.url).toContain(`/profile#team-invite=${link.token}`);
    // Answers naming players and invite secrets are kept by no browser or proxy.
    expect((await call(a, 'GET', `/api/user/teams/${GAME}`)).headers['cache-control']).toBe('no-store');
    expect((await teamOf(a)).invites.map((i: { id: string }) => i.id)).toEqual([link.id]);
    await joined(b, link.token);
    await joined(c, (await invite(a)).token);
    expect((await teamOf(b)).members.map((m: { userId: string }) => m.userId)).toEqual([a.id, b.id, c.id]);
    // Only the owner sees the invites.
    expect((await teamOf(b)).invites).toEqual([]);

    // Owner-only actions are refused to a member.
    expect((await call(b, 'POST', `/api/user/teams/${GAME}/invites`)).statusCode).toBe(403);
    expect((await call(b, 'DELETE', `/api/user/teams/${GAME}/members/${c.id}`)).statusCode).toBe(403);
    expect((await call(b, 'PUT', `/api/user/teams/${GAME}/owner`, { userId: b.id })).statusCode).toBe(403);
    expect((await call(b, 'DELETE', `/api/user/teams/${GAME}/invites/${link.id}`)).statusCode).toBe(403);

    const handed = await call(a, 'PUT', `/api/user/teams/${GAME}/owner`, { userId: b.id });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().ownerId).toBe(b.id);
    expect((await call(a, 'POST', `/api/user/teams/${GAME}/invites`)).statusCode).toBe(403);
    expect((await call(b, 'DELETE', `/api/user/teams/${GAME}/members/${c.id}`)).statusCode).toBe(204);
    expect(await teamOf(c)).toBeNull();
    // The owner leaving hands the team to the longest member.
    expect((await call(b, 'POST', `/api/user/teams/${GAME}/leave`)).statusCode).toBe(204);
    expect((await teamOf(a)).ownerId).toBe(a.id);
    expect((await call(a, 'POST', `/api/user/teams/${GAME}/leave`)).statusCode).toBe(204);
    expect(await teamOf(a)).toBeNull();
    const rows = await env.t.db.kysely.selectFrom('team').select('id').where('id', '=', team.id).execute();
    expect(rows).toEqual([]);
    expect((await call(a, 'POST', `/api/user/teams/${GAME}/leave`)).json().message).toBe(
      'You are not in a team for this game',
    );
  });

  it('names the field of bad input and refuses unknown games', async () => {
    const a = await createUser(env.t);
    const bad = await call(a, 'POST', `/api/user/teams/${GAME}`, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('name');
    expect((await call(a, 'POST', '/api/user/teams/nope', { name: 'X' })).statusCode).toBe(404);
    const settings = await call(a, 'PATCH', `/api/user/teams/${GAME}/settings`, {});
    expect(settings.statusCode).toBe(400);
  });
});

describe('invites and limits', () => {
  it('refuses an invite used twice, expired or withdrawn, with a clear message', async () => {
    const [a, b, c] = [await createUser(env.t), await createUser(env.t), await createUser(env.t)];
    await createTeam(a);
    const used = await invite(a);
    await joined(b, used.token);
    const twice = await join(c, used.token);
    expect(twice.statusCode).toBe(410);
    expect(twice.json().message).toMatch(/already been used or was withdrawn/);

    const expired = await invite(a);
    await env.t.db.kysely
      .updateTable('team_invite')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    const late = await join(c, expired.token);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/expired/);

    const withdrawn = await invite(a);
    expect((await call(a, 'DELETE', `/api/user/teams/${GAME}/invites/${withdrawn.id}`)).statusCode).toBe(204);
    const refused = await join(c, withdrawn.token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toMatch(/withdrawn/);

    const unknown = await join(c, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/not valid/);
    expect((await join(c, 'short')).statusCode).toBe(400);
  });

  it('keeps one team per player and game', async () => {
    const [a, b] = [await createUser(env.t), await createUser(env.t)];
    await createTeam(a);
    await createTeam(b);
    const second = await call(a, 'POST', `/api/user/teams/${GAME}`, { name: 'Another' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already in a team/);
    const cross = await join(a, (await invite(b)).token);
    expect(cross.statusCode).toBe(409);
    // Another game is another team.
    expect((await call(a, 'POST', '/api/user/teams/g2', { name: 'Elsewhere' })).statusCode).toBe(201);
  });

  it('holds the size limit, also when players join at once', async () => {
    const owner = await createUser(env.t);
    await createTeam(owner);
    const players = await Promise.all([1, 2, 3, 4].map(() => createUser(env.t)));
    const links: { token: string }[] = [];
    for (const _ of players) links.push(await invite(owner));
    const answers = await Promise.all(players.map((p, i) => join(p, links[i]!.token)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(
      `This team is full (${MAX} members at most)`,
    );
    expect((await teamOf(owner)).members).toHaveLength(MAX);
  });
});

describe('what members see of each other', () => {
  it('shows sharing members, hides the others, and a removed member reads nothing more', async () => {
    const [a, b] = [await createUser(env.t), await createUser(env.t)];
    await createTeam(a);
    await joined(b, (await invite(a)).token);
    await tick(b, 'q1');
    const bToken = await tpToken(b);

    const seen = (await progress(a)).json();
    const member = seen.members.find((m: { userId: string }) => m.userId === b.id);
    expect(member.completedQuestIds).toEqual(['q1']);
    const v2 = await teamProgressV2(await tpToken(a));
    expect(v2.statusCode).toBe(200);
    expect(v2.json().data.map((p: { userId: string }) => p.userId)).toEqual([a.id, b.id]);
    expect(v2.json().meta).toEqual({ self: a.id, hiddenTeammates: [] });

    // Sharing off: a's reads name b as hidden and carry none of b's progress.
    const off = await call(b, 'PATCH', `/api/user/teams/${GAME}/settings`, { shareProgress: false });
    expect(off.statusCode, off.body).toBe(200);
    const hidden = (await progress(a)).json();
    expect(hidden.members.map((m: { userId: string }) => m.userId)).toEqual([a.id]);
    expect(hidden.hiddenMembers).toEqual([{ userId: b.id, username: b.username }]);
    const v2Hidden = (await teamProgressV2(await tpToken(a))).json();
    expect(v2Hidden.data.map((p: { userId: string }) => p.userId)).toEqual([a.id]);
    expect(v2Hidden.meta.hiddenTeammates).toEqual([b.id]);
    await call(b, 'PATCH', `/api/user/teams/${GAME}/settings`, { shareProgress: true });

    // Before removal b reads a; after it, nothing of the team through either route.
    await tick(a, 'q2');
    expect((await teamProgressV2(bToken)).json().data).toHaveLength(2);
    expect((await call(a, 'DELETE', `/api/user/teams/${GAME}/members/${b.id}`)).statusCode).toBe(204);
    expect((await progress(b)).statusCode).toBe(404);
    const after = (await teamProgressV2(bToken)).json();
    expect(after.data.map((p: { userId: string }) => p.userId)).toEqual([b.id]);
    expect(after.meta.hiddenTeammates).toEqual([]);
    expect((await progress(a)).json().members.map((m: { userId: string }) => m.userId)).toEqual([a.id]);
  });

  it("sends a teammate's tick to the other members' streams, and nothing once sharing is off", async () => {
    const [a, b] = [await createUser(env.t), await createUser(env.t)];
    await createTeam(a);
    await joined(b, (await invite(a)).token);
    const heard: LiveMessage[] = [];
    const stop = env.t.db.live.onPublish((m) => {
      if (m.kind === 'team') heard.push(m);
    });
    try {
      await tick(b, 'q1');
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]).toMatchObject({
        kind: 'team',
        data: { what: 'progress', gameId: GAME, userId: b.id },
        userIds: [a.id],
      });
      await call(b, 'PATCH', `/api/user/teams/${GAME}/settings`, { shareProgress: false });
      heard.length = 0;
      await tick(b, 'q2');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard.filter((m) => m.kind === 'team' && m.data.what === 'progress')).toEqual([]);
    } finally {
      stop();
    }
  });
});
