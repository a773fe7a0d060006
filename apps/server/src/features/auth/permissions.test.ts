import { getModel, modelKeys } from '@waypoint/shared';
import { describe, expect, it } from 'vitest';
import { fillParams } from '../../test/routes.ts';
import { useTestApp } from '../../test/test-app.ts';

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
