import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { communityMessages } from '@waypoint/shared/community-messages';
import { editingMessages } from '@waypoint/shared/map/editing-messages';
import { createConfirmedUser, expect, type Page, submitLogin, test } from '../support/fixtures.ts';
import { clickMarker, drawFacts, markerSlots, showMarker, showMarkerOf, waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

async function loginTo(page: Page, request: APIRequestContext, target: string) {
  const user = await createConfirmedUser(request);
  await page.goto(`/login?nextUrl=${encodeURIComponent(target)}`);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/fz_coast_harbor/);
  await waitForMap(page);
  return user;
}

/** The signed-in user's bearer header, from the session cookie the page keeps. */
async function authOf(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === 'waypoint-cookie');
  expect(cookie).toBeDefined();
  return { authorization: `Bearer ${decodeURIComponent(cookie?.value ?? '')}` };
}

interface Suggestion {
  _id: string;
  type: string;
  action: string;
  targetId: string;
  data: string;
}

async function mySuggestions(request: APIRequestContext, context: BrowserContext): Promise<Suggestion[]> {
  const res = await request.get('/api/suggestions?limit=100', { headers: await authOf(context) });
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

/** Clicks the map at a point given as fractions of its size. */
async function clickMapAt(page: Page, fx: number, fy: number) {
  const box = await page.getByTestId('map').boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

test('a user in suggest mode draws a polygon corner by corner and saves it as a suggestion', async ({
  page,
  request,
  context,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginTo(page, request, `${mapPath}?markerDefinitions=fz_danger_zone&suggestMode=true`);
  await page.getByTestId('sidebar-left').getByRole('button', { name: 'Place Danger Zone' }).click();
  const panel = page.getByTestId('draw-panel');
  await expect(panel.getByRole('heading', { name: 'Polygon Actions' })).toBeVisible();
  await expect(panel).toContainText('Start placing the points of the polygon by clicking on the map');
  // No corner yet: no buttons.
  await expect(panel.getByRole('button', { name: 'Save' })).toHaveCount(0);

  const corners = [
    [0.35, 0.35],
    [0.6, 0.32],
    [0.65, 0.6],
    [0.4, 0.66],
    [0.3, 0.5],
  ] as const;
  for (const [n, [fx, fy]] of corners.entries()) {
    await clickMapAt(page, fx, fy);
    await expect(page.locator('.wp-draw-corner')).toHaveCount(n + 1);
  }
  await reviewShot(page, 'draw-1440.png');
  await panel.getByRole('button', { name: 'Remove Last Corner' }).click();
  await expect(page.locator('.wp-draw-corner')).toHaveCount(4);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Suggestion added')).toBeVisible();
  await expect(page.locator('.wp-draw-corner')).toHaveCount(0);

  const added = (await mySuggestions(request, context)).filter(
    (s) => s.type === 'PLACED_MARKER' && s.action === 'ADD',
  );
  expect(added).toHaveLength(1);
  const data = JSON.parse(added[0]!.data);
  expect(data.markerDefinitionId).toBe('fz_danger_zone');
  expect(data.polygonPoints).toHaveLength(4);

  // Cancel returns to no tool; the phone layout shows the panel as a bottom drawer.
  await panel.getByRole('button', { name: 'Close polygon actions' }).click();
  await expect(panel).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Markers', exact: true }).click();
  await page.getByTestId('sidebar-left').getByRole('button', { name: 'Place Patrol Route' }).click();
  // The sheet steps aside by itself for the map.
  await expect(page.getByTestId('sidebar-left')).toHaveAttribute('data-open', 'false');
  await expect(panel.getByRole('heading', { name: 'Route Actions' })).toBeVisible();
  await clickMapAt(page, 0.3, 0.5);
  await clickMapAt(page, 0.7, 0.6);
  await expect(page.locator('.wp-draw-corner')).toHaveCount(2);
  await reviewShot(page, 'draw-390.png');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.locator('.wp-draw-corner')).toHaveCount(0);
});

test("a user edits a marker through 'Editing marker', then discusses the suggestion from its popup and sees others' votes", async ({
  page,
  request,
  context,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // A long journey (edit with a picture, comment, vote, reload, phone layout) on two shared cores.
  test.setTimeout(90_000);
  const user = await loginTo(page, request, `${mapPath}?markerDefinitions=fz_intel&suggestMode=true`);
  // Other journeys' open suggestions on this map (a polygon drawn over the harbour) would take the
  // clicks meant for this marker; the switch is kept over the reload below.
  const othersSwitch = page.getByTestId('others-suggestions-switch');
  await othersSwitch.click();
  await expect(othersSwitch).toHaveAttribute('aria-pressed', 'true');
  const marker = await showMarkerOf(page, 'fz_intel', { placed: true, slot: markerSlots.editMarker });
  await clickMarker(page, marker.id);
  await page.getByTestId('marker-popup').getByRole('button', { name: 'Edit' }).click();
  const panel = page.getByTestId('edit-marker-panel');
  await expect(panel.getByRole('heading', { name: 'Editing marker' })).toBeVisible();
  await expect(panel.getByLabel('Name')).not.toHaveValue('');
  // The marker itself keeps its name until the suggestion is accepted.
  const originalName = await panel.getByLabel('Name').inputValue();
  // The panel leaves the Cartographer toolbar and the marker in view.
  const [toolbar, box] = [await page.getByTestId('suggest-tools').boundingBox(), await panel.boundingBox()];
  const apart = (a: typeof box, b: typeof box) =>
    a!.x + a!.width <= b!.x ||
    b!.x + b!.width <= a!.x ||
    a!.y + a!.height <= b!.y ||
    b!.y + b!.height <= a!.y;
  expect(apart(toolbar, box)).toBe(true);
  const at = await page.evaluate((id) => {
    const { map, store } = window.__waypointProbe!;
    const p = map.latLngToContainerPoint(store.latLng(store.indexOf(id)));
    const r = map.getContainer().getBoundingClientRect();
    return { x: r.left + p.x, y: r.top + p.y, width: 1, height: 1 };
  }, marker.id);
  expect(apart(at, box)).toBe(true);
  // Every floor is an empty Level box, not a raw -1; the description can be previewed as it will be stored.
  await expect(panel.getByLabel('Level')).toHaveValue('');
  await expect(panel.getByLabel('Level')).toHaveAttribute('placeholder', 'All floors');
  await panel.getByLabel('Description').fill('<b>Bold</b> note<script>alert(1)</script>');
  await panel.getByLabel('Preview').check();
  await expect(panel.getByTestId('description-preview').locator('b')).toHaveText('Bold');
  await expect(panel.getByTestId('description-preview').locator('script')).toHaveCount(0);
  await panel.getByLabel('Preview').uncheck();
  await panel.getByLabel('Name').fill('Intel drop (moved north)');
  await panel.getByLabel('Level').fill('7');
  await panel.getByLabel('Image 1').fill('javascript:alert(1)');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Use an http:// or https:// image address')).toBeVisible();
  await expect(panel.getByLabel('Image 1')).toHaveAttribute('aria-invalid', 'true');
  await reviewShot(page, 'edit-1440.png');
  // Suggested images are fetched when suggested: one this server serves.
  await panel.getByLabel('Image 1').fill(`${baseURL}/favicon.svg`);
  await panel.getByRole('button', { name: 'Save' }).click();
  // The answer waits for the picture to be fetched and decoded in a child process of its own.
  await expect(page.getByText('Suggestion added')).toBeVisible({ timeout: 30_000 });
  await expect(panel).toHaveCount(0);

  const updates = (await mySuggestions(request, context)).filter((s) => s.action === 'UPDATE');
  expect(updates).toHaveLength(1);
  expect(updates[0]!.targetId).toBe(marker.id);
  expect(JSON.parse(updates[0]!.data)).toMatchObject({ name: 'Intel drop (moved north)', level: 7 });

  // The marker's popup now carries the discussion of that suggestion.
  await page.keyboard.press('Escape');
  await showMarker(page, marker.id);
  await clickMarker(page, marker.id);
  const discussion = page.getByTestId('suggestion-discussion');
  await expect(discussion.getByText('No comments yet')).toBeVisible();
  // Comments are plain text: shown as written, markup included, never as HTML.
  const comment = 'Seen it twice near the crane & the pier, x<y and <img src=x onerror=alert(1)>';
  await discussion.getByLabel('Add a comment').fill(comment);
  await discussion.getByRole('button', { name: 'Send' }).click();
  await expect(discussion.getByRole('listitem')).toContainText(comment);
  await expect(discussion.getByRole('listitem').locator('img')).toHaveCount(0);
  await expect(discussion.getByLabel('Add a comment')).toHaveValue('');
  await expect(discussion.getByText(user.username)).toBeVisible();
  // The author sees the votes without buttons: others vote on a suggestion.
  await expect(discussion.getByRole('button', { name: /^Upvote/ })).toHaveCount(0);
  await expect(discussion.getByTestId('own-votes')).toHaveText(editingMessages.ownVotes(0, 0));
  await reviewShot(page, 'popup-discussion-1440.png');

  // Another player's upvote is counted for the author after a reload.
  const voter = await createConfirmedUser(request);
  const voterLogin = await request.post('/api/users/login', {
    data: { email: voter.email, password: voter.password },
  });
  const { token: voterToken } = (await voterLogin.json()) as { token: string };
  const voted = await request.post(`/api/suggestions/${updates[0]!._id}/upvote`, {
    headers: { authorization: `Bearer ${voterToken}` },
  });
  expect(voted.ok()).toBe(true);
  await page.reload();
  await waitForMap(page);
  await showMarker(page, marker.id);
  await clickMarker(page, marker.id);
  // The reloaded page loads its popup and discussion code again: on a busy machine that is slow.
  await expect(page.getByTestId('suggestion-discussion').getByTestId('own-votes')).toHaveText(
    editingMessages.ownVotes(1, 0),
    { timeout: 20_000 },
  );

  // Phone layout of the edit panel.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('marker-popup').getByRole('button', { name: 'Edit' }).click();
  await expect(panel.getByRole('heading', { name: 'Editing marker' })).toBeVisible();
  // The marker is drawn from the player's suggestion now: editing starts from the suggested element.
  await expect(panel.getByLabel('Name')).toHaveValue('Intel drop (moved north)');
  expect(originalName).not.toBe('Intel drop (moved north)');
  await reviewShot(page, 'edit-390.png');
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toHaveCount(0);
});

test("another contributor's suggestion shows on the map, and its edit panel says only its author may change it", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  test.setTimeout(60_000);
  await loginTo(page, request, `${mapPath}?markerDefinitions=fz_intel&suggestMode=true`);
  const marker = await showMarkerOf(page, 'fz_intel', { placed: true, slot: markerSlots.othersSuggestion });
  // Another player suggests a change of that marker.
  const author = await createConfirmedUser(request);
  const login = await request.post('/api/users/login', {
    data: { email: author.email, password: author.password },
  });
  const { token } = (await login.json()) as { token: string };
  const suggested = await request.patch(`/api/markers/${marker.id}?suggestMode=true`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: "Someone else's idea" },
  });
  expect(suggested.ok()).toBe(true);

  await page.reload();
  await waitForMap(page);
  await showMarker(page, marker.id);
  await clickMarker(page, marker.id);
  await expect(page.getByTestId('suggestion-discussion')).toBeVisible();
  await page.getByTestId('marker-popup').getByRole('button', { name: 'Edit' }).click();
  const panel = page.getByTestId('edit-marker-panel');
  await expect(panel.getByRole('alert')).toHaveText(communityMessages.notYourSuggestion);
  await expect(panel.getByLabel('Name')).toHaveCount(0);
  await reviewShot(page, 'edit-not-yours-1440.png');
  await panel.getByRole('button', { name: 'Close editing marker' }).click();
  await expect(panel).toHaveCount(0);
});

test('a player confirms a marker and reports another; reported markers are flagged and can be shown alone', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Guests see how fresh a marker is and a hint to log in, nothing to click.
  await page.goto(`${mapPath}?markerDefinitions=fz_valuables`);
  await waitForMap(page);
  const first = await showMarkerOf(page, 'fz_valuables', { slot: markerSlots.confirmMarker });
  await clickMarker(page, first.id);
  const fresh = page.getByTestId('marker-freshness');
  await expect(fresh.getByRole('link', { name: 'Log in to confirm or report this marker' })).toBeVisible();
  await expect(fresh.getByRole('button')).toHaveCount(0);

  await loginTo(page, request, `${mapPath}?markerDefinitions=fz_valuables`);
  await showMarker(page, first.id);
  await clickMarker(page, first.id);
  await fresh.getByRole('button', { name: 'Still here' }).click();
  await expect(fresh).toContainText('Confirmed today');
  await reviewShot(page, 'popup-freshness-1440.png');
  await page.keyboard.press('Escape');

  // Another marker: reported gone.
  const other = (await showMarkerOf(page, 'fz_valuables', { slot: markerSlots.reportMarker })).id;
  await clickMarker(page, other);
  const report = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/markers/${other}/report` && r.request().method() === 'POST',
  );
  await fresh.getByRole('button', { name: 'Gone' }).click();
  expect((await report).ok()).toBe(true);
  // The popup thanks the player. (While the suite runs, the server may finish drawing this map's
  // picture at any moment: the map then takes its tiles and closes the popup, which is opened again.)
  const thanked = fresh.getByText('Thanks! Your report was sent');
  await thanked.waitFor({ timeout: 5_000 }).catch(() => undefined);
  if (await fresh.isVisible()) await expect(thanked).toBeVisible();
  else {
    await showMarker(page, other);
    await clickMarker(page, other);
  }
  await expect(fresh.getByTestId('marker-reported')).toContainText('Reported gone or moved by 1 player');
  await page.keyboard.press('Escape');

  // The map's marker answer now flags it; 'Show only reported markers' leaves only such markers.
  const visible = (id: string) =>
    page.evaluate((markerId) => {
      const { store } = window.__waypointProbe!;
      return store.visible[store.indexOf(markerId)] === 1;
    }, id);
  await page.getByTestId('sidebar-left').getByLabel('Show only reported markers').check();
  await expect.poll(() => visible(other)).toBe(true);
  await expect.poll(() => visible(first.id)).toBe(false);
  await expect.poll(async () => (await drawFacts(page)).flagged).toBeGreaterThan(0);
  await page.getByTestId('sidebar-left').getByLabel('Show only reported markers').uncheck();
  await expect.poll(() => visible(first.id)).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await clickMarker(page, other);
  await expect(fresh).toBeVisible();
  await reviewShot(page, 'popup-390.png');
});

test('on a phone, choosing a place tool in the Markers sheet puts the sheet away so the map can be tapped', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginTo(page, request, `${mapPath}?markerDefinitions=fz_danger_zone&suggestMode=true`);
  await page.getByRole('button', { name: 'Markers', exact: true }).click();
  const sheet = page.getByTestId('sidebar-left');
  await expect(sheet).toHaveAttribute('data-open', 'true');
  await sheet.getByRole('button', { name: 'Place Danger Zone' }).click();
  await expect(sheet).toHaveAttribute('data-open', 'false');
  await expect(page.getByTestId('draw-panel')).toBeVisible();
  // The map takes the tap that places the first corner.
  await clickMapAt(page, 0.5, 0.3);
  await expect(
    page.getByTestId('draw-panel').getByRole('button', { name: 'Remove Last Corner' }),
  ).toBeVisible();
});
