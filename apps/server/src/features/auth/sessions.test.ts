import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedLink } from '../../test/outbox.ts';
import {
  createContent,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createContent(t);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** A fresh login of `user`, as another browser would do. */
async function logIn(user: TestUser, password = user.password) {
  const res = await post('/api/users/login', { email: user.email, password });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

/** A user route that answers 200 while the session is alive. */
const alive = async (auth: Record<string, string>) =>
  (await get('/api/usercompletedmarkers/list', auth)).statusCode;

describe('sessions', () => {
  it('carries a session id beside id, username, admin and exp', async () => {
    const me = await createUser(t);
    const res = await post('/api/users/login', { email: me.email, password: me.password });
    const payload = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(Object.keys(payload)).toEqual(expect.arrayContaining(['id', 'username', 'admin', 'exp', 'sid']));
  });

  it('logout ends that session on the server; other sessions stay', async () => {
    const me = await createUser(t);
    const a = await logIn(me);
    const b = await logIn(me);
    expect(await alive(a)).toBe(200);
    expect((await post('/api/users/logout', {}, a)).statusCode).toBe(200);
    expect(await alive(a)).toBe(401);
    expect(await alive(b)).toBe(200);
    expect((await post('/api/users/logout', {})).statusCode).toBe(401);
  });

  it('a password change ends every other session of the user', async () => {
    const me = await createUser(t);
    const current = await logIn(me);
    const other = await logIn(me);
    const res = await post(
      '/api/users/changePassword',
      { oldPassword: me.password, newPassword: 'a fresh new secret' },
      current,
    );
    expect(res.statusCode).toBe(200);
    expect(await alive(other)).toBe(401);
    expect(await alive(me.auth)).toBe(401);
    expect(await alive(current)).toBe(200);
  });

  it('password recovery ends all sessions', async () => {
    const me = await createUser(t);
    const a = await logIn(me);
    await post('/api/users/forgotPassword', { email: me.email });
    const hash = await mailedLink(t.dataDir, me.email, '/passwordRecovery');
    expect(
      (await post('/api/users/passwordRecovery', { hash, newPassword: 'a recovered secret' })).statusCode,
    ).toBe(200);
    expect(await alive(a)).toBe(401);
    expect(await alive(me.auth)).toBe(401);
  });

  it('a demoted admin loses admin reads at once: other users’ suggestions and disabled maps', async () => {
    const admin = await createUser(t, { admin: true });
    const player = await createUser(t);
    await t.app.ctx.writer.create(
      'suggestion',
      {
        _id: 'sug_of_player',
        parentId: 'g1_map_a',
        data: '{}',
        userId: player.id,
        username: player.username,
      },
      { id: player.id, username: player.username },
    );
    const suggestions = async () =>
      (await get('/api/suggestions', admin.auth)).json().data.map((s: { _id: string }) => s._id);
    const maps = async () =>
      (await get('/api/maps', admin.auth)).json().data.map((m: { _id: string }) => m._id);
    expect(await suggestions()).toContain('sug_of_player');
    expect(await maps()).toContain('g1_hidden');
    expect((await get('/api/map/g1_hidden/markers', admin.auth)).statusCode).toBe(200);

    await t.db.kysely.updateTable('user').set({ admin: 0 }).where('id', '=', admin.id).execute();
    expect(await suggestions()).not.toContain('sug_of_player');
    expect(await maps()).not.toContain('g1_hidden');
    expect((await get('/api/map/g1_hidden/markers', admin.auth)).statusCode).toBe(404);
    expect((await get('/api/map/g1_hidden/markers', player.auth)).statusCode).toBe(404);
  });

  it('answers 401, never 500, to the token of a deleted user', async () => {
    const me = await createUser(t);
    expect(await alive(me.auth)).toBe(200);
    await t.db.kysely.deleteFrom('user').where('id', '=', me.id).execute();
    expect(await alive(me.auth)).toBe(401);
    expect((await get('/api/user/quest/complete/g1/q1', me.auth)).statusCode).toBe(401);
    expect((await post('/api/usercompletedmarkers/markCompleted/pm_1', {}, me.auth)).statusCode).toBe(401);
    expect((await post('/api/users/resetProgress', { gameId: 'g1' }, me.auth)).statusCode).toBe(401);
    // Public reads go on as a guest.
    expect((await get('/api/games', me.auth)).statusCode).toBe(200);
  });
});
