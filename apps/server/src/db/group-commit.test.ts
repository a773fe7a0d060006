import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../test/test-app.ts';
import type { Executor } from './database.ts';
import { createGroupCommit } from './group-commit.ts';

/** Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL. */
const env = useTestApp();

const session = (userId: string, id = randomUUID()) => ({
  id,
  userId,
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  revokedAt: null,
});

describe('group commit', () => {
  it('commits writes of the same moment together; a failing one fails alone and the others are stored', async () => {
    const { t, player } = env;
    const writes = createGroupCommit(t.db);
    const taken = randomUUID();
    await t.db.kysely.insertInto('session').values(session(player.id, taken)).execute();
    const transactions = new Map<Executor, number>();
    const ids = Array.from({ length: 40 }, (_, i) => (i === 17 ? taken : randomUUID()));
    const outcomes = await Promise.allSettled(
      ids.map((id) =>
        writes.run(async (trx) => {
          transactions.set(trx, (transactions.get(trx) ?? 0) + 1);
          await trx.insertInto('session').values(session(player.id, id)).execute();
          return id;
        }),
      ),
    );
    // The one whose id is taken is refused; every other is answered with its own result.
    outcomes.forEach((outcome, i) => {
      if (i === 17) expect(outcome.status).toBe('rejected');
      else expect(outcome).toEqual({ status: 'fulfilled', value: ids[i] });
    });
    const stored = await t.db.kysely
      .selectFrom('session')
      .select('id')
      .where(
        'id',
        'in',
        ids.filter((_, i) => i !== 17),
      )
      .execute();
    expect(stored).toHaveLength(39);
    // Writes shared a transaction (the first went alone, the ones that waited went together).
    expect(Math.max(...transactions.values())).toBeGreaterThan(1);
  });

  it('answers a write only once it is committed', async () => {
    const { t, player } = env;
    const writes = createGroupCommit(t.db);
    const ids = Array.from({ length: 20 }, () => randomUUID());
    await Promise.all(
      ids.map((id) =>
        writes
          .run((trx) => trx.insertInto('session').values(session(player.id, id)).execute())
          .then(async () => {
            // Seen from another connection as soon as it is answered.
            const other = t.openDb();
            try {
              const row = await other.kysely
                .selectFrom('session')
                .select('id')
                .where('id', '=', id)
                .executeTakeFirst();
              expect(row?.id).toBe(id);
            } finally {
              await other.close();
            }
          }),
      ),
    );
  });
});

describe('completion ticks of many players at once', () => {
  it('stores every acknowledged tick exactly once, and a revoked session is refused at once', async () => {
    const { t } = env;
    const players = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    const ticks = players.flatMap((p) => [0, 1, 2, 3, 4].map((i) => ({ p, markerId: `pm_${i}` })));
    const answers = await Promise.all(
      ticks.map(({ p, markerId }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/usercompletedmarkers/markCompleted/${markerId}`,
          headers: p.auth,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const rows = await t.db.kysely
      .selectFrom('user_completed_marker')
      .select(['userId', 'markerId'])
      .where(
        'userId',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    expect(rows).toHaveLength(ticks.length);
    // A tick for a marker that does not exist fails alone, among others of the same moment.
    const [first, second] = players as [(typeof players)[0], (typeof players)[0]];
    const mixed = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/usercompletedmarkers/markUncompleted/pm_0',
        headers: first.auth,
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/usercompletedmarkers/markCompleted/nope',
        headers: first.auth,
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/usercompletedmarkers/markUncompleted/pm_1',
        headers: second.auth,
      }),
    ]);
    expect(mixed.map((m) => m.statusCode)).toEqual([200, 404, 200]);
    // The same token after its session ended: refused on the next request.
    const logout = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: first.auth });
    expect(logout.statusCode).toBeLessThan(300);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/usercompletedmarkers/markCompleted/pm_2',
      headers: first.auth,
    });
    expect(after.statusCode).toBe(401);
  });
});
