import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../test/test-app.ts';
import type { Executor } from './database.ts';
import { reusableQuery } from './reusable-query.ts';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t)).id;
  await t.db.kysely.deleteFrom('session').where('userId', '=', userId).execute();
  await t.db.kysely
    .insertInto('session')
    .values([
      { id: 's1', userId, createdAt: '2026-01-01', expiresAt: '2026-02-01', revokedAt: null },
      { id: 's2', userId, createdAt: '2026-01-03', expiresAt: '2026-03-01', revokedAt: null },
    ])
    .execute();
});
afterAll(() => t.close());

const sessionsAfter = reusableQuery(
  (db: Executor, userId: string, after: string) =>
    db
      .selectFrom('session')
      .select(['id', 'expiresAt'])
      .where('userId', '=', userId)
      .where('expiresAt', '>', after)
      .where('createdAt', '<', after)
      .orderBy('id'),
  2,
);

describe('a query compiled once', () => {
  it('answers each run with that run’s arguments, in a transaction too', async () => {
    expect((await sessionsAfter(t.db.kysely, userId, '2026-01-15')).map((r) => r.id)).toEqual(['s1', 's2']);
    expect((await sessionsAfter(t.db.kysely, userId, '2026-02-15')).map((r) => r.id)).toEqual(['s2']);
    expect(await sessionsAfter(t.db.kysely, 'somebody', '2026-01-15')).toEqual([]);
    const inside = await t.db.kysely.transaction().execute((trx) => sessionsAfter(trx, userId, '2026-02-15'));
    expect(inside.map((r) => r.id)).toEqual(['s2']);
  });

  it('refuses a query that does not use every argument as a value', async () => {
    const unused = reusableQuery((db: Executor, _userId: string) => db.selectFrom('session').select('id'), 1);
    await expect(unused(t.db.kysely, userId)).rejects.toThrow(/0 of 1 arguments/);
  });
});
