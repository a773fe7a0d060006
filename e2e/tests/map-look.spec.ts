import { expect, test } from '../support/fixtures.ts';
import { clickMarker, showMarkerOf, waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor?markerDefinitions=fz_loot_cache,fz_extract';

/** Relative luminance (0 black … 1 white) of a computed CSS colour. */
const luminance = (css: string) => {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => Number(v) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};

test('the markers panel shows each definition with the icon the map draws', async ({ page, request }) => {
  test.setTimeout(180_000);
  // The demo's icon pictures are drawn in the background after the server starts.
  const icon = '/uploads/markerdefinition/fz_extract/image/';
  // Until it is drawn, the definition names a picture that is not there (the drawn one gets its own
  // file name and version): the page is loaded again until the picture it asks for is there.
  await page.goto(mapPath);
  await expect
    .poll(
      async () => {
        await page.reload();
        await waitForMap(page);
        const address = await page.evaluate(
          (prefix) => performance.getEntriesByType('resource').find((e) => e.name.includes(prefix))?.name,
          icon,
        );
        return address ? (await request.get(address)).status() : 0;
      },
      { timeout: 150_000, intervals: [1000, 2000, 4000] },
    )
    .toBe(200);

  // An image icon: the same uploaded picture the map loads.
  const extractIcon = page.waitForRequest((r) => r.url().includes(icon));
  await page.reload();
  await waitForMap(page);
  const mapLoaded = new URL((await extractIcon).url());
  const extract = page.getByTestId('definition-icon-fz_extract');
  await expect(extract).toHaveAttribute('src', mapLoaded.pathname + mapLoaded.search);
  // Never a broken picture: the image, or (while it is missing) the badge the map draws instead.
  await expect
    .poll(() =>
      extract.evaluate(
        (img: HTMLImageElement) =>
          img.complete && (img.naturalWidth > 0 || img.src.startsWith('data:image/png')),
      ),
    )
    .toBe(true);

  // A pin: drawn by the map's own code, in the definition's colours.
  const loot = page.getByTestId('definition-icon-fz_loot_cache');
  await expect(loot).toHaveJSProperty('tagName', 'CANVAS');
  await expect.poll(() => loot.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(0);
  const colours = await loot.evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d')!;
    const hex = (x: number, y: number) =>
      `#${Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3), (v) => v.toString(16).padStart(2, '0')).join('')}`;
    // The pin's head: inner colour in the middle, wrapper colour between it and the edge.
    const cx = Math.floor(c.width / 2);
    const cy = Math.floor(c.width / 2);
    const { store } = window.__waypointProbe!;
    const d = (store.definitions as { _id: string; wrapperColor?: string; innerColor?: string }[]).find(
      (x) => x._id === 'fz_loot_cache',
    )!;
    return { inner: hex(cx, cy), ring: hex(cx, Math.floor(cy * 0.3)), want: [d.innerColor, d.wrapperColor] };
  });
  expect([colours.inner, colours.ring]).toEqual(colours.want.map((c) => c?.toLowerCase()));
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });
    test(`popups and map buttons follow the ${scheme} theme`, async ({ page }) => {
      await page.goto(mapPath);
      await waitForMap(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      const marker = await showMarkerOf(page, 'fz_loot_cache');
      await clickMarker(page, marker.id);
      await expect(page.getByTestId('marker-popup')).toBeVisible();
      const look = await page.evaluate(() => {
        const bg = (selector: string) => getComputedStyle(document.querySelector(selector)!).backgroundColor;
        const fg = (selector: string) => getComputedStyle(document.querySelector(selector)!).color;
        return {
          popup: bg('.leaflet-popup-content-wrapper'),
          popupText: fg('[data-testid="marker-popup"]'),
          // Zoomed in all the way: zoom out is the live button.
          zoom: bg('.leaflet-control-zoom-out'),
          zoomText: fg('.leaflet-control-zoom-out'),
          list: bg('[data-testid="marker-list-button"]'),
        };
      });
      const dark = scheme === 'dark';
      for (const surface of [look.popup, look.zoom, look.list]) {
        if (dark) expect(luminance(surface)).toBeLessThan(0.1);
        else expect(luminance(surface)).toBeGreaterThan(0.8);
      }
      // Text keeps its contrast on the surface it sits on.
      for (const [text, surface] of [
        [look.popupText, look.popup],
        [look.zoomText, look.zoom],
      ]) {
        const [hi, lo] = [luminance(text), luminance(surface)].sort((a, b) => b - a);
        expect((hi + 0.05) / (lo + 0.05)).toBeGreaterThan(4.5);
      }
      await reviewShot(page, `popup-${scheme}-1440.png`);
      await page.setViewportSize({ width: 390, height: 844 });
      await reviewShot(page, `popup-${scheme}-390.png`);
    });
  });
}
