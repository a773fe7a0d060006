import { decisionReasonMax, type NotificationPage, type NotificationView } from '@waypoint/shared';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

type Body = Record<string, unknown>;

function call(method: 'GET' | 'POST' | 'PUT', url: string, who?: TestUser, payload?: unknown) {
  return env.t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as Body }),
  });
}

async function suggestMarker(who: TestUser, name: string, mapId = 'g1_map_a') {
  const res = await call('POST', '/api/suggestion', who, {
    type: 'PLACED_MARKER',
    action: 'ADD',
    parentId: mapId,
    data: JSON.stringify({ name, markerDefinitionId: 'def_loot', lat: -10, lng: 12, mapId }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as string;
}

async function decide(decision: 'accept' | 'reject', ids: string[], who = env.admin) {
  const res = await call('POST', `/api/admin/suggestions/${decision}`, who, {
    suggestionIds: ids,
    gameId: 'g1',
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function page(who: TestUser, query = ''): Promise<NotificationPage> {
  const res = await call('GET', `/api/notifications${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const unread = async (who: TestUser) =>
  (await call('GET', '/api/notifications/unread', who)).json().unread as number;

const aboutSuggestion = (list: NotificationView[], id: string) => list.filter((n) => n.suggestionId === id);

describe('notifications', () => {
  it('tells the author of a decision, a comment by someone else and a revert; newest first', async () => {
    const author = await createUser(env.t);
    const id = await suggestMarker(author, 'Crate by the bridge');
    expect(await unread(author)).toBe(0);

    // The author's own comment tells nobody; an admin's tells the author.
    expect(
      (await call('POST', `/api/suggestions/${id}/comment`, author, { comment: 'Mine' })).statusCode,
    ).toBe(201);
    expect(await unread(author)).toBe(0);
    await call('POST', `/api/suggestions/${id}/comment`, env.admin, { comment: 'Which bridge?' });
    await decide('accept', [id]);

    const accepted = await page(author);
    expect(accepted.unread).toBe(2);
    expect(accepted.total).toBe(2);
    expect(accepted.data.map((n) => n.kind)).toEqual(['accepted', 'commented']);
    const targetId = (await call('GET', `/api/suggestion/${id}`, env.admin)).json().targetId as string;
    expect(accepted.data[0]).toMatchObject({
      suggestionId: id,
      suggestionType: 'PLACED_MARKER',
      gameId: 'g1',
      mapId: 'g1_map_a',
      targetId,
      actor: env.admin.username,
      read: false,
    });

    const reverted = await call('POST', `/api/admin/review/revert/${id}`, env.admin);
    expect(reverted.statusCode, reverted.body).toBe(200);
    await decide('reject', [id]);
    const all = await page(author);
    expect(all.data.map((n) => n.kind)).toEqual(['rejected', 'reverted', 'accepted', 'commented']);
    expect(all.unread).toBe(4);

    // Paged, newest first.
    const second = await page(author, '?limit=2&skip=2');
    expect(second.data.map((n) => n.kind)).toEqual(['accepted', 'commented']);
    expect(second.total).toBe(4);

    // Marked read one by one, then all at once; each answer is the new unread count.
    const one = await call('POST', `/api/notifications/${all.data[0]!.id}/read`, author);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ unread: 3 });
    expect((await page(author)).data[0]!.read).toBe(true);
    // Marking it again changes nothing.
    expect((await call('POST', `/api/notifications/${all.data[0]!.id}/read`, author)).json()).toEqual({
      unread: 3,
    });
    // Marking all read needs the newest seen: what arrives later stays unread.
    expect((await call('POST', '/api/notifications/read-all', author, {})).statusCode).toBe(400);
    const before = all.data.at(-1)!.createdAt;
    const older = await call('POST', '/api/notifications/read-all', author, { upTo: before });
    expect(older.json().unread).toBeLessThan(3);
    expect(older.json().unread).toBeGreaterThan(0);
    const rest = await call('POST', '/api/notifications/read-all', author, {
      upTo: new Date().toISOString(),
    });
    expect(rest.json()).toEqual({ unread: 0 });
    expect(await unread(author)).toBe(0);
  });

  it("names the suggestion and carries the reviewer's reason to its author (optional, bounded)", async () => {
    const author = await createUser(env.t);
    const named = await suggestMarker(author, 'Crate under the pier');
    const plain = await suggestMarker(author, 'Crate on the roof');
    const reason = 'There is no crate there since the last patch; suggest it again with a screenshot.';
    const rejected = await call('POST', '/api/admin/suggestions/reject', env.admin, {
      suggestionIds: [named],
      gameId: 'g1',
      reason: `  ${reason}  `,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await decide('reject', [plain]);
    const list = (await page(author)).data;
    expect(aboutSuggestion(list, named)[0]).toMatchObject({
      kind: 'rejected',
      subject: 'Crate under the pier',
      reason,
    });
    expect(aboutSuggestion(list, plain)[0]).toMatchObject({ subject: 'Crate on the roof', reason: '' });
    // A reason longer than a note is refused, naming the field.
    const other = await suggestMarker(author, 'Crate in the hold');
    const long = await call('POST', '/api/admin/suggestions/reject', env.admin, {
      suggestionIds: [other],
      gameId: 'g1',
      reason: 'x'.repeat(decisionReasonMax + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe('body.reason');
  });

  it('tells a game’s moderators of a new suggestion there, its admins only when it has none', async () => {
    const author = await createUser(env.t);
    // g1 has no moderator yet: its admins hear of it.
    const first = await suggestMarker(author, 'Before any moderator');
    expect(aboutSuggestion((await page(env.admin, '?limit=50')).data, first)).toEqual([
      expect.objectContaining({ kind: 'suggested', actor: author.username, gameId: 'g1' }),
    ]);
    expect(aboutSuggestion((await page(author)).data, first)).toEqual([]);

    const moderator = await createUser(env.t);
    const elsewhere = await createUser(env.t);
    for (const [user, gameId] of [
      [moderator, 'g1'],
      [elsewhere, 'g2'],
    ] as const) {
      const res = await call('POST', '/api/admin/roles', env.admin, {
        userId: user.id,
        gameId,
        role: 'moderator',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const second = await suggestMarker(author, 'With a moderator');
    expect((await page(moderator)).data).toEqual([
      expect.objectContaining({ kind: 'suggested', suggestionId: second, actor: author.username }),
    ]);
    expect(aboutSuggestion((await page(env.admin, '?limit=50')).data, second)).toEqual([]);
    expect((await page(elsewhere)).data).toEqual([]);

    // A moderator's own suggestion in their game (applied at once) tells them nothing; their decision
    // tells the author.
    const own = await suggestMarker(moderator, 'By the moderator');
    expect(aboutSuggestion((await page(moderator)).data, own)).toEqual([]);
    await decide('reject', [second], moderator);
    expect(aboutSuggestion((await page(author)).data, second)).toEqual([
      expect.objectContaining({ kind: 'rejected', actor: moderator.username }),
    ]);
    await decide('reject', [first]);
  });

  it('a decision that fails as a whole tells nobody', async () => {
    const author = await createUser(env.t);
    const good = await suggestMarker(author, 'Fine one');
    const res = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      suggestionIds: [good, 'does_not_exist'],
    });
    expect(res.statusCode).toBe(404);
    expect(await unread(author)).toBe(0);
    await decide('reject', [good]);
    expect(await unread(author)).toBe(1);
  });

  it('each user reads and marks only their own', async () => {
    const owner = await createUser(env.t);
    const other = await createUser(env.t);
    const id = await suggestMarker(owner, 'Owner’s');
    await decide('reject', [id]);
    const [mine] = (await page(owner)).data;
    expect(mine).toBeDefined();
    expect((await page(other)).data).toEqual([]);
    // Another user's notification is not there for anyone else, admins included.
    for (const who of [other, env.admin]) {
      const res = await call('POST', `/api/notifications/${mine!.id}/read`, who);
      expect(res.statusCode).toBe(404);
    }
    await call('POST', '/api/notifications/read-all', other, { upTo: new Date().toISOString() });
    expect(await unread(owner)).toBe(1);
    for (const url of ['/api/notifications', '/api/notifications/unread', '/api/notifications/settings']) {
      expect((await call('GET', url)).statusCode).toBe(401);
    }
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/notifications?limit=0', undefined, 'query.limit'],
      ['GET', '/api/notifications?skip=-1', undefined, 'query.skip'],
      ['POST', '/api/notifications/not-a-uuid/read', undefined, 'params.id'],
      ['PUT', '/api/notifications/settings', { email: 'yes' }, 'body.email'],
      ['PUT', '/api/notifications/settings', { email: true, language: 'fr' }, 'body.language'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await call(method as 'GET', url, env.player, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(field);
    }
  });

  it('keeps the e-mail opt-in per user, off until turned on', async () => {
    const user = await createUser(env.t);
    expect((await call('GET', '/api/notifications/settings', user)).json()).toEqual({
      email: false,
      language: 'en',
    });
    const saved = await call('PUT', '/api/notifications/settings', user, { email: true, language: 'de' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/api/notifications/settings', user)).json()).toEqual({
      email: true,
      language: 'de',
    });
    expect((await call('GET', '/api/notifications/settings', env.player)).json().email).toBe(false);
    await call('PUT', '/api/notifications/settings', user, { email: false, language: 'de' });
    expect((await call('GET', '/api/notifications/settings', user)).json().email).toBe(false);
  });
});
