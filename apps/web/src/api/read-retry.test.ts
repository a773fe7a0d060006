import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../app/config.ts';
import { HttpError, request } from './client.ts';
import { readRetryDelay, shouldRetryRead } from './read-retry.ts';

/** A server whose answers the test lines up: status and Retry-After per request, then 200. */
let server: Server;
let queue: Array<{ status: number; retryAfter?: string }> = [];
let asked = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    asked += 1;
    const next = queue.shift();
    if (!next) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (next.retryAfter !== undefined) headers['retry-after'] = next.retryAfter;
    res.writeHead(next.status, headers).end('{"message":"busy"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (config as { apiBase: string }).apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function read(answers: typeof queue) {
  queue = answers;
  asked = 0;
  const client = new QueryClient({
    defaultOptions: { queries: { retry: shouldRetryRead, retryDelay: readRetryDelay } },
  });
  return client.fetchQuery({ queryKey: ['x'], queryFn: () => request<{ ok: boolean }>('GET', '/x') });
}

describe('reads asked again', () => {
  it('waits out a busy server that says when to ask again (429 and 503 with Retry-After)', async () => {
    await expect(
      read([
        { status: 429, retryAfter: '0' },
        { status: 503, retryAfter: '0' },
      ]),
    ).resolves.toEqual({ ok: true });
    expect(asked).toBe(3);
  });

  it('carries Retry-After on the error and waits that long', () => {
    const busy = new HttpError(429, undefined, 2);
    expect(shouldRetryRead(0, busy)).toBe(true);
    expect(readRetryDelay(0, busy)).toBe(2000);
    expect(shouldRetryRead(5, busy)).toBe(false);
  });

  it('does not ask again after a client error, nor when the wait asked for is long', async () => {
    await expect(read([{ status: 404 }])).rejects.toMatchObject({ status: 404 });
    expect(asked).toBe(1);
    await expect(read([{ status: 429, retryAfter: '600' }])).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 600,
    });
    expect(asked).toBe(1);
    // A 429 without Retry-After is a refusal like any other client error.
    await expect(read([{ status: 429 }])).rejects.toMatchObject({ status: 429 });
    expect(asked).toBe(1);
  });

  it('asks twice more after a server error without Retry-After', () => {
    const failed = new HttpError(500, undefined);
    expect([0, 1, 2].map((n) => shouldRetryRead(n, failed))).toEqual([true, true, false]);
    expect(readRetryDelay(0, failed)).toBe(1000);
    expect(readRetryDelay(1, failed)).toBe(2000);
  });
});
