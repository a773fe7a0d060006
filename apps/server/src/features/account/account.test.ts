import { messages, serverMessages } from '@waypoint/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailedLink, mailsTo } from '../../test/outbox.ts';
import { createContent, createTestApp, createUser, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createContent(t);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('register, confirm, login', () => {
  const user = { username: 'Nomad', email: 'nomad@example.test', password: 'long enough secret' };

  it('registers, refuses login until confirmed, confirms once, then logs in', async () => {
    const reg = await post('/api/users/register', user);
    expect(reg.statusCode).toBe(201);
    expect(reg.json().message).toBe(messages.registerSuccess);

    const early = await post('/api/users/login', { email: user.email, password: user.password });
    expect(early.statusCode).toBe(403);

    const hash = await mailedLink(t.dataDir, user.email, '/confirmAccount');
    const confirm = await t.app.inject({ method: 'GET', url: `/api/users/confirm/${hash}` });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toBe(messages.accountConfirmed);
    const again = await t.app.inject({ method: 'GET', url: `/api/users/confirm/${hash}` });
    expect(again.statusCode).toBe(400);

    const login = await post('/api/users/login', { email: 'NOMAD@example.test', password: user.password });
    expect(login.statusCode).toBe(200);
    const { token, user: profile } = login.json();
    expect(profile).toMatchObject({ username: 'Nomad', admin: false });
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(Object.keys(payload)).toEqual(expect.arrayContaining(['id', 'username', 'admin', 'exp']));
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses a taken username (any case, any Unicode form) with 409', async () => {
    expect((await post('/api/users/register', { ...user, email: 'other@example.test' })).statusCode).toBe(
      409,
    );
    expect(
      (await post('/api/users/register', { ...user, username: 'NOMAD', email: 'other2@example.test' }))
        .statusCode,
    ).toBe(409);
    // Fullwidth Ｎ (U+FF2E) is the same letter once NFKC-normalized.
    const fullwidth = await post('/api/users/register', {
      ...user,
      username: '\uFF2Eomad',
      email: 'other3@example.test',
    });
    expect(fullwidth.statusCode).toBe(409);
    expect(fullwidth.json().message).toBe(serverMessages.usernameTaken);
  });

  it('answers a taken e-mail like a new one and tells the owner by mail', async () => {
    const res = await post('/api/users/register', { ...user, username: 'Nomad2' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.registerSuccess });
    await vi.waitFor(() => expect(mailsTo(t.dataDir, user.email)[0]).toMatch(/tried to register/));
    const rows = await t.db.kysely
      .selectFrom('user')
      .select('username')
      .where('email', '=', user.email)
      .execute();
    expect(rows.map((r) => r.username)).toEqual(['Nomad']);
  });

  it('answers 401 for a wrong password or unknown e-mail, the same way', async () => {
    const wrong = await post('/api/users/login', { email: user.email, password: 'not the password' });
    const unknown = await post('/api/users/login', { email: 'ghost@example.test', password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('names the field of invalid input', async () => {
    const res = await post('/api/users/register', {
      username: 'x',
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['body.username', 'body.email', 'body.password']));
  });
});

describe('password recovery and change', () => {
  it('answers forgotPassword the same for known and unknown addresses', async () => {
    const me = await createUser(t);
    const known = await post('/api/users/forgotPassword', { email: me.email });
    const unknown = await post('/api/users/forgotPassword', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(messages.checkInbox);
  });

  it('recovers once with the mailed link; the new password works, the old does not', async () => {
    const me = await createUser(t);
    await post('/api/users/forgotPassword', { email: me.email });
    const hash = await mailedLink(t.dataDir, me.email, '/passwordRecovery');
    const ok = await post('/api/users/passwordRecovery', { hash, newPassword: 'brand new secret' });
    expect(ok.statusCode).toBe(200);
    const reuse = await post('/api/users/passwordRecovery', { hash, newPassword: 'another secret!' });
    expect(reuse.statusCode).toBe(400);
    expect(
      (await post('/api/users/login', { email: me.email, password: 'brand new secret' })).statusCode,
    ).toBe(200);
    expect((await post('/api/users/login', { email: me.email, password: me.password })).statusCode).toBe(401);
  });

  it('refuses an expired recovery link', async () => {
    const me = await createUser(t);
    await post('/api/users/forgotPassword', { email: me.email });
    const hash = await mailedLink(t.dataDir, me.email, '/passwordRecovery');
    await t.db.kysely
      .updateTable('user')
      .set({ recoveryExpires: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', me.id)
      .execute();
    expect(
      (await post('/api/users/passwordRecovery', { hash, newPassword: 'brand new secret' })).statusCode,
    ).toBe(400);
  });

  it('changes the password only with the right old one', async () => {
    const me = await createUser(t);
    const wrong = await post(
      '/api/users/changePassword',
      { oldPassword: 'nope nope', newPassword: 'next secret 1' },
      me.auth,
    );
    expect(wrong.statusCode).toBe(400);
    const ok = await post(
      '/api/users/changePassword',
      { oldPassword: me.password, newPassword: 'next secret 1' },
      me.auth,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(messages.passwordChanged);
    expect((await post('/api/users/login', { email: me.email, password: 'next secret 1' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/users/changePassword', { oldPassword: 'a', newPassword: 'b' })).statusCode).toBe(
      401,
    );
  });
});

describe('tokens', () => {
  it('refuses expired and forged tokens on user routes', async () => {
    const me = await createUser(t);
    const body = { gameId: 'g1' };
    expect((await post('/api/users/resetProgress', body, me.auth)).statusCode).toBe(200);
    const forged = me.token.slice(0, -4) + (me.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(
      (await post('/api/users/resetProgress', body, { authorization: `Bearer ${forged}` })).statusCode,
    ).toBe(401);
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ id: me.id, username: me.username, admin: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect(
      (await post('/api/users/resetProgress', body, { authorization: `Bearer ${expired}` })).statusCode,
    ).toBe(401);
  });

  it('checks admin rights against the database', async () => {
    const me = await createUser(t, { admin: true });
    const url = '/api/admin/game/g2';
    expect(
      (await t.app.inject({ method: 'PATCH', url, headers: me.auth, payload: { weight: 10 } })).statusCode,
    ).toBe(200);
    await t.db.kysely.updateTable('user').set({ admin: 0 }).where('id', '=', me.id).execute();
    expect(
      (await t.app.inject({ method: 'PATCH', url, headers: me.auth, payload: { weight: 10 } })).statusCode,
    ).toBe(403);
  });
});

describe('reset progress', () => {
  it("clears that game's quests, level, items and completed markers only", async () => {
    const me = await createUser(t);
    const k = t.db.kysely;
    const now = new Date().toISOString();
    await k
      .insertInto('user_quest_completion')
      .values({ userId: me.id, gameId: 'g1', questId: 'q1', completedAt: now })
      .execute();
    await k
      .insertInto('user_quest_completion')
      .values({ userId: me.id, gameId: 'g2', questId: 'other', completedAt: now })
      .execute();
    await k.insertInto('user_game_level').values({ userId: me.id, gameId: 'g1', level: 12 }).execute();
    await k
      .insertInto('user_item_owned')
      .values({ userId: me.id, gameId: 'g1', itemId: 'i', findOnly: 0, quantity: 2 })
      .execute();
    await k
      .insertInto('user_completed_marker')
      .values({ userId: me.id, markerId: 'pm_1', mapId: 'g1_map_a', completedAt: now })
      .execute();

    const res = await post('/api/users/resetProgress', { gameId: 'g1' }, me.auth);
    expect(res.statusCode).toBe(200);
    const count = async (
      table: 'user_quest_completion' | 'user_game_level' | 'user_item_owned' | 'user_completed_marker',
    ) => (await k.selectFrom(table).select('userId').where('userId', '=', me.id).execute()).length;
    expect(await count('user_quest_completion')).toBe(1);
    expect(await count('user_game_level')).toBe(0);
    expect(await count('user_item_owned')).toBe(0);
    expect(await count('user_completed_marker')).toBe(0);
    expect((await post('/api/users/resetProgress', { gameId: 'nope' }, me.auth)).statusCode).toBe(404);
  });
});
