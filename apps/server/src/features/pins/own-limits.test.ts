import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createContent,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ pinWriteRateLimit: 4, pinImportRateLimit: 1, pinShareRateLimit: 2 });
  await createContent(t);
});
afterAll(() => t.close());

const send = (who: TestUser, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

it("limits a player's pin and note writes per user across maps", async () => {
  const me = await createUser(t);
  const other = await createUser(t);
  const pin = { name: 'Stash', note: '', x: 10, y: 10 };
  const a = await send(me, 'POST', '/api/user/pins/g1_map_a', pin);
  const b = await send(me, 'POST', '/api/user/pins/g1_map_b', pin);
  const note = await send(me, 'PUT', '/api/user/marker-notes/pm_0', { note: 'mine' });
  const rename = await send(me, 'PATCH', `/api/user/pins/g1_map_a/${a.json().id}`, { name: 'Renamed' });
  expect([a, b, note, rename].map((r) => r.statusCode)).toEqual([201, 201, 200, 200]);
  const over = await send(me, 'DELETE', `/api/user/pins/g1_map_b/${b.json().id}`);
  expect(over.statusCode).toBe(429);
  expect(over.headers['retry-after']).toBeDefined();
  // Another player is not held back by the first one's limit.
  expect((await send(other, 'POST', '/api/user/pins/g1_map_b', pin)).statusCode).toBe(201);
});

it('limits GeoJSON imports (pin sets) and share links per user', async () => {
  const me = await createUser(t);
  const collection = {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', geometry: { type: 'Point', coordinates: [5, 5] }, properties: { name: 'A' } },
    ],
  };
  const imports = [];
  for (const mapId of ['g1_map_a', 'g1_map_b'])
    imports.push((await send(me, 'POST', `/api/user/pins/${mapId}/geojson`, { collection })).statusCode);
  expect(imports).toEqual([200, 429]);

  const shares = [];
  for (const mapId of ['g1_map_a', 'g1_map_a', 'g1_map_b'])
    shares.push((await send(me, 'POST', `/api/user/pin-shares/${mapId}`, { pinIds: [] })).statusCode);
  expect(shares.slice(2)).toEqual([429]);
});
