import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContent,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';

let t: TestApp;
let me: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await createContent(t);
  const w = t.app.ctx.writer;
  const actor = { id: null, username: 'test' };
  await w.create('hideoutmodule', { _id: 'workbench', gameId: 'g1', moduleTitle: 'Workbench' }, actor);
  await w.create(
    'item',
    {
      _id: 'bolts',
      gameId: 'g1',
      itemName: 'Bolts',
      required: [
        { quantity: 3, questId: 'q1' },
        { quantity: 2, hideoutModuleLevel: { moduleId: 'workbench', level: 1 } },
        { quantity: 4, findOnly: true, questId: 'q2' },
      ],
    },
    actor,
  );
  me = await createUser(t);
});
afterAll(() => t.close());

const call = (url: string, user: TestUser | null = me) =>
  t.app.inject({ method: 'GET', url, headers: user ? user.auth : {} });

describe('quest progress', () => {
  it('starts empty at level 1, completes and uncompletes', async () => {
    expect((await call('/api/user/quest/get/g1')).json()).toEqual({
      gameId: 'g1',
      completedQuests: [],
      level: 1,
      completedObjectives: {},
    });
    const done = await call('/api/user/quest/complete/g1/q1');
    expect(done.json().completedQuests).toEqual(['q1']);
    expect((await call('/api/user/quest/complete/g1/q1')).json().completedQuests).toEqual(['q1']);
    expect((await call('/api/user/quest/uncomplete/g1/q1')).json().completedQuests).toEqual([]);
  });

  it('sets the level, refusing what is not a number', async () => {
    expect((await call('/api/user/quest/setuserlevel/g1/17')).json().level).toBe(17);
    const bad = await call('/api/user/quest/setuserlevel/g1/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Is not a number');
    expect((await call('/api/user/quest/setuserlevel/g1/1.5')).statusCode).toBe(400);
    expect((await call('/api/user/quest/get/g1')).json().level).toBe(17);
  });

  it('answers 404 for unknown games and quests, and quests of another game', async () => {
    expect((await call('/api/user/quest/get/nope')).statusCode).toBe(404);
    expect((await call('/api/user/quest/complete/g1/nope')).statusCode).toBe(404);
    const unknownGame = await call('/api/user/quest/complete/g9/q1');
    expect([unknownGame.statusCode, unknownGame.json().message]).toEqual([404, 'Game not found: g9']);
    expect((await call('/api/user/quest/complete/g2/q1')).statusCode).toBe(404);
  });

  it('needs a login', async () => {
    expect((await call('/api/user/quest/get/g1', null)).statusCode).toBe(401);
  });

  it('keeps each user to their own progress', async () => {
    const other = await createUser(t);
    await call('/api/user/quest/complete/g1/q2', other);
    expect((await call('/api/user/quest/get/g1')).json().completedQuests).not.toContain('q2');
  });
});

describe('several quests at once', () => {
  const batch = (body: unknown, user: TestUser | null = me, gameId = 'g1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/quest/batch/${gameId}`,
      headers: user ? user.auth : {},
      payload: body as object,
    });

  it('completes and un-completes a chain in one change', async () => {
    const done = await batch({ questIds: ['q1', 'q2'], completed: true });
    expect(done.statusCode).toBe(200);
    expect([...done.json().completedQuests].sort()).toEqual(['q1', 'q2']);
    const undone = await batch({ questIds: ['q2', 'q1'], completed: false });
    expect(undone.json().completedQuests).toEqual([]);
  });

  it('changes nothing when one quest is unknown or of another game', async () => {
    const res = await batch({ questIds: ['q1', 'nope'], completed: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('nope');
    expect((await call('/api/user/quest/get/g1')).json().completedQuests).toEqual([]);
  });

  it('names the bad field, needs a login, and is bounded', async () => {
    const bad = await batch({ questIds: [], completed: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.questIds');
    const notBool = await batch({ questIds: ['q1'], completed: 'yes' });
    expect(notBool.json().errors[0].field).toBe('body.completed');
    const many = await batch({ questIds: Array.from({ length: 501 }, (_, i) => `q${i}`), completed: true });
    expect(many.statusCode).toBe(400);
    expect((await batch({ questIds: ['q1'], completed: true }, null)).statusCode).toBe(401);
  });
});

describe('items to keep', () => {
  const set = (findOnly: boolean, quantity: string) =>
    call(`/api/user/itemstokeep/setItemQuantity/g1/bolts/${findOnly}/${encodeURIComponent(quantity)}`);
  const owned = async (findOnly: boolean) =>
    (
      (await call('/api/user/itemstokeep/get/g1')).json().itemsOwned as {
        findOnly: boolean;
        quantity: number;
      }[]
    ).find((e) => e.findOnly === findOnly)?.quantity;

  it('sets absolute counts and refuses negative or fractional ones', async () => {
    expect((await set(false, '2')).statusCode).toBe(200);
    expect(await owned(false)).toBe(2);
    expect((await set(false, '-5')).statusCode).toBe(200); // relative: clamps at 0
    expect(await owned(false)).toBe(0);
    for (const bad of ['1.5', 'lots', '+', ''])
      expect((await set(false, bad)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call('/api/user/itemstokeep/setItemQuantity/g1/bolts/maybe/1')).statusCode).toBe(400);
    const unknownItem = await call('/api/user/itemstokeep/setItemQuantity/g1/nope/false/1');
    expect([unknownItem.statusCode, unknownItem.json().message]).toEqual([404, 'Item not found: nope']);
    // An unknown game is named as such, whether or not the item is known elsewhere.
    for (const item of ['bolts', 'nope']) {
      const unknownGame = await call(`/api/user/itemstokeep/setItemQuantity/g9/${item}/false/1`);
      expect([unknownGame.statusCode, unknownGame.json().message]).toEqual([404, 'Game not found: g9']);
    }
  });

  it('decrementing a missing entry sets 0; increments stop at the required total', async () => {
    expect((await set(true, '-1')).json().itemsOwned).toContainEqual({
      itemId: 'bolts',
      findOnly: true,
      quantity: 0,
    });
    for (let i = 0; i < 6; i++) await set(true, '+1');
    expect(await owned(true)).toBe(4);
  });

  it('caps an absolute count at the required total, like +n', async () => {
    expect((await set(false, '999999')).statusCode).toBe(200);
    expect(await owned(false)).toBe(5); // 3 for the quest + 2 for the hideout
    await set(true, '7');
    expect(await owned(true)).toBe(4);
    await set(false, '3');
    expect(await owned(false)).toBe(3);
  });

  it("answers the player's whole list of the game, by item and found-in-raid last", async () => {
    const w = t.app.ctx.writer;
    const actor = { id: null, username: 'test' };
    await w.create(
      'item',
      { _id: 'anchor', gameId: 'g1', itemName: 'Anchor', required: [{ quantity: 2, questId: 'q1' }] },
      actor,
    );
    const player = await createUser(t);
    const empty = await call('/api/user/itemstokeep/get/g1', player);
    expect(empty.json()).toEqual({ gameId: 'g1', itemsOwned: [] });
    await call('/api/user/itemstokeep/setItemQuantity/g1/bolts/true/3', player);
    await call('/api/user/itemstokeep/setItemQuantity/g1/bolts/false/%2B1', player);
    const answer = await call('/api/user/itemstokeep/setItemQuantity/g1/anchor/false/2', player);
    expect(answer.json()).toEqual({
      gameId: 'g1',
      itemsOwned: [
        { itemId: 'anchor', findOnly: false, quantity: 2 },
        { itemId: 'bolts', findOnly: false, quantity: 1 },
        { itemId: 'bolts', findOnly: true, quantity: 3 },
      ],
    });
    expect((await call('/api/user/itemstokeep/get/g1')).json().itemsOwned).not.toContainEqual(
      expect.objectContaining({ itemId: 'anchor' }),
    );
  });

  it('never loses a count when many increments arrive at once', async () => {
    await set(false, '0');
    const answers = await Promise.all(Array.from({ length: 4 }, () => set(false, '+1')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await owned(false)).toBe(4);
    await Promise.all(Array.from({ length: 10 }, () => set(false, '+1')));
    expect(await owned(false)).toBe(5); // 3 for the quest + 2 for the hideout
    await Promise.all(Array.from({ length: 3 }, () => set(false, '-1')));
    expect(await owned(false)).toBe(2);
  });
});

describe('completed markers', () => {
  it('marks and unmarks markers for the user', async () => {
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: me.auth });
    expect((await post('/api/usercompletedmarkers/markCompleted/pm_1')).statusCode).toBe(200);
    await post('/api/usercompletedmarkers/markCompleted/pm_2');
    expect((await call('/api/usercompletedmarkers/list')).json()).toEqual(['pm_1', 'pm_2']);
    await post('/api/usercompletedmarkers/markUncompleted/pm_1');
    expect((await call('/api/usercompletedmarkers/list')).json()).toEqual(['pm_2']);
    expect((await post('/api/usercompletedmarkers/markCompleted/nope')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/usercompletedmarkers/markCompleted/pm_1' }))
        .statusCode,
    ).toBe(401);
  });

  it("orders ticks by the player's time: a late replay from another device does not undo a newer choice", async () => {
    const tick = (action: string, at?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/usercompletedmarkers/${action}/pm_3`,
        headers: me.auth,
        ...(at ? { payload: { at } } : {}),
      });
    const list = async () => (await call('/api/usercompletedmarkers/list')).json() as string[];
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    // Phone, 10 minutes ago: ticked. Laptop, 5 minutes ago: unticked.
    expect((await tick('markCompleted', minutesAgo(10))).statusCode).toBe(200);
    expect((await tick('markUncompleted', minutesAgo(5))).statusCode).toBe(200);
    expect(await list()).not.toContain('pm_3');
    // The phone's queue replays its older tick late: the newer untick stands.
    expect((await tick('markCompleted', minutesAgo(10))).statusCode).toBe(200);
    expect(await list()).not.toContain('pm_3');
    // A new tick, and then a stale untick from before it: the tick stands.
    expect((await tick('markCompleted', minutesAgo(1))).statusCode).toBe(200);
    expect((await tick('markUncompleted', minutesAgo(3))).statusCode).toBe(200);
    expect(await list()).toContain('pm_3');
    // A tick without a time counts as made on arrival; one dated in the future counts as now.
    expect((await tick('markUncompleted', new Date(Date.now() + 3600_000).toISOString())).statusCode).toBe(
      200,
    );
    expect((await tick('markCompleted')).statusCode).toBe(200);
    expect(await list()).toContain('pm_3');
    // A time that is not an ISO date is refused, naming the field.
    const bad = await tick('markCompleted', 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('body.at');
  });
});
