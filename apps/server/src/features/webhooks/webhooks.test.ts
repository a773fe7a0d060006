import { describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

// The operator setting is off: private and loopback endpoints are refused, as in production.
const env = useTestApp();

const base = (game = 'g1') => `/api/admin/games/${game}/webhooks`;
const valid = {
  url: 'https://93.184.215.14/hooks/waypoint',
  secret: 'a-long-enough-secret',
  events: ['suggestion.created', 'comment.created'],
  format: 'discord',
};

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: TestUser,
  payload?: unknown,
) {
  return env.t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function deliveriesOf(webhookId: string) {
  return env.t.db.kysely
    .selectFrom('webhook_delivery')
    .select(['event', 'payload', 'state'])
    .where('webhookId', '=', webhookId)
    .orderBy('createdAt')
    .execute();
}

describe('managing a game’s webhooks', () => {
  it('an admin adds, lists, changes and deletes one; the secret is never answered', async () => {
    const created = await call('POST', base(), env.admin, valid);
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json();
    expect(hook).toMatchObject({
      gameId: 'g1',
      url: valid.url,
      events: valid.events,
      format: 'discord',
      enabled: true,
      secretHint: 'cret',
      pending: 0,
      recent: [],
    });
    expect(created.body).not.toContain(valid.secret);

    const listed = await call('GET', base(), env.admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((h: { id: string }) => h.id)).toEqual([hook.id]);
    expect(listed.body).not.toContain(valid.secret);
    // Another game's list does not show it, nor can it be reached through that game.
    expect((await call('GET', base('g2'), env.admin)).json().data).toEqual([]);
    expect((await call('PATCH', `${base('g2')}/${hook.id}`, env.admin, { enabled: false })).statusCode).toBe(
      404,
    );

    const changed = await call('PATCH', `${base()}/${hook.id}`, env.admin, {
      events: ['content.changed'],
      format: 'json',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ events: ['content.changed'], format: 'json', secretHint: 'cret' });

    const removed = await call('DELETE', `${base()}/${hook.id}`, env.admin);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', `${base()}/${hook.id}`, env.admin)).statusCode).toBe(404);
    expect((await call('GET', base(), env.admin)).json().data).toEqual([]);
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ ...valid, url: 'ftp://example.com/x' }, 'body.url'],
      [{ ...valid, url: 'javascript:alert(1)' }, 'body.url'],
      [{ ...valid, url: 'https://user:pass@93.184.215.14/' }, 'body.url'],
      [{ ...valid, secret: 'short' }, 'body.secret'],
      [{ ...valid, events: [] }, 'body.events'],
      [{ ...valid, events: ['suggestion.deleted'] }, 'body.events.0'],
      [{ ...valid, format: 'slack' }, 'body.format'],
      [{ ...valid, extra: 1 }, 'body'],
      [{ url: valid.url, events: valid.events }, 'body.secret'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', base(), env.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    expect((await call('POST', base('no game!'), env.admin, valid)).json().errors[0].field).toBe(
      'params.gameId',
    );
    expect((await call('POST', base('nope'), env.admin, valid)).statusCode).toBe(404);
    const bad = await call('PATCH', `${base()}/not-a-uuid`, env.admin, { enabled: true });
    expect(bad.json().errors[0].field).toBe('params.id');
  });

  it('refuses endpoints on private, loopback, link-local and reserved addresses (SSRF)', async () => {
    const refused = [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://172.16.5.4/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[fd00::1]/hook',
      'http://[64:ff9b::a00:1]/hook',
      'http://0.0.0.0/hook',
      'http://100.64.0.1/hook',
    ];
    for (const url of refused) {
      const res = await call('POST', base(), env.admin, { ...valid, url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].field, url).toBe('body.url');
    }
    const hook = (await call('POST', base(), env.admin, valid)).json();
    const moved = await call('PATCH', `${base()}/${hook.id}`, env.admin, { url: 'http://127.0.0.1/x' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors[0].field).toBe('body.url');
    await call('DELETE', `${base()}/${hook.id}`, env.admin);
  });

  it('only admins manage webhooks: a moderator of the game is refused', async () => {
    const moderator = await createUser(env.t);
    const grant = await call('POST', '/api/admin/roles', env.admin, {
      userId: moderator.id,
      gameId: 'g1',
      role: 'moderator',
    });
    expect(grant.statusCode, grant.body).toBe(200);
    for (const who of [moderator, env.player]) {
      expect((await call('GET', `${base()}?gameId=g1`, who)).statusCode).toBe(403);
      expect((await call('POST', `${base()}?gameId=g1`, who, valid)).statusCode).toBe(403);
    }
    expect((await call('GET', base())).statusCode).toBe(401);
  });
});

describe('events are queued with the change that causes them', () => {
  it('suggestions, decisions, comments and content changes of the game; nothing of other games or events', async () => {
    const all = (
      await call('POST', base(), env.admin, {
        ...valid,
        events: ['suggestion.created', 'suggestion.decided', 'content.changed', 'comment.created'],
      })
    ).json();
    const onlyComments = (
      await call('POST', base(), env.admin, { ...valid, events: ['comment.created'] })
    ).json();
    const otherGame = (await call('POST', base('g2'), env.admin, valid)).json();
    const off = (await call('POST', base(), env.admin, { ...valid, enabled: false })).json();

    const suggested = await call('POST', '/api/suggestion', env.player, {
      type: 'PLACED_MARKER',
      action: 'ADD',
      parentId: 'g1_map_a',
      data: JSON.stringify({ name: 'Stash', markerDefinitionId: 'def_loot', lat: -3, lng: 4 }),
    });
    expect(suggested.statusCode, suggested.body).toBe(201);
    const id = suggested.json().data as string;
    expect(
      (await call('POST', `/api/suggestions/${id}/comment`, env.player, { comment: 'Behind the rock' }))
        .statusCode,
    ).toBe(201);
    const accepted = await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [id] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const edit = await call('PATCH', '/api/admin/quest/q1', env.admin, { name: 'Renamed' });
    expect(edit.statusCode, edit.body).toBeLessThan(300);

    const events = await deliveriesOf(all.id);
    expect(events.map((e) => e.event)).toEqual([
      'suggestion.created',
      'comment.created',
      // Accepting writes the marker (a content change) and the decision in one transaction.
      'content.changed',
      'suggestion.decided',
      'content.changed',
    ]);
    expect(events.every((e) => e.state === 'pending')).toBe(true);
    const data = events.map((e) => JSON.parse(e.payload).data);
    expect(data[0]).toMatchObject({
      suggestionId: id,
      type: 'PLACED_MARKER',
      action: 'ADD',
      username: env.player.username,
    });
    expect(data[1]).toMatchObject({ suggestionId: id, comment: 'Behind the rock' });
    expect(data[2]).toMatchObject({ model: 'placedmarker', action: 'create', count: 1 });
    expect(data[3]).toMatchObject({ suggestionId: id, status: 'ACCEPTED', decidedBy: env.admin.username });
    expect(data[4]).toMatchObject({ model: 'quest', action: 'update', ids: ['q1'] });
    expect((await deliveriesOf(onlyComments.id)).map((e) => e.event)).toEqual(['comment.created']);
    expect(await deliveriesOf(otherGame.id)).toEqual([]);
    expect(await deliveriesOf(off.id)).toEqual([]);
  });

  it('a write that fails queues nothing', async () => {
    const hook = (await call('POST', base(), env.admin, { ...valid, events: ['content.changed'] })).json();
    // An id that exists: the create is refused inside its transaction.
    const refused = await call('PUT', '/api/admin/quest', env.admin, {
      _id: 'q1',
      gameId: 'g1',
      name: 'Again',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    // A reference that does not exist is refused after the row checks.
    const dangling = await call('PUT', '/api/admin/quest', env.admin, {
      _id: 'q_new',
      gameId: 'g1',
      name: 'Dangling',
      previous: 'nope',
    });
    expect(dangling.statusCode).toBe(400);
    expect(await deliveriesOf(hook.id)).toEqual([]);

    // Accepting two suggestions is all or none: the first one's marker (and its queued content
    // change) rolls back when the second cannot be applied, its marker being gone.
    const suggest = async (action: string, data: object, targetId?: string) => {
      const res = await call('POST', '/api/suggestion', env.player, {
        type: 'PLACED_MARKER',
        action,
        parentId: 'g1_map_a',
        ...(targetId ? { targetId } : {}),
        data: JSON.stringify(data),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as string;
    };
    const add = await suggest('ADD', { name: 'New', markerDefinitionId: 'def_loot', lat: -1, lng: 1 });
    const change = await suggest('UPDATE', { _id: 'pm_4', name: 'Crate four' });
    expect((await call('DELETE', '/api/admin/placedmarker/pm_4', env.admin)).statusCode).toBe(200);
    const accept = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      suggestionIds: [add, change],
    });
    expect(accept.statusCode, accept.body).toBeGreaterThanOrEqual(400);
    const queued = (await deliveriesOf(hook.id)).map((e) => JSON.parse(e.payload).data);
    expect(queued).toEqual([
      expect.objectContaining({ model: 'placedmarker', action: 'delete', ids: ['pm_4'] }),
    ]);
  });
});

describe('a deleted game', () => {
  it('takes its webhooks and their queued deliveries with it', async () => {
    const actor = { id: env.admin.id, username: env.admin.username };
    await env.t.app.ctx.writer.create('game', { _id: 'g_gone', name: 'Going away' }, actor);
    const created = await call('POST', base('g_gone'), env.admin, { ...valid, events: ['content.changed'] });
    expect(created.statusCode, created.body).toBe(201);
    await env.t.app.ctx.writer.update('game', 'g_gone', { name: 'Going away soon' }, actor);
    expect((await deliveriesOf(created.json().id)).length).toBeGreaterThan(0);
    await env.t.app.ctx.writer.remove('game', 'g_gone', actor);
    const left = await env.t.db.kysely
      .selectFrom('webhook')
      .select('id')
      .where('gameId', '=', 'g_gone')
      .execute();
    expect(left).toEqual([]);
    expect(await deliveriesOf(created.json().id)).toEqual([]);
  });
});
