import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

// Over a real socket, as a browser on another site would ask.
const env = useTestApp();
let base = '';

beforeAll(async () => {
  await env.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = env.t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await env.t.app.close();
});

const preflight = (path: string, method = 'GET', headers = 'if-none-match') =>
  fetch(`${base}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://elsewhere.example',
      'access-control-request-method': method,
      'access-control-request-headers': headers,
    },
  });

describe('cross-origin reads of the public API', () => {
  it('answers a preflight for a public read, allowing If-None-Match, for a day', async () => {
    for (const path of ['/api/games', '/api/game/g1', '/api/openapi.json']) {
      const res = await preflight(path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('GET');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-none-match');
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThanOrEqual(600);
    }
  });

  it('then reads with If-None-Match across origins: 304 with the CORS header, ETag exposed', async () => {
    const first = await fetch(`${base}/api/games`, { headers: { origin: 'https://elsewhere.example' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect(first.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('etag');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${base}/api/games`, {
      headers: { origin: 'https://elsewhere.example', 'if-none-match': String(etag) },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('admits no other origin on private or admin routes, nor other methods', async () => {
    for (const [path, method] of [
      ['/api/admin/models', 'GET'],
      ['/api/admin/users/u1', 'GET'],
      ['/api/admin/maps/m1/export/package', 'GET'],
      ['/api/user/progress/export', 'GET'],
      ['/api/user/quest/get/g1', 'GET'],
      ['/api/games', 'POST'],
      ['/api/games', 'DELETE'],
    ] as const) {
      const res = await preflight(path, method, 'authorization');
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('access-control-allow-origin'), `${method} ${path}`).toBeNull();
    }
  });
});
