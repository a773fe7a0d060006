import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { withStartupLock } from './db/startup-lock.ts';
import { poll, useSecondProcess } from './test/second-process.ts';
import { createUser, type TestUser, testDatabaseUrl, useTestApp } from './test/test-app.ts';

// Two server processes whose pools reach PostgreSQL through Debian's PgBouncer (1.18) in transaction
// mode, five server connections shared by both, named statements off (DATABASE_PREPARED_STATEMENTS
// =false: before 1.21 PgBouncer does not keep them) and the LISTEN connection and migrations straight
// to PostgreSQL (DATABASE_DIRECT_URL). Fails, naming the package, when PgBouncer is not installed.
const env = useTestApp({ pgbouncer: true });

describe.skipIf(!testDatabaseUrl)('the site through PgBouncer in transaction mode', () => {
  const peer = useSecondProcess(env);

  const tick = (app: FastifyInstance, user: TestUser, markerId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/usercompletedmarkers/markCompleted/${markerId}`,
      headers: user.auth,
    });
  const completed = async (app: FastifyInstance, user: TestUser) => {
    const res = await app.inject({ url: '/api/usercompletedmarkers/list', headers: user.auth });
    expect(res.statusCode).toBe(200);
    return JSON.stringify(res.json());
  };

  it('runs through PgBouncer, with named statements off and LISTEN on the direct address', async () => {
    const { config } = env.t;
    expect(config.databasePreparedStatements).toBe(false);
    expect(new URL(config.databaseUrl).port).not.toBe(new URL(config.databaseDirectUrl).port);
    expect(env.t.app.ctx.cacheBus.listening).toBe(true);
    expect(peer.app.ctx.cacheBus.listening).toBe(true);
  });

  it('logs in through either process and each accepts the token of the other', async () => {
    const me = await createUser(env.t);
    const login = await peer.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: me.email, password: me.password },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().token}` };
    expect(
      (await env.t.app.inject({ url: '/api/usercompletedmarkers/list', headers: auth })).statusCode,
    ).toBe(200);
  });

  it('stores marker ticks and a quest tick, read back through the other process', async () => {
    const me = await createUser(env.t);
    expect((await tick(env.t.app, me, 'pm_0')).statusCode).toBe(200);
    expect((await tick(peer.app, me, 'pm_1')).statusCode).toBe(200);
    const list = await completed(peer.app, me);
    expect(list).toContain('pm_0');
    expect(list).toContain('pm_1');
    const quest = await peer.app.inject({ url: '/api/user/quest/complete/g1/q1', headers: me.auth });
    expect(quest.statusCode).toBe(200);
    const again = await env.t.app.inject({ url: '/api/user/quest/complete/g1/q2', headers: me.auth });
    expect(again.statusCode).toBe(200);
    expect(JSON.stringify(again.json())).toContain('q1');
  });

  it('an admin write through one process drops the cached read of the other', async () => {
    const read = async () => (await peer.app.inject({ url: '/api/game/g1' })).json().name as string;
    expect(await read()).toBe('Game One');
    expect(await read()).toBe('Game One');
    const write = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/game/g1',
      headers: env.admin.auth,
      payload: { name: 'Game One, renamed' },
    });
    expect(write.statusCode).toBe(200);
    expect(await poll(read, (name) => name === 'Game One, renamed')).toBe('Game One, renamed');
  });

  it('a session ended through one process is refused by the other at once', async () => {
    let accepted = 0;
    for (let i = 0; i < 10; i++) {
      const me = await createUser(env.t);
      // Both processes have read (and now keep) the session.
      await completed(peer.app, me);
      await completed(env.t.app, me);
      const out = await env.t.app.inject({ method: 'POST', url: '/api/users/logout', headers: me.auth });
      expect(out.statusCode).toBe(200);
      const after = await peer.app.inject({ url: '/api/usercompletedmarkers/list', headers: me.auth });
      if (after.statusCode !== 401) accepted++;
    }
    expect(accepted).toBe(0);
  });

  it('the start-up lock lets one process seed at a time, and is free again after', async () => {
    let inside = 0;
    let overlapped = false;
    const seed = async () => {
      inside++;
      if (inside > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 200));
      inside--;
    };
    for (let round = 0; round < 2; round++)
      await Promise.all([withStartupLock(env.t.db, seed), withStartupLock(peer.db, seed)]);
    expect(overlapped).toBe(false);
  });

  it('50 ticks sent at once through both processes are each answered and stored once', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => createUser(env.t)));
    const answers = await Promise.all(
      players.flatMap((player, p) =>
        ['pm_0', 'pm_1', 'pm_2', 'pm_3', 'pm_4'].map((marker, m) =>
          tick((p + m) % 2 === 0 ? env.t.app : peer.app, player, marker),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const rows = await env.t.db.kysely
      .selectFrom('user_completed_marker')
      .select(['userId', 'markerId'])
      .where(
        'userId',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => `${r.userId}:${r.markerId}`)).size).toBe(50);
  });
});
