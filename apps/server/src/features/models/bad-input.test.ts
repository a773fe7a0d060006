import { modelKeys } from '@waypoint/shared';
import { describe, expect, it } from 'vitest';
import { fillParams } from '../../test/routes.ts';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

/** Everything stored: every content table, the users and the audit log. */
async function snapshot(): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
  const k = env.t.db.kysely as any;
  const parts: unknown[] = [];
  for (const key of modelKeys) parts.push(await k.selectFrom(key).selectAll().orderBy('_id').execute());
  parts.push(
    await k.selectFrom('user').select(['id', 'username', 'email', 'passwordHash']).orderBy('id').execute(),
  );
  parts.push((await k.selectFrom('audit_log').select('id').execute()).length);
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
    // Logout takes no input and ends the session the walk runs with (sessions.test.ts covers it).
    const writes = env.t.app.ctx.routes.filter((r) => r.method !== 'GET' && r.url !== '/api/users/logout');
    expect(writes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const route of writes) {
      // A DELETE carries no body: its bad input is in the path.
      const ids = route.method === 'DELETE' ? badIds : ['g1', ...badIds];
      for (const id of ids) {
        for (const [label, payload] of route.method === 'DELETE' ? noBody : bodies) {
          const before = await snapshot();
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
          if (before !== after) failures.push(`${where}: data changed`);
        }
      }
    }
    expect(failures).toEqual([]);
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
    expect(res.json().message).toContain('body.questLevel');
  });
});
