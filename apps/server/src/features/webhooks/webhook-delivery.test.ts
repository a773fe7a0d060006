import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Db } from '../../db/database.ts';
import { type TestUser, useTestApp } from '../../test/test-app.ts';

const RETRY_BASE_MS = 200;
const POLL_MS = 50;
// The operator setting lets the server reach the receivers of this test on 127.0.0.1.
const env = useTestApp({
  overrides: {
    webhookAllowPrivate: true,
    webhookPollMs: POLL_MS,
    webhookRetryBaseMs: RETRY_BASE_MS,
    webhookTimeoutMs: 10_000,
    webhookMaxAttempts: 6,
  },
});
const SECRET = 'receiver-shared-secret-1';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real HTTP endpoint on 127.0.0.1 that keeps what it receives; `answer` decides the status. */
async function startReceiver(port = 0, answer: (r: Received) => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      res.writeHead(answer(r)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The check a receiver makes (README): HMAC-SHA256 of `{timestamp}.{body}` with the shared secret. */
function verify(r: Received, secret = SECRET): boolean {
  const timestamp = String(r.headers['x-waypoint-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  return (
    r.headers['x-waypoint-signature'] === expected && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300
  );
}

async function register(who: TestUser, url: string, events: string[], format = 'json') {
  const res = await env.t.app.inject({
    method: 'POST',
    url: '/api/admin/games/g1/webhooks',
    headers: who.auth,
    payload: { url, secret: SECRET, events, format },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function suggest(who: TestUser, name: string) {
  const res = await env.t.app.inject({
    method: 'POST',
    url: '/api/suggestion',
    headers: who.auth,
    payload: {
      type: 'PLACED_MARKER',
      action: 'ADD',
      parentId: 'g1_map_a',
      data: JSON.stringify({ name, markerDefinitionId: 'def_loot', lat: -2, lng: 2 }),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as string;
}

/**
 * Moves the senders' clock one poll at a time (each step waits for the sends it starts) until `ok`;
 * back-off waits pass at once. `ms` bounds the real time it may take.
 */
async function until<T>(what: () => Promise<T>, ok: (value: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (ok(value) || Date.now() > end) return value;
    await env.t.clock.advance(POLL_MS);
  }
}

const deliveries = (webhookId: string) =>
  env.t.db.kysely.selectFrom('webhook_delivery').selectAll().where('webhookId', '=', webhookId).execute();

const remove = (id: string) =>
  env.t.app.inject({ method: 'DELETE', url: `/api/admin/games/g1/webhooks/${id}`, headers: env.admin.auth });

describe('webhook deliveries to a real local receiver', () => {
  it('signs the body with the secret and a timestamp, and names the delivery as idempotency key', async () => {
    const receiver = await startReceiver();
    const json = await register(env.admin, `http://127.0.0.1:${receiver.port}/json`, ['suggestion.created']);
    const discord = await register(
      env.admin,
      `http://127.0.0.1:${receiver.port}/discord`,
      ['suggestion.created'],
      'discord',
    );
    const id = await suggest(env.player, 'Signed stash');
    await until(
      async () => receiver.received.length,
      (n) => n >= 2,
      10_000,
    );
    expect(receiver.received).toHaveLength(2);
    for (const r of receiver.received) {
      expect(verify(r)).toBe(true);
      expect(verify(r, 'another-secret-entirely')).toBe(false);
      expect(r.headers['x-waypoint-event']).toBe('suggestion.created');
      expect(r.headers['idempotency-key']).toBe(r.headers['x-waypoint-delivery']);
      expect(r.headers['content-type']).toBe('application/json');
    }
    const plain = receiver.received.map((r) => JSON.parse(r.body)).find((b) => 'event' in b);
    expect(plain).toMatchObject({
      event: 'suggestion.created',
      gameId: 'g1',
      data: { suggestionId: id, username: env.player.username, type: 'PLACED_MARKER', action: 'ADD' },
    });
    const inChannel = receiver.received.map((r) => JSON.parse(r.body)).find((b) => 'content' in b);
    expect(Object.keys(inChannel).sort()).toEqual(['content', 'embeds']);
    expect(inChannel.content).toContain(env.player.username);
    expect(inChannel.embeds[0].fields).toEqual(
      expect.arrayContaining([{ name: 'suggestionId', value: id, inline: true }]),
    );
    // A changed body no longer matches its signature.
    const forged = { ...receiver.received[0]!, body: receiver.received[0]!.body.replace('Signed', 'Forged') };
    expect(verify({ ...forged, body: `${forged.body} ` })).toBe(false);

    // The admin page's list shows the last results (recorded just after the receiver answered).
    const listed = await until(
      () => env.t.app.inject({ method: 'GET', url: '/api/admin/games/g1/webhooks', headers: env.admin.auth }),
      (res) => res.json().data.every((h: { pending: number }) => h.pending === 0),
      10_000,
    );
    const hook = listed.json().data.find((h: { id: string }) => h.id === json);
    expect(hook.recent[0]).toMatchObject({
      event: 'suggestion.created',
      state: 'delivered',
      lastStatus: 200,
      attempts: 1,
    });

    // "Send a test event" answers the first attempt's result.
    const test = await env.t.app.inject({
      method: 'POST',
      url: `/api/admin/games/g1/webhooks/${discord}/test`,
      headers: env.admin.auth,
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ event: 'test', state: 'delivered', lastStatus: 200 });
    expect(receiver.received.at(-1)!.headers['x-waypoint-event']).toBe('test');
    expect(verify(receiver.received.at(-1)!)).toBe(true);
    await remove(json);
    await remove(discord);
    await receiver.close();
  });

  it('retries a receiver that is down with doubling waits, and delivers once it is up', async () => {
    // A port that nothing listens on (taken and given back).
    const probe = await startReceiver();
    const port = probe.port;
    await probe.close();
    const hook = await register(env.admin, `http://127.0.0.1:${port}/down`, ['comment.created']);
    const id = await suggest(env.player, 'Retried');
    const comment = await env.t.app.inject({
      method: 'POST',
      url: `/api/suggestions/${id}/comment`,
      headers: env.player.auth,
      payload: { comment: 'Is anyone there?' },
    });
    expect(comment.statusCode).toBe(201);
    // Each attempt's wait, as recorded after it: next attempt time minus the attempt's time.
    const waits = new Map<number, number>();
    await until(
      async () => {
        const [d] = await deliveries(hook);
        if (d?.lastAttemptAt && d.state === 'pending') {
          waits.set(d.attempts, Date.parse(d.nextAttemptAt) - Date.parse(d.lastAttemptAt));
        }
        return d?.attempts ?? 0;
      },
      (attempts) => attempts >= 4,
      20_000,
    );
    const [failing] = await deliveries(hook);
    expect(failing).toMatchObject({ state: 'pending', lastStatus: null });
    expect(failing!.lastError).toMatch(/ECONNREFUSED|connect/);
    for (const [attempts, wait] of waits) {
      const plain = RETRY_BASE_MS * 2 ** (attempts - 1);
      expect(wait, `wait after attempt ${attempts}`).toBeGreaterThanOrEqual(plain * 0.8 - 1);
      expect(wait, `wait after attempt ${attempts}`).toBeLessThanOrEqual(plain * 1.2 + 1);
    }
    expect(waits.size).toBeGreaterThanOrEqual(3);

    // The receiver comes up on that port: the next attempt delivers it, once.
    const receiver = await startReceiver(port);
    const [delivered] = await until(
      () => deliveries(hook),
      ([d]) => d?.state === 'delivered',
      15_000,
    );
    expect(delivered).toMatchObject({ state: 'delivered', lastStatus: 200 });
    expect(delivered!.attempts).toBeGreaterThanOrEqual(5);
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      event: 'comment.created',
      data: { suggestionId: id, comment: 'Is anyone there?' },
    });
    await remove(hook);
    await receiver.close();
  });

  it('gives up after the last attempt and records why', async () => {
    const receiver = await startReceiver(0, () => 500);
    const hook = await register(env.admin, `http://127.0.0.1:${receiver.port}/broken`, [
      'suggestion.created',
    ]);
    await suggest(env.player, 'Never taken');
    const [d] = await until(
      () => deliveries(hook),
      ([row]) => row?.state === 'failed',
      30_000,
    );
    expect(d).toMatchObject({ state: 'failed', attempts: 6, lastStatus: 500, lastError: 'HTTP 500' });
    expect(receiver.received).toHaveLength(6);
    // Every attempt of one delivery carries the same idempotency key.
    expect(new Set(receiver.received.map((r) => r.headers['x-waypoint-delivery'])).size).toBe(1);
    await remove(hook);
    await receiver.close();
  }, 40_000);

  describe('a burst of 1,000 events with two server processes sending', () => {
    let second: FastifyInstance;
    let secondDb: Db;
    beforeAll(async () => {
      secondDb = env.t.openDb();
      second = await buildApp(env.t.config, { db: secondDb, logger: false, clock: env.t.clock });
      await second.ready();
    });
    afterAll(async () => {
      await second.close();
      await secondDb.close();
    });

    it('delivers every event exactly once', async () => {
      const receiver = await startReceiver();
      const hook = await register(env.admin, `http://127.0.0.1:${receiver.port}/burst`, [
        'suggestion.created',
      ]);
      const ids: string[] = [];
      for (let i = 0; i < 1000; i += 50) {
        ids.push(
          ...(await Promise.all(Array.from({ length: 50 }, (_, j) => suggest(env.player, `Burst ${i + j}`)))),
        );
      }
      await until(
        async () => new Set(receiver.received.map((r) => r.headers['idempotency-key'])).size,
        (n) => n >= 1000,
        90_000,
      );
      const keys = receiver.received.map((r) => String(r.headers['idempotency-key']));
      expect(new Set(keys).size).toBe(1000);
      // Delivery is at least once: an attempt whose answer came too late is sent again, with the
      // same key. Only a retried delivery may arrive twice; claims are exclusive otherwise.
      // The last answers are recorded just after the receiver has them.
      const states = await until(
        () => deliveries(hook),
        (rows) => rows.every((d) => d.state === 'delivered'),
        10_000,
      );
      const retried = states.filter((d) => d.attempts > 1).length;
      expect(keys.length - 1000).toBeLessThanOrEqual(retried);
      const sent = receiver.received.map((r) => JSON.parse(r.body).data.suggestionId as string);
      expect(new Set(sent)).toEqual(new Set(ids));
      expect(receiver.received.every((r) => verify(r))).toBe(true);
      expect(states.filter((d) => d.state === 'delivered')).toHaveLength(1000);
      await remove(hook);
      await receiver.close();
    }, 120_000);
  });
});
