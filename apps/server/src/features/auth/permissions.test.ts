import { getModel, modelKeys, type Role } from '@waypoint/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillParams } from '../../test/routes.ts';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

/** Who calls: the personas of the permission matrix. The route's game is g1 (the sample gameId). */
const personas = ['guest', 'user', 'banned', 'trusted', 'moderator', 'otherModerator', 'admin'] as const;
type Persona = (typeof personas)[number];
const ROUTE_GAME = 'g1';

const users = {} as Record<Exclude<Persona, 'guest' | 'user' | 'admin'>, TestUser>;

const as = (who: TestUser) => ({ ...who.auth, 'content-type': 'application/json' });

beforeAll(async () => {
  for (const name of ['banned', 'trusted', 'moderator', 'otherModerator'] as const) {
    users[name] = await createUser(env.t);
  }
  const grant = async (by: TestUser, userId: string, gameId: string, role: string) => {
    const res = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: as(by),
      payload: { userId, gameId, role },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await grant(env.admin, users.moderator.id, ROUTE_GAME, 'moderator');
  await grant(env.admin, users.otherModerator.id, 'g2', 'moderator');
  // A moderator names the trusted editors of their game.
  await grant(users.moderator, users.trusted.id, ROUTE_GAME, 'trusted');
  const ban = await env.t.app.inject({
    method: 'POST',
    url: '/api/admin/bans',
    headers: as(users.moderator),
    payload: {
      userId: users.banned.id,
      gameId: ROUTE_GAME,
      reason: 'Spam',
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(ban.statusCode, ban.body).toBe(201);
});

function headersFor(who: Persona): Record<string, string> {
  if (who === 'guest') return {};
  if (who === 'user') return env.player.auth;
  if (who === 'admin') return env.admin.auth;
  return users[who].auth;
}

/** A new session of the persona's user, to be used up by a route that ends it. */
async function freshSession(who: Persona): Promise<Record<string, string>> {
  if (who === 'guest') return {};
  const user = who === 'user' ? env.player : who === 'admin' ? env.admin : users[who];
  const token = await env.t.app.ctx.tokens.sign({
    id: user.id,
    username: user.username,
    admin: who === 'admin',
  });
  return { authorization: `Bearer ${token}` };
}

/**
 * What a persona may expect of a route that needs `need`, called for the route's game: refused
 * with 401/403, or let through. A ban and a trusted editor's role change what a write does, not
 * who enters: their own tests show that.
 */
export function expected(need: Role, who: Persona): 401 | 403 | 'allowed' {
  if (need === 'guest') return 'allowed';
  if (who === 'guest') return 401;
  if (who === 'admin') return 'allowed';
  if (need === 'admin') return 403;
  if (need === 'moderator') return who === 'moderator' ? 'allowed' : 403;
  return 'allowed';
}

describe('every declared route, as each persona', () => {
  it('covers the account, model, review and community routes at least', () => {
    const urls = env.t.app.ctx.routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/users/login',
        'POST /api/users/changePassword',
        'PUT /api/admin/:model',
        'DELETE /api/admin/:model/:id',
        'GET /api/:collection',
        'POST /api/admin/suggestions/accept',
        'GET /api/admin/review/suggestions',
        'POST /api/admin/roles',
        'POST /api/admin/bans',
      ]),
    );
    const needs = new Set(env.t.app.ctx.routes.map((r) => r.role));
    expect([...needs].sort()).toEqual(['admin', 'guest', 'moderator', 'user']);
  });

  it.each(personas)('%s is let through exactly where the declared role allows', async (who) => {
    const failures: string[] = [];
    for (const route of env.t.app.ctx.routes) {
      // Logout ends the session it is called with: it gets a session of its own.
      const headers = route.url === '/api/users/logout' ? await freshSession(who) : headersFor(who);
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      // The route's game goes where a moderator route reads it; the map's marker calls also need
      // suggest mode for users (§4).
      const query = [
        `gameId=${ROUTE_GAME}`,
        ...(route.url.startsWith('/api/markers/') ? ['suggestMode=true'] : []),
      ];
      const res = await env.t.app.inject({
        method: route.method as 'GET',
        url: `${fillParams(route)}?${query.join('&')}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: hasBody || route.method === 'DELETE' ? '{}' : undefined,
      });
      const want = expected(route.role, who);
      // A banned user enters user routes; a write that gets past validation is refused with the ban's reason.
      const banRefusal =
        who === 'banned' && res.statusCode === 403 && res.json().message.includes('Reason: Spam');
      const ok =
        want === 'allowed'
          ? (res.statusCode !== 401 && res.statusCode !== 403) || banRefusal
          : res.statusCode === want;
      if (!ok)
        failures.push(
          `${who} ${route.method} ${route.url} (needs ${route.role}): ${res.statusCode} ${res.body}`,
        );
      if (res.statusCode >= 500)
        failures.push(`${who} ${route.method} ${route.url}: server error ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('a moderator of another game naming their own game still reaches nothing of the route game', async () => {
    const moderatorRoutes = env.t.app.ctx.routes.filter((r) => r.role === 'moderator');
    expect(moderatorRoutes.length).toBeGreaterThan(5);
    // Asking for the other game's review lists answers only that game (empty here): never g1's.
    const list = await env.t.app.inject({
      method: 'GET',
      url: '/api/admin/review/suggestions?type=PLACED_MARKER&gameId=g2',
      headers: users.otherModerator.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.every((s: { parentId: string }) => !s.parentId.startsWith('g1'))).toBe(true);
    for (const route of env.t.app.ctx.routes.filter((r) => r.role === 'admin')) {
      const res = await env.t.app.inject({
        method: route.method as 'GET',
        url: `${fillParams(route)}?gameId=g2`,
        headers: { ...users.otherModerator.auth, 'content-type': 'application/json' },
        payload: route.method === 'GET' ? undefined : '{}',
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('generic reads follow each model read rule', () => {
  it.each(modelKeys)('%s', async (key) => {
    const model = getModel(key);
    const statuses = [];
    for (const who of ['guest', 'user', 'admin'] as const) {
      const res = await env.t.app.inject({
        method: 'GET',
        url: `/api/${model.collection}`,
        headers: headersFor(who),
      });
      statuses.push(res.statusCode);
    }
    const want = { guest: [200, 200, 200], own: [401, 200, 200], admin: [401, 403, 200] }[model.read];
    expect(statuses).toEqual(want);
  });
});
