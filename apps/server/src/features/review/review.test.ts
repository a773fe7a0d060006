import { describe, expect, it } from 'vitest';
import { fillParams } from '../../test/routes.ts';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

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

const markerData = (name: string, mapId = 'g1_map_a', extra: Body = {}) => ({
  name,
  markerDefinitionId: 'def_loot',
  lat: -10,
  lng: 12,
  mapId,
  ...extra,
});

async function suggest(who: TestUser, body: Body) {
  const res = await call('POST', '/api/suggestion', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as string;
}

const addMarker = (who: TestUser, name: string, mapId = 'g1_map_a', extra: Body = {}) =>
  suggest(who, {
    type: 'PLACED_MARKER',
    action: 'ADD',
    parentId: mapId,
    data: JSON.stringify(markerData(name, mapId, extra)),
  });

const updateMarker = (who: TestUser, id: string, change: Body) =>
  suggest(who, {
    type: 'PLACED_MARKER',
    action: 'UPDATE',
    parentId: 'g1_map_a',
    data: { _id: id, ...change },
  });

async function status(id: string) {
  return (await call('GET', `/api/suggestion/${id}`, env.admin)).json().status as string;
}

async function marker(id: string) {
  const res = await call('GET', `/api/placedmarker/${id}`);
  return res.statusCode === 200 ? (res.json() as Body) : undefined;
}

async function targetOf(id: string) {
  return (await call('GET', `/api/suggestion/${id}`, env.admin)).json().targetId as string;
}

/** An admin edit straight through the admin API (the one write path). */
async function adminEdit(id: string, change: Body) {
  const res = await call('PATCH', `/api/admin/placedmarker/${id}`, env.admin, change);
  expect(res.statusCode, res.body).toBe(200);
}

describe('suggestion review', () => {
  it('refuses every review call to a user who moderates nothing (403) and to a guest (401)', async () => {
    const routes = env.t.app.ctx.routes.filter(
      (r) => r.url.startsWith('/api/admin/review') || r.url.startsWith('/api/admin/suggestions'),
    );
    // counts, list, markers, detail, history, revert, the decision routes (accept, reject: by ids
    // or in bulk) and the removals.
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      // Moderators review their games (the removals stay admins').
      expect(['admin', 'moderator'], route.url).toContain(route.role);
      const url = fillParams(route);
      const method = route.method as 'GET' | 'POST' | 'DELETE';
      const payload = method === 'GET' ? undefined : { suggestionIds: ['x'], username: 'nobody' };
      expect((await call(method, url, env.player, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('approves and rejects single suggestions; decided ones leave the lists', async () => {
    const author = await createUser(env.t);
    const a = await addMarker(author, 'Single approve');
    const r = await addMarker(author, 'Single reject');
    const list = async () =>
      (
        await call(
          'GET',
          `/api/admin/review/suggestions?type=PLACED_MARKER&username=${author.username}`,
          env.admin,
        )
      ).json();
    expect((await list()).count).toBe(2);

    expect(
      (await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [a] })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/admin/suggestions/reject', env.admin, { suggestionIds: [r] })).statusCode,
    ).toBe(200);
    expect(await status(a)).toBe('ACCEPTED');
    expect(await status(r)).toBe('REJECTED');
    expect((await marker(await targetOf(a)))?.name).toBe('Single approve');
    expect(await marker(await targetOf(r))).toBeUndefined();
    expect((await list()).count).toBe(0);
  });

  it('decides all of a user, and all of a parent, leaving the others', async () => {
    const alice = await createUser(env.t);
    const bob = await createUser(env.t);
    const aliceIds = [await addMarker(alice, 'A1'), await addMarker(alice, 'A2', 'g1_map_b')];
    const bobA = await addMarker(bob, 'B1');
    const bobB = await addMarker(bob, 'B2', 'g1_map_b');

    const counts = (
      await call('GET', `/api/admin/review/counts?username=${alice.username.toUpperCase()}`, env.admin)
    ).json();
    expect(counts.user).toEqual({ username: alice.username, exists: true, open: 2 });

    const byUser = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      username: alice.username,
    });
    expect(byUser.statusCode, byUser.body).toBe(200);
    expect(byUser.json()).toMatchObject({ accepted: 2, rejected: 0 });
    for (const id of aliceIds) expect(await status(id)).toBe('ACCEPTED');
    expect(await status(bobA)).toBe('SAVED');

    const byParent = await call('POST', '/api/admin/suggestions/reject', env.admin, {
      parentId: 'g1_map_b',
      type: 'PLACED_MARKER',
    });
    expect(byParent.statusCode, byParent.body).toBe(200);
    expect(await status(bobB)).toBe('REJECTED');
    expect(await status(bobA)).toBe('SAVED');

    const noOne = await call('POST', '/api/admin/suggestions/accept', env.admin, {});
    expect(noOne.statusCode).toBe(400);
    expect(noOne.json().errors[0].field).toBe('body.username');
    expect(
      (await call('POST', '/api/admin/suggestions/accept', env.admin, { username: 'nobody_here' }))
        .statusCode,
    ).toBe(404);
    await call('POST', '/api/admin/suggestions/reject', env.admin, { suggestionIds: [bobA] });
  });

  it('applies nothing when one suggestion in the middle of a bulk fails', async () => {
    const author = await createUser(env.t);
    const first = await addMarker(author, 'Bulk first');
    const change = await updateMarker(author, 'pm_2', { name: 'Renamed by suggestion' });
    const last = await addMarker(author, 'Bulk last');
    // The marker changes after the suggestion was made: its UPDATE is stale now.
    await adminEdit('pm_2', { name: 'Renamed by admin' });
    const list = (
      await call(
        'GET',
        `/api/admin/review/suggestions?type=PLACED_MARKER&username=${author.username}`,
        env.admin,
      )
    ).json();
    expect(list.data[0]).toMatchObject({ _id: change, stale: true });
    expect(list.data.slice(1).every((r: Body) => r.stale === false)).toBe(true);

    const res = await call('POST', '/api/admin/suggestions/accept', env.admin, { username: author.username });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(change);
    for (const id of [first, change, last]) expect(await status(id)).toBe('SAVED');
    expect(await marker(await targetOf(first))).toBeUndefined();
    expect(await marker(await targetOf(last))).toBeUndefined();
    expect((await marker('pm_2'))?.name).toBe('Renamed by admin');

    // A new element whose definition vanished fails inside the batch: named, nothing applied.
    const def = await call('PUT', '/api/admin/markerdefinition', env.admin, {
      _id: 'def_gone',
      gameId: 'g1',
      name: 'Soon gone',
    });
    expect(def.statusCode, def.body).toBe(201);
    const other = await createUser(env.t);
    const ok = await addMarker(other, 'Fine one');
    const broken = await addMarker(other, 'Broken one', 'g1_map_a', { markerDefinitionId: 'def_gone' });
    expect((await call('DELETE', '/api/admin/markerdefinition/def_gone', env.admin)).statusCode).toBe(200);
    const batch = await call('POST', '/api/admin/suggestions/accept', env.admin, {
      suggestionIds: [ok, broken],
    });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toContain(broken);
    expect(await status(ok)).toBe('SAVED');
    expect(await marker(await targetOf(ok))).toBeUndefined();
    await call('POST', '/api/admin/suggestions/reject', env.admin, { username: author.username });
    await call('POST', '/api/admin/suggestions/reject', env.admin, { username: other.username });
  });

  it('removes all open suggestions of a user and leaves the other users’ suggestions', async () => {
    const gone = await createUser(env.t);
    const stays = await createUser(env.t);
    await addMarker(gone, 'G1');
    await addMarker(gone, 'G2');
    const kept = await addMarker(stays, 'S1');
    const res = await call('DELETE', `/api/admin/suggestions/user/${gone.username}`, env.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().removed).toBe(2);
    const counts = (
      await call('GET', `/api/admin/review/counts?username=${gone.username}`, env.admin)
    ).json();
    expect(counts.user.open).toBe(0);
    expect(await status(kept)).toBe('SAVED');
    await call('POST', '/api/admin/suggestions/reject', env.admin, { suggestionIds: [kept] });
  });

  it('summarizes placed-marker suggestions by map, most additions first, with filters', async () => {
    const author = await createUser(env.t);
    await addMarker(author, 'S a1');
    await addMarker(author, 'S b1', 'g1_map_b');
    await addMarker(author, 'S b2', 'g1_map_b');
    await updateMarker(author, 'pm_3', { name: 'Changed' });
    const summary = (await call('GET', '/api/admin/review/markers', env.admin)).json();
    expect(summary.limit).toBe(200);
    expect(summary.data.map((r: Body) => r.parentId)).toEqual(['g1_map_b', 'g1_map_a']);
    expect(summary.data[0]).toMatchObject({ mapName: 'Map B', gameId: 'g1', adds: 2, total: 2 });
    expect(summary.data[1]).toMatchObject({ adds: 1, updates: 1, total: 2, stale: 0 });
    const other = await createUser(env.t);
    await addMarker(other, 'Not this user', 'g1_map_b');
    const own = (
      await call('GET', `/api/admin/review/markers?username=${author.username.toUpperCase()}`, env.admin)
    ).json();
    expect(own.data.map((r: Body) => [r.parentId, r.total])).toEqual([
      ['g1_map_b', 2],
      ['g1_map_a', 2],
    ]);
    const ownList = (
      await call('GET', `/api/admin/review/suggestions?type=PLACED_MARKER&user=${other.username}`, env.admin)
    ).json();
    expect(ownList.data.map((r: Body) => r.username)).toEqual([other.username]);
    await call('POST', '/api/admin/suggestions/reject', env.admin, { username: other.username });
    const filtered = (await call('GET', '/api/admin/review/markers?mapName=map%20a', env.admin)).json();
    expect(filtered.count).toBe(1);
    expect(filtered.data[0].parentId).toBe('g1_map_a');
    const items = (
      await call('GET', '/api/admin/review/suggestions?type=PLACED_MARKER&parent=g1_map_b', env.admin)
    ).json();
    expect(items.count).toBe(2);
    expect((await call('GET', '/api/admin/review/markers?sort=nope', env.admin)).json().errors[0].field).toBe(
      'query.sort',
    );
    await call('POST', '/api/admin/suggestions/reject', env.admin, { username: author.username });
  });

  it('answers the decision context: proposed and stored record, comments, votes, author record, freshness', async () => {
    const author = await createUser(env.t);
    const old = await addMarker(author, 'Earlier');
    await call('POST', '/api/admin/suggestions/reject', env.admin, { suggestionIds: [old] });
    const id = await updateMarker(author, 'pm_4', { name: 'Better name', lat: -20 });
    await call('POST', `/api/suggestions/${id}/comment`, author, { comment: 'Moved after the patch' });
    await call('POST', `/api/suggestions/${id}/upvote`, env.player);
    const reporter = await createUser(env.t);
    await call('POST', '/api/markers/pm_4/report', reporter, { kind: 'MOVED' });

    const floor = await call('PUT', '/api/admin/maplevel', env.admin, {
      _id: 'g1_review_cellar',
      mapId: 'g1_map_a',
      level: 1,
      name: 'Cellar',
    });
    expect(floor.statusCode, floor.body).toBeLessThan(300);

    const res = await call('GET', `/api/admin/review/suggestions/${id}`, env.admin);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    // The map's floors come with the preview, which draws a marker over its own floor's tiles.
    expect(detail.preview.levels).toEqual([{ level: 1, name: 'Cellar', tilesPath: '', version: '' }]);
    expect((await call('DELETE', '/api/admin/maplevel/g1_review_cellar', env.admin)).statusCode).toBe(200);
    expect(detail.current).toMatchObject({ _id: 'pm_4', name: 'Crate 4', lat: -4 });
    expect(detail.proposed).toMatchObject({ _id: 'pm_4', name: 'Better name', lat: -20, lng: 4 });
    expect(detail.comments.map((c: Body) => c.comment)).toEqual(['Moved after the patch']);
    expect(detail.author).toEqual({ accepted: 0, rejected: 1, open: 1 });
    expect(detail.freshness.reports).toEqual([
      expect.objectContaining({ username: reporter.username, kind: 'MOVED' }),
    ]);
    expect(detail.preview.map).toMatchObject({ _id: 'g1_map_a', gameId: 'g1' });
    expect(detail.preview.definitions.def_loot.name).toBe('Loot');
    expect(detail.suggestion.stale).toBe(false);
    await call('POST', '/api/admin/suggestions/reject', env.admin, { suggestionIds: [id] });
  });

  it('lists decisions in History and reverts an accepted one to the exact previous record', async () => {
    const author = await createUser(env.t);
    const before = await marker('pm_1');
    const id = await updateMarker(author, 'pm_1', {
      name: 'History name',
      description: '<p>New</p>',
      lat: -33,
    });
    expect(
      (await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [id] })).statusCode,
    ).toBe(200);
    expect((await marker('pm_1'))?.name).toBe('History name');

    const history = (await call('GET', '/api/admin/review/history', env.admin)).json();
    const row = history.data.find((r: Body) => (r.suggestion as Body)._id === id);
    expect(row).toMatchObject({ decision: 'accept', username: env.admin.username, revertible: true });
    expect(row.before).toMatchObject({ name: before?.name, lat: before?.lat });
    expect(row.after).toMatchObject({ name: 'History name', lat: -33 });

    const res = await call('POST', `/api/admin/review/revert/${id}`, env.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('REVIEW_REQUESTED');
    expect(await marker('pm_1')).toEqual(before);
    // Open again, and not stale: it may be decided anew.
    const again = (await call('GET', `/api/admin/review/suggestions/${id}`, env.admin)).json();
    expect(again.suggestion.stale).toBe(false);
    const after = (await call('GET', '/api/admin/review/history', env.admin)).json();
    expect(after.data[0]).toMatchObject({ decision: 'revert', suggestion: { _id: id } });
    expect(after.data.find((r: Body) => r.id === row.id).revertible).toBe(false);
    expect((await call('POST', `/api/admin/review/revert/${id}`, env.admin)).statusCode).toBe(409);
    await call('POST', '/api/admin/suggestions/reject', env.admin, { suggestionIds: [id] });
  });

  it('reverts an accepted addition and removal, and refuses a revert when the record changed since', async () => {
    const author = await createUser(env.t);
    const add = await addMarker(author, 'Revert me');
    await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [add] });
    const added = await targetOf(add);
    expect(await marker(added)).toBeDefined();
    expect((await call('POST', `/api/admin/review/revert/${add}`, env.admin)).statusCode).toBe(200);
    expect(await marker(added)).toBeUndefined();

    const before = await marker('pm_0');
    const del = await suggest(author, {
      type: 'PLACED_MARKER',
      action: 'DELETE',
      parentId: 'g1_map_a',
      data: { _id: 'pm_0' },
    });
    await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [del] });
    expect(await marker('pm_0')).toBeUndefined();
    expect((await call('POST', `/api/admin/review/revert/${del}`, env.admin)).statusCode).toBe(200);
    expect(await marker('pm_0')).toEqual(before);

    const upd = await updateMarker(author, 'pm_3', { name: 'Accepted name' });
    await call('POST', '/api/admin/suggestions/accept', env.admin, { suggestionIds: [upd] });
    await adminEdit('pm_3', { name: 'Edited after' });
    const refused = await call('POST', `/api/admin/review/revert/${upd}`, env.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('was changed after this suggestion was accepted');
    expect((await marker('pm_3'))?.name).toBe('Edited after');
    expect(await status(upd)).toBe('ACCEPTED');
    expect((await call('POST', `/api/admin/review/revert/${add}`, env.admin)).statusCode).toBe(409);
    await call('POST', '/api/admin/suggestions/reject', env.admin, { username: author.username });
  });

  it('accepts hundreds of new markers in one bulk call, in batches', async () => {
    const author = await createUser(env.t);
    const ids: string[] = [];
    for (let i = 0; i < 620; i++)
      ids.push(await addMarker(author, `Many ${i}`, i % 2 ? 'g1_map_a' : 'g1_map_b'));
    const res = await call('POST', '/api/admin/suggestions/accept', env.admin, { username: author.username });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accepted).toBe(620);
    const statuses = await env.t.db.kysely
      .selectFrom('audit_log')
      .select('recordId')
      .where('model', '=', 'suggestion')
      .where('action', '=', 'accept')
      .where('recordId', 'in', ids)
      .execute();
    expect(statuses).toHaveLength(620);
    const markers = (await call('GET', '/api/placedmarkers?query={"mapId":"g1_map_b"}&limit=10000')).json();
    expect(markers.data.filter((m: Body) => String(m.name).startsWith('Many ')).length).toBe(310);
  });
});
