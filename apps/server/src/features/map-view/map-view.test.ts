import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();
const get = (url: string, headers: Record<string, string> = {}) =>
  env.t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  const w = env.t.app.ctx.writer;
  const actor = { id: null, username: 'test' };
  await w.create('quest', { _id: 'q3', gameId: 'g1', name: 'Region walk', location: ['Region'] }, actor);
  await w.create('quest', { _id: 'q4', gameId: 'g1', name: 'Elsewhere', location: ['Other'] }, actor);
  await w.create(
    'markerdefinition',
    { _id: 'def_zone', gameId: 'g1', name: 'Zone', markerDefinitionType: 'POLYGON', polygonColor: '#ff0000' },
    actor,
  );
  await w.create(
    'placedmarker',
    {
      _id: 'pm_zone',
      mapId: 'g1_map_a',
      markerDefinitionId: 'def_zone',
      polygonPoints: [
        [-1, 1],
        [-2, 2],
        [-1.1234567891, 3],
      ],
    },
    actor,
  );
  await w.create(
    'placedmarker',
    {
      _id: 'pm_goal',
      mapId: 'g1_map_a',
      markerDefinitionId: 'def_loot',
      questId: 'q1',
      questObjective: 'Find the crate',
      lat: -3.5,
      lng: 7.25,
    },
    actor,
  );
});

describe('GET /api/map/{mapId}/markers', () => {
  it('answers the definitions and the markers as columns', async () => {
    const res = await get('/api/map/g1_map_a/markers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mapId).toBe('g1_map_a');
    expect(body.count).toBe(7);
    expect(body.definitions.map((d: { _id: string }) => d._id)).toEqual(['def_loot', 'def_zone']);
    expect(body.definitions[0]).toMatchObject({ name: 'Loot', markerDefinitionType: 'SVG', width: -1 });
    const m = body.markers;
    expect(m.id).toHaveLength(7);
    for (const column of ['def', 'lat', 'lng', 'name', 'questId', 'questObjective', 'reportCount']) {
      expect(m[column]).toHaveLength(7);
    }
    const goal = m.id.indexOf('pm_goal');
    expect([m.def[goal], m.lat[goal], m.lng[goal], m.questId[goal]]).toEqual([0, -3.5, 7.25, 'q1']);
    const zone = m.id.indexOf('pm_zone');
    expect(m.def[zone]).toBe(1);
    expect(m.points[zone]).toEqual([
      [-1, 1],
      [-2, 2],
      [-1.123457, 3],
    ]);
    expect(Object.keys(m.points)).toEqual([String(zone)]);
  });

  it("counts each marker's open 'gone' and 'moved' reports, at once after a report or a confirmation", async () => {
    const reportCount = async (id: string) => {
      const m = (await get('/api/map/g1_map_a/markers')).json().markers;
      return m.reportCount[m.id.indexOf(id)];
    };
    expect(await reportCount('pm_goal')).toBe(0);
    const report = await env.t.app.inject({
      method: 'POST',
      url: '/api/markers/pm_goal/report',
      headers: env.player.auth,
      payload: { kind: 'MOVED' },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(await reportCount('pm_goal')).toBe(1);
    expect(await reportCount('pm_zone')).toBe(0);
    const confirm = await env.t.app.inject({
      method: 'POST',
      url: '/api/markers/pm_goal/confirm',
      headers: env.admin.auth,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await reportCount('pm_goal')).toBe(0);
  });

  it('is cached with an ETag and compressed', async () => {
    const first = await get('/api/map/g1_map_a/markers', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/api/map/g1_map_a/markers', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('sees a content write at once', async () => {
    const before = (await get('/api/map/g1_map_b/markers')).json();
    expect(before.count).toBe(0);
    await env.t.app.ctx.writer.create(
      'placedmarker',
      { _id: 'pm_b', mapId: 'g1_map_b', markerDefinitionId: 'def_loot' },
      { id: null, username: 'test' },
    );
    expect((await get('/api/map/g1_map_b/markers')).json().count).toBe(1);
  });

  it('hides disabled maps from everyone but admins and answers 404 for unknown maps', async () => {
    expect((await get('/api/map/g1_hidden/markers')).statusCode).toBe(404);
    expect((await get('/api/map/g1_hidden/markers', env.player.auth)).statusCode).toBe(404);
    expect((await get('/api/map/g1_hidden/markers', env.admin.auth)).statusCode).toBe(200);
    const missing = await get('/api/map/nope/markers');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Map not found: nope');
    expect((await get('/api/map/..%2Fx/markers')).statusCode).toBe(400);
  });
});

describe('GET /api/quests/{mapId}', () => {
  it('answers the quests of the map region or with markers on it, with their markers', async () => {
    const res = await get('/api/quests/g1_map_a');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { quest: { _id: string }; markers: { _id: string }[]; selected: boolean }[];
    expect(body.map((q) => q.quest._id)).toEqual(['q3', 'q1']);
    const q1 = body.find((q) => q.quest._id === 'q1')!;
    expect(q1.selected).toBe(false);
    expect(q1.markers).toEqual([
      {
        _id: 'pm_goal',
        markerDefinitionId: 'def_loot',
        questObjective: 'Find the crate',
        lat: -3.5,
        lng: 7.25,
      },
    ]);
    expect(body.find((q) => q.quest._id === 'q3')!.markers).toEqual([]);
  });

  it('answers 404 for unknown and disabled maps', async () => {
    expect((await get('/api/quests/nope')).statusCode).toBe(404);
    expect((await get('/api/quests/g1_hidden')).statusCode).toBe(404);
  });

  it('leaves the generic quest record route alone', async () => {
    expect((await get('/api/quest/q1')).json().name).toBe('First steps');
    expect((await get('/api/quests')).json().count).toBe(4);
  });
});
