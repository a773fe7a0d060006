import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookMessages } from '@waypoint/shared/webhook-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { createSecretBox } from './webhook-secrets.ts';
import { sealStoredSecrets } from './webhooks.plugin.ts';

const env = useTestApp({ overrides: { webhookAllowPrivate: true, webhookSecretKeys: ['key-one'] } });
const SECRET = 'receiver-shared-secret-1';

const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200).end();
  });
});
let webhookId = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const res = await env.t.app.inject({
    method: 'POST',
    url: '/api/admin/games/g1/webhooks',
    headers: env.admin.auth,
    payload: { url, secret: SECRET, events: ['suggestion.created'], format: 'json' },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().secretHint).toBe(SECRET.slice(-4));
  webhookId = res.json().id;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const stored = async () =>
  (
    await env.t.db.kysely
      .selectFrom('webhook')
      .select('secret')
      .where('id', '=', webhookId)
      .executeTakeFirstOrThrow()
  ).secret;
const setStored = (secret: string) =>
  env.t.db.kysely.updateTable('webhook').set({ secret }).where('id', '=', webhookId).execute();

/** Sends a test event; answers the delivery and whether its signature checks with `secret`. */
async function sendTest(secret = SECRET) {
  const before = received.length;
  const res = await env.t.app.inject({
    method: 'POST',
    url: `/api/admin/games/g1/webhooks/${webhookId}/test`,
    headers: env.admin.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  const got = received[before];
  const signed =
    got !== undefined &&
    got.headers['x-waypoint-signature'] ===
      `sha256=${createHmac('sha256', secret).update(`${got.headers['x-waypoint-timestamp']}.${got.body}`).digest('hex')}`;
  return { delivery: res.json(), signed };
}

describe('webhook secrets at rest', () => {
  it('are sealed in the database, and deliveries are signed with the secret itself', async () => {
    const secret = await stored();
    expect(secret).toMatch(/^enc:v1:/);
    expect(secret).not.toContain(SECRET);
    expect((await sendTest()).signed).toBe(true);
  });

  it('a copy of the database alone (another key) cannot open them; deliveries then fail saying so', async () => {
    expect(createSecretBox(['another-key']).open(await stored())).toBeUndefined();
    const foreign = createSecretBox(['another-key']).seal(SECRET);
    const kept = await stored();
    await setStored(foreign);
    const before = received.length;
    const { delivery } = await sendTest();
    expect(received.length).toBe(before);
    expect(delivery.lastError).toBe(webhookMessages.secretUnreadable);
    await setStored(kept);
  });

  it('a secret stored in plain text before sealing still signs, and is sealed at start', async () => {
    await setStored('legacy-plain-secret-1');
    expect((await sendTest('legacy-plain-secret-1')).signed).toBe(true);
    await sealStoredSecrets({ db: env.t.db }, createSecretBox(['key-one']), env.t.app.log);
    expect(await stored()).toMatch(/^enc:v1:/);
    expect((await sendTest('legacy-plain-secret-1')).signed).toBe(true);
  });

  it('a rotation seals every secret with the new key; the earlier key is then no longer needed', async () => {
    const rotated = createSecretBox(['key-two', 'key-one']);
    await sealStoredSecrets({ db: env.t.db }, rotated, env.t.app.log);
    const secret = await stored();
    expect(rotated.isCurrent(secret)).toBe(true);
    expect(createSecretBox(['key-two']).open(secret)).toBe('legacy-plain-secret-1');
    expect(createSecretBox(['key-one']).open(secret)).toBeUndefined();
  });
});
