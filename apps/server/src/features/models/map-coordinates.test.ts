import { mapTransformOf } from '@waypoint/shared/map/coords';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

const patchMap = (payload: Record<string, unknown>) =>
  env.t.app.inject({ method: 'PATCH', url: '/api/admin/map/g1_map_b', headers: env.admin.auth, payload });

const publicMap = async () => (await env.t.app.inject({ method: 'GET', url: '/api/map/g1_map_b' })).json();

describe("a map's game coordinates", () => {
  it('has none until an admin sets a scale: the map shows map pixels', async () => {
    const map = await publicMap();
    expect(map).toMatchObject({
      coordScale: null,
      coordOffsetX: 0,
      coordOffsetY: 0,
      coordRotation: 0,
      coordUnit: '',
    });
    expect(mapTransformOf(map)).toBeUndefined();
  });

  it('keeps the transform an admin sets, exactly, and answers it to everyone', async () => {
    const set = await patchMap({
      coordScale: 0.1855,
      coordOffsetX: 113.1,
      coordOffsetY: -167.8,
      coordRotation: 180,
      coordUnit: 'm',
    });
    expect(set.statusCode).toBe(200);
    expect(mapTransformOf(await publicMap())).toEqual({
      scale: 0.1855,
      offsetX: 113.1,
      offsetY: -167.8,
      rotation: 180,
      unit: 'm',
    });
    // Emptying the scale takes the map back to map pixels.
    expect((await patchMap({ coordScale: null })).statusCode).toBe(200);
    expect(mapTransformOf(await publicMap())).toBeUndefined();
  });

  it('refuses a scale that is not above 0, a turn beyond a whole one and a long unit, naming the field', async () => {
    const before = await publicMap();
    const cases: [Record<string, unknown>, string][] = [
      [{ coordScale: 0 }, 'body.coordScale'],
      [{ coordScale: -2 }, 'body.coordScale'],
      [{ coordScale: 'big' }, 'body.coordScale'],
      [{ coordOffsetX: '12' }, 'body.coordOffsetX'],
      [{ coordOffsetY: null }, 'body.coordOffsetY'],
      [{ coordRotation: 361 }, 'body.coordRotation'],
      [{ coordUnit: 'kilometres!!!' }, 'body.coordUnit'],
    ];
    for (const [payload, field] of cases) {
      const res = await patchMap({ coordScale: 1, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res.json().errors.map((e: { field: string }) => e.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    expect(await publicMap()).toEqual(before);
  });
});
