import { type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContent,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/test-app.ts';
import { guestReplay } from './guest-replay.ts';
import type { Replay } from './response-cache.ts';

/**
 * A guest's cached read is sent again as it went out the first time: the same bytes and headers,
 * without the hooks after load shedding or the route running again. The replay happens in the
 * server, before Fastify: these requests go over real HTTP.
 */
let t: TestApp;
let base: string;
let player: TestUser;
/** Requests that reached the route's pre-handler stage (the hooks a replay skips). */
let routed = 0;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.addHook('preHandler', (_request, _reply, done) => {
          routed++;
          done();
        });
      },
    },
  );
  await createContent(t);
  player = await createUser(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  rawPayload: Buffer;
  body: string;
  json: () => Record<string, unknown>;
}

/** A GET over HTTP, its body as sent (not decompressed). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(`${base}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const rawPayload = Buffer.concat(chunks);
        const body = rawPayload.toString();
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          rawPayload,
          body,
          json: () => JSON.parse(body),
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

const withoutDate = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('guest reads answered again from the cache', () => {
  it('sends the second guest the same bytes and headers without running the route again', async () => {
    t.app.ctx.cache.invalidate();
    const first = await get('/api/games');
    expect(first.statusCode).toBe(200);
    const before = routed;
    const second = await get('/api/games');
    const third = await get('/api/games');
    expect(routed).toBe(before);
    for (const again of [second, third]) {
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
    }
    // The security headers and the public API's are among them.
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['strict-transport-security']).toBeDefined();
    expect(second.headers['access-control-allow-origin']).toBe('*');
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('keeps one answer per encoding, each with its own headers', async () => {
    t.app.ctx.cache.invalidate();
    const url = `/api/placedmarkers?limit=1000`;
    const plain = await get(url, { 'accept-encoding': 'identity' });
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const before = routed;
    const plainAgain = await get(url, { 'accept-encoding': 'identity' });
    const gzipAgain = await get(url, { 'accept-encoding': 'gzip' });
    expect(routed).toBe(before);
    expect(plainAgain.headers['content-encoding']).toBeUndefined();
    expect(plainAgain.json()).toEqual(plain.json());
    expect(gzipAgain.headers['content-encoding']).toBe('gzip');
    expect(gzipAgain.rawPayload.equals(gzip.rawPayload)).toBe(true);
  });

  it('runs the route again after a content write, and answers the new content', async () => {
    t.app.ctx.cache.invalidate();
    await get('/api/game/g2');
    await t.app.ctx.writer.update(
      'game',
      'g2',
      { name: 'Game Two, renamed' },
      { id: null, username: 'test' },
    );
    const before = routed;
    const after = await get('/api/game/g2');
    expect(routed).toBe(before + 1);
    expect(after.json().name).toBe('Game Two, renamed');
  });

  it('sends logged-in readers and revalidations through the route', async () => {
    t.app.ctx.cache.invalidate();
    const first = await get('/api/game/g1');
    const before = routed;
    const loggedIn = await get('/api/game/g1', player.auth);
    expect(loggedIn.statusCode).toBe(200);
    const revalidated = await get('/api/game/g1', { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(routed).toBe(before + 2);
  });

  it('never replays an error or a refused request', async () => {
    t.app.ctx.cache.invalidate();
    for (let n = 0; n < 2; n++) {
      const res = await get('/api/game/nope');
      expect(res.statusCode).toBe(404);
    }
    const before = routed;
    expect((await get('/api/game/nope')).statusCode).toBe(404);
    expect(routed).toBe(before + 1);
  });

  it('counts a replayed answer in the request metrics under its route', async () => {
    t.app.ctx.cache.invalidate();
    await get('/api/game/g1');
    const route = (t.app.ctx.cache.replay({ method: 'GET', url: '/api/game/g1', headers: {} }) as Replay)
      .route;
    const count = async () => {
      const metric = await t.app.ctx.metrics.requestDurations.get();
      const sample = metric.values.find(
        (v) =>
          v.metricName === 'http_request_duration_seconds_count' &&
          v.labels.route === route &&
          String(v.labels.status_code) === '200',
      );
      return sample?.value ?? 0;
    };
    expect(route).toBe('/api/:model/:id');
    const before = await count();
    const routedBefore = routed;
    await get('/api/game/g1');
    await get('/api/game/g1');
    expect(routed).toBe(routedBefore);
    expect(await count()).toBe(before + 2);
  });

  it('leaves the request to Fastify while the server sheds load', async () => {
    t.app.ctx.cache.invalidate();
    await get('/api/game/g1');
    const answered: unknown[] = [];
    const response = {
      writeHead: (...args: unknown[]) => answered.push(args),
      end: (...args: unknown[]) => answered.push(args),
    } as unknown as ServerResponse;
    const ask = { method: 'GET', url: '/api/game/g1', headers: {}, socket: {} } as IncomingMessage;
    const options = {
      cache: t.app.ctx.cache,
      durations: t.app.ctx.metrics.requestDurations,
      log: t.app.log,
      trustProxy: false as const,
    };
    expect(guestReplay({ ...options, shedding: () => true })(ask, response)).toBe(false);
    expect(answered).toEqual([]);
    expect(guestReplay({ ...options, shedding: () => false })(ask, response)).toBe(true);
    expect(answered).toHaveLength(2);
  });
});

describe('the log line of a replayed answer', () => {
  it('names the client behind a trusted proxy and the route, as a routed answer does', async () => {
    const lines: { msg: string; req?: Record<string, unknown>; res?: { statusCode: number } }[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    });
    let routedHere = 0;
    const logged = await createTestApp(
      { logLevel: 'info', trustProxy: 1 },
      {
        logStream,
        beforeReady: (app) => {
          app.addHook('preHandler', (_request, _reply, done) => {
            routedHere++;
            done();
          });
        },
      },
    );
    try {
      await createContent(logged);
      await logged.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (logged.app.server.address() as AddressInfo).port;
      const ask = () =>
        new Promise<number>((resolve, reject) => {
          request(
            `http://127.0.0.1:${port}/api/games`,
            { headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-host': 'maps.example' } },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          )
            .on('error', reject)
            .end();
        });
      const before = routedHere;
      expect(await ask()).toBe(200);
      expect(await ask()).toBe(200);
      expect(routedHere).toBe(before + 1);
      await new Promise((r) => setTimeout(r, 50));
      const completed = lines.filter((l) => l.msg === 'request completed' && l.req?.url === '/api/games');
      expect(completed).toHaveLength(2);
      const [routedLine, replayedLine] = completed;
      for (const line of [routedLine, replayedLine]) {
        expect(line?.req).toMatchObject({
          method: 'GET',
          remoteAddress: '203.0.113.7',
          host: 'maps.example',
        });
        expect(line?.res?.statusCode).toBe(200);
      }
    } finally {
      await logged.close();
    }
  });
});
