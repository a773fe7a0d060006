import { mapMessages } from '@waypoint/shared/map/map-messages';
import { createConfirmedUser, expect, submitLogin, test } from '../support/fixtures.ts';
import { insertedSoFar, recordInserted } from '../support/inserted.ts';
import { clickMarker, drawnCount, isCompleted, showMarkerOf, waitForMap } from '../support/map.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

/** The number of markers of a definition the store holds. */
const totalOf = (page: import('@playwright/test').Page, definitionId: string) =>
  page.evaluate((defId) => {
    const { store } = window.__waypointProbe!;
    return store.ids.filter((_id, k) => store.definitions[store.def[k]]._id === defId).length;
  }, definitionId);

const visibleCount = (page: import('@playwright/test').Page) =>
  page.evaluate(() => window.__waypointProbe!.store.visible.reduce((n, v) => n + v, 0));

test("a player sees 'found n/total', hides found markers, and the switch is remembered", async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await page.goto(`/login?nextUrl=${encodeURIComponent(`${mapPath}?markerDefinitions=fz_loot_cache`)}`);
  await submitLogin(page, user.email, user.password);
  await waitForMap(page);
  const total = await totalOf(page, 'fz_loot_cache');
  const entry = page.getByTestId('definition-fz_loot_cache');
  await expect(entry).toContainText(`0/${total}`);
  // What cannot be ticked (boss spawns, extracts) shows its plain count: nothing to find there.
  const bosses = await totalOf(page, 'fz_boss');
  await expect(page.getByTestId('definition-fz_boss')).toHaveText(new RegExp(`Boss Spawn${bosses}$`));
  await expect(page.getByTestId('group-found-BOSSES')).toHaveCount(0);

  const marker = await showMarkerOf(page, 'fz_loot_cache');
  await clickMarker(page, marker.id);
  await page.getByTestId('marker-popup').getByLabel('Found', { exact: true }).check();
  await expect.poll(() => isCompleted(page, marker.id)).toBe(true);
  await expect(entry).toContainText(`1/${total}`);
  await expect(
    page
      .locator('section')
      .filter({ has: entry })
      .getByTestId(/^group-found-/),
  ).toContainText(/found 1\/\d+/);

  const before = await visibleCount(page);
  await page.getByLabel(mapMessages.hideFound).check();
  await expect.poll(() => visibleCount(page)).toBe(before - 1);
  await page.reload();
  await waitForMap(page);
  await expect(page.getByLabel(mapMessages.hideFound)).toBeChecked();
  await expect.poll(() => visibleCount(page)).toBe(before - 1);
  await page.getByLabel(mapMessages.hideFound).uncheck();
  await expect.poll(() => visibleCount(page)).toBe(before);
});

test('guests see plain counts and no Hide found switch', async ({ page }) => {
  await page.goto(mapPath);
  await waitForMap(page);
  await expect(page.getByLabel(mapMessages.hideFound)).toHaveCount(0);
  const total = await totalOf(page, 'fz_loot_cache');
  await expect(page.getByTestId('definition-fz_loot_cache')).toHaveText(new RegExp(`Loot Cache${total}$`));
});

test('a shared marker link opens the map at the marker with its popup; the address keeps the view', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto(`${mapPath}?markerDefinitions=fz_valuables`);
  await waitForMap(page);
  const marker = await showMarkerOf(page, 'fz_valuables');
  // The address follows the view.
  await expect(page).toHaveURL(/[?&]lat=-?[\d.]+&lng=[\d.]+&zoom=[\d.]+/);
  await clickMarker(page, marker.id);
  await page.getByTestId('marker-popup').getByRole('button', { name: mapMessages.copyMarkerLink }).click();
  await expect(page.getByText(mapMessages.linkCopied)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain(`marker=${marker.id}`);
  expect(link).toMatch(/lat=-?[\d.]+&lng=[\d.]+&zoom=[\d.]+/);

  // A fresh visitor with nothing enabled: the link turns the definition on and opens the popup.
  const other = await context.newPage();
  await other.goto(link.replace(/markerDefinitions=[^&]*&?/, ''));
  await waitForMap(other);
  await expect(other.getByTestId('marker-popup')).toBeVisible();
  await expect(other.getByTestId('definition-fz_valuables')).toHaveAttribute('aria-pressed', 'true');

  // Back and forward restore the view: leave the map, come back, the position is the same.
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.__waypointProbe!.map.setView([-40, 60], 3, { animate: false }));
  await expect(page).toHaveURL(/lat=-40&lng=60&zoom=3/);
  await page.goto('/game/frontier_zone');
  await page.goBack();
  await waitForMap(page);
  const center = await page.evaluate(() => {
    const { map } = window.__waypointProbe!;
    return { ...map.getCenter(), zoom: map.getZoom() };
  });
  expect(center.lat).toBeCloseTo(-40, 1);
  expect(center.lng).toBeCloseTo(60, 1);
  expect(center.zoom).toBe(3);
  expect(await drawnCount(page)).toBeGreaterThanOrEqual(0);
});

// The popup's code is loaded after the markers are drawn: the first popup opens without the
// placeholder that React keeps up for at least 300 ms once shown.
test('the first marker popup opens without a loading placeholder once the map is drawn', async ({ page }) => {
  await recordInserted(page, '[data-popup-code-loading]');
  await page.goto(`${mapPath}?markerDefinitions=fz_loot_cache`);
  await waitForMap(page);
  // The popup's code has arrived and been evaluated: importing the same address again answers once the
  // page's own import of it has run the module.
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/MarkerPopup-[^/]+\.js$/.test(e.name)),
  );
  await page.evaluate(async () => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => /\/MarkerPopup-[^/]+\.js$/.test(e.name));
    await import(/* @vite-ignore */ entry!.name);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  const marker = await showMarkerOf(page, 'fz_loot_cache');
  await clickMarker(page, marker.id);
  await expect(page.getByTestId('marker-popup')).toBeVisible();
  expect(await insertedSoFar(page)).toEqual([]);
});
