import { expect, type Page, test } from '../support/fixtures.ts';
import { waitForMap, waitForTiles } from '../support/map.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';
const phone = { width: 390, height: 844 };

/** The picture's rectangle in map-container pixels, the container's size and the zoom. */
async function pictureOnScreen(page: Page) {
  return page.evaluate(() => {
    const map = window.__waypointProbe!.map as unknown as {
      eachLayer(fn: (layer: { options: { bounds?: unknown }; getTileUrl?: unknown }) => void): void;
      latLngToContainerPoint(latlng: unknown): { x: number; y: number };
      getSize(): { x: number; y: number };
      getZoom(): number;
      getMaxZoom(): number;
    };
    let bounds: { getNorthWest(): unknown; getSouthEast(): unknown } | undefined;
    map.eachLayer((layer) => {
      if (layer.getTileUrl) bounds = layer.options.bounds as typeof bounds;
    });
    const nw = map.latLngToContainerPoint(bounds!.getNorthWest());
    const se = map.latLngToContainerPoint(bounds!.getSouthEast());
    const size = map.getSize();
    return {
      left: nw.x,
      top: nw.y,
      right: se.x,
      bottom: se.y,
      width: size.x,
      height: size.y,
      zoom: map.getZoom(),
      maxZoom: map.getMaxZoom(),
    };
  });
}

/** Zoom level of a tile address. */
const tileZoom = (url: string) =>
  Number(/\/mapTiles\/[^?]+\/(\d+)\/\d+\/\d+\.png/.exec(url)?.[1] ?? Number.NaN);

test.describe('map page on a phone, 390 x 844', () => {
  test.use({ viewport: phone });

  test('the page does not scroll and the bar covers none of the map', async ({ page }) => {
    await page.goto(mapPath);
    await waitForMap(page);
    const scroll = await page.evaluate(() => {
      window.scrollTo(0, 1000);
      return {
        height: document.scrollingElement!.scrollHeight,
        window: window.innerHeight,
        scrolled: window.scrollY,
      };
    });
    expect(scroll.height).toBeLessThanOrEqual(scroll.window);
    expect(scroll.scrolled).toBe(0);
    const bar = await page.locator('header').first().boundingBox();
    const zoom = await page.locator('.leaflet-control-zoom').boundingBox();
    const map = await page.getByTestId('map').boundingBox();
    expect(zoom!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    expect(map!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
    expect(map!.y + map!.height).toBeLessThanOrEqual(phone.height + 0.5);
  });

  test('the first view fills the screen with the picture, which pans', async ({ page }) => {
    await page.goto(mapPath);
    await waitForMap(page);
    const first = await pictureOnScreen(page);
    // Filled in full along one side...
    const fillsWidth = first.left <= 0.5 && first.right >= first.width - 0.5;
    const fillsHeight = first.top <= 0.5 && first.bottom >= first.height - 0.5;
    expect(fillsWidth || fillsHeight).toBe(true);
    // ...and the whole map area shows the picture, no bands of backdrop.
    const shownWidth = Math.min(first.right, first.width) - Math.max(first.left, 0);
    const shownHeight = Math.min(first.bottom, first.height) - Math.max(first.top, 0);
    expect((shownWidth * shownHeight) / (first.width * first.height)).toBeGreaterThan(0.98);
    // The rest of the picture is a drag away.
    const map = (await page.getByTestId('map').boundingBox())!;
    const y = map.y + map.height / 3;
    await page.mouse.move(map.x + 100, y);
    await page.mouse.down();
    await page.mouse.move(map.x + 250, y, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await pictureOnScreen(page)).left).toBeGreaterThan(first.left + 100);
  });

  test('markers and quests open as sheets over the lower half of the map', async ({ page }) => {
    await page.goto(mapPath);
    await waitForMap(page);
    for (const [name, side] of [
      ['Markers', 'left'],
      ['Quests', 'right'],
    ] as const) {
      await page.getByRole('button', { name, exact: true }).click();
      const sheet = page.getByTestId(`sidebar-${side}`);
      await expect(sheet).toBeVisible();
      const box = (await sheet.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(phone.height / 2);
      expect(box.y + box.height).toBeCloseTo(phone.height, 0);
      expect(box.width).toBeCloseTo(phone.width, 0);
      // The map and its zoom buttons stay in view above it.
      const zoom = (await page.locator('.leaflet-control-zoom').boundingBox())!;
      expect(zoom.y + zoom.height).toBeLessThan(box.y);
      await sheet.getByRole('button', { name: `Close ${name.toLowerCase()}` }).click();
      await expect(sheet).toBeHidden();
    }
  });
});

test.describe('map page on a 2x screen', () => {
  test.use({ viewport: phone, deviceScaleFactor: 2 });

  test('tiles come from the next zoom, never beyond the map’s last one', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/mapTiles/')) urls.push(r.url());
    });
    await page.goto(mapPath);
    await waitForMap(page);
    const first = await pictureOnScreen(page);
    const expected = Math.min(Math.round(first.zoom) + 1, first.maxZoom);
    expect(expected).toBeLessThan(first.maxZoom);
    await expect.poll(() => urls.length).toBeGreaterThan(0);
    expect(new Set(urls.map(tileZoom))).toEqual(new Set([expected]));
    // Tiles of the next zoom are drawn at half their size: one tile pixel per screen pixel.
    const width = await page
      .locator('img.leaflet-tile')
      .first()
      .evaluate((t) => parseFloat(t.style.width));
    expect(width).toBeLessThan(140);

    // The last zoom has no next one: its own tiles, scaled, and nothing beyond.
    urls.length = 0;
    await page.evaluate(() => {
      const { map } = window.__waypointProbe!;
      map.setView([map.getCenter().lat, map.getCenter().lng], map.getMaxZoom(), { animate: false });
    });
    await expect.poll(() => urls.length).toBeGreaterThan(0);
    await waitForTiles(page);
    expect(new Set(urls.map(tileZoom))).toEqual(new Set([first.maxZoom]));
  });
});

test('neighbouring tiles overlap, so no seams show at fractional zooms', async ({ page }) => {
  await page.goto(mapPath);
  await waitForMap(page);
  await page.evaluate(() => {
    const { map } = window.__waypointProbe!;
    map.setView([map.getCenter().lat, map.getCenter().lng], 3.37, { animate: false });
  });
  await waitForTiles(page);
  const rows = await page.evaluate(() => {
    // The level being shown: the tile container on top.
    const levels = Array.from(document.querySelectorAll<HTMLElement>('.leaflet-tile-container'));
    const level = levels.sort((a, b) => Number(b.style.zIndex) - Number(a.style.zIndex))[0];
    const tiles = Array.from(level.querySelectorAll('img.leaflet-tile')).map((t) => ({
      rect: t.getBoundingClientRect(),
      blend: getComputedStyle(t).mixBlendMode,
    }));
    const byRow = new Map<number, { left: number; right: number; blend: string }[]>();
    for (const { rect, blend } of tiles) {
      const key = Math.round(rect.top);
      byRow.set(key, [...(byRow.get(key) ?? []), { left: rect.left, right: rect.right, blend }]);
    }
    return [...byRow.values()].map((row) => row.sort((a, b) => a.left - b.left));
  });
  let pairs = 0;
  for (const row of rows) {
    for (let i = 1; i < row.length; i++) {
      pairs += 1;
      expect(row[i - 1].right - row[i].left).toBeGreaterThan(0.5);
    }
    // Overlaps are painted over, not added up (which would brighten them).
    for (const tile of row) expect(tile.blend).toBe('normal');
  }
  expect(pairs).toBeGreaterThan(0);
});
