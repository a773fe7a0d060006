import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A stand-in for the Sentry ingest host: records every envelope it receives. */
let ingest: Server;
const envelopes: string[] = [];
let t: TestApp;

beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      envelopes.push(`${request.url}\n${Buffer.concat(chunks).toString()}`);
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const port = (ingest.address() as AddressInfo).port;
  t = await createTestApp(
    {
      sentryDsn: `http://publickey@127.0.0.1:${port}/42`,
      release: 'waypoint@test',
      sentryEnvironment: 'test',
    },
    {
      beforeReady: (app) => {
        app.get('/api/test/boom', { config: { role: 'guest' } }, () => {
          throw new Error('Lookup failed for jane@example.com with token eyJhbGciOi.eyJpZCI6.sig');
        });
        app.get('/api/test/refused', { config: { role: 'guest' } }, (_request, reply) =>
          reply.status(404).send({ statusCode: 404 }),
        );
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  ingest.close();
});

describe('server error reporting with SENTRY_DSN', () => {
  it('sends a server error to Sentry with release and route, without personal data', async () => {
    const res = await t.app.inject({
      url: '/api/test/boom?email=jane@example.com',
      headers: { cookie: 'waypoint-cookie=secret-session', authorization: 'Bearer secret-token' },
    });
    expect(res.statusCode).toBe(500);
    // The SDK loads beside the server's start: the error is sent once it is in.
    await expect.poll(() => envelopes.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const sent = envelopes.join('\n');
    expect(sent).toContain('/api/42/envelope/');
    expect(sent).toContain('"release":"waypoint@test"');
    expect(sent).toContain('"route":"/api/test/boom"');
    expect(sent).toContain('Lookup failed for [email]');
    for (const secret of ['jane@example.com', 'secret-session', 'secret-token', 'eyJhbGciOi']) {
      expect(sent).not.toContain(secret);
    }
  });

  it('does not report answers below 500', async () => {
    const before = envelopes.length;
    expect((await t.app.inject({ url: '/api/test/refused' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/nothing-here' })).statusCode).toBe(404);
    await new Promise((resolve) => setImmediate(resolve));
    expect(envelopes.length).toBe(before);
  });
});
