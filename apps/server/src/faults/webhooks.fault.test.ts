/**
 * A server process killed (SIGKILL) in the middle of a burst of community events with a webhook
 * registered: the deliveries queued with the suggestions survive, the ones the dead process had
 * claimed are taken over after their lease, and the receiver gets every event (repeats carry the
 * same idempotency key and are dropped by it).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Proc, ready, report, request, sleep, startServer, stopServer } from './harness.ts';

const admin = { email: 'admin@hooks.test', password: 'killed while the hooks were sent' };
const SECRET = 'fault-test-webhook-secret';
const TIMEOUT_MS = 2000;
let dataDir = '';
let port = 0;
let proc: Proc;
let adminToken = '';

function start(): Proc {
  return startServer(port, dataDir, admin, {
    DATABASE_URL: '',
    SUGGESTION_RATE_LIMIT: '1000000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_POLL_MS: '100',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_RETRY_BASE_MS: '200',
  });
}

const api = (method: string, url: string, token?: string, body?: unknown) =>
  request(proc.port, method, url, token, body);

function query<T>(statement: string): T[] {
  const db = new SQLite(path.join(dataDir, 'waypoint.db'), { readonly: true });
  try {
    return db.prepare(statement).all() as T[];
  } finally {
    db.close();
  }
}

/** The receiver: keeps each delivery once by its idempotency key, answers after a short while. */
const byKey = new Map<string, string>();
let receipts = 0;
let badSignatures = 0;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const timestamp = String(req.headers['x-waypoint-timestamp']);
    const signature = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
    if (req.headers['x-waypoint-signature'] !== signature) badSignatures++;
    receipts++;
    byKey.set(String(req.headers['idempotency-key']), JSON.parse(body).data.suggestionId);
    // Slow enough that the killed process holds claims in flight.
    setTimeout(() => res.writeHead(204).end(), 20);
  });
});

describe('faults: webhooks across a kill -9, on SQLite', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-hooks-'));
    port = 7000 + Math.floor(Math.random() * 800);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    proc = start();
    await ready(proc);
    const login = await api('POST', '/api/users/login', undefined, admin);
    adminToken = (JSON.parse(login.body) as { token: string }).token;
    await api('PUT', '/api/admin/game', adminToken, { _id: 'hg', name: 'Hook game' });
    await api('PUT', '/api/admin/map', adminToken, { _id: 'hg_map', gameId: 'hg', name: 'Hook map' });
    await api('PUT', '/api/admin/markerdefinition', adminToken, {
      _id: 'hg_def',
      gameId: 'hg',
      name: 'Crate',
    });
    const hook = await api('POST', '/api/admin/games/hg/webhooks', adminToken, {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      secret: SECRET,
      events: ['suggestion.created'],
    });
    expect(hook.status, hook.body).toBe(201);
  }, 180_000);

  afterAll(async () => {
    if (proc) await stopServer(proc);
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('1,000 suggestions with a kill -9 in the middle: every event reaches the receiver', async () => {
    const suggest = (i: number) =>
      api('POST', '/api/suggestion', adminToken, {
        type: 'PLACED_MARKER',
        action: 'ADD',
        parentId: 'hg_map',
        data: JSON.stringify({
          name: `Burst ${i}`,
          markerDefinitionId: 'hg_def',
          lat: -(i % 90),
          lng: i % 90,
        }),
      });
    const acknowledged = new Set<string>();
    let lost = 0;
    const total = 1000;
    let killedAt = -1;
    for (let i = 0; i < total; i += 25) {
      if (killedAt < 0 && i >= total / 2) {
        // Mid-burst: requests in flight, deliveries claimed and in flight, others queued.
        const inFlight = Promise.allSettled(Array.from({ length: 25 }, (_, k) => suggest(10_000 + k)));
        await sleep(30);
        killedAt = byKey.size;
        await stopServer(proc, 'SIGKILL');
        for (const r of await inFlight) {
          if (r.status === 'fulfilled' && r.value.status === 201)
            acknowledged.add(JSON.parse(r.value.body).data);
          else lost++;
        }
        proc = start();
        await ready(proc);
      }
      const answers = await Promise.all(Array.from({ length: 25 }, (_, k) => suggest(i + k)));
      for (const a of answers) {
        expect(a.status, a.body).toBe(201);
        acknowledged.add(JSON.parse(a.body).data);
      }
    }
    const stored = new Set(query<{ _id: string }>(`select "_id" from suggestion`).map((r) => r._id));
    for (const id of acknowledged) expect(stored.has(id)).toBe(true);
    // Every stored suggestion's event arrives, including those the dead process had claimed (after
    // the lease) and those committed but not answered before the kill.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && new Set(byKey.values()).size < stored.size) await sleep(100);
    const delivered = new Set(byKey.values());
    const missing = [...stored].filter((id) => !delivered.has(id));
    report(
      `webhooks, kill -9 mid-burst: ${stored.size} events stored (${acknowledged.size} acknowledged, ${lost} requests cut by the kill), ${byKey.size} distinct deliveries after ${receipts} receipts (${receipts - byKey.size} repeats dropped by key; ${killedAt} received before the kill), ${missing.length} missing`,
    );
    expect(missing).toEqual([]);
    expect(byKey.size).toBe(stored.size);
    expect(badSignatures).toBe(0);
    // The receiver keeps a delivery when it arrives; the sender records it as delivered once the
    // answer is back, a moment later. A batch the killed process sent but never recorded stays
    // pending until its claim's lease (the send timeout for each round, plus 5 s: 15 s here) runs
    // out and it is sent again.
    const deliveryStates = () =>
      query<{ state: string; n: number }>(`select state, count(*) as n from webhook_delivery group by state`);
    const settled = Date.now() + 60_000;
    let states = deliveryStates();
    while (Date.now() < settled && (states.length !== 1 || states[0]?.state !== 'delivered')) {
      await sleep(100);
      states = deliveryStates();
    }
    expect(states).toEqual([{ state: 'delivered', n: stored.size }]);
  }, 300_000);
});
