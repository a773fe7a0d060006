import { progressFormat, progressVersion } from '@waypoint/shared/progress/portable';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

beforeAll(async () => {
  await env.t.app.ctx.writer.create(
    'item',
    {
      _id: 'bolts',
      gameId: 'g1',
      itemName: 'Bolts',
      required: [
        { quantity: 3, questId: 'q1' },
        { quantity: 4, findOnly: true, questId: 'q2' },
      ],
    },
    { id: null, username: 'test' },
  );
});

const get = (url: string, user: TestUser) => env.t.app.inject({ method: 'GET', url, headers: user.auth });
const post = (url: string, user: TestUser | null, body: unknown) =>
  env.t.app.inject({ method: 'POST', url, headers: user?.auth ?? {}, payload: body as object });
const file = (games: unknown[]) => ({ format: progressFormat, version: progressVersion, games });

/** Gives a fresh player some progress in g1 through the ordinary routes. */
async function playerWithProgress() {
  const user = await createUser(env.t);
  await get('/api/user/quest/complete/g1/q1', user);
  await get('/api/user/quest/setuserlevel/g1/7', user);
  await get('/api/user/itemstokeep/setItemQuantity/g1/bolts/false/2', user);
  await post('/api/usercompletedmarkers/markCompleted/pm_0', user, {});
  await post('/api/usercompletedmarkers/markCompleted/pm_1', user, {});
  return user;
}

describe('portable progress', () => {
  it('exports every game the player has progress in, as the documented file', async () => {
    const user = await playerWithProgress();
    const res = await get('/api/user/progress/export', user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="waypoint-progress-${user.username}-\\d{4}-\\d\\d-\\d\\d\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ format: 'waypoint-progress', version: 3 });
    expect(body.games).toEqual([
      {
        gameId: 'g1',
        level: 7,
        completedQuests: ['q1'],
        completedObjectives: {},
        itemsOwned: [{ itemId: 'bolts', findOnly: false, quantity: 2 }],
        hideoutLevels: [],
        completedMarkers: ['pm_0', 'pm_1'],
        pins: [],
        markerNotes: [],
      },
    ]);
  });

  it('round-trips: an export imported by another player gives the same progress', async () => {
    const source = await playerWithProgress();
    const exported = (await get('/api/user/progress/export', source)).json();
    const target = await createUser(env.t);
    const res = await post('/api/user/progress/import', target, { mode: 'replace', file: exported });
    expect(res.statusCode).toBe(200);
    const mine = (await get('/api/user/progress/export', target)).json();
    expect(mine.games).toEqual(exported.games);
  });

  it('previews without changing anything, counting additions, removals and unknown ids', async () => {
    const user = await playerWithProgress();
    const before = (await get('/api/user/progress/export', user)).json().games;
    const incoming = file([
      {
        gameId: 'g1',
        level: 3,
        completedQuests: ['q2', 'no_such_quest'],
        itemsOwned: [
          { itemId: 'bolts', findOnly: true, quantity: 9 },
          { itemId: 'no_such_item', findOnly: false, quantity: 1 },
        ],
        completedMarkers: ['pm_1', 'pm_2', 'pm_404'],
      },
      { gameId: 'not_a_game', completedQuests: ['x'] },
    ]);
    const merge = await post('/api/user/progress/import', user, {
      mode: 'merge',
      preview: true,
      file: incoming,
    });
    expect(merge.statusCode).toBe(200);
    expect(merge.json()).toEqual({
      mode: 'merge',
      applied: false,
      games: [
        {
          gameId: 'g1',
          name: 'Game One',
          known: true,
          level: { from: 7, to: 7 },
          quests: { add: 1, remove: 0, unknown: 1 },
          objectives: { add: 0, remove: 0, unknown: 0 },
          // Find-in-raid bolts rise to their cap (4); the plain count stays.
          items: { add: 1, remove: 0, unknown: 1 },
          hideout: { add: 0, remove: 0, unknown: 0 },
          markers: { add: 1, remove: 0, unknown: 1 },
          pins: { add: 0, remove: 0, unknown: 0 },
          markerNotes: { add: 0, remove: 0, unknown: 0 },
        },
        {
          gameId: 'not_a_game',
          name: '',
          known: false,
          level: { from: 1, to: 1 },
          quests: { add: 0, remove: 0, unknown: 1 },
          objectives: { add: 0, remove: 0, unknown: 0 },
          items: { add: 0, remove: 0, unknown: 0 },
          hideout: { add: 0, remove: 0, unknown: 0 },
          markers: { add: 0, remove: 0, unknown: 0 },
          pins: { add: 0, remove: 0, unknown: 0 },
          markerNotes: { add: 0, remove: 0, unknown: 0 },
        },
      ],
    });
    const replace = await post('/api/user/progress/import', user, {
      mode: 'replace',
      preview: true,
      file: incoming,
    });
    expect(replace.json().games[0]).toMatchObject({
      level: { from: 7, to: 3 },
      quests: { add: 1, remove: 1 },
      items: { add: 1, remove: 1 },
      markers: { add: 1, remove: 1 },
    });
    expect((await get('/api/user/progress/export', user)).json().games).toEqual(before);
  });

  it('merge keeps what the player has and adds the rest; replace makes the game exactly the file', async () => {
    const user = await playerWithProgress();
    const incoming = file([
      {
        gameId: 'g1',
        level: 3,
        completedQuests: ['q2'],
        itemsOwned: [{ itemId: 'bolts', findOnly: true, quantity: 9 }],
        completedMarkers: ['pm_2'],
      },
    ]);
    await post('/api/user/progress/import', user, { mode: 'merge', file: incoming });
    expect((await get('/api/user/progress/export', user)).json().games).toEqual([
      {
        gameId: 'g1',
        level: 7,
        completedQuests: ['q1', 'q2'],
        completedObjectives: {},
        itemsOwned: [
          { itemId: 'bolts', findOnly: false, quantity: 2 },
          { itemId: 'bolts', findOnly: true, quantity: 4 },
        ],
        hideoutLevels: [],
        completedMarkers: ['pm_0', 'pm_1', 'pm_2'],
        pins: [],
        markerNotes: [],
      },
    ]);
    const res = await post('/api/user/progress/import', user, { mode: 'replace', file: incoming });
    expect(res.json().applied).toBe(true);
    expect((await get('/api/user/progress/export', user)).json().games).toEqual([
      {
        gameId: 'g1',
        level: 3,
        completedQuests: ['q2'],
        completedObjectives: {},
        itemsOwned: [{ itemId: 'bolts', findOnly: true, quantity: 4 }],
        hideoutLevels: [],
        completedMarkers: ['pm_2'],
        pins: [],
        markerNotes: [],
      },
    ]);
  });

  it('carries own pins and marker notes: merged, replaced, skipped where they do not fit', async () => {
    const source = await createUser(env.t);
    const pin = (body: object) => post('/api/user/pins/g1_map_a', source, body);
    expect(
      (await pin({ name: 'Stash ✓', note: 'Behind the crates', colour: 'green', x: 10, y: 20 })).statusCode,
    ).toBe(201);
    expect((await pin({ name: 'Boss', x: 30, y: 40 })).statusCode).toBe(201);
    const note = await env.t.app.inject({
      method: 'PUT',
      url: '/api/user/marker-notes/pm_2',
      headers: source.auth,
      payload: { note: 'Needs the red key' },
    });
    expect(note.statusCode).toBeLessThan(300);
    const exported = (await get('/api/user/progress/export', source)).json();
    const game = exported.games.find((g: { gameId: string }) => g.gameId === 'g1');
    // Pins go in the order they were made; two made in the same millisecond go by id.
    expect(game.pins.map((p: { name: string }) => p.name).sort()).toEqual(['Boss', 'Stash ✓']);
    const pinNamed = (name: string) => game.pins.find((p: { name: string }) => p.name === name);
    const [stash, boss] = [pinNamed('Stash ✓'), pinNamed('Boss')];
    expect(stash).toMatchObject({
      mapId: 'g1_map_a',
      note: 'Behind the crates',
      colour: 'green',
      level: -1,
      x: 10,
      y: 20,
    });
    expect(game.markerNotes).toEqual([{ markerId: 'pm_2', note: 'Needs the red key' }]);

    // Another player of this site: the pins come over under new ids (the source keeps its own).
    const target = await createUser(env.t);
    const own = await post('/api/user/pins/g1_map_b', target, { name: 'Mine', x: 5, y: 5 });
    expect(own.statusCode).toBe(201);
    const incoming = {
      ...exported,
      games: [
        {
          ...game,
          pins: [
            ...game.pins,
            { ...stash, id: 'pin_unknownmap01', mapId: 'no_such_map' },
            { ...stash, id: 'pin_outsidemap01', x: 999_999 },
          ],
          markerNotes: [...game.markerNotes, { markerId: 'no_such_marker', note: 'x' }],
        },
      ],
    };
    const merge = await post('/api/user/progress/import', target, { mode: 'merge', file: incoming });
    expect(merge.statusCode).toBe(200);
    expect(merge.json().games[0]).toMatchObject({
      pins: { add: 2, remove: 0, unknown: 2 },
      markerNotes: { add: 1, remove: 0, unknown: 1 },
    });
    const merged = (await get('/api/user/pins/g1_map_a', target)).json();
    expect(merged.pins.map((p: { name: string }) => p.name).sort()).toEqual(['Boss', 'Stash ✓']);
    expect(
      merged.pins.every((p: { id: string }) => !game.pins.some((q: { id: string }) => q.id === p.id)),
    ).toBe(true);
    expect(merged.notes).toMatchObject([{ markerId: 'pm_2', note: 'Needs the red key' }]);
    expect((await get('/api/user/pins/g1_map_b', target)).json().pins).toHaveLength(1);
    expect((await get('/api/user/pins/g1_map_a', source)).json().pins).toHaveLength(2);

    // Replace: the game's pins and notes become exactly the file's (here: one pin, no notes).
    const replace = await post('/api/user/progress/import', target, {
      mode: 'replace',
      file: { ...exported, games: [{ ...game, pins: [boss], markerNotes: [] }] },
    });
    expect(replace.statusCode).toBe(200);
    expect(replace.json().games[0]).toMatchObject({ markerNotes: { add: 0, remove: 1, unknown: 0 } });
    expect((await get('/api/user/pins/g1_map_a', target)).json()).toMatchObject({
      pins: [{ name: 'Boss' }],
      notes: [],
    });
    expect((await get('/api/user/pins/g1_map_b', target)).json().pins).toEqual([]);

    // A file of version 2 carries no pins: the player's stay.
    const old = await post('/api/user/progress/import', target, {
      mode: 'replace',
      file: { ...exported, version: 2, games: [{ gameId: 'g1' }] },
    });
    expect(old.json().games[0].pins).toEqual({ add: 0, remove: 0, unknown: 0 });
    expect((await get('/api/user/pins/g1_map_a', target)).json().pins).toHaveLength(1);
  });

  it('refuses a pin note past its length, naming the field', async () => {
    const user = await createUser(env.t);
    const res = await post('/api/user/progress/import', user, {
      mode: 'merge',
      preview: true,
      file: file([
        {
          gameId: 'g1',
          pins: [
            { id: 'pin_toolongnote1', mapId: 'g1_map_a', name: 'x', note: 'n'.repeat(2001), x: 1, y: 1 },
          ],
        },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('body.file.games.0.pins.0.note');
  });

  it('refuses a file that is not a progress file, naming the field, and needs a login', async () => {
    const user = await createUser(env.t);
    const wrong = await post('/api/user/progress/import', user, {
      mode: 'merge',
      file: { format: 'something-else', version: 1, games: [] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json().errors)).toMatch(/body\.file\.format/);
    const badMode = await post('/api/user/progress/import', user, { mode: 'wipe', file: file([]) });
    expect(badMode.statusCode).toBe(400);
    expect(JSON.stringify(badMode.json().errors)).toMatch(/body\.mode/);
    const badQuantity = await post('/api/user/progress/import', user, {
      mode: 'merge',
      file: file([{ gameId: 'g1', itemsOwned: [{ itemId: 'bolts', findOnly: false, quantity: -1 }] }]),
    });
    expect(badQuantity.statusCode).toBe(400);
    expect(
      (await post('/api/user/progress/import', null, { mode: 'merge', file: file([]) })).statusCode,
    ).toBe(401);
    expect((await env.t.app.inject({ method: 'GET', url: '/api/user/progress/export' })).statusCode).toBe(
      401,
    );
  });

  it('imports many markers in one request (chunked writes on both engines)', async () => {
    const user = await createUser(env.t);
    const ids = Array.from({ length: 3000 }, (_, i) => `ghost_${i}`).concat(['pm_3', 'pm_4']);
    const res = await post('/api/user/progress/import', user, {
      mode: 'merge',
      file: file([{ gameId: 'g1', completedMarkers: ids }]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().games[0].markers).toEqual({ add: 2, remove: 0, unknown: 3000 });
    expect((await get('/api/usercompletedmarkers/list', user)).json()).toEqual(['pm_3', 'pm_4']);
  });

  it('names a bad id deep in a long list by its index in the whole list', async () => {
    const user = await createUser(env.t);
    const ids = Array.from({ length: 12_000 }, (_, i) => `m_${i}`);
    ids[11_234] = '../bad';
    const res = await post('/api/user/progress/import', user, {
      mode: 'merge',
      preview: true,
      file: file([{ gameId: 'g1', completedMarkers: ids }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('body.file.games.0.completedMarkers.11234');
  });

  it('refuses a file larger than a real export can be', async () => {
    const user = await createUser(env.t);
    const ids = Array.from({ length: 100_000 }, (_, i) => `made_up_marker_${i}_${'x'.repeat(80)}`);
    const res = await post('/api/user/progress/import', user, {
      mode: 'merge',
      preview: true,
      file: file([{ gameId: 'g1', completedMarkers: ids }]),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('portable progress import limit', () => {
  it('answers 429 with Retry-After past PROGRESS_IMPORT_RATE_LIMIT imports an hour, per user', async () => {
    const t = await createTestApp({ progressImportRateLimit: 3 });
    try {
      const [one, two] = [await createUser(t), await createUser(t)];
      const importAs = (user: TestUser) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/progress/import',
          headers: user.auth,
          payload: { mode: 'merge', preview: true, file: file([]) },
        });
      for (let i = 0; i < 3; i++) expect((await importAs(one)).statusCode).toBe(200);
      const refused = await importAs(one);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await importAs(two)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
