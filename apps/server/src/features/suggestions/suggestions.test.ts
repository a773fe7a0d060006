import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages, zSuggestionDecisionAnswer } from '@waypoint/shared';
import { communityMessages } from '@waypoint/shared/community-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as plainTextComments from '../../db/migrations/0011_plain_text_comments.ts';
import { makePng } from '../../media/testImages.ts';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp({ overrides: { allowLoopbackFetch: true } });

// A local image host for suggestions that bring images.
let imageHost: http.Server;
let imageBase = '';
beforeAll(async () => {
  const png = await makePng(64, 48);
  imageHost = http.createServer((req, res) => {
    if (req.url?.startsWith('/missing')) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => imageHost.close(() => resolve())));

type Body = Record<string, unknown>;

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
    ...(payload === undefined ? {} : { payload: payload as Body }),
  });
}

const markerSuggestion = (data: Body, action = 'ADD', parentId = 'g1_map_a') => ({
  type: 'PLACED_MARKER',
  action,
  parentId,
  data: JSON.stringify(data),
});

const newMarker = (name: string, extra: Body = {}) =>
  markerSuggestion({ name, markerDefinitionId: 'def_loot', lat: -10, lng: 12, ...extra });

async function suggest(who: TestUser, body: Body) {
  const res = await call('POST', '/api/suggestion', who, body);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data;
  expect(typeof id).toBe('string');
  return id as string;
}

async function auditCount(recordId: string) {
  const rows = await env.t.db.kysely
    .selectFrom('audit_log')
    .select('id')
    .where('recordId', '=', recordId)
    .execute();
  return rows.length;
}

describe('suggestions', () => {
  it('answers the new id as a string; only its author and admins can read or change it', async () => {
    const author = await createUser(env.t);
    const other = await createUser(env.t);
    const id = await suggest(author, newMarker('Hidden stash'));

    // Asking for someone else's still answers only one's own.
    const asOther = await call(
      'GET',
      `/api/suggestions?query=${encodeURIComponent(`{"userId":"${other.id}"}`)}`,
      author,
    );
    expect(asOther.json().data.every((s: Body) => s.userId === author.id)).toBe(true);
    const mine = (await call('GET', '/api/suggestions?limit=10000', author)).json();
    expect(mine.data.map((s: Body) => s._id)).toContain(id);
    expect(mine.data.every((s: Body) => s.userId === author.id)).toBe(true);

    const theirs = (await call('GET', '/api/suggestions?limit=10000', other)).json();
    expect(theirs.data.map((s: Body) => s._id)).not.toContain(id);
    expect((await call('GET', `/api/suggestion/${id}`, other)).statusCode).toBe(404);
    // Others may discuss an open suggestion (community review), never change it.
    expect(
      (await call('PATCH', `/api/suggestions/${id}`, other, { status: 'REVIEW_REQUESTED' })).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/suggestions/${id}/comments`, other)).statusCode).toBe(200);

    const all = (await call('GET', `/api/suggestions?userId=${author.id}&limit=10000`, env.admin)).json();
    expect(all.data.map((s: Body) => s._id)).toContain(id);
    const one = (await call('GET', `/api/suggestion/${id}`, env.admin)).json();
    expect(one).toMatchObject({
      status: 'SAVED',
      type: 'PLACED_MARKER',
      action: 'ADD',
      username: author.username,
    });
    expect(JSON.parse(one.data)).toMatchObject({ name: 'Hidden stash', mapId: 'g1_map_a' });
  });

  it('refuses guests with 401 and a suggestion that could never be applied with a 400 naming the field', async () => {
    expect((await call('POST', '/api/suggestion', undefined, newMarker('x'))).statusCode).toBe(401);
    const user = env.player;
    const cases: [Body, string][] = [
      [{ ...newMarker('x'), data: '{not json' }, 'body.data'],
      [newMarker('x', { lat: 'north' }), 'body.data.lat'],
      [newMarker('x', { markerDefinitionId: '' }), 'body.data.markerDefinitionId'],
      [newMarker('x', { mapId: 'g1_map_b' }), 'body.parentId'],
      [
        markerSuggestion({ name: 'x', markerDefinitionId: 'def_loot' }, 'ADD', 'no_such_map'),
        'body.parentId',
      ],
      [markerSuggestion({ _id: 'nope', name: 'y' }, 'UPDATE'), 'body.data._id'],
      [markerSuggestion({ _id: 'pm_1', lat: 'far' }, 'UPDATE'), 'body.data.lat'],
      [markerSuggestion({ _id: 'pm_1' }, 'UPDATE'), 'body.data'],
      [{ ...newMarker('x'), type: 'PLANET' }, 'body.type'],
      [{ ...newMarker('x'), imageUrl: 'javascript:alert(1)' }, 'body.imageUrl'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/suggestion', user, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: Body) => e.field)).toContain(field);
    }
  });

  it('refuses a new element that exists or is already suggested at submission, naming the open suggestion', async () => {
    const map = {
      type: 'MAP',
      action: 'ADD',
      parentId: 'g1',
      data: { name: 'Saltmarsh Tunnels', categoryId: 'g1_cat' },
    };
    const first = await suggest(env.player, map);
    const again = await call('POST', '/api/suggestion', env.admin, map);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      suggestionId: first,
      errors: [{ field: 'body.data.name', message: expect.stringContaining('already suggested') }],
    });
    // Withdrawn, it no longer stands in the way; an element that exists is refused with its own reason.
    expect((await call('DELETE', `/api/suggestions/${first}`, env.player)).statusCode).toBe(200);
    const second = (await call('POST', '/api/suggestion', env.admin, map)).json().data as string;
    expect(
      (await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [second] }))
        .statusCode,
    ).toBe(200);
    const existing = await call('POST', '/api/suggestion', env.player, map);
    expect(existing.statusCode).toBe(409);
    expect(existing.json().message).toContain('already exists');
    expect(existing.json().suggestionId).toBeUndefined();
  });

  it('sanitizes HTML in the element', async () => {
    const id = await suggest(
      env.player,
      newMarker('x', { description: '<p>ok</p><script>alert(1)</script>' }),
    );
    const stored = (await call('GET', `/api/suggestion/${id}`, env.player)).json();
    expect(JSON.parse(stored.data).description).toBe('<p>ok</p>');
  });

  it('lets the author edit and withdraw an open suggestion, not a decided one', async () => {
    const author = await createUser(env.t);
    const id = await suggest(author, newMarker('Draft'));
    const edit = await call('PATCH', `/api/suggestions/${id}`, author, {
      data: JSON.stringify({ name: 'Better name' }),
      status: 'REVIEW_REQUESTED',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().status).toBe('REVIEW_REQUESTED');
    expect(JSON.parse(edit.json().data)).toMatchObject({
      name: 'Better name',
      lat: -10,
      markerDefinitionId: 'def_loot',
    });
    expect((await call('PATCH', `/api/suggestions/${id}`, author, { type: 'GAME' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/suggestions/${id}`, author, { status: 'ACCEPTED' })).statusCode).toBe(
      400,
    );

    expect(
      (await call('POST', '/api/admin/suggestions/reject', env.admin, { suggestionIds: [id] })).statusCode,
    ).toBe(200);
    expect((await call('PATCH', `/api/suggestions/${id}`, author, { status: 'SAVED' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/suggestions/${id}`, author)).statusCode).toBe(409);

    const other = await suggest(author, newMarker('Withdrawn'));
    expect((await call('DELETE', `/api/suggestions/${other}`, author)).statusCode).toBe(200);
    expect((await call('GET', `/api/suggestion/${other}`, author)).statusCode).toBe(404);
  });

  it('answers every decision in one shape: accept or reject, by ids or in bulk', async () => {
    const author = await createUser(env.t);
    const byIds = await suggest(author, newMarker('Decided by id'));
    await suggest(
      author,
      markerSuggestion(
        { name: 'Decided in bulk', markerDefinitionId: 'def_loot', lat: 1, lng: 2 },
        'ADD',
        'g1_map_b',
      ),
    );
    const answers = [
      await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [byIds] }),
      await call('POST', '/api/admin/suggestions/reject', env.admin, {
        username: author.username,
        parentId: 'g1_map_b',
      }),
      await call('POST', '/api/admin/suggestions/accept', env.admin, { username: author.username }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual([
        'accepted',
        'imageProblems',
        'rejected',
        'suggestions',
      ]);
      expect(() => zSuggestionDecisionAnswer.parse(res.json())).not.toThrow();
    }
    expect(answers.map((res) => [res.json().accepted, res.json().rejected])).toEqual([
      [1, 0],
      [0, 1],
      [0, 0],
    ]);
    expect(answers[1]!.json().suggestions[0]).toMatchObject({ status: 'REJECTED', parentId: 'g1_map_b' });
    const mixed = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      suggestionIds: [byIds],
      username: author.username,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors[0].field).toBe('body.suggestionIds');
  });

  it('accepting applies the element through the write path: an ordinary marker for guests', async () => {
    const id = await suggest(env.player, newMarker('Accepted crate'));
    const suggestion = (await call('GET', `/api/suggestion/${id}`, env.player)).json();
    const markerId = suggestion.targetId as string;
    expect((await call('GET', `/api/placedmarker/${markerId}`)).statusCode).toBe(404);
    // A guest and a user cannot decide.
    expect(
      (await call('POST', '/api/admin/suggestions/accept', env.player, { suggestionIds: [id] })).statusCode,
    ).toBe(403);
    const res = await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accepted).toBe(1);
    const marker = await call('GET', `/api/placedmarker/${markerId}`);
    expect(marker.statusCode).toBe(200);
    expect(marker.json()).toMatchObject({ name: 'Accepted crate', mapId: 'g1_map_a' });
    expect((await call('GET', `/api/suggestion/${id}`, env.admin)).json().status).toBe('ACCEPTED');
    // Change and decision are both in the audit log.
    expect(await auditCount(markerId)).toBe(1);
    const accepted = await env.t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('recordId', '=', id)
      .execute();
    expect(accepted.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'accept']));
    // Deciding twice is refused.
    expect(
      (await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [id] })).statusCode,
    ).toBe(409);
  });

  it('applies UPDATE and DELETE suggestions and refuses stale ones', async () => {
    const update = await suggest(
      env.player,
      markerSuggestion({ _id: 'pm_2', name: 'Renamed crate' }, 'UPDATE'),
    );
    const remove = await suggest(env.player, markerSuggestion({ _id: 'pm_3' }, 'DELETE'));
    const stale = await suggest(env.player, markerSuggestion({ _id: 'pm_4', name: 'Too late' }, 'UPDATE'));
    const gone = await suggest(env.player, markerSuggestion({ _id: 'pm_4' }, 'DELETE'));

    // The admin changes pm_4 after the suggestions were made.
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (await call('PATCH', '/api/admin/placedmarker/pm_4', env.admin, { name: 'Admin edit' })).statusCode,
    ).toBe(200);
    const refused = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      suggestionIds: [stale],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(stale);
    expect(refused.json().message).toContain('changed after this suggestion was made');
    expect((await call('GET', '/api/placedmarker/pm_4')).json().name).toBe('Admin edit');

    const ok = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      suggestionIds: [update, remove],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('GET', '/api/placedmarker/pm_2')).json().name).toBe('Renamed crate');
    expect((await call('GET', '/api/placedmarker/pm_3')).statusCode).toBe(404);

    // The element vanished: refused with the reason.
    expect((await call('DELETE', '/api/admin/placedmarker/pm_4', env.admin)).statusCode).toBe(200);
    const vanished = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      suggestionIds: [gone],
    });
    expect(vanished.statusCode).toBe(409);
    expect(vanished.json().message).toContain('no longer exists');
  });

  it('accepts many suggestions all or none', async () => {
    const author = await createUser(env.t);
    const ids: string[] = [];
    for (let i = 0; i < 500; i++) ids.push(await suggest(author, newMarker(`Bulk ${i}`, { lat: -i })));
    // One in the middle can no longer be applied: its marker id is taken meanwhile.
    const middle = ids[250]!;
    const target = (await call('GET', `/api/suggestion/${middle}`, author)).json().targetId;
    const taken = await call('PUT', '/api/admin/placedmarker', env.admin, {
      _id: target,
      mapId: 'g1_map_a',
      markerDefinitionId: 'def_loot',
      name: 'Taken',
    });
    expect([200, 201]).toContain(taken.statusCode);
    const count = async () =>
      (
        await call(
          'GET',
          `/api/placedmarkers?query=${encodeURIComponent('{"mapId":"g1_map_a"}')}&limit=10000`,
        )
      ).json().count as number;
    const before = await count();
    const res = await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: ids });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(middle);
    expect(await count()).toBe(before);
    const statuses = (
      await call('GET', `/api/suggestions?userId=${author.id}&limit=10000`, env.admin)
    ).json();
    expect(statuses.data.every((s: Body) => s.status === 'SAVED')).toBe(true);

    // Without the broken one, all the others land together.
    const rest = ids.filter((id) => id !== middle);
    const ok = await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: rest });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().accepted).toBe(499);
    expect(await count()).toBe(before + 499);
  });
});

describe('images of suggestions', () => {
  it("fetches a marker suggestion's images when suggested; a URL that fails is a 400 naming it", async () => {
    const user = await createUser(env.t);
    const failing = await call('POST', '/api/markers/g1_map_a?suggestMode=true', user, {
      name: 'Pictured',
      markerDefinitionId: 'def_loot',
      imageUrls: [`${imageBase}/a.png`, `${imageBase}/missing.png`, `${imageBase}/c.png`],
    });
    expect(failing.statusCode, failing.body).toBe(400);
    expect(failing.json().errors[0].field).toBe('body.imageUrls.1');
    const bad = await call('POST', '/api/markers/g1_map_a?suggestMode=true', user, {
      name: 'Bad picture',
      markerDefinitionId: 'def_loot',
      imageUrls: ['file:///etc/passwd'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.imageUrls.0');
    const direct = await call('POST', '/api/suggestion', user, {
      ...newMarker('Pictured directly'),
      imageUrls: [`${imageBase}/missing.png`],
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().errors[0].field).toBe('body.imageUrls.0');

    const placed = await call('POST', '/api/markers/g1_map_a?suggestMode=true', user, {
      name: 'Pictured',
      markerDefinitionId: 'def_loot',
      imageUrls: [`${imageBase}/a.png`, `${imageBase}/c.png`],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const suggestion = placed.json().suggestion;
    expect(suggestion.imageUrls).toHaveLength(2);
    expect(Object.keys(suggestion.images).sort()).toEqual(['0', '1']);
    const res = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      suggestionIds: [suggestion._id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imageProblems).toEqual([]);
    const marker = (await call('GET', `/api/placedmarker/${suggestion.targetId}`)).json();
    expect(Object.keys(marker.images).sort()).toEqual(['0', '1']);
    expect(marker.images['0']).toMatchObject({ imageWidth: 64, imageHeight: 48 });
    const file = await call(
      'GET',
      `/uploads/placedmarker/${suggestion.targetId}/0/${marker.images['0'].fileName}`,
    );
    expect(file.statusCode).toBe(200);
  });

  it('accepts with the images stored when suggested: no request at accept, the image host may be gone', async () => {
    const png = await makePng(40, 30);
    let requests = 0;
    const counted = http.createServer((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    const gone = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    );
    const listen = async (server: http.Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    const countedBase = await listen(counted);
    const goneBase = await listen(gone);
    try {
      const user = await createUser(env.t);
      const placed = await call('POST', '/api/markers/g1_map_a?suggestMode=true', user, {
        name: 'Pictured elsewhere',
        markerDefinitionId: 'def_loot',
        imageUrls: [`${goneBase}/a.png`, `${countedBase}/b.png`],
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const suggestion = placed.json().suggestion;
      expect(requests).toBe(1);
      await new Promise<void>((resolve) => gone.close(() => resolve()));

      const res = await call('POST', '/api/admin/suggestions/accept', env.admin, {
        suggestionIds: [suggestion._id],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().imageProblems).toEqual([]);
      expect(requests).toBe(1);
      const marker = (await call('GET', `/api/placedmarker/${suggestion.targetId}`)).json();
      expect(marker.images['0']).toMatchObject({ imageWidth: 40, imageHeight: 30 });
      expect(marker.images['1']).toMatchObject({ imageWidth: 40, imageHeight: 30 });
    } finally {
      await new Promise<void>((resolve) => counted.close(() => resolve()));
      if (gone.listening) await new Promise<void>((resolve) => gone.close(() => resolve()));
    }
  });

  it('throws away the staged images of a rejected or withdrawn suggestion', async () => {
    const user = await createUser(env.t);
    // Staged pictures by their version (`staged/{version}/…` in the storage).
    const staged = async () => {
      const versions = new Set<string>();
      for await (const item of env.t.app.ctx.store.list('staged')) versions.add(item.key.split('/')[1]);
      return [...versions];
    };
    const before = (await staged()).length;
    const ids: string[] = [];
    for (const name of ['Rejected picture', 'Withdrawn picture']) {
      const placed = await call('POST', '/api/markers/g1_map_a?suggestMode=true', user, {
        name,
        markerDefinitionId: 'def_loot',
        imageUrls: [`${imageBase}/a.png`],
      });
      expect(placed.statusCode, placed.body).toBe(201);
      ids.push(placed.json().suggestion._id);
    }
    expect((await staged()).length).toBe(before + 2);
    const rejected = await call('POST', '/api/admin/suggestions/reject', env.admin, {
      suggestionIds: [ids[0]],
    });
    expect(rejected.statusCode).toBe(200);
    expect((await call('DELETE', `/api/suggestions/${ids[1]}`, user)).statusCode).toBe(200);
    expect((await staged()).length).toBe(before);
  });

  it('takes a change that only brings images', async () => {
    const user = await createUser(env.t);
    const res = await call('PATCH', '/api/markers/pm_1?suggestMode=true', user, {
      imageUrls: [`${imageBase}/x.png`],
    });
    expect(res.statusCode, res.body).toBe(200);
    const suggestion = res.json().suggestion;
    expect(suggestion).toMatchObject({ action: 'UPDATE', imageUrls: [`${imageBase}/x.png`] });
    const accepted = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      suggestionIds: [suggestion._id],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().imageProblems).toEqual([]);
    expect(Object.keys((await call('GET', '/api/placedmarker/pm_1')).json().images)).toEqual(['0']);
  });
});

describe('comments and votes', () => {
  it('keeps comments as plain text, as written, with their author and time', async () => {
    const id = await suggest(env.player, newMarker('Talked about'));
    const written = [
      'x<y and y>z',
      'use <Ctrl>+<S> to save',
      'email me <bob@example.com>',
      '<img src=x onerror=alert(1)>',
      'Seen it <script>alert(1)</script>& <b>there</b> &amp; 1 &lt; 2',
    ];
    for (const comment of written) {
      const res = await call('POST', `/api/suggestions/${id}/comment`, env.player, {
        comment: `  ${comment}\n`,
      });
      expect(res.statusCode).toBe(201);
    }
    await call('POST', `/api/suggestions/${id}/comment`, env.admin, { comment: 'Thanks!' });
    const comments = (await call('GET', `/api/suggestions/${id}/comments`, env.player)).json();
    expect(comments.map((c: { comment: string }) => c.comment)).toEqual([...written, 'Thanks!']);
    expect(comments[0]).toMatchObject({ username: env.player.username });
    expect(Date.parse(comments[0].createdAt)).toBeGreaterThan(0);
    expect(comments.at(-1)).toMatchObject({ username: env.admin.username });
  });

  it('turns comments stored HTML-escaped before back into the text written', async () => {
    const id = await suggest(env.player, newMarker('Talked about before'));
    const k = env.t.db.kysely;
    const at = new Date().toISOString();
    const old = { suggestionId: id, userId: env.player.id, username: env.player.username, createdAt: at };
    await k
      .insertInto('suggestion_comment')
      .values([
        { ...old, comment: 'a &lt; b &amp;&amp; c &gt; d' },
        { ...old, comment: 'typed &amp;lt; itself' },
      ])
      .execute();
    await plainTextComments.up(k as never);
    const comments = (await call('GET', `/api/suggestions/${id}/comments`, env.player)).json();
    expect(comments.map((c: { comment: string }) => c.comment)).toEqual([
      'a < b && c > d',
      'typed &lt; itself',
    ]);
  });

  it('refuses a comment empty after trimming or too long as stored, naming the field', async () => {
    const id = await suggest(env.player, newMarker('Not talked about'));
    for (const comment of ['', '  ', ' \n\t ', `${'a'.repeat(2001)}`]) {
      const res = await call('POST', `/api/suggestions/${id}/comment`, env.player, { comment });
      expect(res.statusCode, JSON.stringify(comment)).toBe(400);
      expect(res.json().errors[0].field).toBe('body.comment');
    }
    // Spaces around the text are not stored, so they do not count against the limit.
    const padded = await call('POST', `/api/suggestions/${id}/comment`, env.player, {
      comment: ` ${'a'.repeat(2000)} `,
    });
    expect(padded.statusCode).toBe(201);
    const stored = (await call('GET', `/api/suggestions/${id}/comments`, env.player)).json();
    expect(stored.map((c: { comment: string }) => c.comment.length)).toEqual([2000]);
  });

  it('counts one vote per user: toggles, switches and cannot be stuffed', async () => {
    const id = await suggest(env.player, newMarker('Voted'));
    const voter = await createUser(env.t);
    const votes = async () => {
      const s = (await call('GET', `/api/suggestion/${id}`, env.admin)).json();
      return [s.upvotes, s.downvotes];
    };
    expect((await call('POST', `/api/suggestions/${id}/upvote`, voter)).json()).toMatchObject({
      upvotes: 1,
      vote: 1,
    });
    expect((await call('POST', `/api/suggestions/${id}/upvote`, voter)).json()).toMatchObject({
      upvotes: 0,
      vote: 0,
    });
    await call('POST', `/api/suggestions/${id}/upvote`, voter);
    expect((await call('POST', `/api/suggestions/${id}/downvote`, voter)).json()).toMatchObject({
      upvotes: 0,
      downvotes: 1,
    });
    expect((await call('GET', `/api/suggestions/${id}/votes`, voter)).json()).toEqual({
      upvotes: 0,
      downvotes: 1,
      vote: -1,
      own: false,
    });
    expect((await call('GET', `/api/suggestions/${id}/votes`, env.admin)).json()).toMatchObject({ vote: 0 });
    // Another player sees the counts of an open suggestion, not who voted.
    const stranger = await createUser(env.t);
    expect((await call('GET', `/api/suggestions/${id}/votes`, stranger)).json()).toEqual({
      upvotes: 0,
      downvotes: 1,
      vote: 0,
      own: false,
    });
    await call('PATCH', `/api/suggestions/${id}/downvote`, voter, { downvote: false });
    expect(await votes()).toEqual([0, 0]);
    const stuffed = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('PATCH', `/api/suggestions/${id}/upvote`, voter, { upvote: true }),
      ),
    );
    expect(stuffed.every((r) => r.statusCode === 200)).toBe(true);
    await call('PATCH', `/api/suggestions/${id}/upvote`, env.admin, { upvote: true });
    expect(await votes()).toEqual([2, 0]);
    expect((await call('PATCH', `/api/suggestions/${id}/upvote`, voter, { upvote: 'yes' })).statusCode).toBe(
      400,
    );
  });

  it("refuses an author's vote on their own suggestion, which never counts toward the threshold", async () => {
    const id = await suggest(env.player, newMarker('Self-voted'));
    for (const [method, url, payload] of [
      ['POST', `/api/suggestions/${id}/upvote`, undefined],
      ['PATCH', `/api/suggestions/${id}/upvote`, { upvote: true }],
      ['POST', `/api/suggestions/${id}/downvote`, undefined],
    ] as const) {
      const res = await call(method, url, env.player, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(communityMessages.ownVote);
    }
    expect((await call('GET', `/api/suggestions/${id}/votes`, env.player)).json()).toEqual({
      upvotes: 0,
      downvotes: 0,
      vote: 0,
      own: true,
    });
  });
});

describe('marker operations (§4)', () => {
  const markers = (suffix = '') => `/api/markers/${suffix}`;

  it('refuses guests (401) and users outside suggest mode (403 with the message)', async () => {
    expect(
      (await call('POST', `${markers('g1_map_a')}?suggestMode=true`, undefined, { name: 'x' })).statusCode,
    ).toBe(401);
    const res = await call('POST', markers('g1_map_a'), env.player, {
      name: 'x',
      markerDefinitionId: 'def_loot',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.suggestionNotAllowed);
    expect((await call('PATCH', markers('pm_0'), env.player, { name: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', markers('pm_0'), env.player)).statusCode).toBe(403);
  });

  it('makes a suggestion for a user in suggest mode and applies an admin change at once', async () => {
    const user = await createUser(env.t);
    const placed = await call('POST', `${markers('g1_map_a')}?suggestMode=true`, user, {
      name: 'Suggested',
      markerDefinitionId: 'def_loot',
      lat: -3,
      lng: 4,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      isSuggestion: true,
      suggestionType: 'PLACED_MARKER',
      suggestionAction: 'ADD',
    });
    const suggestionId = placed.json().suggestion._id;

    // Moving the suggested marker edits the same suggestion.
    const moved = await call('PATCH', `${markers(suggestionId)}?suggestMode=true`, user, { lat: -5, lng: 6 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().suggestion._id).toBe(suggestionId);
    expect(JSON.parse(moved.json().suggestion.data)).toMatchObject({ name: 'Suggested', lat: -5, lng: 6 });

    // Updating a real marker twice makes one UPDATE suggestion, edited the second time.
    const first = await call('PATCH', `${markers('pm_1')}?suggestMode=true`, user, { name: 'Crate, moved' });
    expect(first.json()).toMatchObject({ isSuggestion: true, suggestionAction: 'UPDATE' });
    const second = await call('PATCH', `${markers('pm_1')}?suggestMode=true`, user, { lat: -20 });
    expect(second.json().suggestion._id).toBe(first.json().suggestion._id);
    expect(JSON.parse(second.json().suggestion.data)).toMatchObject({
      _id: 'pm_1',
      name: 'Crate, moved',
      lat: -20,
    });
    expect((await call('GET', '/api/placedmarker/pm_1')).json().name).toBe('Crate 1');

    // Deleting the own suggestion withdraws it.
    const withdrawn = await call('DELETE', `${markers(suggestionId)}?suggestMode=true`, user);
    expect(withdrawn.json()).toMatchObject({
      isSuggestion: true,
      suggestionType: 'PLACED_MARKER',
      suggestionAction: 'ADD',
      outcome: 'withdrawn',
    });
    expect((await call('GET', `/api/suggestion/${suggestionId}`, user)).statusCode).toBe(404);

    // Deleting a real marker suggests its deletion.
    const del = await call('DELETE', `${markers('pm_0')}?suggestMode=true`, user);
    expect(del.json()).toMatchObject({
      isSuggestion: true,
      suggestionAction: 'DELETE',
      outcome: 'suggested',
    });
    expect((await call('GET', '/api/placedmarker/pm_0')).statusCode).toBe(200);

    // An admin deleting a marker with an open suggestion rejects the suggestion instead.
    const adminDel = await call('DELETE', markers('pm_0'), env.admin);
    expect(adminDel.json()).toMatchObject({
      isSuggestion: true,
      outcome: 'rejected',
      suggestionAction: 'DELETE',
    });
    expect((await call('GET', '/api/placedmarker/pm_0')).statusCode).toBe(200);

    // Admin changes apply directly.
    const direct = await call('POST', markers('g1_map_a'), env.admin, {
      name: 'Admin marker',
      markerDefinitionId: 'def_loot',
    });
    expect(direct.statusCode).toBe(201);
    expect(direct.json()).toMatchObject({ isSuggestion: false, marker: { name: 'Admin marker' } });
    const adminEdit = await call('PATCH', markers(direct.json().marker._id), env.admin, { name: 'Renamed' });
    expect(adminEdit.json()).toMatchObject({ isSuggestion: false, marker: { name: 'Renamed' } });
    const adminRemove = await call('DELETE', markers(direct.json().marker._id), env.admin);
    expect(adminRemove.json()).toMatchObject({ isSuggestion: false, removed: true });
  });

  it("removes a user's open suggestions on an admin's word", async () => {
    const user = await createUser(env.t);
    await suggest(user, newMarker('One'));
    await suggest(user, newMarker('Two'));
    const res = await call('DELETE', `/api/admin/suggestions/user/${user.username.toUpperCase()}`, env.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ removed: 2 });
    expect((await call('GET', '/api/suggestions', user)).json().count).toBe(0);
    expect((await call('DELETE', '/api/admin/suggestions/user/nobody_here', env.admin)).statusCode).toBe(404);
  });
});

describe('marker freshness', () => {
  it('records confirmations and opens a DELETE suggestion after enough gone reports', async () => {
    const confirm = await call('POST', '/api/markers/pm_1/confirm', env.player);
    expect(confirm.statusCode).toBe(200);
    const marker = (await call('GET', '/api/placedmarker/pm_1')).json();
    expect(Date.parse(marker.lastConfirmedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(marker.reportCount).toBe(0);

    const reporters = [await createUser(env.t), await createUser(env.t), await createUser(env.t)];
    // One player reporting again counts once.
    await call('POST', '/api/markers/pm_1/report', reporters[0], { kind: 'GONE' });
    const again = await call('POST', '/api/markers/pm_1/report', reporters[0], { kind: 'GONE' });
    expect(again.json()).toMatchObject({ reportCount: 1, deleteSuggestionId: null });
    await call('POST', '/api/markers/pm_1/report', reporters[1], { kind: 'MOVED' });
    await call('POST', '/api/markers/pm_1/report', reporters[1], { kind: 'GONE' });
    const third = await call('POST', '/api/markers/pm_1/report', reporters[2], { kind: 'GONE' });
    expect(third.json().reportCount).toBe(3);
    const suggestionId = third.json().deleteSuggestionId;
    expect(typeof suggestionId).toBe('string');
    const suggestion = (await call('GET', `/api/suggestion/${suggestionId}`, env.admin)).json();
    expect(suggestion).toMatchObject({ action: 'DELETE', targetId: 'pm_1', status: 'SAVED' });
    expect((await call('GET', '/api/placedmarker/pm_1')).json().reportCount).toBe(3);
    // A fresh confirmation clears the open reports.
    expect((await call('POST', '/api/markers/pm_1/confirm', reporters[0])).json().reportCount).toBe(0);
    expect((await call('POST', '/api/markers/pm_1/report', undefined, { kind: 'GONE' })).statusCode).toBe(
      401,
    );
    expect((await call('POST', '/api/markers/nope/confirm', env.player)).statusCode).toBe(404);
  });
});
