import { progressFormat, progressVersion } from '@waypoint/shared/progress/portable';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser, testDatabaseUrl, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();
const MAP = 'g1_map_b';
/** Markers of the race: one definition of their own. */
const RACE = 40;

let me: TestUser;

/** The markers of the map, by definition: `[id, level]`. */
const placed: Record<string, [string, number][]> = {
  def_chest: [
    ['chest_0a', 0],
    ['chest_0b', 0],
    ['chest_0c', 0],
    ['chest_1a', 1],
    ['chest_1b', 1],
    ['chest_all', -1],
    ['chest_lost', 7],
  ],
  def_herb: [
    ['herb_0a', 0],
    ['herb_1a', 1],
  ],
  def_boss: [['boss_0a', 0]],
  def_other: [['other_0a', 0]],
  def_race: Array.from({ length: RACE }, (_, i) => [`race_${String(i).padStart(2, '0')}`, -1]),
};

beforeAll(async () => {
  const w = env.t.app.ctx.writer;
  const actor = { id: null, username: 'test' };
  const definitions = [
    { _id: 'def_chest', name: 'Chest', markerCategory: 'Loot' },
    // Grouped with the chests in the panel: the group is the category upper-cased.
    { _id: 'def_herb', name: 'Herb', markerCategory: ' loot' },
    { _id: 'def_boss', name: 'Boss', markerCategory: 'Loot', completable: false },
    { _id: 'def_other', name: 'Other', markerCategory: 'Other' },
    { _id: 'def_race', name: 'Race', markerCategory: 'Race' },
  ];
  for (const d of definitions) await w.create('markerdefinition', { gameId: 'g1', ...d }, actor);
  await w.create('markerdefinition', { _id: 'def_far', gameId: 'g2', name: 'Far' }, actor);
  for (const level of [0, 1])
    await w.create('maplevel', { _id: `${MAP}_l${level}`, mapId: MAP, level, name: `Floor ${level}` }, actor);
  for (const [definition, markers] of Object.entries(placed))
    for (const [id, level] of markers)
      await w.create(
        'placedmarker',
        { _id: id, mapId: MAP, markerDefinitionId: definition, level: level === 7 ? -1 : level },
        actor,
      );
  // A marker placed before the map had its floors names a floor the map does not have.
  await sql`update placedmarker set level = 7 where "_id" = 'chest_lost'`.execute(env.t.app.ctx.db.kysely);
  me = await createUser(env.t);
});

const post = (url: string, payload: unknown, user: TestUser | null = me) =>
  env.t.app.inject({
    method: 'POST',
    url: `/api/usercompletedmarkers/${url}`,
    headers: { ...(user?.auth ?? {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const markAll = async (body: Record<string, unknown>, user: TestUser = me) => {
  const res = await post('markAll', { mapId: MAP, ...body }, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { completed: boolean; markerIds: string[] };
};
const markMany = async (markerIds: string[], completed: boolean, user: TestUser = me) => {
  const res = await post('markMany', { mapId: MAP, markerIds, completed }, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { completed: boolean; markerIds: string[] };
};
const list = async (user: TestUser = me) => {
  const res = await env.t.app.inject({ url: '/api/usercompletedmarkers/list', headers: user.auth });
  return (res.json() as string[]).filter((id) => !id.startsWith('pm_'));
};
const tick = (id: string, completed: boolean, user: TestUser = me) =>
  post(`${completed ? 'markCompleted' : 'markUncompleted'}/${id}`, {}, user);
const ids = (definition: string, filter: (level: number) => boolean = () => true) =>
  (placed[definition] ?? []).filter(([, level]) => filter(level)).map(([id]) => id);

/** Clears the player's markers of the map between tests. */
/** The race markers the player has a row of in a table (found markers or untick times), in order. */
async function raceRows(table: 'user_completed_marker' | 'user_marker_untick'): Promise<string[]> {
  const rows = await env.t.app.ctx.db.kysely
    .selectFrom(table)
    .select('markerId')
    .where('userId', '=', me.id)
    .where('markerId', 'in', ids('def_race'))
    .orderBy('markerId')
    .execute();
  return rows.map((r) => r.markerId);
}

async function clear(user: TestUser = me) {
  await markMany(
    Object.values(placed).flatMap((m) => m.map(([id]) => id)),
    false,
    user,
  );
}

describe('mark all of a definition or a group', () => {
  it('marks every marker of a definition once, answering exactly those it changed', async () => {
    await clear();
    expect((await tick('chest_0a', true)).statusCode).toBe(200);
    const marked = await markAll({ definitionId: 'def_chest', completed: true });
    expect(marked).toEqual({
      completed: true,
      markerIds: ids('def_chest').filter((id) => id !== 'chest_0a'),
    });
    expect(await list()).toEqual(ids('def_chest'));
    // Again: nothing changes, nothing is answered.
    expect((await markAll({ definitionId: 'def_chest', completed: true })).markerIds).toEqual([]);
    const unmarked = await markAll({ definitionId: 'def_chest', completed: false });
    expect(unmarked).toEqual({ completed: false, markerIds: ids('def_chest') });
    expect(await list()).toEqual([]);
  });

  it('marks a group on one floor: its completable definitions, markers on that floor or on every floor', async () => {
    await clear();
    const marked = await markAll({ category: 'LOOT', level: 1, completed: true });
    // Floor 1's chests and herb, the chest on every floor and the one on a floor the map lacks; no boss.
    expect(marked.markerIds).toEqual(['chest_1a', 'chest_1b', 'chest_all', 'chest_lost', 'herb_1a']);
    // The group is named as the panel names it, or by the category as typed.
    expect((await markAll({ category: 'loot', completed: true })).markerIds).toEqual([
      'chest_0a',
      'chest_0b',
      'chest_0c',
      'herb_0a',
    ]);
    expect(await list()).not.toContain('boss_0a');
    // A group without completable definitions changes nothing.
    expect((await markAll({ category: 'Nothing here', completed: true })).markerIds).toEqual([]);
  });

  it('is undone exactly: the markers it changed are set back, the others stay as they were', async () => {
    await clear();
    for (const id of ['chest_0a', 'herb_1a', 'other_0a']) expect((await tick(id, true)).statusCode).toBe(200);
    const before = await list();
    const marked = await markAll({ category: 'Loot', completed: true });
    expect(marked.markerIds).not.toContain('chest_0a');
    const undone = await markMany(marked.markerIds, false);
    expect(undone.markerIds).toEqual(marked.markerIds);
    expect(await list()).toEqual(before);

    const unmarked = await markAll({ category: 'Loot', completed: false });
    expect(unmarked.markerIds).toEqual(['chest_0a', 'herb_1a']);
    expect(await list()).toEqual(['other_0a']);
    expect((await markMany(unmarked.markerIds, true)).markerIds).toEqual(unmarked.markerIds);
    expect(await list()).toEqual(before);
  });

  it('is undone exactly after a tick in between: that tick stands and is not answered', async () => {
    await clear();
    const marked = await markAll({ definitionId: 'def_chest', completed: true });
    expect((await tick('chest_0b', false)).statusCode).toBe(200);
    const undone = await markMany(marked.markerIds, false);
    expect(undone.markerIds).toEqual(marked.markerIds.filter((id) => id !== 'chest_0b'));
    expect(await list()).toEqual([]);

    await markMany(ids('def_chest'), true);
    const unmarked = await markAll({ definitionId: 'def_chest', completed: false });
    expect((await tick('chest_1a', true)).statusCode).toBe(200);
    const back = await markMany(unmarked.markerIds, true);
    expect(back.markerIds).toEqual(unmarked.markerIds.filter((id) => id !== 'chest_1a'));
    expect(await list()).toEqual(ids('def_chest'));
  });

  it('records the time of an unmark-all: a tick replayed from before it changes nothing', async () => {
    await clear();
    await markAll({ definitionId: 'def_chest', completed: true });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    await pause();
    const between = new Date().toISOString();
    await pause();
    const unmarked = await markAll({ definitionId: 'def_chest', completed: false });
    const unticks = await env.t.app.ctx.db.kysely
      .selectFrom('user_marker_untick')
      .select(['markerId', 'mapId', 'uncompletedAt'])
      .where('userId', '=', me.id)
      .where('markerId', 'in', ids('def_chest'))
      .orderBy('markerId')
      .execute();
    expect(unticks.map((u) => u.markerId)).toEqual(unmarked.markerIds);
    for (const u of unticks) {
      expect(u.mapId).toBe(MAP);
      expect(u.uncompletedAt > between).toBe(true);
    }
    // A tick made offline between the two, sent late: the later unmark-all wins.
    expect((await post('markCompleted/chest_0a', { at: between })).statusCode).toBe(200);
    expect(await list()).toEqual([]);
    // Marking all again leaves no untick time behind.
    await markAll({ definitionId: 'def_chest', completed: true });
    const left = await env.t.app.ctx.db.kysely
      .selectFrom('user_marker_untick')
      .select('markerId')
      .where('userId', '=', me.id)
      .where('markerId', 'in', ids('def_chest'))
      .execute();
    expect(left).toEqual([]);
  });

  it("changes the caller's own markers only", async () => {
    const other = await createUser(env.t);
    await clear();
    expect((await tick('herb_0a', true, other)).statusCode).toBe(200);
    await markAll({ definitionId: 'def_chest', completed: true });
    expect(await list(other)).toEqual(['herb_0a']);
    await markAll({ definitionId: 'def_herb', completed: false });
    expect(await list(other)).toEqual(['herb_0a']);
    // An undo naming markers of other maps, gone ones or ones not completable leaves them alone.
    expect((await markMany(['pm_1', 'gone', 'boss_0a', 'herb_0a'], true)).markerIds).toEqual(['herb_0a']);
    expect(await list()).not.toContain('boss_0a');
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    await clear();
    const cases: [string, unknown, string][] = [
      ['markAll', { mapId: MAP, definitionId: 'def_chest' }, 'body.completed'],
      ['markAll', { mapId: MAP, completed: true }, 'body.definitionId'],
      [
        'markAll',
        { mapId: MAP, definitionId: 'def_chest', category: 'Loot', completed: true },
        'body.definitionId',
      ],
      ['markAll', { mapId: MAP, definitionId: 'def_chest', level: 'one', completed: true }, 'body.level'],
      ['markAll', { mapId: MAP, category: 'Loot', level: 1.5, completed: true }, 'body.level'],
      ['markAll', { mapId: '../x', category: 'Loot', completed: true }, 'body.mapId'],
      ['markAll', { mapId: MAP, category: '', completed: true }, 'body.category'],
      ['markAll', { mapId: MAP, definitionId: 'def_boss', completed: true }, 'body.definitionId'],
      ['markAll', { mapId: MAP, definitionId: 'def_chest', completed: 'yes' }, 'body.completed'],
      ['markAll', { mapId: MAP, definitionId: 'def_chest', completed: true, extra: 1 }, 'body'],
      ['markMany', { mapId: MAP, markerIds: [], completed: true }, 'body.markerIds'],
      ['markMany', { mapId: MAP, markerIds: ['ok', 'not ok'], completed: true }, 'body.markerIds.1'],
      ['markMany', { mapId: MAP, markerIds: ['chest_0a'] }, 'body.completed'],
    ];
    for (const [route, body, field] of cases) {
      const res = await post(route, body);
      expect(res.statusCode, `${route} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(
      (await post('markAll', { mapId: MAP, definitionId: 'def_boss', completed: true })).json().message,
    ).toBe('Invalid body.definitionId: Boss cannot be marked as found');
    expect(await list()).toEqual([]);
  });

  it('answers 404 for unknown or hidden maps and for definitions of another game; 401 for guests', async () => {
    const body = { definitionId: 'def_chest', completed: true };
    expect((await post('markAll', { ...body, mapId: 'nope' })).statusCode).toBe(404);
    expect((await post('markAll', { ...body, mapId: 'g1_hidden' })).statusCode).toBe(404);
    expect((await post('markAll', { ...body, mapId: 'g1_hidden' }, env.admin)).statusCode).toBe(200);
    expect((await post('markAll', { mapId: MAP, definitionId: 'def_far', completed: true })).statusCode).toBe(
      404,
    );
    expect((await post('markAll', { mapId: MAP, definitionId: 'nope', completed: true })).statusCode).toBe(
      404,
    );
    expect((await post('markAll', { ...body, mapId: MAP }, null)).statusCode).toBe(401);
    expect(
      (await post('markMany', { mapId: MAP, markerIds: ['chest_0a'], completed: true }, null)).statusCode,
    ).toBe(401);
    expect(await list()).toEqual([]);
  });
});

describe('a mark-all racing single ticks', () => {
  it('applies as if one after the other: no duplicate rows, no marker both ticked and unticked', async () => {
    const race = ids('def_race');
    const first = race.slice(0, RACE / 2);
    const second = race.slice(RACE / 2);
    for (let round = 0; round < 3; round++) {
      await clear();
      await markMany(first, true);
      // The first half is unticked and the second ticked while every marker is marked at once.
      const [markedAll, ...ticks] = await Promise.all([
        post('markAll', { mapId: MAP, definitionId: 'def_race', completed: true }),
        ...first.map((id) => tick(id, false)),
        ...second.map((id) => tick(id, true)),
      ]);
      const all = markedAll as NonNullable<typeof markedAll>;
      expect(all.statusCode, all.body).toBe(200);
      for (const t of ticks) expect(t.statusCode, t.body).toBe(200);
      const changed = new Set((all.json() as { markerIds: string[] }).markerIds);
      const done = new Set(await list());
      // An untick before the mark-all is marked again by it; one after it stands.
      for (const id of first) expect(done.has(id), id).toBe(changed.has(id));
      for (const id of second) expect(done.has(id), id).toBe(true);

      const rows = await raceRows('user_completed_marker');
      expect(rows.length).toBe(new Set(rows).size);
      const unticked = await raceRows('user_marker_untick');
      for (const id of unticked) expect(done.has(id), id).toBe(false);
    }
  });
});

describe('an undo racing single ticks', () => {
  it('applies as if one after the other: every marker either found or unticked, once', async () => {
    const race = ids('def_race');
    for (let round = 0; round < 3; round++) {
      await clear();
      const marked = await markAll({ definitionId: 'def_race', completed: true });
      expect(marked.markerIds).toEqual(race);
      // Half of the markers ticked off and on again while the mark-all is undone.
      const [undone, ...ticks] = await Promise.all([
        post('markMany', { mapId: MAP, markerIds: marked.markerIds, completed: false }),
        ...race.slice(0, RACE / 2).map((id, i) => tick(id, i % 2 === 0)),
      ]);
      const answer = undone as NonNullable<typeof undone>;
      expect(answer.statusCode, answer.body).toBe(200);
      for (const t of ticks) expect(t.statusCode, t.body).toBe(200);
      const done = new Set(await list());
      // The markers no tick reached are set back exactly; no marker is both found and unticked.
      for (const id of race.slice(RACE / 2)) expect(done.has(id), id).toBe(false);
      const undoneIds = new Set((answer.json() as { markerIds: string[] }).markerIds);
      for (const id of race.slice(RACE / 2)) expect(undoneIds.has(id), id).toBe(true);
      const found = await raceRows('user_completed_marker');
      const unticked = await raceRows('user_marker_untick');
      const both = [...found, ...unticked].sort();
      expect(both).toEqual(race);
    }
  });
});

describe('a mark-all racing a progress import', () => {
  it('applies both, one after the other: every marker found once, both answered 200', async () => {
    const race = ids('def_race');
    const file = {
      format: progressFormat,
      version: progressVersion,
      games: [
        {
          gameId: 'g1',
          completedQuests: [],
          completedObjectives: {},
          itemsOwned: [],
          hideoutLevels: [],
          completedMarkers: race.filter((_, i) => i % 2 === 0),
          pins: [],
          markerNotes: [],
        },
      ],
    };
    for (let round = 0; round < 3; round++) {
      await clear();
      const [marked, imported] = await Promise.all([
        post('markAll', { mapId: MAP, definitionId: 'def_race', completed: true }),
        env.t.app.inject({
          method: 'POST',
          url: '/api/user/progress/import',
          headers: me.auth,
          payload: { mode: 'merge', file },
        }),
      ]);
      expect(marked.statusCode, marked.body).toBe(200);
      expect(imported.statusCode, imported.body).toBe(200);
      expect((await list()).filter((id) => id.startsWith('race_'))).toEqual(race);
    }
  });
});

describe('progress at a glance, and a per-map reset', () => {
  it("counts a game's completable markers and the player's found ones per map; resets one map", async () => {
    await clear();
    await markAll({ definitionId: 'def_chest', completed: true });
    expect((await tick('boss_0a', true)).statusCode).toBe(200);
    expect((await tick('pm_1', true)).statusCode).toBe(200);
    const read = async () => {
      const res = await env.t.app.inject({ url: '/api/usercompletedmarkers/progress/g1', headers: me.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const completable = Object.entries(placed)
      .filter(([d]) => d !== 'def_boss')
      .reduce((n, [, m]) => n + m.length, 0);
    const progress = await read();
    // The boss is ticked but not counted: it cannot be found; the hidden map is not listed.
    expect(progress.maps).toEqual([
      { mapId: 'g1_map_a', name: 'Map A', found: 1, total: 5 },
      { mapId: MAP, name: 'Map B', found: 7, total: completable },
    ]);
    expect(progress).toMatchObject({ gameId: 'g1', found: 8, total: 5 + completable });

    const reset = await post('resetMap', { mapId: MAP });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await read()).maps.map((m: { found: number }) => m.found)).toEqual([1, 0]);
    expect(await list()).toEqual([]);
    expect((await post('resetMap', { mapId: 'nope' })).statusCode).toBe(404);
    expect((await post('resetMap', {})).json().errors[0].field).toBe('body.mapId');
    expect(
      (await env.t.app.inject({ url: '/api/usercompletedmarkers/progress/nope', headers: me.auth }))
        .statusCode,
    ).toBe(404);
  });
});

describe("a player's removal", () => {
  /** The player's found markers and untick times, counted. */
  const rows = async (userId: string) => {
    const k = env.t.app.ctx.db.kysely;
    const count = async (table: 'user_completed_marker' | 'user_marker_untick') =>
      (await k.selectFrom(table).select('markerId').where('userId', '=', userId).execute()).length;
    return { found: await count('user_completed_marker'), unticked: await count('user_marker_untick') };
  };

  it("takes their found markers and untick times with them, and leaves everyone else's", async () => {
    const gone = await createUser(env.t);
    const other = await createUser(env.t);
    for (const user of [gone, other]) {
      await markAll({ definitionId: 'def_chest', completed: true }, user);
      await markAll({ definitionId: 'def_herb', completed: true }, user);
      await markAll({ definitionId: 'def_herb', completed: false }, user);
    }
    const before = { found: ids('def_chest').length, unticked: ids('def_herb').length };
    expect(await rows(gone.id)).toEqual(before);
    await env.t.app.ctx.db.kysely.deleteFrom('user').where('id', '=', gone.id).execute();
    expect(await rows(gone.id)).toEqual({ found: 0, unticked: 0 });
    expect(await rows(other.id)).toEqual(before);
  });

  // Only PostgreSQL lets a removal commit while a mark-all of the same player waits for it.
  it.skipIf(!testDatabaseUrl)(
    'refuses the ticks and mark-all of a player removed while they wait: 401, nothing left behind',
    async () => {
      const gone = await createUser(env.t);
      const other = env.t.openDb();
      let answers: Promise<Awaited<ReturnType<typeof post>>[]> | undefined;
      try {
        await other.kysely.transaction().execute(async (trx) => {
          // The player's row held as its removal holds it: both requests are let in, then wait for it.
          await trx.selectFrom('user').select('id').where('id', '=', gone.id).forUpdate().execute();
          answers = Promise.all([
            post('markAll', { mapId: MAP, definitionId: 'def_chest', completed: true }, gone),
            tick('herb_0a', true, gone),
          ]);
          for (let waited = 0; ; waited += 20) {
            const waiting = await sql<{ n: number }>`select count(*) as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like '%from "user"%'`.execute(env.t.db.kysely);
            if (Number(waiting.rows[0]?.n) >= 2) break;
            if (waited > 10_000) throw new Error('the requests never waited for the player');
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await trx.deleteFrom('user').where('id', '=', gone.id).execute();
        });
        expect((await answers)?.map((answer) => answer.statusCode)).toEqual([401, 401]);
      } finally {
        await other.close();
      }
      expect(await rows(gone.id)).toEqual({ found: 0, unticked: 0 });
    },
  );
});
