import { modelKeys } from '@waypoint/shared';
import { describe, expect, it } from 'vitest';
import { fillParams } from '../../test/routes.ts';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

/** Everything stored: every content table, the users and the audit log. */
async function snapshot(): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
  const k = env.t.db.kysely as any;
  const parts = await Promise.all([
    ...modelKeys.map((key) => k.selectFrom(key).selectAll().orderBy('_id').execute()),
    k.selectFrom('user').select(['id', 'username', 'email', 'passwordHash']).orderBy('id').execute(),
    k.selectFrom('audit_log').select(k.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return JSON.stringify(parts);
}

const huge = 'x'.repeat(3 * 1024 * 1024);
const bodies: [string, string | undefined][] = [
  ['malformed JSON', '{"_id": "a", "name": '],
  [
    'wrong types',
    JSON.stringify({ _id: 5, name: { a: 1 }, weight: 'heavy', enabled: 'yes', email: 7, password: [] }),
  ],
  [
    'fields far over their length',
    JSON.stringify({
      _id: 'x'.repeat(500),
      name: 'x'.repeat(100_000),
      email: 'y'.repeat(1000),
      password: 'z'.repeat(1000),
      hash: 'h'.repeat(1000),
    }),
  ],
  [
    'unicode in ids and nulls',
    JSON.stringify({ _id: '地図/🗺️', gameId: '\u0000', name: '\ud800', email: null }),
  ],
  ['missing fields', '{}'],
  ['an array', '[]'],
  ['a body over the size limit', JSON.stringify({ _id: 'big', name: huge })],
];

const badIds = ['..%2F..%2Fetc', '%E5%9C%B0%E5%9B%B3', '.hidden', 'x'.repeat(300)];
const noBody: [string, string | undefined][] = [['no body', undefined]];

describe('bad input to every write route: a 4xx and nothing changed', () => {
  it('holds for every route, body and id', async () => {
    // Logout takes no input and ends the session the walk runs with (sessions.test.ts covers it); a
    // live stream's ticket takes none either (live.test.ts covers it).
    const noInput = new Set(['/api/users/logout', '/api/live/ticket']);
    const writes = env.t.app.ctx.routes.filter((r) => r.method !== 'GET' && !noInput.has(r.url));
    expect(writes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    // Each answer is compared with what was stored before the walk (a change found is reported
    // once and becomes the new reference).
    let stored = await snapshot();
    for (const route of writes) {
      // A DELETE carries no body: its bad input is in the path.
      const ids = route.method === 'DELETE' ? badIds : ['g1', ...badIds];
      for (const id of ids) {
        for (const [label, payload] of route.method === 'DELETE' ? noBody : bodies) {
          const res = await env.t.app.inject({
            method: route.method as 'POST',
            url: fillParams(route, { id, model: 'game', gameId: id }),
            headers: {
              ...env.admin.auth,
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            payload,
          });
          const after = await snapshot();
          const where = `${route.method} ${route.url} id=${id} with ${label}`;
          if (res.statusCode < 400 || res.statusCode >= 500)
            failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (!res.json().message) failures.push(`${where}: no message`);
          if (after !== stored) {
            failures.push(`${where}: data changed`);
            stored = after;
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The walk grows with the routes: its bound is the whole walk's, not one request's.
  }, 120_000);

  it('refuses NUL characters and lone surrogates in a guest login with a 400 naming the field', async () => {
    for (const email of ['a\\u0000@example.test', '\\ud800@example.test']) {
      const res = await env.t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":"${email}","password":"correct horse battery"}`,
      });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'body.email' })]);
    }
  });

  it('names the field that is wrong', async () => {
    const res = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/quest',
      headers: env.admin.auth,
      payload: { _id: 'q_bad', gameId: 'g1', name: 'Ok', questLevel: 'high' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'body.questLevel' })]);
    expect(JSON.stringify(res.json().errors)).toContain('body.questLevel');
  });
});

const enc = encodeURIComponent;
/** Query strings a hostile guest sends to read routes. */
const hostileQueries = [
  `query=${enc('{"_id":true}')}`,
  `query=${enc('{"_id":1}')}`,
  `query=${enc('{"gameId":false}')}`,
  `query=${enc('{"_id":{"$gt":1}}')}`,
  `query=${enc('{"_id":["g1"]}')}`,
  `query=${enc('{"_id":"a\u0000b"}')}`,
  `query=${enc('{"_id":"\\ud800"}')}`,
  `query=${enc('{"_id":null}')}`,
  `query=${enc('{"weight":1e999}')}`,
  `query=${enc('{"__proto__":{"x":1}}')}`,
  `query=${enc('{"constructor":{"prototype":{"x":1}}}')}`,
  'query=%00',
  'query=%ED%A0%80',
  'query=a&query=b',
  'limit=1&limit=2',
  'limit=1e400',
  'limit=-1',
  'skip=99999999999999999999999',
  'skip=NaN',
  'limit=%00',
  'userId=%00',
  'x=%00',
  'x=%ED%A0%80',
];
/** Values a hostile guest puts in path parameters. */
const hostileParams = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  enc('{"$gt":1}'),
  '99999999999999999999999',
  '1e400',
];
/** A NUL character anywhere in the query or the path: always a 400 (invalid UTF-8 is refused by the router). */
const badText = /%00/;

describe('hostile reads: a 4xx, never a 5xx', () => {
  it('holds for every GET route, as a guest and as an admin', async () => {
    const reads = env.t.app.ctx.routes.filter((r) => r.method === 'GET');
    expect(reads.length).toBeGreaterThan(5);
    const failures: string[] = [];
    const call = async (url: string, list: boolean) => {
      for (const headers of [{}, env.admin.auth]) {
        const res = await env.t.app.inject({ method: 'GET', url, headers });
        const mustRefuse = badText.test(url) || (list && url.includes('?'));
        if (res.statusCode >= 500 || (mustRefuse && (res.statusCode < 400 || res.statusCode >= 500)))
          failures.push(
            `GET ${url} (${'authorization' in headers ? 'admin' : 'guest'}): ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    };
    for (const route of reads) {
      const list = route.url === '/api/:collection';
      for (const q of hostileQueries) await call(`${fillParams(route)}?${q}`, list);
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      for (const name of names)
        for (const value of hostileParams) await call(fillParams(route, { [name]: value }), false);
    }
    expect(failures).toEqual([]);
  });

  it('names the filter value of the wrong type', async () => {
    const res = await env.t.app.inject({ url: `/api/games?query=${enc('{"_id":true}')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'query.query._id' })]);
  });
});
