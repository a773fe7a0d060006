import { getModel, modelKeys } from '@waypoint/shared';
import { describe, expect, it } from 'vitest';
import { fillParams } from '../../test/routes.ts';
import { createUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

type As = 'guest' | 'user' | 'admin';
const headersFor = (as: As) => (as === 'guest' ? {} : as === 'user' ? env.player.auth : env.admin.auth);

/** A new session of the role's test user, to be used up by a route that ends it. */
async function freshSession(as: As): Promise<Record<string, string>> {
  if (as === 'guest') return {};
  const user = as === 'user' ? env.player : env.admin;
  const token = await env.t.app.ctx.tokens.sign({
    id: user.id,
    username: user.username,
    admin: as === 'admin',
  });
  return { authorization: `Bearer ${token}` };
}

/** What a role may expect of a route that needs `need`: refused with 401/403, or let through. */
function expected(need: As, as: As): 401 | 403 | 'allowed' {
  if (need === 'guest') return 'allowed';
  if (as === 'guest') return 401;
  if (need === 'admin' && as === 'user') return 403;
  return 'allowed';
}

describe('every declared route, as guest, user and admin', () => {
  it('covers the account and model routes at least', () => {
    const urls = env.t.app.ctx.routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/users/login',
        'POST /api/users/changePassword',
        'PUT /api/admin/:model',
        'DELETE /api/admin/:model/:id',
        'GET /api/:collection',
      ]),
    );
  });

  it('lets each role through exactly where its declared role allows', async () => {
    const failures: string[] = [];
    for (const route of env.t.app.ctx.routes) {
      for (const as of ['guest', 'user', 'admin'] as const) {
        // Logout ends the session it is called with: it gets a session of its own.
        const headers = route.url === '/api/users/logout' ? await freshSession(as) : headersFor(as);
        const res = await env.t.app.inject({
          method: route.method as 'GET',
          // The map's marker calls also need suggest mode for users (§4): walk them with it on.
          url: fillParams(route) + (route.url.startsWith('/api/markers/') ? '?suggestMode=true' : ''),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        const want = expected(route.role, as);
        const ok =
          want === 'allowed' ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === want;
        if (!ok) failures.push(`${as} ${route.method} ${route.url} (needs ${route.role}): ${res.statusCode}`);
        if (res.statusCode >= 500)
          failures.push(`${as} ${route.method} ${route.url}: server error ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('generic reads follow each model read rule', () => {
  it.each(modelKeys)('%s', async (key) => {
    const model = getModel(key);
    const statuses = [];
    for (const as of ['guest', 'user', 'admin'] as const) {
      const res = await env.t.app.inject({
        method: 'GET',
        url: `/api/${model.collection}`,
        headers: headersFor(as),
      });
      statuses.push(res.statusCode);
    }
    const want = { guest: [200, 200, 200], own: [401, 200, 200], admin: [401, 403, 200] }[model.read];
    expect(statuses).toEqual(want);
  });
});

// Own pins and marker notes: every route as guest, owner, another player and admin. Admins have no
// way into a player's pins: another player's pin is not there for them (404), like for anyone else.
describe('own pins: only their owner reads or changes them', () => {
  const pinBody = { name: 'Mine', note: 'private', x: 10, y: 10 };

  it('answers each route per caller', async () => {
    const owner = await createUser(env.t);
    const other = await createUser(env.t);
    const pinRoutes = env.t.app.ctx.routes.filter((r) => /\/api\/user\/(pins|marker-notes)/.test(r.url));
    expect(pinRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/user/pins/:mapId/:pinId',
      'GET /api/user/pins/:mapId',
      'GET /api/user/pins/:mapId/geojson',
      'PATCH /api/user/pins/:mapId/:pinId',
      'POST /api/user/pins/:mapId',
      'POST /api/user/pins/:mapId/:pinId/suggest',
      'POST /api/user/pins/:mapId/geojson',
      'PUT /api/user/marker-notes/:markerId',
    ]);
    const place = () =>
      env.t.app.inject({
        method: 'POST',
        url: '/api/user/pins/g1_map_a',
        headers: owner.auth,
        payload: pinBody,
      });
    const pinId = (await place()).json().id as string;
    await env.t.app.inject({
      method: 'PUT',
      url: '/api/user/marker-notes/pm_0',
      headers: owner.auth,
      payload: { note: 'owner note' },
    });
    const callers = { guest: {}, owner: owner.auth, other: other.auth, admin: env.admin.auth };
    const cases: {
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      url: string;
      payload?: object;
      want: Record<keyof typeof callers, number>;
    }[] = [
      {
        method: 'POST',
        url: `/api/user/pins/g1_map_a/${pinId}/suggest`,
        payload: { markerDefinitionId: 'def_loot' },
        want: { guest: 401, other: 404, admin: 404, owner: 201 },
      },
      {
        method: 'PATCH',
        url: `/api/user/pins/g1_map_a/${pinId}`,
        payload: { name: 'Changed' },
        want: { guest: 401, other: 404, admin: 404, owner: 200 },
      },
      {
        method: 'DELETE',
        url: `/api/user/pins/g1_map_a/${pinId}`,
        want: { guest: 401, other: 404, admin: 404, owner: 204 },
      },
    ];
    for (const c of cases) {
      for (const as of ['guest', 'other', 'admin', 'owner'] as const) {
        const res = await env.t.app.inject({
          method: c.method,
          url: c.url,
          headers: callers[as],
          payload: c.payload,
        });
        expect(res.statusCode, `${as} ${c.method} ${c.url}`).toBe(c.want[as]);
      }
    }
    // Reads answer each caller their own pins and notes only: others see none of the owner's.
    await place();
    for (const as of ['guest', 'other', 'admin', 'owner'] as const) {
      const res = await env.t.app.inject({
        method: 'GET',
        url: '/api/user/pins/g1_map_a',
        headers: callers[as],
      });
      if (as === 'guest') {
        expect(res.statusCode).toBe(401);
        continue;
      }
      expect(res.statusCode).toBe(200);
      const seen = res.body.includes('private') || res.body.includes('owner note');
      expect(seen, as).toBe(as === 'owner');
    }
    // The export holds the caller's own pins only.
    for (const as of ['guest', 'other', 'admin', 'owner'] as const) {
      const res = await env.t.app.inject({
        method: 'GET',
        url: '/api/user/pins/g1_map_a/geojson',
        headers: callers[as],
      });
      expect(res.statusCode, as).toBe(as === 'guest' ? 401 : 200);
      if (as !== 'guest') expect(res.body.includes('private'), as).toBe(as === 'owner');
    }
    // Writes go to the caller's own pins and notes; a guest is refused.
    for (const as of ['guest', 'other', 'admin'] as const) {
      const note = await env.t.app.inject({
        method: 'PUT',
        url: '/api/user/marker-notes/pm_0',
        headers: callers[as],
        payload: { note: 'mine' },
      });
      expect(note.statusCode).toBe(as === 'guest' ? 401 : 200);
      const create = await env.t.app.inject({
        method: 'POST',
        url: '/api/user/pins/g1_map_a',
        headers: callers[as],
        payload: pinBody,
      });
      expect(create.statusCode).toBe(as === 'guest' ? 401 : 201);
      const imported = await env.t.app.inject({
        method: 'POST',
        url: '/api/user/pins/g1_map_a/geojson',
        headers: callers[as],
        payload: { collection: { type: 'FeatureCollection', features: [] } },
      });
      expect(imported.statusCode).toBe(as === 'guest' ? 401 : 200);
    }
    const own = await env.t.app.inject({
      method: 'GET',
      url: '/api/user/pins/g1_map_a',
      headers: owner.auth,
    });
    expect(own.json().notes).toEqual([expect.objectContaining({ markerId: 'pm_0', note: 'owner note' })]);
    expect(own.json().pins).toHaveLength(1);
  });
});
