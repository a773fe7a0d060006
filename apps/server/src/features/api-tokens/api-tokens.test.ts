import { tarkovDevAnswer } from '@waypoint/shared/interop/fixtures/tarkov-dev-answer';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillParams } from '../../test/routes.ts';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

/**
 * The permission matrix of personal tokens: tokens × scopes × routes. A token reaches the token API
 * (/api/v2) with the scopes it carries and nothing else: no session route (account, progress,
 * suggestions, moderation, admin) takes it, a session's token is no personal token, and a token only
 * ever reads and writes its owner's progress in its game. Runs on SQLite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
const env = useTestApp();
const GAME = 'g2';
const task = tarkovDevAnswer.data.tasks[0]!.id;

/** The token API's routes: the scope each needs, and a call that succeeds with it. */
const tokenRoutes = [
  { method: 'GET', url: '/api/v2/token', scope: 'any' },
  { method: 'GET', url: '/api/v2/progress', scope: 'GP' },
  { method: 'GET', url: '/api/v2/team/progress', scope: 'TP' },
  { method: 'POST', url: '/api/v2/progress/level/12', scope: 'WP' },
  { method: 'POST', url: `/api/v2/progress/task/${task}`, scope: 'WP', body: { state: 'completed' } },
  { method: 'POST', url: '/api/v2/progress/tasks', scope: 'WP', body: [{ id: task, state: 'uncompleted' }] },
  { method: 'POST', url: '/api/v2/progress/task/objective/abc123', scope: 'WP', body: { count: 1 } },
] as const;

const scopeSets = [['GP'], ['TP'], ['WP'], ['GP', 'TP', 'WP']] as const;

const create = async (who: TestUser, scopes: readonly string[], gameId: string | null = GAME) => {
  const res = await env.t.app.inject({
    method: 'POST',
    url: '/api/user/api-tokens',
    headers: who.auth,
    payload: { name: scopes.join('+'), gameId, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: string; apiToken: { id: string } };
};

const call = (token: string, method: string, url: string, body?: unknown) =>
  env.t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
  });

beforeAll(async () => {
  const staged = await env.t.app.inject({
    method: 'POST',
    url: `/api/admin/games/${GAME}/import/tarkov-dev`,
    headers: env.admin.auth,
    payload: { source: 'tarkov.dev', content: JSON.stringify(tarkovDevAnswer) },
  });
  expect(staged.statusCode, staged.body).toBe(200);
  for (const model of ['trader', 'hideoutmodule', 'quest', 'item'])
    await env.t.app.inject({
      method: 'GET',
      url: `/api/admin/acceptAllImportedModels/${model}`,
      headers: env.admin.auth,
    });
});

describe('tokens × scopes × token API routes', () => {
  it('each route answers exactly the tokens holding its scope (401 otherwise), revoked ones none', async () => {
    const failures: string[] = [];
    for (const scopes of scopeSets) {
      const { token } = await create(env.player, scopes);
      for (const route of tokenRoutes) {
        const res = await call(token, route.method, route.url, 'body' in route ? route.body : undefined);
        const want = route.scope === 'any' || (scopes as readonly string[]).includes(route.scope) ? 200 : 401;
        if (res.statusCode !== want)
          failures.push(`${scopes} ${route.method} ${route.url}: ${res.statusCode} ${res.body}`);
        if (want === 401 && res.json().error !== 'Unauthorized or insufficient permissions.')
          failures.push(`${scopes} ${route.url}: ${res.body}`);
      }
    }
    const { token, apiToken } = await create(env.player, ['GP', 'TP', 'WP']);
    await env.t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-tokens/${apiToken.id}`,
      headers: env.player.auth,
    });
    for (const route of tokenRoutes) {
      const res = await call(token, route.method, route.url, 'body' in route ? route.body : undefined);
      if (res.statusCode !== 401) failures.push(`revoked ${route.url}: ${res.statusCode}`);
    }
    // A session's token (even an admin's) is no personal token.
    for (const who of [env.player, env.admin])
      for (const route of tokenRoutes) {
        const res = await call(who.token, route.method, route.url, 'body' in route ? route.body : undefined);
        if (res.statusCode !== 401) failures.push(`session ${route.url}: ${res.statusCode}`);
      }
    expect(failures).toEqual([]);
  });

  it('no session route takes a personal token: account, progress, suggestion, moderation and admin routes answer 401', async () => {
    const adminToken = (await create(env.admin, ['GP', 'TP', 'WP'], null)).token;
    const playerToken = (await create(env.player, ['GP', 'TP', 'WP'], null)).token;
    const failures: string[] = [];
    const routes = env.t.app.ctx.routes.filter((r) => r.role !== 'guest');
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/users/changePassword',
        '/api/user/api-tokens',
        '/api/user/quest/get/:gameId',
        '/api/suggestion',
        '/api/admin/review/suggestions',
        '/api/admin/:model',
      ]),
    );
    for (const route of routes)
      for (const token of [adminToken, playerToken]) {
        const res = await call(token, route.method, `${fillParams(route)}?gameId=g1`);
        if (res.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${res.statusCode}`);
      }
    expect(failures).toEqual([]);
  });
});

describe('a token reads and writes its owner only, in its game', () => {
  it("another player's progress is never read or changed; a token of another game leaves this one alone", async () => {
    const alice = await createUser(env.t);
    const bob = await createUser(env.t);
    const aliceToken = (await create(alice, ['GP', 'TP', 'WP'])).token;
    const bobToken = (await create(bob, ['GP', 'TP', 'WP'])).token;
    expect(
      (await call(aliceToken, 'POST', `/api/v2/progress/task/${task}`, { state: 'completed' })).statusCode,
    ).toBe(200);
    const bobs = (await call(bobToken, 'GET', '/api/v2/progress')).json();
    expect(bobs.meta.self).toBe(bob.id);
    expect(bobs.data.tasksProgress).toEqual([]);
    const team = (await call(bobToken, 'GET', '/api/v2/team/progress')).json();
    expect(team.data.map((p: { userId: string }) => p.userId)).toEqual([bob.id]);
    // Alice's token for g1 (a game without tarkov.dev quests) changes nothing of g2.
    const g1Token = (await create(alice, ['GP', 'WP'], 'g1')).token;
    expect(
      (await call(g1Token, 'POST', `/api/v2/progress/task/${task}`, { state: 'uncompleted' })).statusCode,
    ).toBe(200);
    expect((await call(aliceToken, 'GET', '/api/v2/progress')).json().data.tasksProgress).toEqual([
      { id: task, complete: true },
    ]);
    expect((await call(g1Token, 'GET', '/api/v2/progress')).json().data.tasksProgress).toEqual([]);
    // A token for every game speaks to the game whose quests came from an import.
    const allGames = (await create(alice, ['GP'], null)).token;
    expect((await call(allGames, 'GET', '/api/v2/progress')).json().data.tasksProgress).toEqual([
      { id: task, complete: true },
    ]);
  });

  it('a token of a deleted user or of another game id that does not exist is refused', async () => {
    const who = await createUser(env.t);
    const missing = await env.t.app.inject({
      method: 'POST',
      url: '/api/user/api-tokens',
      headers: who.auth,
      payload: { name: 'x', gameId: 'nope', scopes: ['GP'] },
    });
    expect(missing.statusCode).toBe(404);
    const { token } = await create(who, ['GP']);
    await env.t.db.kysely.deleteFrom('user').where('id', '=', who.id).execute();
    expect((await call(token, 'GET', '/api/v2/token')).statusCode).toBe(401);
  });
});
