import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { pinsMessages } from '@waypoint/shared/pins/pins-messages';
import { createConfirmedUser, expect, submitLogin, test, visitorPage } from '../support/fixtures.ts';
import { clickMarker, showMarkerOf, waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginWithToken } from '../support/suggest.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor?markerDefinitions=fz_loot_cache';

async function loggedIn(browser: Browser, user: { email: string; password: string }, width = 1280) {
  const page = await visitorPage(browser, { viewport: { width, height: width < 500 ? 844 : 900 } });
  const context = page.context();
  await page.goto(`/login?nextUrl=${encodeURIComponent(mapPath)}`);
  await submitLogin(page, user.email, user.password);
  await waitForMap(page);
  return { context, page };
}

const pinNamed = (page: Page, name: string) => page.locator(`.leaflet-marker-pane [aria-label="${name}"]`);

test('a player adds a pin and a note; they come back after a reload and on another browser, never for another player', async ({
  page,
  request,
  browser,
}) => {
  // Three browsers, two reloads: a long journey on a busy machine.
  test.setTimeout(180_000);
  const user = await createConfirmedUser(request);
  await page.goto(`/login?nextUrl=${encodeURIComponent(mapPath)}`);
  await submitLogin(page, user.email, user.password);
  await waitForMap(page);

  // With the keyboard: the button that places a pin at the map's centre.
  await page.getByRole('button', { name: pinsMessages.addPinAtCentre }).focus();
  await page.keyboard.press('Enter');
  const editor = page.getByTestId('pin-editor');
  await expect(editor).toBeVisible();
  await editor.getByLabel(pinsMessages.name).fill('Hidden <b>stash</b>');
  await editor.getByLabel(pinsMessages.note).fill('Under the pier, bring a key');
  await editor.getByLabel(pinsMessages.colourGreen).check();
  await editor.getByRole('button', { name: pinsMessages.save }).click();
  await expect(editor).toBeHidden();
  const pin = pinNamed(page, 'Hidden <b>stash</b>');
  await expect(pin).toBeVisible();

  // The context menu places one where the pointer is.
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(box.x + box.width / 3, box.y + box.height / 3, { button: 'right' });
  await page.getByTestId('pin-editor').getByLabel(pinsMessages.name).fill('Second pin');
  await page.getByTestId('pin-editor').getByRole('button', { name: pinsMessages.save }).click();
  await expect(pinNamed(page, 'Second pin')).toBeVisible();

  // A note on a placed marker, from its popup.
  const marker = await showMarkerOf(page, 'fz_loot_cache');
  await clickMarker(page, marker.id);
  const popup = page.getByTestId('marker-popup');
  await popup.getByRole('button', { name: pinsMessages.addNote }).click();
  await popup.getByLabel(pinsMessages.myNote).fill('Checked twice, empty');
  await popup.getByRole('button', { name: pinsMessages.save }).click();
  await expect(popup.getByTestId('marker-note')).toContainText('Checked twice, empty');

  await page.reload();
  await waitForMap(page);
  await expect(pinNamed(page, 'Second pin')).toBeAttached();
  await clickMarker(page, marker.id);
  await expect(page.getByTestId('marker-popup').getByTestId('marker-note')).toContainText(
    'Checked twice, empty',
  );

  // The map search finds the player's pins by name or note.
  await page.getByTestId('map-search').fill('under the pier');
  const found = page.getByTestId('map-search-option').filter({ hasText: 'Hidden <b>stash</b>' });
  await expect(found).toHaveAttribute('data-kind', 'pin');
  await found.click();
  await expect(page.getByTestId('pin-popup')).toContainText('Under the pier, bring a key');

  // The same player on another browser sees them; the pin's text is shown as written, not as HTML.
  const second = await loggedIn(browser, user);
  const again = pinNamed(second.page, 'Hidden <b>stash</b>');
  await expect(again).toBeAttached();
  await again.focus();
  await second.page.keyboard.press('Enter');
  const pinPopup = second.page.getByTestId('pin-popup');
  await expect(pinPopup).toContainText('Hidden <b>stash</b>');
  await expect(pinPopup).toContainText('Under the pier, bring a key');
  await expect(pinPopup.locator('b')).toHaveCount(0);
  // Edit from the popup, then delete the second pin.
  await pinPopup.getByRole('button', { name: pinsMessages.editPin }).click();
  await second.page.getByTestId('pin-editor').getByLabel(pinsMessages.name).fill('Stash');
  await second.page.getByTestId('pin-editor').getByRole('button', { name: pinsMessages.save }).click();
  await expect(pinNamed(second.page, 'Stash')).toBeAttached();
  // The open popup may cover it: opened from the keyboard.
  await pinNamed(second.page, 'Second pin').focus();
  await second.page.keyboard.press('Enter');
  await second.page.getByTestId('pin-popup').getByRole('button', { name: pinsMessages.delete }).click();
  await expect(pinNamed(second.page, 'Second pin')).toHaveCount(0);
  // The marker list names the pins in view.
  await second.page.getByTestId('marker-list-button').click();
  await expect(second.page.getByTestId('marker-list-pins')).toContainText('Stash');
  await second.page.getByTestId('marker-list-button').click();
  // The layer can be hidden.
  await second.page.getByRole('button', { name: pinsMessages.layer, exact: true }).click();
  await expect(pinNamed(second.page, 'Stash')).toHaveCount(0);
  await second.page.getByRole('button', { name: pinsMessages.layer, exact: true }).click();
  await expect(pinNamed(second.page, 'Stash')).toBeAttached();
  await second.context.close();

  // Another player sees none of it.
  const other = await loggedIn(browser, await createConfirmedUser(request));
  await expect(other.page.getByTestId('pin-controls')).toBeVisible();
  await expect(other.page.locator('.leaflet-marker-pane [data-pin-id]')).toHaveCount(0);
  await clickMarker(other.page, marker.id);
  await expect(other.page.getByTestId('marker-popup').getByTestId('marker-note')).not.toContainText(
    'Checked twice',
  );
  await other.context.close();
});

test('pins look right at 1440 and 390 px', async ({ request, browser }) => {
  for (const width of [1440, 390]) {
    const { context, page } = await loggedIn(browser, await createConfirmedUser(request), width);
    await page.getByRole('button', { name: pinsMessages.addPinAtCentre }).click();
    const editor = page.getByTestId('pin-editor');
    await editor.getByLabel(pinsMessages.name).fill(`Camp ${width}`);
    await editor.getByLabel(pinsMessages.note).fill('Safe spot with a view of the harbour');
    await editor.getByLabel(pinsMessages.colourPurple).check();
    await reviewShot(page, `editor-${width}.png`);
    await editor.getByRole('button', { name: pinsMessages.save }).click();
    const pin = pinNamed(page, `Camp ${width}`);
    await expect(pin).toBeVisible();
    await pin.click();
    await expect(page.getByTestId('pin-popup')).toBeVisible();
    await reviewShot(page, `popup-${width}.png`);
    await context.close();
  }
});

test('a player exports their pins as GeoJSON and imports a file, seeing what is refused first', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await page.goto(`/login?nextUrl=${encodeURIComponent(mapPath)}`);
  await submitLogin(page, user.email, user.password);
  await waitForMap(page);
  await page.getByRole('button', { name: pinsMessages.addPinAtCentre }).click();
  await page.getByTestId('pin-editor').getByLabel(pinsMessages.name).fill('Exported');
  // The pin shows at once and is written in the background; the export reads what the server has.
  const stored = page.waitForResponse(
    (r) => r.url().includes('/api/user/pins/') && r.request().method() !== 'GET' && r.ok(),
  );
  await page.getByTestId('pin-editor').getByRole('button', { name: pinsMessages.save }).click();
  await expect(pinNamed(page, 'Exported')).toBeVisible();
  await stored;

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: pinsMessages.exportPins }).click();
  const file = await (await download).path();
  const collection = JSON.parse(readFileSync(file, 'utf8'));
  expect(collection.type).toBe('FeatureCollection');
  expect(collection.features).toHaveLength(1);
  expect(collection.features[0].properties.name).toBe('Exported');

  // The file back, with a renamed pin and two features that cannot be pins.
  collection.features[0].properties.name = 'Imported';
  collection.features.push(
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [5, 5],
        ],
      },
      properties: { name: 'Road' },
    },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [999999, 5] }, properties: { name: 'Far' } },
  );
  await page.getByTestId('pin-import-file').setInputFiles({
    name: 'pins.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify(collection)),
  });
  const preview = page.getByTestId('pin-import-preview');
  await expect(preview).toContainText(pinsMessages.importReady(1));
  await expect(preview.getByTestId('pin-import-refused')).toContainText('only Point geometries');
  await expect(preview.getByTestId('pin-import-refused')).toContainText('outside the map');
  // Nothing is written by the preview.
  await expect(pinNamed(page, 'Imported')).toHaveCount(0);
  await preview.getByRole('button', { name: pinsMessages.importAction }).click();
  await expect(preview).toBeHidden();
  await expect(pinNamed(page, 'Imported')).toBeAttached();
  await expect(pinNamed(page, 'Exported')).toBeAttached();
});

test('many pins are dots on one canvas, and a click on one opens it', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/');
  const token = await loginWithToken(page, request, user.email, user.password);
  // More pins than are drawn as DOM markers (300), in a grid near the map's top-left corner.
  const count = 320;
  const features = Array.from({ length: count }, (_, i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [40 + (i % 20) * 24, 40 + Math.floor(i / 20) * 24] },
    properties: { name: `Dot ${i}` },
  }));
  const imported = await request.post('/api/user/pins/fz_coast_harbor/geojson', {
    headers: { authorization: `Bearer ${token}` },
    data: { collection: { type: 'FeatureCollection', features }, preview: false },
  });
  expect(imported.ok(), await imported.text()).toBe(true);

  await page.goto(mapPath);
  await waitForMap(page);
  await expect
    .poll(() =>
      page.evaluate(() => (window as { __waypointProbe?: { pins?: number } }).__waypointProbe?.pins),
    )
    .toBe(count);
  await expect(page.locator('.leaflet-marker-pane [data-pin-id]')).toHaveCount(0);
  await expect(page.locator('.leaflet-marker-pane canvas')).toHaveCount(1);

  // The first dot, where the map draws it.
  const at = await page.evaluate(() => {
    const map = (window as unknown as { __waypointProbe: { map: import('leaflet').Map } }).__waypointProbe
      .map;
    map.setView(map.unproject([40, 40], map.getMaxZoom()), map.getMaxZoom() - 1, { animate: false });
    const point = map.latLngToContainerPoint(map.unproject([40, 40], map.getMaxZoom()));
    return { x: point.x, y: point.y };
  });
  const box = (await page.getByTestId('map').boundingBox())!;
  // The dots are drawn again for the new view on the next frames: click until the popup answers.
  await expect(async () => {
    await page.mouse.click(box.x + at.x, box.y + at.y);
    await expect(page.getByTestId('pin-popup')).toContainText('Dot 0', { timeout: 1_000 });
  }).toPass();
});
