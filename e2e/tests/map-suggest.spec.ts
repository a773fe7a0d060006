import { constants } from '@waypoint/shared/constants';
import { editingMessages } from '@waypoint/shared/map/editing-messages';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { decodeMarkerChunk } from '@waypoint/shared/map/marker-chunks';
import type { MapMarkerData } from '@waypoint/shared/map/marker-data';
import { messages } from '@waypoint/shared/messages';
import { reviewMessages } from '@waypoint/shared/review-messages';
import { admin, createConfirmedUser, expect, test } from '../support/fixtures.ts';
import { markerSlots, showMarkerOf, waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';
import {
  coloursRightOf,
  hasColourNear,
  loginWithToken,
  markerPoint,
  tintedIds,
  tintOf,
} from '../support/suggest.ts';

const mapId = 'fz_coast_harbor';
const mapPath = `/game/frontier_zone/maps/${mapId}`;
const green = constants.suggestionColors.ADD;
const red = constants.suggestionColors.DELETE;

interface Suggestion {
  _id: string;
  action: string;
  status: string;
  targetId: string;
  username: string;
  data: string;
}

async function ownSuggestions(request: import('@playwright/test').APIRequestContext, token: string) {
  const query = encodeURIComponent(JSON.stringify({ parentId: mapId, type: 'PLACED_MARKER' }));
  const res = await request.get(`/api/suggestions?query=${query}&limit=10000`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Suggestion[] }).data;
}

test('a guest in suggest mode is asked to log in', async ({ page }) => {
  await page.goto(mapPath);
  await waitForMap(page);
  await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
  const tools = page.getByTestId('suggest-tools');
  await expect(tools).toContainText(/Cartographer: guest\d+/);
  await expect(tools).toContainText(messages.registeredUserNeeded);
  await expect(tools.getByRole('button', { name: 'Delete marker' })).toHaveCount(0);
  const login = tools.getByRole('link', { name: 'Login' });
  await expect(login).toHaveAttribute('href', `/login?nextUrl=${encodeURIComponent(mapPath)}`);
  await page.getByRole('button', { name: editingMessages.deactivateSuggestions }).click();
  await expect(page.getByRole('button', { name: mapMessages.activateSuggestions })).toBeVisible();
});

test('a player suggests a new marker, moves it and suggests removing another', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = await createConfirmedUser(request);
  const token = await loginWithToken(page, request, user.email, user.password);
  await page.goto(`${mapPath}?markerDefinitions=fz_loot_cache`);
  await waitForMap(page);

  // Without suggest mode there is no '+' for players.
  await expect(page.getByRole('button', { name: 'Place Loot Cache' })).toHaveCount(0);
  await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
  const tools = page.getByTestId('suggest-tools');
  await expect(tools).toContainText(`Cartographer: ${user.username}`);
  await expect(tools.getByRole('button', { name: 'Accept suggestion' })).toHaveCount(0);

  // Place: '+' on the definition, then a click on the map.
  const plus = page.getByRole('button', { name: 'Place Loot Cache' });
  await plus.click();
  await expect(plus).toHaveAttribute('aria-pressed', 'true');
  await expect(tools).toContainText(editingMessages.placingHint('Loot Cache'));
  const box = (await page.getByTestId('map').boundingBox())!;
  const placed = page.waitForResponse(
    (r) => r.url().includes(`/api/markers/${mapId}?suggestMode=true`) && r.request().method() === 'POST',
  );
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  expect((await placed).status()).toBe(201);
  await expect(page.getByText(messages.suggestionAdded)).toBeVisible();
  let mine = await ownSuggestions(request, token);
  expect(mine).toHaveLength(1);
  const added = mine[0];
  expect(added).toMatchObject({ action: 'ADD', status: 'SAVED' });
  // The new marker is drawn as a suggestion (its id is the suggestion's), ringed green.
  await expect.poll(() => tintOf(page, added._id)).toBe(1);
  await markerPoint(page, added._id);
  await expect.poll(async () => hasColourNear(await coloursRightOf(page, added._id), green)).toBe(true);
  await reviewShot(page, 'map-suggest-1440.png');

  // Move: drag the suggested marker; the suggestion's position changes on the server.
  await plus.click();
  await expect(plus).toHaveAttribute('aria-pressed', 'false');
  const move = tools.getByRole('button', { name: 'Move marker' });
  await move.click();
  await expect(move).toHaveAttribute('aria-pressed', 'true');
  // Entering Move shows completed and future quests.
  await expect(page.getByTestId('sidebar-right').getByLabel('Show completed')).toBeChecked();
  const from = await markerPoint(page, added._id);
  const before = JSON.parse(added.data) as { lat: number; lng: number };
  const moved = page.waitForResponse(
    (r) => r.url().includes(`/api/markers/${added._id}?suggestMode=true`) && r.request().method() === 'PATCH',
  );
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let k = 1; k <= 10; k++) await page.mouse.move(from.x + 8 * k, from.y + 5 * k);
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  mine = await ownSuggestions(request, token);
  const after = JSON.parse(mine[0].data) as { lat: number; lng: number };
  expect(after.lng).toBeGreaterThan(before.lng);
  expect(after.lat).toBeLessThan(before.lat);
  // Pressing the active tool again returns to no tool.
  await move.click();
  await expect(move).toHaveAttribute('aria-pressed', 'false');

  // Delete: a click on an existing marker suggests its removal; it turns red.
  const del = tools.getByRole('button', { name: 'Delete marker' });
  await del.click();
  const target = await showMarkerOf(page, 'fz_loot_cache', { slot: markerSlots.suggestRemoval });
  expect(await tintOf(page, target.id)).toBe(0);
  const point = await markerPoint(page, target.id);
  const removed = page.waitForResponse(
    (r) =>
      r.url().includes(`/api/markers/${target.id}?suggestMode=true`) && r.request().method() === 'DELETE',
  );
  await page.mouse.click(point.x, point.y);
  expect(await (await removed).json()).toMatchObject({ isSuggestion: true, outcome: 'suggested' });
  await expect.poll(() => tintOf(page, target.id)).toBe(3);
  await expect.poll(async () => hasColourNear(await coloursRightOf(page, target.id), red)).toBe(true);
  await expect(page.getByTestId('marker-popup')).toHaveCount(0);

  // Deleting one's own suggestion withdraws it: the suggested marker disappears.
  await markerPoint(page, added._id);
  const withdraw = page.waitForResponse(
    (r) =>
      r.url().includes(`/api/markers/${added._id}?suggestMode=true`) && r.request().method() === 'DELETE',
  );
  const again = await markerPoint(page, added._id);
  await page.mouse.click(again.x, again.y);
  expect(await (await withdraw).json()).toMatchObject({ outcome: 'withdrawn' });
  await expect.poll(() => tintOf(page, added._id)).toBe(-1);
  mine = await ownSuggestions(request, token);
  expect(mine.map((s) => s.action)).toEqual(['DELETE']);
});

test('an admin reviews a player’s suggestions on the map and accepts them', async ({ page, request }) => {
  // A player's suggestion, made through the API.
  const user = await createConfirmedUser(request);
  const login = await request.post('/api/users/login', {
    data: { email: user.email, password: user.password },
  });
  const userToken = ((await login.json()) as { token: string }).token;
  const created = await request.post(`/api/markers/${mapId}?suggestMode=true`, {
    headers: { authorization: `Bearer ${userToken}` },
    data: { markerDefinitionId: 'fz_loot_cache', name: `Crate of ${user.username}`, lat: -70, lng: 90 },
  });
  expect(created.status()).toBe(201);
  const suggestion = ((await created.json()) as { suggestion: Suggestion }).suggestion;

  await page.setViewportSize({ width: 1440, height: 900 });
  await loginWithToken(page, request, admin.email, admin.password);
  await page.goto(`${mapPath}?markerDefinitions=fz_loot_cache`);
  await waitForMap(page);
  await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
  const tools = page.getByTestId('suggest-tools');
  await expect(tools.getByRole('button', { name: 'Accept suggestion' })).toBeVisible();

  // The player's suggestion is drawn, tinted green.
  await expect.poll(() => tintOf(page, suggestion._id)).toBe(1);
  const authors = page.getByTestId('suggestion-authors');
  const group = authors.getByTestId(`author-${user.username}`);
  await expect(group).toContainText('1 added');

  // Show only suggested markers: every drawn marker is a suggestion.
  await tools.getByRole('button', { name: editingMessages.showOnlySuggested }).click();
  await expect(tools.getByRole('button', { name: editingMessages.showAllMarkers })).toBeVisible();
  const onlyTinted = () =>
    page.evaluate(() => {
      const { store } = (
        window as unknown as {
          __waypointProbe: { store: { size: number; visible: Uint8Array; tint: Uint8Array } };
        }
      ).__waypointProbe;
      let shown = 0;
      for (let i = 0; i < store.size; i++) {
        if (!store.visible[i]) continue;
        if (!store.tint[i]) return -1;
        shown++;
      }
      return shown;
    });
  await expect.poll(onlyTinted).toBeGreaterThan(0);
  // 'Show only this users' keeps that author's suggestions alone.
  await group.getByRole('button', { name: editingMessages.showOnlyThisUser }).click();
  await expect.poll(async () => (await tintedIds(page)).map((t) => t.id)).toEqual([suggestion._id]);
  await markerPoint(page, suggestion._id);
  await reviewShot(page, 'map-suggest-admin-1440.png');

  // Accept All: the group leaves the list and the marker becomes an ordinary marker.
  const accepted = page.waitForResponse((r) => r.url().includes('/api/admin/suggestions/accept'));
  await group.getByRole('button', { name: editingMessages.acceptAll }).click();
  await expect(group).toHaveCount(0);
  expect((await accepted).status()).toBe(200);
  await expect.poll(() => tintOf(page, suggestion.targetId)).toBe(0);

  // A guest sees it in the map's markers (in the one answer, or in a large map's chunks).
  const answer = (await (await request.get(`/api/map/${mapId}/markers`)).json()) as MapMarkerData;
  const ids = [...answer.markers.id];
  for (const [n] of (answer.chunks?.chunks ?? []).entries()) {
    const body = await (await request.get(`/api/map/${mapId}/markers/chunks/${n}`)).body();
    ids.push(
      ...decodeMarkerChunk(
        body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
      ).ids,
    );
  }
  expect(ids).toContain(suggestion.targetId);
});

test('suggest mode on a phone: the tools sit over the map', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createConfirmedUser(request);
  const token = await loginWithToken(page, request, user.email, user.password);
  // A suggestion to remove a marker, so that a tint is on screen.
  await page.goto(`${mapPath}?markerDefinitions=fz_loot_cache`);
  await waitForMap(page);
  const target = await showMarkerOf(page, 'fz_loot_cache', { slot: markerSlots.suggestRemovalPhone });
  const res = await request.delete(`/api/markers/${target.id}?suggestMode=true`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
  const tools = page.getByTestId('suggest-tools');
  await expect(tools.getByRole('button', { name: 'Move marker' })).toBeVisible();
  await expect.poll(() => tintOf(page, target.id)).toBe(3);
  await markerPoint(page, target.id);
  await expect.poll(async () => hasColourNear(await coloursRightOf(page, target.id), red)).toBe(true);
  // The panel stays inside the window and clear of the zoom buttons.
  const panel = (await tools.boundingBox())!;
  const zoom = (await page.locator('.leaflet-control-zoom').boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(zoom.x + zoom.width);
  expect(panel.x + panel.width).toBeLessThanOrEqual(390);
  await reviewShot(page, 'map-suggest-390.png');
});

test('a second contributor votes on and comments a first contributor’s suggestion seen on the map', async ({
  page,
  request,
}) => {
  // Contributor A suggests a marker (through the API).
  const author = await createConfirmedUser(request);
  const login = await request.post('/api/users/login', {
    data: { email: author.email, password: author.password },
  });
  const authorAuth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const created = await request.post(`/api/markers/${mapId}?suggestMode=true`, {
    headers: authorAuth,
    data: { markerDefinitionId: 'fz_loot_cache', name: `Cache of ${author.username}`, lat: -60, lng: 80 },
  });
  expect(created.status()).toBe(201);
  const suggestion = ((await created.json()) as { suggestion: Suggestion }).suggestion;

  // Contributor B sees it on the map in suggest mode, tinted as a new marker.
  await page.setViewportSize({ width: 1440, height: 900 });
  const voter = await createConfirmedUser(request);
  await loginWithToken(page, request, voter.email, voter.password);
  await page.goto(`${mapPath}?markerDefinitions=fz_loot_cache`);
  await waitForMap(page);
  await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
  await expect.poll(() => tintOf(page, suggestion._id)).toBe(1);

  // B opens it, votes and comments.
  const point = await markerPoint(page, suggestion._id);
  await page.mouse.click(point.x, point.y);
  const discussion = page.getByTestId('suggestion-discussion');
  await discussion.getByRole('button', { name: `${editingMessages.upvote} (0)` }).click();
  await expect(discussion.getByRole('button', { name: `${editingMessages.upvote} (1)` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await discussion.getByLabel(editingMessages.addComment).fill('Found it here as well');
  await discussion.getByRole('button', { name: editingMessages.sendComment }).click();
  await expect(discussion.getByRole('listitem').filter({ hasText: 'Found it here as well' })).toContainText(
    voter.username,
  );
  // The popup opened clear of the tools panel over the map's top: its heading is not hidden.
  const panelBottom = await page
    .getByTestId('suggest-tools')
    .evaluate((el) => el.getBoundingClientRect().bottom);
  await expect
    .poll(() => page.getByTestId('marker-popup').evaluate((el) => el.getBoundingClientRect().top))
    .toBeGreaterThanOrEqual(panelBottom);
  await reviewShot(page, 'map-suggest-others-1440.png');

  // The switch hides others' suggestions (and shows them again).
  const others = page.getByTestId('others-suggestions-switch');
  await others.click();
  await expect.poll(() => tintOf(page, suggestion._id)).toBe(-1);
  await others.click();
  await expect.poll(() => tintOf(page, suggestion._id)).toBe(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await markerPoint(page, suggestion._id);
  await reviewShot(page, 'map-suggest-others-390.png');

  // A sees the count and the comment.
  const votes = await request.get(`/api/suggestions/${suggestion._id}/votes`, { headers: authorAuth });
  expect(await votes.json()).toEqual({ upvotes: 1, downvotes: 0, vote: 0, own: true });
  const comments = await request.get(`/api/suggestions/${suggestion._id}/comments`, { headers: authorAuth });
  expect(((await comments.json()) as { username: string }[]).map((c) => c.username)).toEqual([
    voter.username,
  ]);
});

test('an admin’s Reject All on the map asks first and may give the author a reason', async ({
  page,
  request,
}, _testInfo) => {
  const user = await createConfirmedUser(request);
  const login = await request.post('/api/users/login', {
    data: { email: user.email, password: user.password },
  });
  const userToken = ((await login.json()) as { token: string }).token;
  for (const [lat, lng] of [
    [-74, 96],
    [-76, 98],
  ]) {
    const created = await request.post(`/api/markers/${mapId}?suggestMode=true`, {
      headers: { authorization: `Bearer ${userToken}` },
      data: { markerDefinitionId: 'fz_loot_cache', name: `Doubtful crate of ${user.username}`, lat, lng },
    });
    expect(created.status()).toBe(201);
  }

  await loginWithToken(page, request, admin.email, admin.password);
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`${mapPath}?markerDefinitions=fz_loot_cache`);
    await waitForMap(page);
    await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
    if (size.width < 768) await page.getByRole('button', { name: mapMessages.markers }).click();
    const group = page.getByTestId('suggestion-authors').getByTestId(`author-${user.username}`);
    await expect(group).toContainText('2 added');
    await group.getByRole('button', { name: editingMessages.rejectAll }).click();
    const dialog = page.getByRole('dialog', { name: reviewMessages.rejectTitle(2) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(reviewMessages.rejectLead)).toBeVisible();
    await reviewShot(page, `reject-all-${size.width}.png`);
    // Cancel keeps every suggestion open.
    await dialog.getByRole('button', { name: reviewMessages.rejectCancel }).click();
    await expect(dialog).toBeHidden();
    await expect(group).toContainText('2 added');
  }

  await page
    .getByTestId('suggestion-authors')
    .getByTestId(`author-${user.username}`)
    .getByRole('button', { name: editingMessages.rejectAll })
    .click();
  const dialog = page.getByRole('dialog', { name: reviewMessages.rejectTitle(2) });
  await dialog.getByLabel(reviewMessages.rejectReason).fill('Both are inside a wall');
  const rejected = page.waitForResponse((r) => r.url().includes('/api/admin/suggestions/reject'));
  await dialog.getByRole('button', { name: reviewMessages.rejectConfirm }).click();
  expect((await rejected).status()).toBe(200);
  await expect(page.getByTestId(`author-${user.username}`)).toHaveCount(0);
  // The author reads the reason in the decisions' notifications.
  await expect
    .poll(async () => {
      const res = await request.get('/api/notifications', {
        headers: { authorization: `Bearer ${userToken}` },
      });
      const body = (await res.json()) as { data: { kind: string; reason: string }[] };
      return body.data.map((n) => n.reason);
    })
    .toEqual(['Both are inside a wall', 'Both are inside a wall']);
});
