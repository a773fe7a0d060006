import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookMessages as t } from '@waypoint/shared/webhook-messages';
import { admin, createConfirmedUser, expect, seenToast, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginWithToken } from '../support/suggest.ts';

const gameId = 'frontier_zone';
const mapId = 'fz_coast_harbor';
const SECRET = 'journey-webhook-secret-42';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 (the journeys' server allows private endpoints: WEBHOOK_ALLOW_PRIVATE). */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/waypoint`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signed = (r: Received) =>
  r.headers['x-waypoint-signature'] ===
  `sha256=${createHmac('sha256', SECRET).update(`${r.headers['x-waypoint-timestamp']}.${r.body}`).digest('hex')}`;

test('an admin registers a webhook for a game, sends a test event and sees the result', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const bearer = await loginWithToken(page, request, admin.email, admin.password);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/admin/model/game/${gameId}`);
    await page.getByRole('tab', { name: t.title }).click();
    await expect(page.getByRole('heading', { name: t.title, level: 2 })).toBeVisible();
    const section = page.getByRole('region', { name: t.title });

    // A refused address is named on its field.
    await section.getByRole('button', { name: t.add }).click();
    await section.getByRole('textbox', { name: t.url, exact: true }).fill('http://169.254.169.254/latest');
    await section.getByRole('textbox', { name: t.secret, exact: true }).fill(SECRET);
    await section.getByRole('button', { name: t.save }).click();
    await expect(section.getByText(/This address may not be reached from the server/).first()).toBeVisible();

    await section.getByRole('textbox', { name: t.url, exact: true }).fill(receiver.url);
    await section.getByRole('checkbox', { name: t.eventSuggestionCreated }).check();
    await section.getByRole('checkbox', { name: t.eventCommentCreated }).check();
    await section.getByText(t.formatJson).click();
    await section.getByRole('button', { name: t.save }).click();
    await seenToast(page, t.saved);
    const card = section.getByRole('article', { name: receiver.url });
    await expect(card).toBeVisible();
    await expect(card.getByText(t.noDeliveries)).toBeVisible();

    await card.getByRole('button', { name: t.sendTest }).click();
    await seenToast(page, t.testSent);
    const testRow = card.getByRole('listitem').filter({ hasText: t.eventTest });
    await expect(testRow).toContainText(t.stateDelivered);
    await expect(testRow).toContainText('HTTP 204');
    const tests = receiver.received.filter((r) => r.headers['x-waypoint-event'] === 'test');
    expect(tests).toHaveLength(1);
    expect(signed(tests[0]!)).toBe(true);

    // A contributor's suggestion in the game arrives too, and the page shows its result.
    const author = await createConfirmedUser(request);
    const login = await request.post('/api/users/login', {
      data: { email: author.email, password: author.password },
    });
    const authorToken = ((await login.json()) as { token: string }).token;
    const made = await request.post('/api/suggestion', {
      headers: { authorization: `Bearer ${authorToken}` },
      data: {
        type: 'PLACED_MARKER',
        action: 'ADD',
        parentId: mapId,
        data: JSON.stringify({
          name: 'Hooked crate',
          markerDefinitionId: 'fz_loot_cache',
          lat: -40,
          lng: 60,
          mapId,
        }),
      },
    });
    expect(made.status()).toBe(201);
    // Other journeys may suggest in this game meanwhile: this author's event is picked out.
    const ofAuthor = () =>
      receiver.received.filter((r) => r.body.includes(`"username":"${author.username}"`));
    await expect.poll(() => ofAuthor().length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(ofAuthor()[0]!.body)).toMatchObject({ event: 'suggestion.created', gameId });
    expect(signed(ofAuthor()[0]!)).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: t.title }).click();
    await expect(card.getByRole('listitem').filter({ hasText: t.eventSuggestionCreated })).toContainText(
      t.stateDelivered,
    );
    await card.scrollIntoViewIfNeeded();
    await reviewShot(page, 'webhooks-1440.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await reviewShot(page, 'webhooks-390.png', { fullPage: true });

    // Removed again, so other journeys on this game's suggestions queue nothing for it.
    const list = await request.get(`/api/admin/games/${gameId}/webhooks`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    for (const hook of ((await list.json()) as { data: { id: string }[] }).data) {
      await request.delete(`/api/admin/games/${gameId}/webhooks/${hook.id}`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
    }
  } finally {
    await receiver.close();
  }
});

test('a secret too short is named on its field after Save, in words for people', async ({
  page,
  request,
}, _testInfo) => {
  const bearer = await loginWithToken(page, request, admin.email, admin.password);
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    // A game no other journey registers webhooks for: nothing here is saved.
    await page.goto('/admin/model/game/emberfall');
    await page.getByRole('tab', { name: t.title }).click();
    const section = page.getByRole('region', { name: t.title });
    await section.getByRole('button', { name: t.add }).click();
    await section.getByRole('textbox', { name: t.url, exact: true }).fill('http://127.0.0.1:9/never-saved');
    const secret = section.getByRole('textbox', { name: t.secret, exact: true });
    await secret.fill('too-short');
    await section.getByRole('button', { name: t.save }).click();
    await expect(secret).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByText(t.secretLength(16, 200))).toBeVisible();
    await secret.scrollIntoViewIfNeeded();
    await reviewShot(page, `webhook-secret-${size.width}.png`);
  }
  const list = await request.get('/api/admin/games/emberfall/webhooks', {
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(0);
});
