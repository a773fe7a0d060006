import { progressFormat, progressVersion } from '@waypoint/shared/progress/portable';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

beforeAll(async () => {
  const w = env.t.app.ctx.writer;
  const actor = { id: null, username: 'test' };
  const levels = (n: number) => Array.from({ length: n }, (_, i) => ({ level: i + 1, description: '' }));
  await w.create(
    'hideoutmodule',
    { _id: 'workbench', gameId: 'g1', moduleTitle: 'Workbench', moduleLevels: levels(3) },
    actor,
  );
  await w.create(
    'hideoutmodule',
    { _id: 'generator', gameId: 'g1', moduleTitle: 'Generator', moduleLevels: levels(2) },
    actor,
  );
  await w.create('hideoutmodule', { _id: 'shrine', gameId: 'g1', moduleTitle: 'Shrine' }, actor);
  await w.create(
    'hideoutmodule',
    { _id: 'stash', gameId: 'g2', moduleTitle: 'Stash', moduleLevels: levels(4) },
    actor,
  );
});

interface Save {
  gameId: string;
  builtLevels: { moduleId: string; level: number }[];
}

const get = (url: string, user: TestUser | null) =>
  env.t.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });
const put = (gameId: string, moduleId: string, body: unknown, user: TestUser | null) =>
  env.t.app.inject({
    method: 'PUT',
    url: `/api/user/hideout/${gameId}/${moduleId}`,
    headers: user?.auth ?? {},
    payload: body as object,
  });
const post = (url: string, user: TestUser, body: unknown) =>
  env.t.app.inject({ method: 'POST', url, headers: user.auth, payload: body as object });
const built = async (user: TestUser, gameId = 'g1') =>
  ((await get(`/api/user/hideout/${gameId}`, user)).json() as Save).builtLevels;
const rows = (user: TestUser) =>
  env.t.db.kysely.selectFrom('user_hideout_level').selectAll().where('userId', '=', user.id).execute();

describe('hideout levels', () => {
  it('start at nothing built; a level is set, changed and taken back to 0', async () => {
    const me = await createUser(env.t);
    const first = await get('/api/user/hideout/g1', me);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ gameId: 'g1', builtLevels: [] });

    const set = await put('g1', 'workbench', { level: 2 }, me);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ gameId: 'g1', builtLevels: [{ moduleId: 'workbench', level: 2 }] });
    await put('g1', 'generator', { level: 2 }, me);
    // Sorted by module id; the highest level of a module can be built.
    expect(await built(me)).toEqual([
      { moduleId: 'generator', level: 2 },
      { moduleId: 'workbench', level: 2 },
    ]);
    expect((await put('g1', 'workbench', { level: 3 }, me)).statusCode).toBe(200);
    expect((await put('g1', 'workbench', { level: 0 }, me)).json().builtLevels).toEqual([
      { moduleId: 'generator', level: 2 },
    ]);
    // Level 0 keeps no row.
    expect((await rows(me)).map((r) => r.moduleId)).toEqual(['generator']);
  });

  it('bound the level by the module, naming the field, and change nothing then', async () => {
    const me = await createUser(env.t);
    await put('g1', 'workbench', { level: 1 }, me);
    const tooHigh = await put('g1', 'workbench', { level: 4 }, me);
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().errors).toEqual([
      { field: 'body.level', message: 'Workbench has levels 1 to 3: use 0 to 3' },
    ]);
    expect(JSON.stringify(tooHigh.json().errors)).toContain('body.level');
    const none = await put('g1', 'shrine', { level: 1 }, me);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('body.level');
    for (const body of [
      { level: -1 },
      { level: 1.5 },
      { level: '2' },
      { level: 101 },
      {},
      { level: 1, x: 1 },
    ]) {
      const res = await put('g1', 'workbench', body, me);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].field, JSON.stringify(body)).toMatch(/^body/);
    }
    expect((await put('g1', 'workbench', { level: 'x' }, me)).json().errors[0].field).toBe('body.level');
    expect((await put('g1', 'bad id!', { level: 1 }, me)).json().errors[0].field).toBe('params.moduleId');
    expect(await built(me)).toEqual([{ moduleId: 'workbench', level: 1 }]);
  });

  it('need a login', async () => {
    expect((await get('/api/user/hideout/g1', null)).statusCode).toBe(401);
    expect((await put('g1', 'workbench', { level: 1 }, null)).statusCode).toBe(401);
  });

  it('answer 404 for an unknown module, a module of another game and an unknown game', async () => {
    const me = await createUser(env.t);
    const unknown = await put('g1', 'no_such_module', { level: 1 }, me);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('no_such_module');
    expect((await put('g1', 'stash', { level: 1 }, me)).statusCode).toBe(404);
    expect((await put('nope', 'workbench', { level: 1 }, me)).statusCode).toBe(404);
    expect((await get('/api/user/hideout/nope', me)).statusCode).toBe(404);
    expect(await rows(me)).toEqual([]);
  });

  it('keep each player and each game apart', async () => {
    const me = await createUser(env.t);
    const other = await createUser(env.t);
    await put('g1', 'workbench', { level: 3 }, other);
    await put('g2', 'stash', { level: 4 }, me);
    expect(await built(me)).toEqual([]);
    expect(await built(me, 'g2')).toEqual([{ moduleId: 'stash', level: 4 }]);
  });

  it('are cleared by resetting the progress of the game, and only that game', async () => {
    const me = await createUser(env.t);
    await put('g1', 'workbench', { level: 2 }, me);
    await put('g1', 'generator', { level: 1 }, me);
    await put('g2', 'stash', { level: 3 }, me);
    const reset = await post('/api/users/resetProgress', me, { gameId: 'g1' });
    expect(reset.statusCode).toBe(200);
    expect(await built(me)).toEqual([]);
    expect(await built(me, 'g2')).toEqual([{ moduleId: 'stash', level: 3 }]);
  });
});

describe('hideout levels under parallel changes', () => {
  it('many changes of one module at once leave one of the levels sent, in one row', async () => {
    const me = await createUser(env.t);
    const levels = Array.from({ length: 16 }, (_, i) => (i % 3) + 1);
    const answers = await Promise.all(levels.map((level) => put('g1', 'workbench', { level }, me)));
    expect(answers.map((a) => a.statusCode)).toEqual(levels.map(() => 200));
    // Every answer is a whole save: one entry for the module, at a level that was sent.
    for (const a of answers) {
      const entries = (a.json() as Save).builtLevels;
      expect(entries).toHaveLength(1);
      expect([1, 2, 3]).toContain(entries[0]!.level);
    }
    const stored = await rows(me);
    expect(stored).toHaveLength(1);
    expect([1, 2, 3]).toContain(Number(stored[0]!.level));
    expect(await built(me)).toEqual([{ moduleId: 'workbench', level: Number(stored[0]!.level) }]);
  });

  it('changes of different modules at once all land', async () => {
    const me = await createUser(env.t);
    const changes: [string, string, number][] = [
      ['g1', 'workbench', 3],
      ['g1', 'generator', 2],
      ['g2', 'stash', 4],
      ['g1', 'workbench', 3],
      ['g1', 'generator', 2],
      ['g2', 'stash', 4],
    ];
    const answers = await Promise.all(changes.map(([g, m, level]) => put(g, m, { level }, me)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await built(me)).toEqual([
      { moduleId: 'generator', level: 2 },
      { moduleId: 'workbench', level: 3 },
    ]);
    expect(await built(me, 'g2')).toEqual([{ moduleId: 'stash', level: 4 }]);
  });

  it('building and un-building at once leave the module either built or not, never twice', async () => {
    const me = await createUser(env.t);
    const levels = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 0 : 2));
    await Promise.all(levels.map((level) => put('g1', 'generator', { level }, me)));
    const stored = await rows(me);
    expect(stored.length).toBeLessThanOrEqual(1);
    const after = await built(me);
    expect(after).toEqual(stored.length === 0 ? [] : [{ moduleId: 'generator', level: 2 }]);
  });
});

describe('hideout levels in portable progress', () => {
  const file = (games: unknown[], version = 2) => ({ format: progressFormat, version, games });

  it('round-trip: an export imported by another player gives the same levels', async () => {
    const source = await createUser(env.t);
    await put('g1', 'workbench', { level: 2 }, source);
    await put('g1', 'generator', { level: 1 }, source);
    await put('g2', 'stash', { level: 4 }, source);
    const exported = (await get('/api/user/progress/export', source)).json();
    expect(exported.version).toBe(progressVersion);
    // A game with only hideout progress is exported too.
    expect(exported.games).toEqual([
      {
        gameId: 'g1',
        completedQuests: [],
        completedObjectives: {},
        itemsOwned: [],
        hideoutLevels: [
          { moduleId: 'generator', level: 1 },
          { moduleId: 'workbench', level: 2 },
        ],
        completedMarkers: [],
        pins: [],
        markerNotes: [],
      },
      {
        gameId: 'g2',
        completedQuests: [],
        completedObjectives: {},
        itemsOwned: [],
        hideoutLevels: [{ moduleId: 'stash', level: 4 }],
        completedMarkers: [],
        pins: [],
        markerNotes: [],
      },
    ]);
    const target = await createUser(env.t);
    await put('g1', 'workbench', { level: 3 }, target);
    const res = await post('/api/user/progress/import', target, { mode: 'replace', file: exported });
    expect(res.statusCode).toBe(200);
    expect(res.json().games[0].hideout).toEqual({ add: 1, remove: 1, unknown: 0 });
    expect((await get('/api/user/progress/export', target)).json().games).toEqual(exported.games);
  });

  it('merge keeps the higher level; replace takes the file’s; unknown modules are counted, levels capped', async () => {
    const me = await createUser(env.t);
    await put('g1', 'workbench', { level: 3 }, me);
    const incoming = file([
      {
        gameId: 'g1',
        hideoutLevels: [
          { moduleId: 'workbench', level: 1 },
          { moduleId: 'generator', level: 9 },
          { moduleId: 'no_such_module', level: 1 },
          { moduleId: 'stash', level: 1 },
        ],
      },
    ]);
    const preview = await post('/api/user/progress/import', me, {
      mode: 'merge',
      preview: true,
      file: incoming,
    });
    expect(preview.json().games[0].hideout).toEqual({ add: 1, remove: 0, unknown: 2 });
    expect(await built(me)).toEqual([{ moduleId: 'workbench', level: 3 }]);
    await post('/api/user/progress/import', me, { mode: 'merge', file: incoming });
    expect(await built(me)).toEqual([
      { moduleId: 'generator', level: 2 },
      { moduleId: 'workbench', level: 3 },
    ]);
    const replace = await post('/api/user/progress/import', me, { mode: 'replace', file: incoming });
    expect(replace.json().games[0].hideout).toEqual({ add: 0, remove: 1, unknown: 2 });
    expect(await built(me)).toEqual([
      { moduleId: 'generator', level: 2 },
      { moduleId: 'workbench', level: 1 },
    ]);
    const wipe = file([{ gameId: 'g1', hideoutLevels: [] }]);
    await post('/api/user/progress/import', me, { mode: 'replace', file: wipe });
    expect(await built(me)).toEqual([]);
  });

  it('imports a version 1 file, written before hideout levels were kept, leaving the levels alone', async () => {
    const me = await createUser(env.t);
    await put('g1', 'workbench', { level: 2 }, me);
    const old = file(
      [{ gameId: 'g1', level: 4, completedQuests: ['q1'], itemsOwned: [], completedMarkers: [] }],
      1,
    );
    for (const mode of ['merge', 'replace']) {
      const res = await post('/api/user/progress/import', me, { mode, file: old });
      expect(res.statusCode).toBe(200);
      expect(res.json().games[0].hideout).toEqual({ add: 0, remove: 0, unknown: 0 });
    }
    expect(await built(me)).toEqual([{ moduleId: 'workbench', level: 2 }]);
    expect((await get('/api/user/quest/get/g1', me)).json()).toMatchObject({
      completedQuests: ['q1'],
      level: 4,
    });
    const bad = await post('/api/user/progress/import', me, {
      mode: 'merge',
      file: file([], progressVersion + 1),
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toMatch(/body\.file\.version/);
    const badLevel = await post('/api/user/progress/import', me, {
      mode: 'merge',
      file: file([{ gameId: 'g1', hideoutLevels: [{ moduleId: 'workbench', level: -1 }] }]),
    });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().errors[0].field).toBe('body.file.games.0.hideoutLevels.0.level');
  });
});
