import { readFileSync } from 'node:fs';
import { tarkovDevAnswer } from '@waypoint/shared/interop/fixtures/tarkov-dev-answer';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

/**
 * The token API as TarkovTracker's clients use it: the calls TarkovMonitor makes (token, progress,
 * a task's status, tasks in bulk) and the other documented ones, each answer validated against the
 * schemas of TarkovTracker's published OpenAPI document (fixtures/README.md), with TarkovTracker's
 * status codes for unknown ids, wrong scopes, revoked and malformed tokens. Runs on SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
const env = useTestApp({ overrides: { apiTokenRateLimit: 40, apiTokensPerUser: 12 } });

const document = JSON.parse(
  readFileSync(new URL('./fixtures/tarkovtracker-openapi.json', import.meta.url), 'utf8'),
) as { components: { schemas: Record<string, unknown> }; paths: Record<string, Record<string, unknown>> };
// OpenAPI 3.0 schemas are JSON Schema draft 4 with a few words of their own.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addVocabulary(['example']);
ajv.addSchema({ components: document.components }, 'openapi');
/** Validates `body` against the 200 answer schema of a documented path (or a named component). */
function valid(body: unknown, schema: { path: string; method: string } | { component: string }) {
  const ref =
    'component' in schema
      ? { $ref: `openapi#/components/schemas/${schema.component}` }
      : // biome-ignore lint/suspicious/noExplicitAny: the document's shape
        ((document.paths[schema.path]![schema.method] as any).responses['200'].content['application/json']
          .schema as object);
  const check = ajv.compile(
    JSON.parse(JSON.stringify(ref).replaceAll('"#/components', '"openapi#/components')),
  );
  const ok = check(body);
  if (!ok) throw new Error(`${JSON.stringify(check.errors)} in ${JSON.stringify(body)}`);
  return ok;
}

const GAME = 'g2';
const tasks = tarkovDevAnswer.data.tasks;
const taskId = (name: string) => tasks.find((t) => t.name === name)!.id;

async function importTarkovDev() {
  const admin = env.admin.auth;
  const staged = await env.t.app.inject({
    method: 'POST',
    url: `/api/admin/games/${GAME}/import/tarkov-dev`,
    headers: admin,
    payload: { source: 'tarkov.dev', content: JSON.stringify(tarkovDevAnswer) },
  });
  expect(staged.statusCode, staged.body).toBe(200);
  for (const model of ['trader', 'hideoutmodule', 'quest', 'item']) {
    const res = await env.t.app.inject({
      method: 'GET',
      url: `/api/admin/acceptAllImportedModels/${model}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function createToken(
  who: TestUser,
  body: { name?: string; gameId?: string | null; scopes: string[]; format?: string },
): Promise<string> {
  const res = await env.t.app.inject({
    method: 'POST',
    url: '/api/user/api-tokens',
    headers: who.auth,
    payload: {
      name: body.name ?? 'Monitor',
      gameId: body.gameId === undefined ? GAME : body.gameId,
      scopes: body.scopes,
      ...(body.format ? { format: body.format } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token;
}

const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  env.t.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      // TarkovMonitor's client (Refit) names itself and sends JSON.
      'user-agent': 'TarkovMonitor 1.0.0.0',
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

/** The player's quest save as the quest tracker reads it. */
const questSave = async (who: TestUser) =>
  (
    await env.t.app.inject({ method: 'GET', url: `/api/user/quest/get/${GAME}`, headers: who.auth })
  ).json() as {
    completedQuests: string[];
    level: number;
  };

let questIdOf: (name: string) => string;

beforeAll(async () => {
  await importTarkovDev();
  const quests = (
    await env.t.app.inject({
      method: 'GET',
      url: `/api/quests?query=${encodeURIComponent(JSON.stringify({ gameId: GAME }))}`,
    })
  ).json().data as { _id: string; name: string }[];
  questIdOf = (name) => quests.find((q) => q.name === name)!._id;
});

describe('TarkovMonitor replayed: token, progress, a task, tasks in bulk', () => {
  it('answers each call in the documented shapes and the tracker sees the ticks', async () => {
    const token = await createToken(env.player, { scopes: ['GP', 'WP'] });
    expect(token).toMatch(/^wpt_[A-Za-z0-9_-]{43}$/);

    // TestToken: GET /token with `Authorization: Bearer <token>`.
    const info = await call(token, 'GET', '/token');
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(valid(info.json(), { path: '/token', method: 'get' })).toBe(true);
    expect(info.json()).toEqual({ permissions: ['GP', 'WP'], token });

    // GetProgress: nothing done yet.
    const empty = await call(token, 'GET', '/progress');
    expect(empty.statusCode).toBe(200);
    expect(valid(empty.json(), { path: '/progress', method: 'get' })).toBe(true);
    expect(empty.json().meta).toEqual({ self: env.player.id });
    expect(empty.json().data).toMatchObject({
      playerLevel: 1,
      gameEdition: 1,
      pmcFaction: 'USEC',
      displayName: env.player.username,
      userId: env.player.id,
      taskProgress: [],
      tasksProgress: [],
      taskObjectivesProgress: [],
      hideoutModulesProgress: [],
      hideoutPartsProgress: [],
    });

    // SetTaskStatus: POST /progress/task/{id} {"state":"completed"}; TarkovMonitor reads a string.
    const one = await call(token, 'POST', `/progress/task/${taskId('First in Line')}`, {
      state: 'completed',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ message: 'Task updated successfully.' });
    expect((await questSave(env.player)).completedQuests).toEqual([questIdOf('First in Line')]);

    // SetTaskStatuses: POST /progress/tasks with a list of {id, state}.
    const bulk = await call(token, 'POST', '/progress/tasks', [
      { id: taskId('Shooting Cans'), state: 'completed' },
      { id: taskId('Debut'), state: 'failed' },
      { id: taskId('First in Line'), state: 'uncompleted' },
    ]);
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ message: 'Tasks updated successfully.' });
    expect((await questSave(env.player)).completedQuests).toEqual([questIdOf('Shooting Cans')]);

    // TarkovTracker's own handler reads an object of task id → state.
    const object = await call(token, 'POST', '/progress/tasks', { [taskId('Saving the Mole')]: 'completed' });
    expect(object.statusCode, object.body).toBe(200);

    const level = await call(token, 'POST', '/progress/level/17');
    expect(level.statusCode).toBe(200);
    expect(level.json()).toEqual({ message: 'Level updated successfully.' });
    expect((await questSave(env.player)).level).toBe(17);

    const objective = await call(token, 'POST', '/progress/task/objective/65732ac3c67dcd96adffa3c7', {
      state: 'completed',
      count: 2,
    });
    expect(objective.statusCode, objective.body).toBe(200);
    const countOnly = await call(token, 'POST', '/progress/task/objective/65817bf31404f3565aef9fec', {
      count: 1,
    });
    expect(countOnly.statusCode).toBe(200);

    const progress = (await call(token, 'GET', '/progress')).json();
    expect(valid(progress, { path: '/progress', method: 'get' })).toBe(true);
    const byId = Object.fromEntries((progress.data.tasksProgress as { id: string }[]).map((t) => [t.id, t]));
    expect(byId).toEqual({
      [taskId('Shooting Cans')]: { id: taskId('Shooting Cans'), complete: true },
      [taskId('Saving the Mole')]: { id: taskId('Saving the Mole'), complete: true },
      [taskId('Debut')]: { id: taskId('Debut'), complete: false, failed: true },
    });
    expect(progress.data.taskProgress).toEqual(progress.data.tasksProgress);
    expect(progress.data.playerLevel).toBe(17);
    expect(progress.data.taskObjectivesProgress).toEqual([
      { id: '65732ac3c67dcd96adffa3c7', complete: true, count: 2 },
      { id: '65817bf31404f3565aef9fec', complete: false, count: 1 },
    ]);
    for (const item of progress.data.taskObjectivesProgress)
      expect(valid(item, { component: 'TaskObjectiveProgress' })).toBe(true);

    // Completing a failed task takes the failure back.
    await call(token, 'POST', `/progress/task/${taskId('Debut')}`, { state: 'completed' });
    const after = (await call(token, 'GET', '/progress')).json().data.tasksProgress as {
      id: string;
      failed?: boolean;
    }[];
    expect(after.find((t) => t.id === taskId('Debut'))).toEqual({ id: taskId('Debut'), complete: true });
  });

  it("a token in TarkovTracker.org's form passes TarkovMonitor's own checks of the token and its answer", async () => {
    // TarkovMonitor (TarkovTracker.cs, IsSupportedOrgToken / VerifyOrgTokenResponse): 22 characters,
    // PVE_, PVP_ or SZN_ then hex digits; the token route answers the same token; WP is needed to
    // write; the prefix must match the game mode it sees.
    const isSupportedOrgToken = (value: string) =>
      value.length === 22 &&
      value[3] === '_' &&
      ['PVE', 'PVP', 'SZN'].includes(value.slice(0, 3)) &&
      /^[0-9a-fA-F]+$/.test(value.slice(4));
    for (const format of ['PVP', 'PVE'] as const) {
      const token = await createToken(env.player, { scopes: ['GP', 'WP'], format });
      expect(isSupportedOrgToken(token), token).toBe(true);
      expect(token.startsWith(`${format}_`)).toBe(true);
      const info = await call(token, 'GET', '/token');
      expect(info.json()).toEqual({ permissions: ['GP', 'WP'], token });
      expect(info.json().permissions).toContain('WP');
      const progress = await call(token, 'GET', '/progress');
      expect(valid(progress.json(), { path: '/progress', method: 'get' })).toBe(true);
    }
    expect((await call('PVP_0123456789abcdef01', 'GET', '/token')).statusCode).toBe(401);
  });

  it('edition and faction are the player settings of the game, shown in the progress', async () => {
    const who = await createUser(env.t);
    const put = await env.t.app.inject({
      method: 'PUT',
      url: `/api/user/game-settings/${GAME}`,
      headers: who.auth,
      payload: { gameEdition: 4, pmcFaction: 'BEAR' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ gameEdition: 4, pmcFaction: 'BEAR', playerLevel: 1 });
    const bad = await env.t.app.inject({
      method: 'PUT',
      url: `/api/user/game-settings/${GAME}`,
      headers: who.auth,
      payload: { gameEdition: 9, pmcFaction: 'SCAV' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['body.gameEdition', 'body.pmcFaction']);
    const token = await createToken(who, { scopes: ['GP'] });
    expect((await call(token, 'GET', '/progress')).json().data).toMatchObject({
      gameEdition: 4,
      pmcFaction: 'BEAR',
    });
  });

  it("the site's OpenAPI document describes the token API with its security scheme, and the answers fit it", async () => {
    const doc = (await env.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.personalToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of [
      '/api/v2/token',
      '/api/v2/progress',
      '/api/v2/team/progress',
      '/api/v2/progress/level/{levelValue}',
      '/api/v2/progress/task/{taskId}',
      '/api/v2/progress/tasks',
      '/api/v2/progress/task/objective/{objectiveId}',
    ]) {
      const operation = Object.values(doc.paths[path] ?? {})[0] as { security?: unknown; responses: object };
      expect(operation?.security, path).toEqual([{ personalToken: [] }]);
      expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(['200', '401', '429']));
    }
    const own = new Ajv2020({ strict: false, allErrors: true });
    for (const [name, schema] of Object.entries(doc.components.schemas))
      own.addSchema(schema as object, `#/components/schemas/${name}`);
    const token = await createToken(env.player, { scopes: ['GP'] });
    const progress = (await call(token, 'GET', '/progress')).json();
    const check = own.getSchema('#/components/schemas/TrackerProgress')!;
    expect(check(progress.data) ? [] : check.errors).toEqual([]);
  });

  it('the team is the player alone when in none', async () => {
    const token = await createToken(env.player, { scopes: ['TP'] });
    const team = await call(token, 'GET', '/team/progress');
    expect(team.statusCode).toBe(200);
    expect(team.json().meta).toEqual({ self: env.player.id, hiddenTeammates: [] });
    expect(team.json().data).toHaveLength(1);
    expect(valid(team.json().data, { component: 'TeamProgress' })).toBe(true);
    expect(team.json().data[0].userId).toBe(env.player.id);
  });

  it("a team's progress: each sharing member in TarkovTracker's shape, the others hidden", async () => {
    const [owner, mate, shy] = [await createUser(env.t), await createUser(env.t), await createUser(env.t)];
    const post = (who: TestUser, url: string, payload?: unknown) =>
      env.t.app.inject({
        method: 'POST',
        url,
        headers: { ...who.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload ?? {}),
      });
    expect((await post(owner, `/api/user/teams/${GAME}`, { name: 'Squad' })).statusCode).toBe(201);
    for (const who of [mate, shy]) {
      const link = (await post(owner, `/api/user/teams/${GAME}/invites`)).json().token;
      expect((await post(who, '/api/user/team-invites/join', { token: link })).statusCode).toBe(200);
    }
    const off = await env.t.app.inject({
      method: 'PATCH',
      url: `/api/user/teams/${GAME}/settings`,
      headers: { ...shy.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ shareProgress: false }),
    });
    expect(off.statusCode, off.body).toBe(200);
    const mateToken = await createToken(mate, { scopes: ['WP'] });
    expect(
      (await call(mateToken, 'POST', `/progress/task/${taskId('Debut')}`, { state: 'completed' })).statusCode,
    ).toBe(200);

    const team = await call(await createToken(owner, { scopes: ['TP'] }), 'GET', '/team/progress');
    expect(team.statusCode).toBe(200);
    expect(valid(team.json().data, { component: 'TeamProgress' })).toBe(true);
    expect(team.json().data.map((p: { userId: string }) => p.userId)).toEqual([owner.id, mate.id]);
    expect(team.json().meta).toEqual({ self: owner.id, hiddenTeammates: [shy.id] });
    expect(team.json().data[1].tasksProgress).toEqual([{ id: taskId('Debut'), complete: true }]);
  });
});

describe('refusals with TarkovTracker status codes and error bodies', () => {
  it('unknown ids, bad states, levels and bodies', async () => {
    const token = await createToken(env.player, { scopes: ['GP', 'WP'] });
    const before = await questSave(env.player);
    // TarkovTracker accepts any task id; one this game lacks changes nothing here.
    const unknown = await call(token, 'POST', '/progress/task/5936d90786f7742b1420ba5b', {
      state: 'completed',
    });
    expect(unknown.statusCode).toBe(200);
    expect(await questSave(env.player)).toEqual(before);
    const badState = await call(token, 'POST', `/progress/task/${taskId('Debut')}`, { state: 'done' });
    expect(badState.statusCode).toBe(400);
    expect(badState.json()).toEqual({
      error: "Invalid state provided. Should be 'completed', 'failed', or 'uncompleted'.",
    });
    expect((await call(token, 'POST', '/progress/tasks', [])).json()).toEqual({
      error: 'Invalid request body format.',
    });
    const numbers = await call(token, 'POST', '/progress/tasks', { [taskId('Debut')]: 2 });
    expect([numbers.statusCode, numbers.json()]).toEqual([
      400,
      { error: 'Invalid status value found in batch update.' },
    ]);
    for (const level of ['0', 'x', '-3'])
      expect((await call(token, 'POST', `/progress/level/${level}`)).json()).toEqual({
        error: 'Invalid level value provided.',
      });
    const noChange = await call(token, 'POST', '/progress/task/objective/abc', {});
    expect(noChange.statusCode).toBe(400);
    expect(await questSave(env.player)).toEqual(before);
  });

  it('no header 401, a malformed header 400, malformed, revoked and session tokens 401', async () => {
    const token = await createToken(env.player, { scopes: ['GP'] });
    expect([
      (await call(null, 'GET', '/token')).statusCode,
      (await call(null, 'GET', '/token')).json(),
    ]).toEqual([401, { error: 'No Authorization header sent' }]);
    const basic = await env.t.app.inject({
      method: 'GET',
      url: '/api/v2/token',
      headers: { authorization: `Token ${token}` },
    });
    expect([basic.statusCode, basic.json()]).toEqual([
      400,
      { error: "Invalid Authorization header format. Expected 'Bearer <token>'." },
    ]);
    for (const bad of ['nonsense', `${token}x`, `wpt_${'A'.repeat(43)}`, env.player.token]) {
      const res = await call(bad, 'GET', '/progress');
      expect([res.statusCode, res.json()], bad).toEqual([401, { error: 'Invalid or expired token.' }]);
    }
    const list = (
      await env.t.app.inject({ method: 'GET', url: '/api/user/api-tokens', headers: env.player.auth })
    ).json() as { id: string; hint: string }[];
    const mine = list.find((t) => token.endsWith(t.hint.slice(-4)))!;
    const revoke = await env.t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-tokens/${mine.id}`,
      headers: env.player.auth,
    });
    expect(revoke.statusCode).toBe(204);
    expect((await call(token, 'GET', '/token')).statusCode).toBe(401);
    // Another player cannot revoke (or see) it.
    const other = await createUser(env.t);
    const theirs = await createToken(other, { scopes: ['GP'] });
    const otherList = (
      await env.t.app.inject({ method: 'GET', url: '/api/user/api-tokens', headers: other.auth })
    ).json() as { id: string }[];
    const stolen = await env.t.app.inject({
      method: 'DELETE',
      url: `/api/user/api-tokens/${otherList[0]!.id}`,
      headers: env.player.auth,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await call(theirs, 'GET', '/token')).statusCode).toBe(200);
  });

  it('a token in the address is refused, even beside a good header', async () => {
    const token = await createToken(env.player, { scopes: ['GP'] });
    for (const query of [`?token=${token}`, `?access_token=${token}`, `?x=${token}`]) {
      const res = await env.t.app.inject({
        method: 'GET',
        url: `/api/v2/progress${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatch(/Authorization header only/);
    }
  });

  it('a flood from one token is limited (429 with Retry-After); other tokens go on', async () => {
    const token = await createToken(env.player, { scopes: ['GP'] });
    const other = await createToken(env.player, { scopes: ['GP'] });
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++) statuses.push((await call(token, 'GET', '/token')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual([429, 429, 429, 429, 429]);
    const limited = await call(token, 'GET', '/token');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(other, 'GET', '/token')).statusCode).toBe(200);
  });

  it('last use is shown, written at most once a minute; a user holds a bounded number of tokens', async () => {
    const who = await createUser(env.t);
    const token = await createToken(who, { scopes: ['GP'] });
    const listed = async () =>
      (await env.t.app.inject({ method: 'GET', url: '/api/user/api-tokens', headers: who.auth })).json();
    expect((await listed())[0]).toMatchObject({
      name: 'Monitor',
      gameId: GAME,
      scopes: ['GP'],
      lastUsedAt: null,
    });
    expect(JSON.stringify(await listed())).not.toContain(token);
    await call(token, 'GET', '/token');
    const first = (await listed())[0].lastUsedAt;
    expect(first).toEqual(expect.any(String));
    await call(token, 'GET', '/token');
    expect((await listed())[0].lastUsedAt).toBe(first);
    const stored = await env.t.db.kysely
      .selectFrom('api_token')
      .select(['hash'])
      .where('userId', '=', who.id)
      .execute();
    expect(stored[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.hash).not.toContain(token.slice(4, 20));
    for (let i = 1; i < 12; i++) await createToken(who, { scopes: ['GP'] });
    const oneTooMany = await env.t.app.inject({
      method: 'POST',
      url: '/api/user/api-tokens',
      headers: who.auth,
      payload: { name: 'One more', gameId: null, scopes: ['GP'] },
    });
    expect(oneTooMany.statusCode).toBe(409);
    const bad = await env.t.app.inject({
      method: 'POST',
      url: '/api/user/api-tokens',
      headers: who.auth,
      payload: { name: '', gameId: 'nope', scopes: ['XX'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['body.name', 'body.scopes.0']),
    );
  });
});
