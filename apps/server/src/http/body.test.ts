import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

const env = useTestApp();

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('request bodies: limits by role and a nesting depth checked before parsing', () => {
  it('refuses a 2 MB nested body to login with a 413 before reading it', async () => {
    const started = performance.now();
    const res = await env.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: nested(1024 * 1024),
    });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expect(elapsed).toBeLessThan(150);
  });

  it('gives guest routes a few kilobytes, logged-in writes 64 KB and admin writes the full limit', async () => {
    const big = (n: number) => JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(n) });
    const login = await env.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: big(20 * 1024),
    });
    expect(login.statusCode).toBe(413);
    const user = await env.t.app.inject({
      method: 'POST',
      url: '/api/users/changePassword',
      headers: { ...env.player.auth, 'content-type': 'application/json' },
      payload: big(70 * 1024),
    });
    expect(user.statusCode).toBe(413);
    const admin = await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/game/g1',
      headers: { ...env.admin.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ description: `<p>${'x'.repeat(100 * 1024)}</p>` }),
    });
    expect(admin.statusCode).toBe(200);
  });

  it('refuses a 10 KB body nested 10,000 deep to an admin route with a 400 naming the body', async () => {
    const started = performance.now();
    const res = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/game',
      headers: { ...env.admin.auth, 'content-type': 'application/json' },
      payload: `{"_id":"deep","name":"Deep","tags":${nested(5000)}}`,
    });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'body' })]);
    expect(elapsed).toBeLessThan(150);
    const ok = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/game',
      headers: { ...env.admin.auth, 'content-type': 'application/json' },
      // Brackets inside strings do not count.
      payload: JSON.stringify({ _id: 'brackets', name: `${'['.repeat(100)} ok` }),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses prototype keys, NUL characters and lone surrogates, naming the field', async () => {
    const post = (payload: string) =>
      env.t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const proto = await post('{"email":"a@b.c","password":"pw","__proto__":{"admin":true}}');
    expect(proto.statusCode).toBe(400);
    const nul = await post('{"email":"a\\u0000@b.c","password":"pw"}');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual([expect.objectContaining({ field: 'body.email' })]);
    const surrogate = await post('{"email":"a@b.c","password":["ok","\\ud800"]}');
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().errors).toEqual([expect.objectContaining({ field: 'body.password.1' })]);
  });
});
