import { randomBytes } from 'node:crypto';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { messages } from '@waypoint/shared/messages';
import { reviewMessages } from '@waypoint/shared/review-messages';
import { admin, createConfirmedUser, expect, type Page, submitLogin, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { loginWithToken } from '../support/suggest.ts';

const hospitalId = 'fz_city_hospital';
const hospital = `/game/frontier_zone/maps/${hospitalId}`;

/** A small valid PNG (64×48, opaque). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSD1slOF86UF2M8/sAAOhY+T5O6AQuwviK7kHdJ3YAFWF+RXci7pG7AAqyvyC7kXVI3YAHWV2QX8i6pG7AA6yuyC3mX1A1YgPUV2YW8S+oGLMD6iuxC3iV1AxZgfUV2Ie+SugELsL4iu5B3Sd2AxwN+/gMk4kV6vRcAAAAASUVORK5CYII=',
  'base64',
);

const pressed = (page: Page) => page.getByTestId('floor-control').locator('button[aria-pressed="true"]');

test('an admin adds a floor to a map, uploads its picture and processes it; the map shows its tiles', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await loginWithToken(page, request, admin.email, admin.password);
  const auth = { authorization: `Bearer ${token}` };
  const mapId = `e2e_floors_${randomBytes(3).toString('hex')}`;
  const levelId = `${mapId}_cellar`;
  expect(
    (
      await request.put('/api/admin/map', {
        headers: auth,
        data: { _id: mapId, gameId: 'frontier_zone', name: 'E2E Floors' },
      })
    ).status(),
  ).toBe(201);
  const file = { name: 'map.png', mimeType: 'image/png', buffer: png };
  expect(
    (
      await request.post(`/api/admin/map/addImage/${mapId}/mapImage`, { headers: auth, multipart: { file } })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.put('/api/admin/maplevel', {
        headers: auth,
        data: { _id: levelId, mapId, level: 0, name: 'Cellar', shortLabel: 'C', isDefault: true },
      })
    ).status(),
  ).toBe(201);

  await page.goto(`/admin/model/maplevel/${levelId}`);
  const widget = page.getByTestId('image-levelImage');
  await expect(widget).toBeVisible({ timeout: 20_000 });
  await widget
    .locator('input[type=file]')
    .setInputFiles({ name: 'cellar.png', mimeType: 'image/png', buffer: png });
  await widget.getByRole('button', { name: 'Add Image (levelImage)' }).click();
  await expect(widget.locator('img')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Process Image' }).click();
  await expect(page.getByTestId('process-status')).toHaveText('DONE', { timeout: 60_000 });
  await expect(page.getByTestId('process-progress')).toHaveAttribute('data-value', '100');

  // The map page asks for the floor's own tiles.
  await page.goto(`/game/frontier_zone/maps/${mapId}`);
  await expect(page.getByTestId('floor-control')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(
          document.querySelectorAll<HTMLImageElement>('.leaflet-tile-container img'),
          (img) => img.src,
        ),
      ),
    )
    .toContainEqual(expect.stringContaining(`--${levelId}/`));
});

test('a suggested marker placed on a floor carries it, and accepted it stays on that floor', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser(request);
  await page.goto(
    `/login?nextUrl=${encodeURIComponent(`${hospital}?level=2&markerDefinitions=fz_loot_cache`)}`,
  );
  await submitLogin(page, user.email, user.password);
  await waitForMap(page);
  await expect(pressed(page)).toHaveAccessibleName('Upper floor');
  await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
  await page.getByRole('button', { name: 'Place Loot Cache' }).click();
  const box = (await page.getByTestId('map').boundingBox())!;
  const placed = page.waitForResponse(
    (r) => r.url().includes(`/api/markers/${hospitalId}?suggestMode=true`) && r.request().method() === 'POST',
  );
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const answer = await placed;
  expect(answer.status()).toBe(201);
  await expect(page.getByText(messages.suggestionAdded)).toBeVisible();
  const sent = JSON.parse(answer.request().postData() ?? '{}') as { level?: number };
  expect(sent.level).toBe(2);

  // The review page previews it on the upper floor.
  const review = page;
  await loginWithToken(review, request, admin.email, admin.password);
  await review.goto('/suggestion-review?type=PLACED_MARKER');
  await expect(
    review.getByRole('heading', { name: reviewMessages.suggestionType('PLACED_MARKER') }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await review.getByLabel(reviewMessages.userNameLabel).fill(user.username);
  await expect(review.getByRole('status')).toHaveText(reviewMessages.userCount(user.username, 1));
  const row = review.locator('tr[data-suggestion]');
  await expect(row).toHaveCount(1);
  const suggestionId = (await row.getAttribute('data-suggestion'))!;
  await review.getByRole('button', { name: `${reviewMessages.showDataModel} ${suggestionId}` }).click();
  const detail = review.locator(`[data-detail="${suggestionId}"]`);
  await expect(detail.getByText(`${reviewMessages.previewAfter} · Upper floor`)).toBeVisible();

  // An admin accepts it: the new marker is on the upper floor.
  const adminLogin = await request.post('/api/users/login', {
    data: { email: admin.email, password: admin.password },
  });
  const auth = { authorization: `Bearer ${((await adminLogin.json()) as { token: string }).token}` };
  const query = encodeURIComponent(JSON.stringify({ parentId: hospitalId, username: user.username }));
  const mine = (await (await request.get(`/api/suggestions?query=${query}`, { headers: auth })).json()) as {
    data: { _id: string; targetId: string }[];
  };
  expect(mine.data).toHaveLength(1);
  const accepted = await request.post('/api/admin/suggestions/accept', {
    headers: auth,
    data: { suggestionIds: [mine.data[0]!._id] },
  });
  expect(accepted.status()).toBe(200);
  const marker = await (await request.get(`/api/placedmarker/${mine.data[0]!.targetId}`)).json();
  expect(marker.level).toBe(2);
});
