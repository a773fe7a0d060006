import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_GAME_IDS } from './seed/demo-content.ts';
import { seedIfEmpty } from './seed.ts';

let t: TestApp;
let firstCounts: Record<string, number> | null;

beforeAll(async () => {
  t = await createTestApp();
  firstCounts = await seedIfEmpty(t.db, t.config);
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('fills an empty database with the demo games through the registry schemas', async () => {
    expect(firstCounts?.game).toBe(DEMO_GAME_IDS.length);
    expect(firstCounts?.quest).toBeGreaterThanOrEqual(30);
    const games = (await t.app.inject({ method: 'GET', url: '/api/games' })).json();
    expect(games.count).toBe(DEMO_GAME_IDS.length);
    expect(games.data.map((g: { _id: string }) => g._id).sort()).toEqual([...DEMO_GAME_IDS].sort());
  });

  it('holds a few hundred markers per map, polygons and routes among them', async () => {
    const maps = (await t.app.inject({ method: 'GET', url: '/api/maps' })).json();
    expect(maps.count).toBeGreaterThanOrEqual(9);
    const q = encodeURIComponent(JSON.stringify({ mapId: maps.data[0]._id }));
    const markers = (await t.app.inject({ method: 'GET', url: `/api/placedmarkers?query=${q}` })).json();
    expect(markers.count).toBeGreaterThanOrEqual(200);
    const defs = (await t.app.inject({ method: 'GET', url: '/api/markerdefinitions' })).json();
    const types = new Set(defs.data.map((d: { markerDefinitionType: string }) => d.markerDefinitionType));
    expect([...types].sort()).toEqual(['HTML', 'IMAGE', 'POLYGON', 'ROUTE', 'SVG']);
  });

  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, who can log in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: t.config.adminEmail, password: t.config.adminPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.admin).toBe(true);
  });

  it('leaves suggestions pending for review and seeds only once', async () => {
    const suggestions = await t.db.kysely
      // biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
      .selectFrom('suggestion' as any)
      .select('status')
      .execute();
    expect(suggestions.length).toBeGreaterThanOrEqual(6);
    expect(await seedIfEmpty(t.db, t.config)).toBeNull();
  });
});
