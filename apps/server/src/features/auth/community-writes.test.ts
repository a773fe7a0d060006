import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser, useTestApp } from '../../test/test-app.ts';
import { findSuggestion } from '../suggestions/suggestions.repository.ts';

/**
 * Every route that writes community content, called by a user banned site-wide, one banned in the
 * game and a trusted editor of the game. The route list comes from the app's declared routes: a
 * logged-in write route that is in neither table below fails the first test, so a new route has to
 * say what it is.
 */
const env = useTestApp();

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: object;
}
type Persona = 'siteBanned' | 'gameBanned' | 'trusted';

/** What each persona holds before the bans and roles are given: its own open suggestion and pin. */
interface Owned {
  suggestion: string;
  pin: string;
}

const users = {} as Record<Persona, TestUser>;
const owned = {} as Record<Persona, Owned>;
/** Someone else's open suggestion in the game, to comment and vote on. */
let othersSuggestion: string;

const inject = (who: TestUser, call: Call) =>
  env.t.app.inject({
    method: call.method,
    url: call.url,
    headers: who.auth,
    ...(call.payload ? { payload: call.payload } : {}),
  });

const markerSuggestion = (name: string) => ({
  type: 'PLACED_MARKER',
  action: 'ADD',
  parentId: 'g1_map_a',
  data: { name, markerDefinitionId: 'def_loot', lat: -3, lng: 4 },
});

async function suggestAs(who: TestUser, name: string): Promise<string> {
  const res = await inject(who, { method: 'POST', url: '/api/suggestion', payload: markerSuggestion(name) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as string;
}

/**
 * A community write: the call a persona makes, and (for a route that makes a suggestion) the
 * suggestion its answer names, which a trusted editor's write must have accepted at once.
 */
interface CommunityWrite {
  call(who: Persona): Call;
  suggestionOf?(answer: Record<string, unknown>): string | undefined;
  /**
   * Writes on others' open suggestions: a banned user does not see those (community review), so
   * the refusal is the 404 of a suggestion they cannot see.
   */
  hiddenWhileBanned?: true;
}

const markerAnswer = (a: Record<string, unknown>) => (a.suggestion as { _id?: string } | undefined)?._id;

const communityWrites: Record<string, CommunityWrite> = {
  'POST /api/suggestion': {
    call: (who) => ({ method: 'POST', url: '/api/suggestion', payload: markerSuggestion(`New by ${who}`) }),
    suggestionOf: (a) => a.data as string,
  },
  'PATCH /api/suggestions/:id': {
    call: (who) => ({
      method: 'PATCH',
      url: `/api/suggestions/${owned[who].suggestion}`,
      payload: { data: { name: `Changed by ${who}`, markerDefinitionId: 'def_loot', lat: -3, lng: 4 } },
    }),
  },
  'POST /api/suggestions/:id/comment': {
    call: () => ({
      method: 'POST',
      url: `/api/suggestions/${othersSuggestion}/comment`,
      payload: { comment: 'Seen it' },
    }),
    hiddenWhileBanned: true,
  },
  'POST /api/suggestions/:id/upvote': {
    call: () => ({ method: 'POST', url: `/api/suggestions/${othersSuggestion}/upvote` }),

    hiddenWhileBanned: true,
  },
  'PATCH /api/suggestions/:id/upvote': {
    call: () => ({
      method: 'PATCH',
      url: `/api/suggestions/${othersSuggestion}/upvote`,
      payload: { upvote: true },
    }),
    hiddenWhileBanned: true,
  },
  'POST /api/suggestions/:id/downvote': {
    call: () => ({ method: 'POST', url: `/api/suggestions/${othersSuggestion}/downvote` }),

    hiddenWhileBanned: true,
  },
  'PATCH /api/suggestions/:id/downvote': {
    call: () => ({
      method: 'PATCH',
      url: `/api/suggestions/${othersSuggestion}/downvote`,
      payload: { downvote: true },
    }),
    hiddenWhileBanned: true,
  },
  'POST /api/markers/:mapId': {
    call: (who) => ({
      method: 'POST',
      url: '/api/markers/g1_map_a?suggestMode=true',
      payload: { name: `Marker by ${who}`, markerDefinitionId: 'def_loot', lat: -2, lng: 2 },
    }),
    suggestionOf: (a) => markerAnswer(a),
  },
  'PATCH /api/markers/:id': {
    call: (who) => ({
      method: 'PATCH',
      url: '/api/markers/pm_1?suggestMode=true',
      payload: { name: `Renamed by ${who}` },
    }),
    suggestionOf: (a) => markerAnswer(a),
  },
  'DELETE /api/markers/:id': {
    call: () => ({ method: 'DELETE', url: '/api/markers/pm_3?suggestMode=true' }),
    suggestionOf: (a) => markerAnswer(a),
  },
  'POST /api/markers/:id/confirm': {
    call: () => ({ method: 'POST', url: '/api/markers/pm_0/confirm' }),
  },
  'POST /api/markers/:id/report': {
    call: () => ({ method: 'POST', url: '/api/markers/pm_0/report', payload: { kind: 'GONE' } }),
  },
  'POST /api/user/pins/:mapId/:pinId/suggest': {
    call: (who) => ({
      method: 'POST',
      url: `/api/user/pins/g1_map_a/${owned[who].pin}/suggest`,
      payload: { markerDefinitionId: 'def_loot' },
    }),
    suggestionOf: (a) => a._id as string,
  },
};

/**
 * Logged-in write routes that are not community content, and why a ban does not stop them: the
 * account, the player's own data (progress, pins, notes, links, recipes, notifications), or taking
 * one's own suggestion back. Every route is named: a new one must be added here or above.
 */
const account = 'the account';
const own = "the player's own data, never shown to other players as content";
const notCommunityWrites: Record<string, string> = {
  'DELETE /api/suggestions/:id': 'withdraws the caller’s own suggestion: nothing new for others',
  'POST /api/users/changePassword': account,
  'POST /api/users/logout': account,
  'POST /api/users/resetProgress': own,
  'POST /api/user/progress/import': own,
  'POST /api/user/quest/batch/:gameId': own,
  'POST /api/user/quest/objective/:gameId/:questId': own,
  'PUT /api/user/hideout/:gameId/:moduleId': own,
  'POST /api/usercompletedmarkers/markCompleted/:id': own,
  'POST /api/usercompletedmarkers/markUncompleted/:id': own,
  'POST /api/usercompletedmarkers/markAll': own,
  'POST /api/usercompletedmarkers/resetMap': own,
  'POST /api/usercompletedmarkers/markMany': own,
  'POST /api/user/recipes/:gameId': own,
  'DELETE /api/user/recipes/:gameId/:id': own,
  'POST /api/user/pins/:mapId': own,
  'PATCH /api/user/pins/:mapId/:pinId': own,
  'DELETE /api/user/pins/:mapId/:pinId': own,
  'POST /api/user/pins/:mapId/geojson': own,
  'PUT /api/user/marker-notes/:markerId': own,
  'POST /api/user/pin-shares/:mapId': `${own} (a read-only link the player hands out)`,
  'DELETE /api/user/pin-shares/:mapId/:shareId': own,
  'POST /api/notifications/:id/read': own,
  'POST /api/notifications/read-all': own,
  'PUT /api/notifications/settings': own,
  'POST /api/live/ticket': `${own} (a one-use ticket that opens the player's own live stream)`,
  'POST /api/user/api-tokens': `${own} (a personal token for the player's own progress)`,
  'DELETE /api/user/api-tokens/:id': own,
  'PUT /api/user/game-settings/:gameId': own,
  // A team is the players' own group: its members read each other's progress, nobody else sees it.
  'POST /api/user/teams/:gameId': `${own} (a team the player plays in)`,
  'POST /api/user/teams/:gameId/invites': own,
  'DELETE /api/user/teams/:gameId/invites/:id': own,
  'POST /api/user/team-invites/join': own,
  'POST /api/user/teams/:gameId/leave': own,
  'DELETE /api/user/teams/:gameId/members/:userId': own,
  'PUT /api/user/teams/:gameId/owner': own,
  'PATCH /api/user/teams/:gameId/settings': own,
};

beforeAll(async () => {
  const author = await createUser(env.t);
  othersSuggestion = await suggestAs(author, 'Someone else’s crate');
  for (const who of ['siteBanned', 'gameBanned', 'trusted'] as const) {
    users[who] = await createUser(env.t);
    const pin = await inject(users[who], {
      method: 'POST',
      url: '/api/user/pins/g1_map_a',
      payload: { name: `Pin of ${who}`, note: '', x: 10, y: 10 },
    });
    expect(pin.statusCode, pin.body).toBe(201);
    owned[who] = { suggestion: await suggestAs(users[who], `Own of ${who}`), pin: pin.json().id };
  }
  const until = new Date(Date.now() + 86_400_000).toISOString();
  for (const [who, gameId] of [
    ['siteBanned', undefined],
    ['gameBanned', 'g1'],
  ] as const) {
    const res = await inject(env.admin, {
      method: 'POST',
      url: '/api/admin/bans',
      payload: { userId: users[who].id, ...(gameId ? { gameId } : {}), reason: 'Spam', endsAt: until },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const grant = await inject(env.admin, {
    method: 'POST',
    url: '/api/admin/roles',
    payload: { userId: users.trusted.id, gameId: 'g1', role: 'trusted' },
  });
  expect(grant.statusCode, grant.body).toBe(200);
});

describe('community writes on every route', () => {
  it('every logged-in write route is listed as a community write or said not to be one', () => {
    const unlisted = env.t.app.ctx.routes
      .filter((r) => r.role === 'user' && r.method !== 'GET')
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !(key in communityWrites) && !(key in notCommunityWrites));
    expect(unlisted).toEqual([]);
    const declared = new Set(env.t.app.ctx.routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(communityWrites).filter((key) => !declared.has(key))).toEqual([]);
  });

  it.each(Object.keys(communityWrites))('%s refuses users banned site-wide or in the game', async (key) => {
    for (const who of ['siteBanned', 'gameBanned'] as const) {
      const write = communityWrites[key]!;
      const res = await inject(users[who], write.call(who));
      if (write.hiddenWhileBanned) {
        expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
        continue;
      }
      expect(res.statusCode, `${who}: ${res.body}`).toBe(403);
      expect(res.json().message, who).toContain('Reason: Spam');
    }
  });

  it.each(Object.keys(communityWrites))("%s applies a trusted editor's write at once", async (key) => {
    const write = communityWrites[key]!;
    const res = await inject(users.trusted, write.call('trusted'));
    expect(res.statusCode, res.body).toBeLessThan(300);
    if (!write.suggestionOf) return;
    const id = write.suggestionOf(res.json());
    expect(id, res.body).toBeTruthy();
    const suggestion = await findSuggestion(env.t.db.kysely, id!);
    expect(suggestion?.status, res.body).toBe('ACCEPTED');
  });
});
