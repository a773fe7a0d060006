import { afterAll, beforeAll, expect, it } from 'vitest';
import { createContent, createTestApp, createUser, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ suggestionRateLimit: 3, commentRateLimit: 2, voteRateLimit: 2 });
  await createContent(t);
});
afterAll(() => t.close());

it('limits suggestion, comment and vote writes per user, whatever the address', async () => {
  const user = await createUser(t);
  const other = await createUser(t);
  const post = (who: typeof user, i: number, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/markers/g1_map_a?suggestMode=true',
      headers: { ...who.auth, 'x-forwarded-for': ip },
      remoteAddress: ip,
      payload: { name: `Spam ${i}`, markerDefinitionId: 'def_loot' },
    });
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push((await post(user, i, `10.0.0.${i + 1}`)).statusCode);
  expect(statuses).toEqual([201, 201, 201, 429, 429]);
  // Another user is not held back by the first one's limit.
  expect((await post(other, 9, '10.0.0.1')).statusCode).toBe(201);

  const suggestion = (
    await t.app.inject({ method: 'GET', url: '/api/suggestions', headers: user.auth })
  ).json().data[0]._id as string;
  const comment = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/suggestions/${suggestion}/comment`,
      headers: user.auth,
      payload: { comment: 'again' },
    });
  expect([(await comment()).statusCode, (await comment()).statusCode, (await comment()).statusCode]).toEqual([
    201, 201, 429,
  ]);
  const vote = () =>
    // Another user's votes: an author may not vote on their own suggestion.
    t.app.inject({ method: 'POST', url: `/api/suggestions/${suggestion}/upvote`, headers: other.auth });
  expect([(await vote()).statusCode, (await vote()).statusCode, (await vote()).statusCode]).toEqual([
    200, 200, 429,
  ]);
});

it('gives accounts younger than NEW_ACCOUNT_DAYS a quarter of each community write limit', async () => {
  const young = await createTestApp({ suggestionRateLimit: 8, newAccountDays: 7 });
  try {
    await createContent(young);
    const fresh = await createUser(young);
    const seasoned = await createUser(young);
    const longAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await young.db.kysely
      .updateTable('user')
      .set({ createdAt: longAgo })
      .where('id', '=', seasoned.id)
      .execute();
    const post = (who: typeof fresh, i: number) =>
      young.app.inject({
        method: 'POST',
        url: '/api/markers/g1_map_a?suggestMode=true',
        headers: who.auth,
        payload: { name: `Write ${i}`, markerDefinitionId: 'def_loot' },
      });
    const statuses = async (who: typeof fresh) => {
      const out = [];
      for (let i = 0; i < 9; i++) out.push((await post(who, i)).statusCode);
      return out;
    };
    expect(await statuses(fresh)).toEqual([201, 201, 429, 429, 429, 429, 429, 429, 429]);
    expect(await statuses(seasoned)).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 429]);
  } finally {
    await young.close();
  }
});
