import type { APIRequestContext, Page } from '@playwright/test';
import { editingMessages } from '@waypoint/shared/map/editing-messages';
import { messages } from '@waypoint/shared/messages';
import { reviewMessages as t } from '@waypoint/shared/review-messages';
import { seriousViolations } from '../support/axe.ts';
import { admin, createConfirmedUser, expect, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginWithToken } from '../support/suggest.ts';

const gameId = 'frontier_zone';
const updateMap = 'fz_north_bunker';
const addMap = 'fz_city_metro';

type Json = Record<string, unknown>;

async function token(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/users/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

async function suggest(request: APIRequestContext, bearer: string, body: Json) {
  const res = await request.post('/api/suggestion', { headers: auth(bearer), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: string }).data;
}

/** A marker of the map; each test changes its own (`skip`), so parallel tests never make each other's stale. */
async function someMarker(request: APIRequestContext, mapId: string, skip: number) {
  const query = encodeURIComponent(JSON.stringify({ mapId }));
  const res = await request.get(`/api/placedmarkers?query=${query}&limit=1&skip=${skip}`);
  return ((await res.json()) as { data: Json[] }).data[0]!;
}

async function suggestionOf(request: APIRequestContext, bearer: string, id: string) {
  const res = await request.get(`/api/suggestion/${id}`, { headers: auth(bearer) });
  return (await res.json()) as Json;
}

const newMarker = (name: string, mapId = addMap) => ({
  type: 'PLACED_MARKER',
  action: 'ADD',
  parentId: mapId,
  data: JSON.stringify({ name, markerDefinitionId: 'fz_loot_cache', lat: -40, lng: 60, mapId }),
});

/** A contributor with two new markers on one map and a renamed, moved marker on another. */
async function contributor(request: APIRequestContext, markerIndex: number) {
  const user = await createConfirmedUser(request);
  const bearer = await token(request, user.email, user.password);
  const adds = [
    await suggest(request, bearer, newMarker(`Crate ${user.username}`)),
    await suggest(request, bearer, newMarker(`Stash ${user.username}`)),
  ];
  const marker = await someMarker(request, updateMap, 10 + markerIndex);
  const update = await suggest(request, bearer, {
    type: 'PLACED_MARKER',
    action: 'UPDATE',
    parentId: updateMap,
    data: { _id: marker._id, name: `Renamed by ${user.username}`, lat: Number(marker.lat) - 5 },
  });
  return { user, bearer, adds, update, marker };
}

async function openReview(page: Page, request: APIRequestContext, username: string) {
  await loginWithToken(page, request, admin.email, admin.password);
  await page.goto('/suggestion-review?type=PLACED_MARKER');
  // The page's first load (kit, tables, diff viewer) can take longer than a step on a busy 2-core run.
  await expect(page.getByRole('heading', { name: t.suggestionType('PLACED_MARKER') })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByLabel(t.userNameLabel).fill(username);
  await expect(page.getByRole('status')).toHaveText(t.userCount(username, 3));
}

test('an admin filters by user, reads a diff, approves with the keyboard, rejects a map in bulk and reverts from History', async ({
  page,
  request,
}) => {
  const c = await contributor(request, 0);
  const adminToken = await token(request, admin.email, admin.password);
  await openReview(page, request, c.user.username);

  // The user's three suggestions, newest (the change) first.
  const rows = page.locator('tr[data-suggestion]');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toHaveAttribute('data-suggestion', c.update);

  // The change as a field diff, with the map preview of the old and new place.
  await page.getByRole('button', { name: `${t.showDataModel} ${c.update}` }).click();
  const detail = page.locator(`[data-detail="${c.update}"]`);
  await expect(detail).toContainText(`name: ${String(c.marker.name)}`);
  await expect(detail).toContainText(`name: Renamed by ${c.user.username}`);
  await expect(detail.getByRole('img', { name: new RegExp(`^${t.previewAfter}:`) })).toBeVisible();
  await expect(detail).toContainText(t.authorRecord(0, 0, 3));
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(page, 'review-diff-1440.png', { fullPage: true });

  // Keyboard: the first row is current; 'a' approves it and it leaves the list at once.
  await page.getByRole('heading', { name: t.title }).click();
  await page.keyboard.press('a');
  await expect(page.locator(`tr[data-suggestion="${c.update}"]`)).toHaveCount(0);
  await expect.poll(async () => (await suggestionOf(request, adminToken, c.update)).status).toBe('ACCEPTED');

  // Bulk: reject everything of this user on the map of the new markers, once confirmed.
  await page.getByRole('button', { name: `${t.rejectAll} ${addMap}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: t.rejectConfirm }).click();
  await expect(rows).toHaveCount(0);
  for (const id of c.adds) {
    await expect.poll(async () => (await suggestionOf(request, adminToken, id)).status).toBe('REJECTED');
  }

  // History: revert the approved change; the marker is as it was.
  await page.getByRole('tab', { name: t.history }).click();
  const revert = page.getByRole('button', { name: `${t.revert} ${c.update}` });
  await revert.click();
  await expect(page.getByText(t.reverted)).toBeVisible();
  await expect(revert).toHaveCount(0);
  const restored = (await (await request.get(`/api/placedmarker/${String(c.marker._id)}`)).json()) as Json;
  expect(restored.name).toBe(c.marker.name);
  expect(restored.lat).toBe(c.marker.lat);
  expect((await suggestionOf(request, adminToken, c.update)).status).toBe('REVIEW_REQUESTED');
  await request.post('/api/admin/suggestions/reject', {
    headers: auth(adminToken),
    data: { suggestionIds: [c.update] },
  });
});

test('Open Parent opens the map showing only suggestions, and alerts for a missing map or a game parent', async ({
  page,
  request,
}) => {
  const c = await contributor(request, 1);
  const adminToken = await token(request, admin.email, admin.password);
  // A map that is removed after a suggestion was made on it, and a suggested category (parent: a game).
  const mapId = `fz_review_${c.user.username}`.toLowerCase();
  const created = await request.put('/api/admin/map', {
    headers: auth(adminToken),
    data: { _id: mapId, gameId, name: 'Short-lived map' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await suggest(request, c.bearer, newMarker('On a map that goes', mapId));
  expect((await request.delete(`/api/admin/map/${mapId}`, { headers: auth(adminToken) })).ok()).toBe(true);
  await suggest(request, c.bearer, {
    type: 'CATEGORY',
    action: 'ADD',
    parentId: gameId,
    data: { name: `Cellars ${c.user.username}`, gameId },
  });

  await loginWithToken(page, request, admin.email, admin.password);
  await page.goto('/suggestion-review?type=PLACED_MARKER');
  await page.getByLabel(t.userNameLabel).fill(c.user.username);
  await expect(page.getByRole('status')).toHaveText(t.userCount(c.user.username, 5));

  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: `${t.openParent} ${addMap}` }).click();
  const map = await popup;
  await expect(map).toHaveURL(
    new RegExp(`/game/${gameId}/maps/${addMap}\\?suggestMode=true&onlySuggestions=true$`),
  );
  await expect(map.getByRole('button', { name: editingMessages.showAllMarkers })).toBeVisible();
  await map.close();

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: `${t.openParent} ${mapId}` }).click();
  await expect.poll(() => alerts).toEqual([messages.gameMapNotFound(mapId)]);

  await page.getByRole('tab', { name: /^CATEGORY/ }).click();
  await expect(page.getByRole('heading', { name: t.suggestionType('CATEGORY') })).toBeVisible();
  await page
    .getByRole('button', { name: `${t.openParent} ${gameId}` })
    .first()
    .click();
  await expect
    .poll(() => alerts)
    .toEqual([messages.gameMapNotFound(mapId), messages.parentTypeNotImplemented('game', gameId)]);

  await request.post('/api/admin/suggestions/reject', {
    headers: auth(adminToken),
    data: { username: c.user.username },
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`review page in ${scheme}`, () => {
    test.use({ colorScheme: scheme, bypassCSP: true });

    test(`has no serious axe violations and fits a phone (${scheme})`, async ({ page, request }) => {
      const c = await contributor(request, scheme === 'light' ? 2 : 3);
      await openReview(page, request, c.user.username);
      await page.getByRole('button', { name: `${t.showDataModel} ${c.adds[0]}` }).click();
      await expect(page.locator(`[data-detail="${c.adds[0]}"]`)).toContainText(t.newRecord);
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1440, height: 900 });
      await reviewShot(page, `review-${scheme}-1440.png`, { fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await reviewShot(page, `review-${scheme}-390.png`, { fullPage: true });
      // No sideways scrolling of the page itself on a phone (tables scroll inside their frame).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole('tab', { name: t.history }).click();
      await expect(page.getByRole('table').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const adminToken = await token(request, admin.email, admin.password);
      await request.post('/api/admin/suggestions/reject', {
        headers: auth(adminToken),
        data: { username: c.user.username },
      });
    });
  });
}
