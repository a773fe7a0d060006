import { expect, test } from '../support/fixtures.ts';
import { drawFacts, waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';
import { mapAtRest } from '../support/settle.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

/** Labels the marker canvas drew and left out (overlapping) in its last draw, at a zoom. */
async function labelsAt(page: import('@playwright/test').Page, zoom: number) {
  const before = (await drawFacts(page)).drawn;
  await page.evaluate((z) => {
    const { map, store } = window.__waypointProbe!;
    // Every marker with its name label: far more than the screen can hold at a low zoom.
    for (const d of store.definitions as { showNameLabel?: boolean }[]) d.showNameLabel = true;
    store.visible.fill(1);
    map.setView([store.latLng(0)[0], store.latLng(0)[1]], z, { animate: false });
  }, zoom);
  await expect.poll(async () => (await drawFacts(page)).drawn).toBeGreaterThan(before);
  await mapAtRest(page);
  const { labels: shown, labelsHidden: hidden } = await drawFacts(page);
  return { shown, hidden };
}

test('crowded name labels are left out rather than drawn over each other, and come back when zooming in', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(mapPath);
  await waitForMap(page);
  const max = await page.evaluate(() => window.__waypointProbe!.map.getMaxZoom());
  const far = await labelsAt(page, max - 1.5);
  expect(far.shown).toBeGreaterThan(0);
  expect(far.hidden).toBeGreaterThan(0);
  await reviewShot(page, 'labels-390.png');
  const near = await labelsAt(page, max);
  expect(near.shown).toBeGreaterThan(0);
  // Zoomed in on the same place, a larger share of the labels in view fits.
  expect(near.shown / (near.shown + near.hidden)).toBeGreaterThan(far.shown / (far.shown + far.hidden));
});
