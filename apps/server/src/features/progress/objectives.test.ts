import { progressFormat, progressVersion } from '@waypoint/shared/progress/portable';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

beforeAll(async () => {
  const w = env.t.app.ctx.writer;
  const actor = { id: null, username: 'test' };
  await w.create(
    'quest',
    {
      _id: 'q_obj',
      gameId: 'g1',
      name: 'Many steps',
      objectives: Array.from({ length: 12 }, (_, i) => `Step ${i + 1}`),
    },
    actor,
  );
  await w.create(
    'quest',
    { _id: 'q_short', gameId: 'g1', name: 'Two steps', objectives: ['Go there', 'Come back'] },
    actor,
  );
  await w.create('quest', { _id: 'q_g2', gameId: 'g2', name: 'Elsewhere', objectives: ['Wave'] }, actor);
});

const get = (url: string, user: TestUser | null) =>
  env.t.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });
const post = (url: string, user: TestUser | null, body: unknown) =>
  env.t.app.inject({ method: 'POST', url, headers: user?.auth ?? {}, payload: body as object });
const tick = (
  user: TestUser | null,
  questId: string,
  objective: unknown,
  done: unknown = true,
  gameId = 'g1',
) => post(`/api/user/quest/objective/${gameId}/${questId}`, user, { objective, done });
const ticks = async (user: TestUser, gameId = 'g1') =>
  (await get(`/api/user/quest/get/${gameId}`, user)).json().completedObjectives;

describe('objective ticks', () => {
  it('ticks and unticks objectives, answering the quest save', async () => {
    const me = await createUser(env.t);
    expect(await ticks(me)).toEqual({});
    const first = await tick(me, 'q_obj', 2);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({
      gameId: 'g1',
      completedQuests: [],
      level: 1,
      completedObjectives: { q_obj: [2] },
    });
    await tick(me, 'q_obj', 0);
    await tick(me, 'q_obj', 0); // ticking twice keeps one tick
    await tick(me, 'q_short', 1);
    expect(await ticks(me)).toEqual({ q_obj: [0, 2], q_short: [1] });
    const untick = await tick(me, 'q_obj', 2, false);
    expect(untick.json().completedObjectives).toEqual({ q_obj: [0], q_short: [1] });
    await tick(me, 'q_short', 1, false);
    await tick(me, 'q_short', 0, false); // unticking what is not ticked changes nothing
    expect(await ticks(me)).toEqual({ q_obj: [0] });
  });

  it('keeps each player to their own ticks', async () => {
    const me = await createUser(env.t);
    const other = await createUser(env.t);
    await tick(other, 'q_obj', 5);
    expect(await ticks(me)).toEqual({});
    expect(await ticks(other)).toEqual({ q_obj: [5] });
  });

  it('never completes the quest, and completing the quest ticks nothing', async () => {
    const me = await createUser(env.t);
    await tick(me, 'q_short', 0);
    const all = await tick(me, 'q_short', 1);
    expect(all.json().completedQuests).toEqual([]);
    await get('/api/user/quest/complete/g1/q_obj', me);
    await get('/api/user/quest/uncomplete/g1/q_short', me);
    const save = (await get('/api/user/quest/get/g1', me)).json();
    expect(save.completedQuests).toEqual(['q_obj']);
    expect(save.completedObjectives).toEqual({ q_short: [0, 1] });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const me = await createUser(env.t);
    const cases: [unknown, unknown, string][] = [
      [2, true, 'body.objective'], // q_short has objectives 0 and 1
      [-1, true, 'body.objective'],
      [0.5, true, 'body.objective'],
      ['1', true, 'body.objective'],
      [200, true, 'body.objective'],
      [undefined, true, 'body.objective'],
      [0, 'yes', 'body.done'],
    ];
    for (const [objective, done, field] of cases) {
      const res = await tick(me, 'q_short', objective, done);
      expect(res.statusCode, JSON.stringify({ objective, done })).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
      expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    const noDone = await post('/api/user/quest/objective/g1/q_short', me, { objective: 0 });
    expect(noDone.json().errors[0].field).toBe('body.done');
    const extra = await post('/api/user/quest/objective/g1/q_short', me, {
      objective: 0,
      done: true,
      all: 1,
    });
    expect(extra.statusCode).toBe(400);
    const badId = await tick(me, 'bad%20id', 0);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].field).toBe('params.questId');
    const noObjectives = await tick(me, 'q1', 0);
    expect(noObjectives.statusCode).toBe(400);
    expect(noObjectives.json().errors[0]).toEqual({
      field: 'body.objective',
      message: 'This quest has no objectives',
    });
    expect(await ticks(me)).toEqual({});
  });

  it('answers 404 for unknown games and quests, and quests of another game', async () => {
    const me = await createUser(env.t);
    expect((await tick(me, 'nope', 0)).statusCode).toBe(404);
    expect((await tick(me, 'q_obj', 0, true, 'nope')).statusCode).toBe(404);
    const elsewhere = await tick(me, 'q_g2', 0);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toContain('q_g2');
    expect((await tick(me, 'q_g2', 0, true, 'g2')).statusCode).toBe(200);
    expect(await ticks(me)).toEqual({});
  });

  it('needs a login', async () => {
    expect((await tick(null, 'q_obj', 0)).statusCode).toBe(401);
  });

  it('keeps every tick when many arrive at once', async () => {
    const me = await createUser(env.t);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => tick(me, 'q_obj', i)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(await ticks(me)).toEqual({ q_obj: Array.from({ length: 12 }, (_, i) => i) });
    // Ticks and unticks of different objectives at once: each lands.
    await Promise.all([
      tick(me, 'q_obj', 1, false),
      tick(me, 'q_obj', 3, false),
      tick(me, 'q_short', 0),
      tick(me, 'q_short', 1),
      tick(me, 'q_obj', 5, false),
    ]);
    expect(await ticks(me)).toEqual({ q_obj: [0, 2, 4, 6, 7, 8, 9, 10, 11], q_short: [0, 1] });
  });

  it('resetting progress clears the ticks of that game only', async () => {
    const me = await createUser(env.t);
    await tick(me, 'q_obj', 3);
    await tick(me, 'q_g2', 0, true, 'g2');
    const reset = await post('/api/users/resetProgress', me, { gameId: 'g1' });
    expect(reset.statusCode).toBe(200);
    expect(await ticks(me)).toEqual({});
    expect(await ticks(me, 'g2')).toEqual({ q_g2: [0] });
  });
});

describe('objective ticks in portable progress', () => {
  const file = (games: unknown[], version: number = progressVersion) => ({
    format: progressFormat,
    version,
    games,
  });
  const exportOf = async (user: TestUser) => (await get('/api/user/progress/export', user)).json();

  it('exports the ticks, and an export imported by another player gives the same ticks', async () => {
    const source = await createUser(env.t);
    await tick(source, 'q_obj', 4);
    await tick(source, 'q_obj', 1);
    await tick(source, 'q_short', 0);
    await tick(source, 'q_g2', 0, true, 'g2');
    const exported = await exportOf(source);
    expect(exported.version).toBe(progressVersion);
    expect(exported.games).toEqual([
      {
        gameId: 'g1',
        completedQuests: [],
        completedObjectives: { q_obj: [1, 4], q_short: [0] },
        itemsOwned: [],
        hideoutLevels: [],
        completedMarkers: [],
        pins: [],
        markerNotes: [],
      },
      {
        gameId: 'g2',
        completedQuests: [],
        completedObjectives: { q_g2: [0] },
        itemsOwned: [],
        hideoutLevels: [],
        completedMarkers: [],
        pins: [],
        markerNotes: [],
      },
    ]);
    const target = await createUser(env.t);
    const res = await post('/api/user/progress/import', target, { mode: 'replace', file: exported });
    expect(res.statusCode).toBe(200);
    expect(res.json().games[0].objectives).toEqual({ add: 3, remove: 0, unknown: 0 });
    expect((await exportOf(target)).games).toEqual(exported.games);
    expect(await ticks(target)).toEqual({ q_obj: [1, 4], q_short: [0] });
  });

  it('merges and replaces ticks, skipping unknown quests and objectives past a quest’s list', async () => {
    const me = await createUser(env.t);
    await tick(me, 'q_obj', 0);
    await tick(me, 'q_short', 1);
    const incoming = file([
      {
        gameId: 'g1',
        completedObjectives: { q_obj: [0, 7, 40], q_short: [0], no_such_quest: [0, 1], q_g2: [0] },
      },
    ]);
    const preview = await post('/api/user/progress/import', me, {
      mode: 'merge',
      preview: true,
      file: incoming,
    });
    // q_obj 7 and q_short 0 are new; 40 is past q_obj's list, the other quest is unknown and q_g2 is another game's.
    expect(preview.json().games[0].objectives).toEqual({ add: 2, remove: 0, unknown: 4 });
    expect(await ticks(me)).toEqual({ q_obj: [0], q_short: [1] });

    await post('/api/user/progress/import', me, { mode: 'merge', file: incoming });
    expect(await ticks(me)).toEqual({ q_obj: [0, 7], q_short: [0, 1] });

    const replace = await post('/api/user/progress/import', me, {
      mode: 'replace',
      file: file([{ gameId: 'g1', completedObjectives: { q_short: [1] } }]),
    });
    expect(replace.json().games[0].objectives).toEqual({ add: 0, remove: 3, unknown: 0 });
    expect(await ticks(me)).toEqual({ q_short: [1] });
  });

  it("still imports files of version 1, which have no ticks and leave the player's as they are", async () => {
    const me = await createUser(env.t);
    await tick(me, 'q_obj', 2);
    const old = file([{ gameId: 'g1', level: 5, completedQuests: ['q1'] }], 1);
    const merged = await post('/api/user/progress/import', me, { mode: 'merge', file: old });
    expect(merged.statusCode).toBe(200);
    expect(await ticks(me)).toEqual({ q_obj: [2] });
    await post('/api/user/progress/import', me, { mode: 'replace', file: old });
    const save = (await get('/api/user/quest/get/g1', me)).json();
    expect(save).toEqual({
      gameId: 'g1',
      completedQuests: ['q1'],
      level: 5,
      completedObjectives: { q_obj: [2] },
    });
  });

  it('refuses bad ticks in a file, naming the field', async () => {
    const me = await createUser(env.t);
    const bad = await post('/api/user/progress/import', me, {
      mode: 'merge',
      file: file([{ gameId: 'g1', completedObjectives: { q_obj: [-1] } }]),
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toMatch(/body\.file\.games\.0\.completedObjectives\.q_obj\.0/);
    const unknownVersion = await post('/api/user/progress/import', me, {
      mode: 'merge',
      file: file([], progressVersion + 1),
    });
    expect(unknownVersion.statusCode).toBe(400);
    expect(JSON.stringify(unknownVersion.json().errors)).toMatch(/body\.file\.version/);
  });
});
