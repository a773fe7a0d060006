import { progressFormat, progressVersion } from '@waypoint/shared/progress/portable';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-app.ts';

// A disabled map is 404 to everyone but admins; so are its markers, and no one else suggests
// about them or ticks them.
const env = useTestApp();

beforeAll(async () => {
  await env.t.app.ctx.writer.create(
    'placedmarker',
    { _id: 'pm_hidden', mapId: 'g1_hidden', markerDefinitionId: 'def_loot', name: 'Secret crate' },
    { id: null, username: 'test' },
  );
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: object) {
  return env.t.app.inject({
    method,
    url,
    headers: who?.auth ?? {},
    ...(payload === undefined ? {} : { payload }),
  });
}

const ids = (body: { data: { _id: string }[] }) => body.data.map((m) => m._id);

describe('markers of a disabled map', () => {
  it('are listed to admins only', async () => {
    const byMap = `/api/placedmarkers?query=${encodeURIComponent(JSON.stringify({ mapId: 'g1_hidden' }))}`;
    for (const who of [undefined, env.player]) {
      const list = (await call('GET', byMap, who)).json();
      expect(list.count).toBe(0);
      expect(list.data).toEqual([]);
      const all = (await call('GET', '/api/placedmarkers', who)).json();
      expect(ids(all)).not.toContain('pm_hidden');
      expect(ids(all)).toContain('pm_0');
      const byDefinition = `/api/placedmarkers?query=${encodeURIComponent(JSON.stringify({ markerDefinitionId: 'def_loot' }))}`;
      expect(ids((await call('GET', byDefinition, who)).json())).not.toContain('pm_hidden');
    }
    const admin = (await call('GET', byMap, env.admin)).json();
    expect(ids(admin)).toEqual(['pm_hidden']);
  });

  it('are 404 one by one, as the map is, except to admins', async () => {
    for (const who of [undefined, env.player]) {
      expect((await call('GET', '/api/map/g1_hidden', who)).statusCode).toBe(404);
      expect((await call('GET', '/api/placedmarker/pm_hidden', who)).statusCode).toBe(404);
      expect((await call('GET', '/api/placedmarker/pm_0', who)).statusCode).toBe(200);
    }
    const res = await call('GET', '/api/placedmarker/pm_hidden', env.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Secret crate');
  });

  it('take no suggestions from users', async () => {
    const p = env.player;
    expect((await call('POST', '/api/markers/g1_hidden?suggestMode=true', p, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PATCH', '/api/markers/pm_hidden?suggestMode=true', p, { name: 'Moved' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/api/markers/pm_hidden?suggestMode=true', p)).statusCode).toBe(404);
    const add = await call('POST', '/api/suggestion', p, {
      type: 'PLACED_MARKER',
      action: 'ADD',
      parentId: 'g1_hidden',
      data: { mapId: 'g1_hidden', markerDefinitionId: 'def_loot', name: 'x' },
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().errors[0].field).toBe('body.parentId');
    const change = await call('POST', '/api/suggestion', p, {
      type: 'PLACED_MARKER',
      action: 'UPDATE',
      parentId: 'g1_hidden',
      data: { _id: 'pm_hidden', name: 'Renamed' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().errors[0].field).toBe('body.data._id');
    const mapChange = await call('POST', '/api/suggestion', p, {
      type: 'MAP',
      action: 'UPDATE',
      parentId: 'g1',
      data: { _id: 'g1_hidden', name: 'Found it' },
    });
    expect(mapChange.statusCode).toBe(400);
    expect(mapChange.json().errors[0].field).toBe('body.data._id');
    // Admins still act on them.
    const byAdmin = await call('PATCH', '/api/markers/pm_hidden', env.admin, { name: 'Secret crate' });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('are not ticked, confirmed or reported by users, nor imported as ticks', async () => {
    const p = env.player;
    expect((await call('POST', '/api/usercompletedmarkers/markCompleted/pm_hidden', p, {})).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/markers/pm_hidden/confirm', p, {})).statusCode).toBe(404);
    expect((await call('POST', '/api/markers/pm_hidden/report', p, { kind: 'GONE' })).statusCode).toBe(404);
    expect((await call('GET', '/api/usercompletedmarkers/list', p)).json()).not.toContain('pm_hidden');
    const imported = await call('POST', '/api/user/progress/import', p, {
      mode: 'merge',
      file: {
        format: progressFormat,
        version: progressVersion,
        games: [{ gameId: 'g1', completedMarkers: ['pm_hidden', 'pm_2'] }],
      },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().games[0].markers).toEqual({ add: 1, remove: 0, unknown: 1 });
    const ticked = (await call('POST', '/api/usercompletedmarkers/markCompleted/pm_hidden', env.admin, {}))
      .statusCode;
    expect(ticked).toBe(200);
  });
});
