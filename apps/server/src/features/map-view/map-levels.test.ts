import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

// Floors of a map (model `maplevel`) through the generic API, and the rules that keep every marker
// on a floor its map has. Runs on whichever engine TEST_DATABASE_URL selects.
const env = useTestApp();

type Method = 'PUT' | 'PATCH' | 'DELETE' | 'GET';
const call = (
  method: Method,
  url: string,
  payload?: unknown,
  auth: Record<string, string> = env.admin.auth,
) => env.t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

const level = (id: string, n: number, extra: Record<string, unknown> = {}) =>
  call('PUT', '/api/admin/maplevel', { _id: id, mapId: 'g1_map_a', level: n, name: `Floor ${n}`, ...extra });
const marker = (id: string, extra: Record<string, unknown>) =>
  call('PUT', '/api/admin/placedmarker', {
    _id: id,
    mapId: 'g1_map_a',
    markerDefinitionId: 'def_loot',
    ...extra,
  });

describe('a map with levels', () => {
  it('lets an admin add floors, listed bottom to top and named on the map', async () => {
    expect((await level('a_upper', 2, { shortLabel: '2' })).statusCode).toBe(201);
    expect((await level('a_basement', 0, { shortLabel: 'B' })).statusCode).toBe(201);
    expect((await level('a_ground', 1, { shortLabel: 'G', isDefault: true })).statusCode).toBe(201);
    const query = encodeURIComponent(JSON.stringify({ mapId: 'g1_map_a' }));
    const list = (await call('GET', `/api/maplevels?query=${query}`, undefined, {})).json();
    expect(list.data.map((l: { _id: string }) => l._id)).toEqual(['a_basement', 'a_ground', 'a_upper']);
    expect((await call('GET', '/api/map/g1_map_a', undefined, {})).json().levels).toEqual([
      'a_basement',
      'a_ground',
      'a_upper',
    ]);
  });

  it('tells the state of a floor picture by its level number (the page follows one being prepared)', async () => {
    const floor = await call('GET', '/api/map/g1_map_a/status?level=1', undefined, {});
    expect(floor.statusCode).toBe(200);
    expect(floor.json()).toEqual({ status: 'NONE', progress: 0, version: '' });
    expect((await call('GET', '/api/map/g1_map_a/status?level=x', undefined, {})).statusCode).toBe(400);
    expect((await call('GET', '/api/map/g1_map_a/status?floor=1', undefined, {})).statusCode).toBe(400);
  });

  it('refuses a second floor with the same level number, naming the field', async () => {
    const twin = await level('a_twin', 1);
    expect(twin.statusCode).toBe(400);
    expect(fields(twin.json())).toEqual(['body.level']);
    expect(twin.json().message).toContain('a_ground');
    const clash = await call('PATCH', '/api/admin/maplevel/a_upper', { level: 0 });
    expect(clash.statusCode).toBe(400);
    expect(fields(clash.json())).toEqual(['body.level']);
    // The same number on another map is another floor.
    const other = await call('PUT', '/api/admin/maplevel', {
      _id: 'b_ground',
      mapId: 'g1_map_b',
      level: 1,
      name: 'Ground',
    });
    expect(other.statusCode).toBe(201);
    expect((await call('DELETE', '/api/admin/maplevel/b_ground')).statusCode).toBe(200);
  });

  it('refuses a floor whose level number is out of range or whose map does not exist', async () => {
    const negative = await level('a_neg', -1);
    expect(negative.statusCode).toBe(400);
    expect(fields(negative.json())).toEqual(['body.level']);
    const noMap = await call('PUT', '/api/admin/maplevel', { _id: 'x', mapId: 'nope', level: 0, name: 'X' });
    expect(noMap.statusCode).toBe(400);
    expect(fields(noMap.json())).toEqual(['body.mapId']);
  });

  it('refuses two parallel adds of one floor but one', async () => {
    const answers = await Promise.all([level('race_1', 7), level('race_2', 7), level('race_3', 7)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400].sort());
    const winner = answers.findIndex((a) => a.statusCode === 201);
    expect((await call('DELETE', `/api/admin/maplevel/race_${winner + 1}`)).statusCode).toBe(200);
  });

  it('puts markers on one of its floors or on every floor (-1), nowhere else', async () => {
    expect((await marker('on_ground', { level: 1, name: 'Ground crate' })).statusCode).toBe(201);
    expect((await marker('on_upper', { level: 2, name: 'Upper crate' })).statusCode).toBe(201);
    expect((await marker('everywhere', { level: -1, name: 'Stairs' })).statusCode).toBe(201);
    const missing = await marker('on_fifth', { level: 5 });
    expect(missing.statusCode).toBe(400);
    expect(fields(missing.json())).toEqual(['body.level']);
    expect(missing.json().message).toContain('0, 1, 2');
    const moved = await call('PATCH', '/api/admin/placedmarker/on_ground', { level: 9 });
    expect(moved.statusCode).toBe(400);
    expect(fields(moved.json())).toEqual(['body.level']);
    expect((await call('GET', '/api/placedmarker/on_ground')).json().level).toBe(1);
    // Moving a marker to a map without floors takes it whatever its level (as before floors).
    const toFlat = await call('PATCH', '/api/admin/placedmarker/on_upper', { mapId: 'g1_map_b' });
    expect(toFlat.statusCode).toBe(200);
    expect((await call('PATCH', '/api/admin/placedmarker/on_upper', { mapId: 'g1_map_a' })).statusCode).toBe(
      200,
    );
  });

  it('checks every marker of a batch (an import) before writing any', async () => {
    const batch = [
      { _id: 'batch_ok', mapId: 'g1_map_a', markerDefinitionId: 'def_loot', level: 0 },
      { _id: 'batch_bad', mapId: 'g1_map_a', markerDefinitionId: 'def_loot', level: 4 },
    ];
    await expect(
      env.t.app.ctx.writer.createMany('placedmarker', batch, { id: null, username: 'test' }),
    ).rejects.toMatchObject({ index: 1 });
    expect((await call('GET', '/api/placedmarker/batch_ok')).statusCode).toBe(404);
  });

  it('keeps a floor with markers on it: no delete, no new number, until they are moved', async () => {
    const refused = await call('DELETE', '/api/admin/maplevel/a_upper');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Map level Floor 2 still has placed markers on it (1): move them elsewhere or delete them first',
    );
    const renumber = await call('PATCH', '/api/admin/maplevel/a_upper', { level: 3 });
    expect(renumber.statusCode).toBe(409);
    // Renaming is fine.
    expect((await call('PATCH', '/api/admin/maplevel/a_upper', { name: 'Upper floor' })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', '/api/admin/placedmarker/on_upper', { level: 1 })).statusCode).toBe(200);
    expect((await call('DELETE', '/api/admin/maplevel/a_upper')).statusCode).toBe(200);
    expect((await call('GET', '/api/maplevel/a_upper')).statusCode).toBe(404);
  });

  it('lets only admins write floors', async () => {
    const body = { _id: 'p_floor', mapId: 'g1_map_a', level: 4, name: 'Roof' };
    expect((await call('PUT', '/api/admin/maplevel', body, {})).statusCode).toBe(401);
    expect((await call('PUT', '/api/admin/maplevel', body, env.player.auth)).statusCode).toBe(403);
    expect(
      (await call('DELETE', '/api/admin/maplevel/a_ground', undefined, env.player.auth)).statusCode,
    ).toBe(403);
  });

  it('hides the floors of a disabled map from everyone but admins', async () => {
    const hidden = await call('PUT', '/api/admin/maplevel', {
      _id: 'h_ground',
      mapId: 'g1_hidden',
      level: 0,
      name: 'Ground',
    });
    expect(hidden.statusCode).toBe(201);
    expect((await call('GET', '/api/maplevel/h_ground', undefined, {})).statusCode).toBe(404);
    expect((await call('GET', '/api/maplevel/h_ground', undefined, env.player.auth)).statusCode).toBe(404);
    expect((await call('GET', '/api/maplevel/h_ground')).statusCode).toBe(200);
  });
});

describe("the map page's marker answer", () => {
  it('carries the floors and each marker level on a map with floors', async () => {
    const data = (await call('GET', '/api/map/g1_map_a/markers', undefined, {})).json();
    expect(data.levels.map((l: { _id: string; level: number }) => [l._id, l.level])).toEqual([
      ['a_basement', 0],
      ['a_ground', 1],
    ]);
    expect(data.levels[1]).toMatchObject({ name: 'Floor 1', shortLabel: 'G', isDefault: true });
    const at = (id: string) => data.markers.level[data.markers.id.indexOf(id)];
    expect(at('on_ground')).toBe(1);
    expect(at('on_upper')).toBe(1);
    expect(at('everywhere')).toBe(-1);
    expect(at('pm_0')).toBe(-1);
    expect(data.markers.level).toHaveLength(data.markers.id.length);
  });

  it('is unchanged for a map without floors', async () => {
    const data = (await call('GET', '/api/map/g1_map_b/markers', undefined, {})).json();
    expect(data.levels).toBeUndefined();
    expect(data.markers.level).toBeUndefined();
  });

  it('says where the markers of a quest are on which floor', async () => {
    await call('PATCH', '/api/admin/placedmarker/on_ground', { questId: 'q1' });
    const quests = (await call('GET', '/api/quests/g1_map_a', undefined, {})).json();
    const q1 = quests.find((q: { quest: { _id: string } }) => q.quest._id === 'q1');
    expect(q1.markers).toEqual([expect.objectContaining({ _id: 'on_ground', level: 1 })]);
  });
});
