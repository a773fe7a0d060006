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
        // A game's webhooks are admins' only, for every persona below (moderators of the game too).
        'GET /api/admin/games/:gameId/webhooks',
        'POST /api/admin/games/:gameId/webhooks',
        'PATCH /api/admin/games/:gameId/webhooks/:id',
        'DELETE /api/admin/games/:gameId/webhooks/:id',
        'POST /api/admin/games/:gameId/webhooks/:id/test',
      ]),
    );
    for (const route of env.t.app.ctx.routes.filter((r) => r.url.includes('/webhooks'))) {
      expect(route.role, route.url).toBe('admin');
    }
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

// Links to own pins: made, listed and withdrawn by their owner only; read by anyone holding the link.
describe('pin links: only their owner makes, lists or withdraws them', () => {
  it('answers each route per caller', async () => {
    const owner = await createUser(env.t);
    const other = await createUser(env.t);
    const routes = env.t.app.ctx.routes.filter((r) => /\/api\/(user\/pin-shares|pin-share)/.test(r.url));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/user/pin-shares/:mapId/:shareId',
      'GET /api/pin-share/:shareId',
      'GET /api/user/pin-shares/:mapId',
      'POST /api/user/pin-shares/:mapId',
    ]);
    const callers = { guest: {}, owner: owner.auth, other: other.auth, admin: env.admin.auth };
    const pin = await env.t.app.inject({
      method: 'POST',
      url: '/api/user/pins/g1_map_a',
      headers: owner.auth,
      payload: { name: 'Shared spot', note: 'private note', x: 5, y: 5 },
    });
    const pinId = pin.json().id as string;
    // Only the owner can link their pin; to anyone else it is not there.
    for (const as of ['guest', 'other', 'admin', 'owner'] as const) {
      const res = await env.t.app.inject({
        method: 'POST',
        url: '/api/user/pin-shares/g1_map_a',
        headers: callers[as],
        payload: { pinIds: [pinId] },
      });
      expect(res.statusCode, as).toBe({ guest: 401, other: 400, admin: 400, owner: 201 }[as]);
    }
    const mine = await env.t.app.inject({
      method: 'GET',
      url: '/api/user/pin-shares/g1_map_a',
      headers: owner.auth,
    });
    const shareId = mine.json()[0].id as string;
    for (const as of ['guest', 'other', 'admin', 'owner'] as const) {
      const list = await env.t.app.inject({
        method: 'GET',
        url: '/api/user/pin-shares/g1_map_a',
        headers: callers[as],
      });
      expect(list.statusCode, as).toBe(as === 'guest' ? 401 : 200);
      if (as !== 'guest') expect(list.body.includes(shareId), as).toBe(as === 'owner');
      // The link itself reads the same for everyone.
      const read = await env.t.app.inject({
        method: 'GET',
        url: `/api/pin-share/${shareId}`,
        headers: callers[as],
      });
      expect(read.statusCode, as).toBe(200);
      expect(read.json().pins[0].note).toBe('private note');
    }
    for (const as of ['guest', 'other', 'admin', 'owner'] as const) {
      const res = await env.t.app.inject({
        method: 'DELETE',
        url: `/api/user/pin-shares/g1_map_a/${shareId}`,
        headers: callers[as],
      });
      expect(res.statusCode, as).toBe({ guest: 401, other: 404, admin: 404, owner: 204 }[as]);
    }
    const after = await env.t.app.inject({ method: 'GET', url: `/api/pin-share/${shareId}` });
    expect(after.statusCode).toBe(404);
  });
});

// Mark all and its undo: every route as guest, the player, another player and admin. Each call
// changes the caller's own completed markers only.
describe("mark all: only the caller's own completed markers", () => {
  it('refuses guests and changes nobody else', async () => {
    const routes = env.t.app.ctx.routes
      .filter((r) => /\/api\/usercompletedmarkers\/(mark(All|Many)|resetMap|progress)/.test(r.url))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual([
      'GET /api/usercompletedmarkers/progress/:gameId',
      'POST /api/usercompletedmarkers/markAll',
      'POST /api/usercompletedmarkers/markMany',
      'POST /api/usercompletedmarkers/resetMap',
    ]);
    const player = await createUser(env.t);
    const other = await createUser(env.t);
    const callers = { guest: {}, player: player.auth, other: other.auth, admin: env.admin.auth };
    const listOf = async (who: TestUser) =>
      (
        await env.t.app.inject({ method: 'GET', url: '/api/usercompletedmarkers/list', headers: who.auth })
      ).json() as string[];
    const send = (url: string, headers: Record<string, string>, payload: object) =>
      env.t.app.inject({ method: 'POST', url: `/api/usercompletedmarkers/${url}`, headers, payload });
    const all = { mapId: 'g1_map_a', definitionId: 'def_loot', completed: true };
    const many = { mapId: 'g1_map_a', markerIds: ['pm_0', 'pm_1'], completed: false };
    for (const [as, headers] of Object.entries(callers)) {
      const marked = await send('markAll', headers, all);
      expect(marked.statusCode, `${as} markAll`).toBe(as === 'guest' ? 401 : 200);
      const undone = await send('markMany', headers, many);
      expect(undone.statusCode, `${as} markMany`).toBe(as === 'guest' ? 401 : 200);
      const progress = await env.t.app.inject({ url: '/api/usercompletedmarkers/progress/g1', headers });
      expect(progress.statusCode, `${as} progress`).toBe(as === 'guest' ? 401 : 200);
      if (as !== 'guest') expect(progress.json().found, as).toBe(3);
    }
    // The player's own markers: all five marked, two set back; the other calls touched only their callers.
    expect(await listOf(player)).toEqual(['pm_2', 'pm_3', 'pm_4']);
    expect(await listOf(other)).toEqual(['pm_2', 'pm_3', 'pm_4']);
    await send('markAll', player.auth, { ...all, completed: false });
    expect(await listOf(player)).toEqual([]);
    expect((await send('resetMap', {}, { mapId: 'g1_map_a' })).statusCode).toBe(401);
    expect((await send('resetMap', other.auth, { mapId: 'g1_map_a' })).statusCode).toBe(200);
    expect(await listOf(other)).toEqual([]);
    expect(await listOf(env.admin)).toEqual(['pm_2', 'pm_3', 'pm_4']);
  });
});

// Notifications: every route as guest, their owner, another player and admin. Each caller reads,
// counts and marks their own only; another user's notification is not there for anyone else.
describe('notifications: a user reads and marks only their own', () => {
  it('answers each route per caller', async () => {
    const routes = env.t.app.ctx.routes
      .filter((r) => r.url.startsWith('/api/notifications'))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual([
      'GET /api/notifications',
      'GET /api/notifications/settings',
      'GET /api/notifications/unread',
      'POST /api/notifications/:id/read',
      'POST /api/notifications/read-all',
      'PUT /api/notifications/settings',
    ]);
    const owner = await createUser(env.t);
    const other = await createUser(env.t);
    const suggested = await env.t.app.inject({
      method: 'POST',
      url: '/api/suggestion',
      headers: owner.auth,
      payload: {
        type: 'PLACED_MARKER',
        action: 'ADD',
        parentId: 'g1_map_a',
        data: JSON.stringify({
          name: 'Owned',
          markerDefinitionId: 'def_loot',
          lat: 0,
          lng: 0,
          mapId: 'g1_map_a',
        }),
      },
    });
    const suggestionId = suggested.json().data as string;
    await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/suggestions/reject',
      headers: env.admin.auth,
      payload: { suggestionIds: [suggestionId] },
    });
    const callers = { guest: {}, owner: owner.auth, other: other.auth, admin: env.admin.auth };
    const mine = await env.t.app.inject({ method: 'GET', url: '/api/notifications', headers: owner.auth });
    const id = (mine.json().data as { id: string; suggestionId: string }[]).find(
      (n) => n.suggestionId === suggestionId,
    )!.id;
    for (const as of ['guest', 'other', 'admin', 'owner'] as const) {
      const list = await env.t.app.inject({ method: 'GET', url: '/api/notifications', headers: callers[as] });
      expect(list.statusCode, as).toBe(as === 'guest' ? 401 : 200);
      if (as !== 'guest') expect(list.body.includes(id), as).toBe(as === 'owner');
      const read = await env.t.app.inject({
        method: 'POST',
        url: `/api/notifications/${id}/read`,
        headers: callers[as],
      });
      // Others come after the owner would have: tried first, they must leave it unread.
      if (as !== 'owner') expect(read.statusCode, as).toBe(as === 'guest' ? 401 : 404);
      const all = await env.t.app.inject({
        method: 'POST',
        url: '/api/notifications/read-all',
        headers: callers[as],
        payload: { upTo: new Date().toISOString() },
      });
      expect(all.statusCode, as).toBe(as === 'guest' ? 401 : 200);
      const settings = await env.t.app.inject({
        method: 'PUT',
        url: '/api/notifications/settings',
        headers: callers[as],
        payload: { email: true },
      });
      expect(settings.statusCode, as).toBe(as === 'guest' ? 401 : 200);
      if (as === 'admin') {
        // Nobody but the owner changed the owner's.
        const count = await env.t.app.inject({
          method: 'GET',
          url: '/api/notifications/unread',
          headers: owner.auth,
        });
        expect(count.json().unread).toBe(1);
        const own = await env.t.app.inject({
          method: 'GET',
          url: '/api/notifications/settings',
          headers: owner.auth,
        });
        expect(own.json().email).toBe(false);
      }
      if (as === 'owner') expect(read.json()).toEqual({ unread: 0 });
    }
  });
});
