import { expect, type Page, test } from '../support/fixtures.ts';
import { clickMarker, waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

/** The id of the marker with this name on the open map. */
function markerNamed(page: Page, name: string) {
  return page.evaluate((wanted) => {
    const { store } = (
      window as unknown as { __waypointProbe: { store: { ids: string[]; names: string[] } } }
    ).__waypointProbe;
    return store.ids[store.names.indexOf(wanted)];
  }, name);
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`a popup near the map's top edge is panned fully into view, and Escape closes it (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/game/frontier_zone/maps/fz_coast_harbor');
    await waitForMap(page);
    const id = await markerNamed(page, 'Old Vulture');
    expect(id).toBeTruthy();
    // The marker just below the map's top edge, in the middle (on a phone the first view may not show it).
    await page.evaluate((markerId) => {
      const { map, store } = (
        window as unknown as {
          __waypointProbe: {
            map: {
              latLngToContainerPoint(at: [number, number]): { x: number; y: number };
              getSize(): { x: number; y: number };
              panBy(offset: [number, number], options: { animate: boolean }): void;
            };
            store: { indexOf(id: string): number; latLng(i: number): [number, number] };
          };
        }
      ).__waypointProbe;
      const at = map.latLngToContainerPoint(store.latLng(store.indexOf(markerId)));
      map.panBy([at.x - map.getSize().x / 2, at.y - 70], { animate: false });
    }, id);
    await clickMarker(page, id);
    const popup = page.locator('.leaflet-popup').last();
    await expect(page.getByTestId('marker-popup')).toBeVisible();
    // Once its content is in and the map has panned, all of it lies inside the map below the bar.
    await expect
      .poll(
        async () => {
          const map = (await page.getByTestId('map').boundingBox())!;
          const box = (await popup.boundingBox())!;
          return box.y >= map.y && box.y + box.height <= map.y + map.height && box.x >= map.x;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await reviewShot(page, `map-popup-${width}.png`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('marker-popup')).toHaveCount(0);
  });
}
