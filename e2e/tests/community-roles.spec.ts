import type { APIRequestContext } from '@playwright/test';
import { communityMessages as c } from '@waypoint/shared/community-messages';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { messages } from '@waypoint/shared/messages';
import { reviewMessages as t } from '@waypoint/shared/review-messages';
import { admin, createConfirmedUser, expect, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginWithToken, tintOf } from '../support/suggest.ts';

const gameId = 'frontier_zone';
const otherGame = 'emberfall';
const mapId = 'fz_coast_harbor';
const mapPath = `/game/${gameId}/maps/${mapId}`;

type Json = Record<string, unknown>;
const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

async function token(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/users/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A confirmed user with a login token. */
async function member(request: APIRequestContext) {
  const user = await createConfirmedUser(request);
  const me = await request.post('/api/users/login', { data: { email: user.email, password: user.password } });
  const body = (await me.json()) as { token: string; user: { id: string } };
  return { ...user, id: body.user.id, bearer: body.token };
}

const newMarker = (name: string) => ({
  type: 'PLACED_MARKER',
  action: 'ADD',
  parentId: mapId,
  data: JSON.stringify({ name, markerDefinitionId: 'fz_loot_cache', lat: -42, lng: 61, mapId }),
});

/** The users page as an admin, with `username` chosen. */
async function openUser(page: import('@playwright/test').Page, username: string) {
  await page.goto('/admin/users');
  await page.getByLabel(c.searchUsers).fill(username);
  await page.getByRole('button', { name: username, exact: true }).click();
  await expect(page.getByRole('heading', { name: username, level: 2 })).toBeVisible();
}

test('an admin makes a user moderator of one game; the moderator reviews there and is refused elsewhere', async ({
  page,
  request,
}) => {
  const moderator = await member(request);
  const author = await member(request);
  const suggestion = await request.post('/api/suggestion', {
    headers: auth(author.bearer),
    data: newMarker(`Crate of ${author.username}`),
  });
  expect(suggestion.status()).toBe(201);
  const suggestionId = ((await suggestion.json()) as { data: string }).data;

  await loginWithToken(page, request, admin.email, admin.password);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openUser(page, moderator.username);
  const roles = page.getByRole('region', { name: c.roles });
  await roles.getByRole('combobox', { name: c.game }).click();
  await page.getByRole('option', { name: 'Frontier Zone' }).click();
  await roles.getByRole('combobox', { name: c.role }).click();
  await page.getByRole('option', { name: c.roleModerator }).click();
  await roles.getByRole('button', { name: c.grant }).click();
  await expect(roles).toContainText(`${c.roleModerator} · Frontier Zone`);
  await expect(page.getByRole('region', { name: c.roleHistory })).toContainText(c.granted);
  await reviewShot(page, 'users-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, 'users-390.png', { fullPage: true });

  // The moderator's review page shows their game and its suggestions; they approve one.
  await page.context().clearCookies();
  await loginWithToken(page, request, moderator.email, moderator.password);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/suggestion-review?type=PLACED_MARKER');
  await expect(page.getByRole('heading', { name: t.suggestionType('PLACED_MARKER') })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('combobox', { name: c.yourGames })).toHaveValue('Frontier Zone');
  await page.getByLabel(t.userNameLabel).fill(author.username);
  const row = page.locator(`tr[data-suggestion="${suggestionId}"]`);
  await expect(row).toBeVisible();
  await reviewShot(page, 'review-moderator-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, 'review-moderator-390.png', { fullPage: true });
  await page.getByRole('button', { name: `${t.approve} ${suggestionId}` }).click();
  await expect(row).toHaveCount(0);
  const adminBearer = await token(request, admin.email, admin.password);
  await expect
    .poll(async () => {
      const res = await request.get(`/api/suggestion/${suggestionId}`, { headers: auth(adminBearer) });
      return ((await res.json()) as Json).status;
    })
    .toBe('ACCEPTED');

  // Elsewhere: another game's review and the admin-only screens are refused.
  const elsewhere = await request.get(`/api/admin/review/counts?gameId=${otherGame}`, {
    headers: auth(moderator.bearer),
  });
  expect(elsewhere.status()).toBe(403);
  const adminOnly = await request.get('/api/admin/models', { headers: auth(moderator.bearer) });
  expect(adminOnly.status()).toBe(403);
});

test("a trusted editor's marker appears at once and can be reverted", async ({ page, request }) => {
  const editor = await member(request);
  const adminBearer = await token(request, admin.email, admin.password);
  const granted = await request.post('/api/admin/roles', {
    headers: auth(adminBearer),
    data: { userId: editor.id, gameId, role: 'trusted' },
  });
  expect(granted.ok()).toBe(true);

  await loginWithToken(page, request, editor.email, editor.password);
  const res = await request.post(`/api/markers/${mapId}?suggestMode=true`, {
    headers: auth(editor.bearer),
    data: { name: `Trusted ${editor.username}`, markerDefinitionId: 'fz_loot_cache', lat: -44, lng: 63 },
  });
  expect(res.status()).toBe(201);
  const answer = (await res.json()) as { suggestion: { _id: string; status: string; targetId: string } };
  expect(answer.suggestion.status).toBe('ACCEPTED');
  const markerId = answer.suggestion.targetId;

  // On the map for everyone, as a marker (no suggestion tint).
  await page.goto(`${mapPath}?markerDefinitions=fz_loot_cache`);
  await waitForMap(page);
  expect(await tintOf(page, markerId)).toBe(0);

  // Placed through the map's own tool: it appears at once, as a marker, and the toast says so.
  await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
  await page.getByRole('button', { name: 'Place Loot Cache' }).click();
  const box = (await page.getByTestId('map').boundingBox())!;
  const placed = page.waitForResponse(
    (r) => r.url().includes(`/api/markers/${mapId}?suggestMode=true`) && r.request().method() === 'POST',
  );
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const placedAnswer = (await (await placed).json()) as { suggestion: { status: string; targetId: string } };
  expect(placedAnswer.suggestion.status).toBe('ACCEPTED');
  await expect(page.getByText(mapMessages.markerAdded)).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate((id) => window.__waypointProbe!.store.indexOf(id), placedAnswer.suggestion.targetId),
    )
    .toBeGreaterThanOrEqual(0);
  expect(await tintOf(page, placedAnswer.suggestion.targetId)).toBe(0);

  // Reverted from the review history: the marker is gone.
  await page.context().clearCookies();
  await loginWithToken(page, request, admin.email, admin.password);
  await page.goto('/suggestion-review?type=HISTORY');
  const revert = page.getByRole('button', { name: `${t.revert} ${answer.suggestion._id}` });
  await revert.click();
  await expect(page.getByText(t.reverted)).toBeVisible();
  expect((await request.get(`/api/placedmarker/${markerId}`)).status()).toBe(404);
});

test('a banned user sees why they cannot suggest', async ({ page, request }) => {
  const banned = await member(request);
  await loginWithToken(page, request, admin.email, admin.password);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openUser(page, banned.username);
  const bans = page.getByRole('region', { name: c.bans });
  await bans.getByRole('combobox', { name: c.game }).click();
  await page.getByRole('option', { name: 'Frontier Zone' }).click();
  await bans.getByRole('textbox', { name: c.reason }).fill('Fake loot caches');
  await bans.getByRole('button', { name: c.ban }).click();
  await expect(bans).toContainText('Fake loot caches');

  await page.context().clearCookies();
  await loginWithToken(page, request, banned.email, banned.password);
  await page.goto(mapPath);
  await waitForMap(page);
  // No suggest control is offered; each place says why, with the ban's reason and end.
  const reason = 'Reason: Fake loot caches';
  const markers = page.getByTestId('sidebar-left');
  await expect(markers.getByTestId('ban-notice')).toContainText(reason);
  await expect(markers.getByRole('button', { name: messages.suggestNewCategory })).toHaveCount(0);
  const quests = page.getByTestId('sidebar-right');
  await expect(quests.getByTestId('ban-notice')).toContainText(reason);
  await expect(quests.getByRole('button', { name: mapMessages.suggestNewQuest })).toHaveCount(0);
  await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
  const notice = page.getByTestId('suggest-tools').getByTestId('ban-notice');
  await expect(notice).toContainText(reason);
  await expect(page.getByTestId('suggest-tools').getByRole('button', { name: 'Delete marker' })).toHaveCount(
    0,
  );
  await expect(markers.getByRole('button', { name: /^Place / })).toHaveCount(0);
  // One date format: the notice's end is written as the interface writes dates, not as the server stores them.
  expect(await notice.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  await reviewShot(page, 'banned-1440.png');
  // The bar's 'Suggest ...' entries give way to the notice too.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /^Category:/ }).click();
  await expect(nav.getByTestId('ban-notice')).toContainText(reason);
  await expect(nav.getByRole('button', { name: messages.suggestEntry })).toHaveCount(0);
  await reviewShot(page, 'banned-bar-1440.png');
  await page.keyboard.press('Escape');
  // On a phone, in the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await nav.getByRole('button', { name: 'Open navigation' }).click();
  const panel = page.locator('#wp-nav-panel');
  await expect(panel.getByTestId('ban-notice').first()).toContainText(reason);
  await expect(panel.getByRole('button', { name: messages.suggestEntry })).toHaveCount(0);
  await reviewShot(page, 'banned-menu-390.png');
  // The server says the same when asked directly.
  const refused = await request.post('/api/suggestion', {
    headers: auth(banned.bearer),
    data: newMarker('During the ban'),
  });
  expect(refused.status()).toBe(403);
});
