import { preparingMessages } from '@waypoint/shared/map/preparing';
import { expect, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

// The demo hospital's floors: Basement (0), Ground floor (1, the default), Upper floor (2).
const mapId = 'fz_city_hospital';
const hospital = `/game/frontier_zone/maps/${mapId}`;

test('a floor whose picture is still being prepared says so, until its picture is ready', async ({
  page,
}, _testInfo) => {
  test.setTimeout(120_000);
  // On a first start the demo maps are drawn in the background, and while the whole map is prepared
  // its own notice speaks for every floor: the journey answers that the map's picture is there.
  await page.route('**/api/maps?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { _id: string; imageProcessStatus?: string; images?: { mapImage?: { version?: string } } }[];
    };
    for (const m of body.data) {
      if (m._id !== mapId) continue;
      m.imageProcessStatus = 'DONE';
      if (m.images?.mapImage) m.images.mapImage.version ||= 'journey';
    }
    await route.fulfill({ response, json: body });
  });
  // The upper floor's picture is being cut into tiles until `ready`; then it names its tiles.
  const upperTiles = `frontier_zone/${mapId}/journey-floor/v1`;
  let ready = false;
  await page.route(`**/api/map/${mapId}/markers`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      levels: { level: number; tilesPath: string; imageProcessStatus: string; version: string }[];
    };
    for (const l of body.levels) {
      if (l.level !== 2) continue;
      Object.assign(
        l,
        ready
          ? { tilesPath: upperTiles, imageProcessStatus: 'DONE', version: 'v1' }
          : { tilesPath: '', imageProcessStatus: 'PROCESSING' },
      );
    }
    await route.fulfill({ response, json: body });
  });
  await page.route(`**/api/map/${mapId}/status?level=2`, (route) =>
    route.fulfill({
      json: ready
        ? { status: 'DONE', progress: 100, version: 'v1' }
        : { status: 'PROCESSING', progress: 40, version: 'v1' },
    }),
  );
  const note = page.getByRole('status').filter({ hasText: preparingMessages.floorPreparing('Upper floor') });
  const control = page.getByTestId('floor-control');

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(hospital);
    await waitForMap(page);
    await expect(note).toHaveCount(0);
    await control.getByRole('button', { name: 'Upper floor' }).click();
    await expect(note).toBeVisible();
    await expect(note).toContainText(preparingMessages.floorMeanwhile);
    await reviewShot(page, `floor-preparing-${size.width}.png`);
    // Another floor: the note is of the floor shown only.
    await control.getByRole('button', { name: 'Ground floor' }).click();
    await expect(note).toHaveCount(0);
  }

  // The picture is done: the page learns it without a reload and the note goes.
  await control.getByRole('button', { name: 'Upper floor' }).click();
  await expect(note).toBeVisible();
  ready = true;
  await expect(note).toHaveCount(0);
  // The floor's own tiles show.
  await expect
    .poll(() =>
      page.evaluate(
        (path) =>
          Array.from(document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')).some((t) =>
            t.src.includes(path),
          ),
        upperTiles,
      ),
    )
    .toBe(true);
});
