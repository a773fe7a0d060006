import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { poll, useSecondProcess } from '../../test/second-process.ts';
import { createUser, testDatabaseUrl, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

/**
 * Two server processes over one PostgreSQL database (two apps, each with its own connections and
 * cache bus): a player's own progress may be answered on a session a process keeps in memory, and a
 * session ended through either process is refused by the other on the very next request.
 */
describe.skipIf(!testDatabaseUrl)('sessions kept per process', () => {
  const peer = useSecondProcess(env);

  const progressOn = async (app: FastifyInstance, auth: { authorization: string }) =>
    (await app.inject({ url: '/api/usercompletedmarkers/list', headers: auth })).statusCode;

  /** A fresh player whose session both processes have read (and the other now keeps). */
  async function keptPlayer() {
    const player = await createUser(env.t);
    expect(await progressOn(peer.app, player.auth)).toBe(200);
    expect(await progressOn(peer.app, player.auth)).toBe(200);
    expect(await progressOn(env.t.app, player.auth)).toBe(200);
    return player;
  }

  it('a logout through one process is refused by the other at once, every time', async () => {
    let accepted = 0;
    for (let i = 0; i < 30; i++) {
      const player = await keptPlayer();
      const out = await env.t.app.inject({ method: 'POST', url: '/api/users/logout', headers: player.auth });
      expect(out.statusCode).toBe(200);
      if ((await progressOn(peer.app, player.auth)) !== 401) accepted++;
      expect(await progressOn(env.t.app, player.auth)).toBe(401);
    }
    expect(accepted).toBe(0);
  });

  it('a password change ends the other sessions in every process at once, and keeps its own', async () => {
    let accepted = 0;
    for (let i = 0; i < 10; i++) {
      const player = await keptPlayer();
      const second = {
        authorization: `Bearer ${await env.t.app.ctx.tokens.sign({ id: player.id, username: player.username, admin: false })}`,
      };
      expect(await progressOn(peer.app, second)).toBe(200);
      const changed = await peer.app.inject({
        method: 'POST',
        url: '/api/users/changePassword',
        headers: second,
        payload: { oldPassword: player.password, newPassword: `a much newer passphrase ${i}` },
      });
      expect(changed.statusCode).toBe(200);
      if ((await progressOn(env.t.app, player.auth)) !== 401) accepted++;
      if ((await progressOn(peer.app, player.auth)) !== 401) accepted++;
      expect(await progressOn(peer.app, second)).toBe(200);
      expect(await progressOn(env.t.app, second)).toBe(200);
    }
    expect(accepted).toBe(0);
  });

  it('a session or user changed by any other code is dropped as the change commits', async () => {
    const ended = await keptPlayer();
    await env.t.db.kysely
      .updateTable('session')
      .set({ revokedAt: new Date().toISOString() })
      .where('userId', '=', ended.id)
      .execute();
    expect(
      await poll(
        () => progressOn(peer.app, ended.auth),
        (status) => status === 401,
      ),
    ).toBe(401);

    const removed = await keptPlayer();
    await env.t.db.kysely.deleteFrom('user').where('id', '=', removed.id).execute();
    expect(
      await poll(
        () => progressOn(peer.app, removed.auth),
        (status) => status === 401,
      ),
    ).toBe(401);
  });

  it('keeps no session while the announcements are not heard', async () => {
    const player = await keptPlayer();
    const app = `waypoint-cache-bus-${peer.app.ctx.cacheBus.origin.slice(0, 8)}`;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${app}`.execute(
      env.t.db.kysely,
    );
    expect(
      await poll(
        async () => peer.db.sessionChanges.listening,
        (on) => !on,
      ),
    ).toBe(false);
    // Unheard while the other process does not listen: still refused, read from the database.
    await env.t.db.kysely
      .updateTable('session')
      .set({ revokedAt: new Date().toISOString() })
      .where('userId', '=', player.id)
      .execute();
    expect(await progressOn(peer.app, player.auth)).toBe(401);
    expect(await poll(async () => peer.app.ctx.cacheBus.listening, Boolean, 5000)).toBe(true);
  });
});
