import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  env.t.app.inject({ method: 'GET', url, headers });

describe('generic model reads', () => {
  it('lists games by weight descending with the paged shape', async () => {
    const res = await get('/api/games');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 2, limit: 10000, skip: 0 });
    expect(body.data.map((g: { _id: string }) => g._id)).toEqual(['g2', 'g1']);
    expect(body.data[1].images).toEqual({});
  });

  it('filters by equality on filterable fields and pages', async () => {
    const q = encodeURIComponent(JSON.stringify({ mapId: 'g1_map_a' }));
    const res = await get(`/api/placedmarkers?query=${q}&limit=2&skip=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 5, limit: 2, skip: 1 });
    expect(res.json().data.map((m: { _id: string }) => m._id)).toEqual(['pm_1', 'pm_2']);
  });

  it.each([
    ['bad JSON', '{"gameId":', 'query.query'],
    ['an unknown field', '{"name":"x"}', 'query.query.name'],
    ['an operator object', '{"gameId":{"$ne":"x"}}', 'query.query.gameId'],
    ['an array', '[1]', 'query.query'],
  ])('answers 400 for %s', async (_label, query, field) => {
    const res = await get(`/api/maps?query=${encodeURIComponent(query)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });

  it('answers 400 for a limit out of range', async () => {
    const res = await get('/api/games?limit=-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('query.limit');
  });

  it('lists only enabled maps publicly, all maps to admins', async () => {
    const q = encodeURIComponent(JSON.stringify({ gameId: 'g1' }));
    const pub = (await get(`/api/maps?query=${q}`)).json();
    expect(pub.data.map((m: { _id: string }) => m._id)).toEqual(['g1_map_a', 'g1_map_b']);
    expect((await get('/api/map/g1_hidden')).statusCode).toBe(404);
    const all = (await get(`/api/maps?query=${q}`, env.admin.auth)).json();
    expect(all.count).toBe(3);
  });

  it('answers a record with its child lists', async () => {
    const res = await get('/api/game/g1');
    expect(res.statusCode).toBe(200);
    const game = res.json();
    expect(game.categories).toEqual(['g1_cat']);
    expect(game.maps).toEqual(['g1_map_a', 'g1_map_b']);
    expect(game.quests).toEqual(['q1', 'q2']);
    expect(game.markerDefinitions).toEqual(['def_loot']);
    expect((await get('/api/category/g1_cat')).json().maps).toEqual(['g1_map_a', 'g1_map_b']);
  });

  it('answers 404 for unknown records, models and collections', async () => {
    expect((await get('/api/game/nope')).statusCode).toBe(404);
    expect((await get('/api/users')).statusCode).toBe(404);
    expect((await get('/api/user/x')).statusCode).toBe(404);
    expect((await get('/api/nothing/here/at/all')).statusCode).toBe(404);
  });

  it('never exposes users or saves; admin-only models need an admin', async () => {
    expect((await get('/api/importedcrudmodels')).statusCode).toBe(401);
    expect((await get('/api/importedcrudmodels', env.player.auth)).statusCode).toBe(403);
    expect((await get('/api/importedcrudmodels', env.admin.auth)).statusCode).toBe(200);
    expect((await get('/api/suggestions')).statusCode).toBe(401);
  });

  it('answers ETag, 304 and compressed bodies from the cache', async () => {
    const first = await get('/api/games', { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/api/games', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const q = encodeURIComponent(JSON.stringify({ mapId: 'g1_map_a' }));
    const big = await get(`/api/placedmarkers?query=${q}`, { 'accept-encoding': 'gzip, br' });
    expect(big.headers['content-encoding']).toBe('br');
  });
});

describe('admin writes', () => {
  it('creates, edits, copies and deletes through the one write path', async () => {
    const created = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/game',
      headers: env.admin.auth,
      payload: { _id: 'g3', name: 'Game Three', weight: 1, additionalFeatures: ['quests'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ _id: 'g3', additionalFeatures: ['quests'], content: '' });

    const edited = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/game/g3',
      headers: env.admin.auth,
      payload: { weight: 99 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Game Three', weight: 99, additionalFeatures: ['quests'] });
    expect((await get('/api/games')).json().data[0]._id).toBe('g3');

    const copied = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/game/copy/g3',
      headers: env.admin.auth,
      payload: { _id: 'g3_copy' },
    });
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toMatchObject({ _id: 'g3_copy', name: 'Game Three', weight: 99 });

    const sameId = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/game/copy/g3',
      headers: env.admin.auth,
      payload: { _id: 'g3' },
    });
    expect(sameId.statusCode).toBe(400);
    expect(sameId.json().message).toBe('Duplicate Failure! Change the ID on the row to duplicate');

    for (const id of ['g3', 'g3_copy']) {
      const del = await env.t.app.inject({
        method: 'DELETE',
        url: `/api/admin/game/${id}`,
        headers: env.admin.auth,
      });
      expect(del.statusCode).toBe(200);
    }
    expect((await get('/api/game/g3')).statusCode).toBe(404);
  });

  it("accepts `itemId` as the item's admin path (SPEC §3) and stores the default divIcon class", async () => {
    const created = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/itemId',
      headers: env.admin.auth,
      payload: { _id: 'alias_item', gameId: 'g1', itemName: 'Alias item' },
    });
    expect(created.statusCode).toBe(201);
    const edited = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/itemId/alias_item',
      headers: env.admin.auth,
      payload: { pricePerUnit: 12 },
    });
    expect(edited.json()).toMatchObject({ _id: 'alias_item', itemName: 'Alias item', pricePerUnit: 12 });
    expect((await get('/api/item/alias_item')).statusCode).toBe(200);
    const removed = await env.t.app.inject({
      method: 'DELETE',
      url: '/api/admin/itemId/alias_item',
      headers: env.admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    // Not an alias of anything else.
    const unknown = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/itemIds',
      headers: env.admin.auth,
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);

    const definition = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/markerdefinition',
      headers: env.admin.auth,
      payload: { _id: 'def_default_class', gameId: 'g1', name: 'Default class' },
    });
    expect(definition.statusCode).toBe(201);
    expect(definition.json().divIconClassName).toBe('default_div_icon_classname');
  });

  it('answers 409 for an existing id and 400 for a missing parent', async () => {
    const dup = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/game',
      headers: env.admin.auth,
      payload: { _id: 'g1', name: 'Again' },
    });
    expect(dup.statusCode).toBe(409);
    const orphan = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/map',
      headers: env.admin.auth,
      payload: { _id: 'orphan', name: 'Orphan', gameId: 'nope' },
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().errors[0].field).toBe('body.gameId');
  });

  it('sanitizes stored HTML', async () => {
    const res = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/game/g1',
      headers: env.admin.auth,
      payload: {
        content:
          '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      },
    });
    expect(res.statusCode).toBe(200);
    const html = res.json().content as string;
    expect(html).toContain('<p>Hi');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('ignores read-only fields from clients', async () => {
    const res = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/map/g1_map_a',
      headers: env.admin.auth,
      payload: { tilesPath: '../../etc', imageProcessStatus: 'DONE', name: 'Map A!' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Map A!', tilesPath: '', imageProcessStatus: 'NONE' });
  });

  it('deletes children with their parent and writes an audit entry for every change', async () => {
    await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/map',
      headers: env.admin.auth,
      payload: { _id: 'tmp_map', name: 'Tmp', gameId: 'g2' },
    });
    await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/placedmarker',
      headers: env.admin.auth,
      payload: { _id: 'tmp_pm', mapId: 'tmp_map', markerDefinitionId: 'def_loot' },
    });
    const del = await env.t.app.inject({
      method: 'DELETE',
      url: '/api/admin/map/tmp_map',
      headers: env.admin.auth,
    });
    expect(del.statusCode).toBe(200);
    expect((await get('/api/placedmarker/tmp_pm')).statusCode).toBe(404);
    const audit = await env.t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('recordId', '=', 'tmp_map')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(audit[1]).toMatchObject({ userId: env.admin.id, username: env.admin.username, model: 'map' });
    expect(JSON.parse(audit[1].before!)).toMatchObject({ _id: 'tmp_map', name: 'Tmp' });
  });

  it('invalidates cached lists on write', async () => {
    const before = (await get('/api/games')).json();
    await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/game/g2',
      headers: env.admin.auth,
      payload: { name: 'Game Two renamed' },
    });
    const after = (await get('/api/games')).json();
    expect(before.data.find((g: { _id: string }) => g._id === 'g2').name).toBe('Game Two');
    expect(after.data.find((g: { _id: string }) => g._id === 'g2').name).toBe('Game Two renamed');
  });
});
