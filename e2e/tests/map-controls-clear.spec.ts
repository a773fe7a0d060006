import { editingMessages } from '@waypoint/shared/map/editing-messages';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { pinsMessages } from '@waypoint/shared/pins/pins-messages';
import { coveredPoints, overlap } from '../support/cover.ts';
import { createConfirmedUser, expect, type Page, test, visitorPage } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginWithToken } from '../support/suggest.ts';

const hospital = '/game/frontier_zone/maps/fz_city_hospital';
const bunker = '/game/frontier_zone/maps/fz_north_bunker';
const sizes = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The newest popup's box (one closing may still be fading out). */
const popupOf = (page: Page) => page.locator('.leaflet-popup').last();

/** Waits until the map stands still (a fly or an auto-pan has ended). */
const settled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.querySelector('.leaflet-map-pane') as HTMLElement | null;
        const before = el?.style.transform;
        return new Promise<boolean>((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => done(el?.style.transform === before))),
        );
      }),
    )
    .toBe(true);

for (const size of sizes) {
  test(`a popup opened from a search result is clear of the map's controls (${size.width}px)`, async ({
    page,
    request,
  }, _testInfo) => {
    const user = await createConfirmedUser(request);
    await loginWithToken(page, request, user.email, user.password);
    await page.setViewportSize(size);
    await page.goto(`${hospital}?level=1`);
    await waitForMap(page);
    await expect(page.getByTestId('pin-controls')).toBeVisible();
    const box = page.getByTestId('map-search');
    if (!(await box.isVisible())) await page.getByRole('button', { name: mapMessages.markers }).click();
    await box.fill('Safe (North');
    const result = page.getByTestId('map-search-results').locator('[data-kind="marker"]').first();
    await expect(result).toBeVisible();
    await result.click();
    await expect(popupOf(page)).toBeVisible();
    await settled(page);
    // Every part of the popup (its title, its text, its ×) is seen: no control lies over it.
    await expect
      .poll(() =>
        coveredPoints(popupOf(page).locator('.leaflet-popup-content-wrapper'), 6, 4, 14, '.leaflet-popup'),
      )
      .toEqual([]);
    await expect
      .poll(() => coveredPoints(popupOf(page).locator('.leaflet-popup-close-button'), 3, 3))
      .toEqual([]);
    await reviewShot(page, `hospital-popup-${size.width}.png`);

    // With suggestions on, their panel and the pins' toolbar are both whole.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: mapMessages.activateSuggestions }).click();
    const tools = page.getByTestId('suggest-tools');
    await expect(tools.getByRole('button', { name: editingMessages.deactivateSuggestions })).toBeVisible();
    await expect.poll(() => coveredPoints(page.getByTestId('pin-controls'), 4, 2)).toEqual([]);
    expect(overlap(await tools.boundingBox(), await page.getByTestId('pin-controls').boundingBox())).toBe(
      false,
    );
    await reviewShot(page, `hospital-suggest-${size.width}.png`);
  });

  test(`the attribution never covers a control on Cold Bunker (${size.width}px)`, async ({
    page,
  }, _testInfo) => {
    await page.setViewportSize(size);
    await page.goto(bunker);
    await waitForMap(page);
    const attribution = page.locator('.leaflet-control-attribution');
    await expect(attribution).toContainText('Mapwright Guild');
    const controls = [
      page.getByTestId('coords-readout'),
      page.getByTestId('coords').getByRole('button'),
      page.locator('[class*="opener"]'),
      page.locator('.leaflet-control-zoom'),
    ];
    const under: string[] = [];
    const a = await attribution.boundingBox();
    for (const group of controls) {
      for (const control of await group.all()) {
        if (!(await control.isVisible())) continue;
        const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '';
        if (overlap(a, await control.boundingBox())) under.push(name.trim());
        for (const point of await coveredPoints(control, 3, 2, 12)) under.push(`${name.trim()}: ${point}`);
      }
    }
    // The attribution itself is read whole (not cut off by the window).
    await expect.poll(() => coveredPoints(attribution, 4, 2)).toEqual([]);
    await reviewShot(page, `bunker-attribution-${size.width}.png`);
    expect(under).toEqual([]);
  });
}

test('a long pin name stays inside the share dialog; the shared banner and a shared pin popup are read whole on a phone', async ({
  page,
  request,
  browser,
}, _testInfo) => {
  // Two pages, both window sizes, a link made and opened: a long journey on a busy machine.
  test.setTimeout(120_000);
  const user = await createConfirmedUser(request);
  const token = await loginWithToken(page, request, user.email, user.password);
  // A long run without spaces too (a name of joined words).
  const longName = `Walker street ${'NorthGateWarehouseBackEntrance'.repeat(4)}`.slice(0, 100);
  expect(longName).toHaveLength(100);
  const mapId = 'fz_city_center';
  const res = await request.post(`/api/user/pins/${mapId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: longName, note: 'Under the bridge', x: 3072, y: 3072 },
  });
  expect(res.status()).toBe(201);

  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.goto(`/game/frontier_zone/maps/${mapId}`);
    await waitForMap(page);
    await page.getByRole('button', { name: pinsMessages.sharePins }).click();
    const dialog = page.getByTestId('pin-share-dialog');
    await expect(dialog).toBeVisible();
    const name = dialog.getByText(longName);
    await expect(name).toBeVisible();
    // Nothing of the dialog runs out of it or scrolls sideways.
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const inner = await dialog.boundingBox();
    const named = await name.boundingBox();
    expect(named!.x).toBeGreaterThanOrEqual(inner!.x);
    expect(named!.x + named!.width).toBeLessThanOrEqual(inner!.x + inner!.width);
    if (size.width === 390) {
      await dialog.getByLabel(pinsMessages.shareName).fill(longName);
      await dialog.getByLabel(pinsMessages.shareShowName).check();
      await dialog.getByRole('button', { name: pinsMessages.shareCreate }).click();
      await expect(dialog.getByTestId('pin-share-link')).toBeVisible();
    }
    await reviewShot(page, `share-dialog-${size.width}.png`);
    await dialog.getByRole('button', { name: pinsMessages.cancel }).click();
    await expect(dialog).toBeHidden();
  }
  const link = await (async () => {
    const shares = await request.get(`/api/user/pin-shares/${mapId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const [share] = (await shares.json()) as { id: string }[];
    return `/game/frontier_zone/maps/${mapId}?pinShare=${share.id}`;
  })();

  // A visitor on a phone opens the link: the banner's words are all there, and the pin's popup
  // (title and ×) is clear of the banner and of the map's controls.
  const guest = await visitorPage(browser, { viewport: { width: 390, height: 844 } });
  await guest.goto(link);
  await waitForMap(guest);
  const banner = guest.getByTestId('shared-pins-banner');
  await expect(banner).toContainText(pinsMessages.sharedBy(user.username));
  // The whole title is there, on as many lines as it takes, inside the banner.
  await expect(banner).toContainText(longName);
  expect(await banner.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect.poll(() => coveredPoints(banner, 6, 2)).toEqual([]);
  await guest.locator(`.leaflet-marker-pane [aria-label="${longName}"]`).click();
  const popup = guest.getByTestId('shared-pin-popup');
  await expect(popup).toContainText('Under the bridge');
  // The pin's long name wraps inside the popup.
  const content = popupOf(guest).locator('.leaflet-popup-content');
  expect(await content.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await settled(guest);
  await expect
    .poll(() =>
      coveredPoints(popupOf(guest).locator('.leaflet-popup-content-wrapper'), 6, 4, 14, '.leaflet-popup'),
    )
    .toEqual([]);
  await expect
    .poll(() => coveredPoints(popupOf(guest).locator('.leaflet-popup-close-button'), 3, 3))
    .toEqual([]);
  const close = await popupOf(guest).locator('.leaflet-popup-close-button').boundingBox();
  expect(close!.width).toBeGreaterThanOrEqual(24);
  await reviewShot(guest, 'shared-banner-popup-390.png');
  await guest.context().close();
});
