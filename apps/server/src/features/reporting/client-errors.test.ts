import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp({ logLevel: 'warn', clientErrorRateLimit: 5 }, { logStream });
});
afterAll(() => t.close());

const report = {
  source: 'error',
  message: 'Cannot read properties of undefined (reading lat) for jane@example.com',
  stack: 'TypeError: x\n    at http://localhost/assets/map-abc.js?token=secret123:1:2',
  url: 'http://localhost/passwordRecovery/abcdef123?nextUrl=/profile',
  route: '/passwordRecovery/:hash',
  release: 'waypoint@0.1.0',
};

const post = (body: unknown, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/client-errors', payload: body as object, remoteAddress: ip });

describe('POST /api/client-errors', () => {
  it('writes a scrubbed browser error to the server log', async () => {
    const res = await post(report);
    expect(res.statusCode).toBe(204);
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'browser error');
    expect(line?.level).toBe(40);
    expect(line?.clientError).toMatchObject({
      source: 'error',
      route: '/passwordRecovery/:hash',
      url: 'http://localhost/passwordRecovery/[redacted]',
    });
    expect(line?.clientError.message).toContain('[email]');
    const text = JSON.stringify(line);
    for (const secret of ['jane@example.com', 'secret123', 'abcdef123', 'nextUrl'])
      expect(text).not.toContain(secret);
  });

  it('refuses a report that is not one, naming the field', async () => {
    const bad = await post({ ...report, source: 'console' }, '203.0.113.8');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('body.source');
    const long = await post({ ...report, message: 'x'.repeat(2001) }, '203.0.113.8');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe('body.message');
    const extra = await post({ ...report, cookie: 'a' }, '203.0.113.8');
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a body over 16 KB', async () => {
    const res = await post({ ...report, stack: 'y'.repeat(20_000) }, '203.0.113.9');
    expect(res.statusCode).toBe(413);
  });

  it('answers 429 past the limit per address, while other addresses still report', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post(report, '198.51.100.1')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect((await post(report, '198.51.100.2')).statusCode).toBe(204);
  });
});
