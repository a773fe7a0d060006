import { listMessages } from '@waypoint/shared/map/list-messages';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { seriousViolations } from '../support/axe.ts';
import { createConfirmedUser, expect, type Page, submitLogin, test } from '../support/fixtures.ts';
import { drawFacts, isCompleted, waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

async function loginToMap(page: Page, request: Parameters<typeof createConfirmedUser>[0], query: string) {
  const user = await createConfirmedUser(request);
  await page.goto(`/login?nextUrl=${encodeURIComponent(`${mapPath}${query}`)}`);
  await submitLogin(page, user.email, user.password);
  await waitForMap(page);
}

/** The map's centre and zoom; the zoom reads NaN while a zoom animation runs. */
const view = (page: Page) =>
  page.evaluate(() => {
    const { map } = window.__waypointProbe!;
    const animating = (map as unknown as { _animatingZoom?: boolean })._animatingZoom;
    return { ...map.getCenter(), zoom: animating ? Number.NaN : map.getZoom() };
  });

/** Shown icon markers not yet found on the whole map: the stops of a whole-map route. */
const markersLeft = (page: Page) =>
  page.evaluate(() => {
    const { store } = window.__waypointProbe!;
    return store.ids.filter((_id, i) => store.visible[i] && !store.completed[i]).length;
  });

test('a player finds a marker with the keyboard only: Tab to the map, L to the list, Space, Enter', async ({
  page,
  request,
}) => {
  await loginToMap(page, request, '?markerDefinitions=fz_loot_cache');
  const map = page.getByTestId('map');
  // Tab reaches the map.
  for (let k = 0; k < 40; k++) {
    if (await map.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(map).toBeFocused();
  // Arrow keys pan, + zooms (Leaflet's keyboard handling).
  const start = await view(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await view(page)).lng).toBeGreaterThan(start.lng);
  await page.keyboard.press('+');
  await expect.poll(async () => (await view(page)).zoom).toBe(start.zoom + 0.5);
  await page.keyboard.press('-');
  await expect.poll(async () => (await view(page)).zoom).toBe(start.zoom);
  // Zoomed in by one level, so that any marker in view can be brought to the centre.
  for (const step of [0.5, 1]) {
    await page.keyboard.press('+');
    await expect.poll(async () => (await view(page)).zoom).toBe(start.zoom + step);
  }

  // The shortcut jumps to the list.
  await page.keyboard.press('l');
  const list = page.getByTestId('marker-list');
  await expect(list).toBeVisible();
  await expect(page.getByTestId('marker-listbox')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const first = page.getByTestId('marker-row').first();
  await expect(first).toBeFocused();
  const firstId = (await first.getAttribute('data-marker-id')) ?? '';
  await page.keyboard.press('ArrowDown');
  // The row that took focus, by its marker (focusing it centres the map there, which can reorder
  // the rows of the markers in view).
  const focusedId = () => page.evaluate(() => document.activeElement?.getAttribute('data-marker-id') ?? '');
  await expect.poll(async () => ((await focusedId()) || firstId) !== firstId).toBe(true);
  const id = await focusedId();
  const row = page.locator(`[data-testid="marker-row"][data-marker-id="${id}"]`);
  await expect(row).toBeFocused();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  const name = await page.evaluate((markerId) => {
    const { store } = window.__waypointProbe!;
    return (store as unknown as { names: string[] }).names[store.indexOf(markerId)];
  }, id);
  // Focusing the row centred its marker (as far as the map's bounds let it go) and highlighted it.
  await expect
    .poll(async () =>
      page.evaluate((markerId) => {
        const { map: m, store } = window.__waypointProbe!;
        const leaflet = m as unknown as {
          _limitCenter(
            at: { lat: number; lng: number },
            zoom: number,
            bounds: unknown,
          ): { lat: number; lng: number };
          options: { maxBounds: unknown };
        };
        // A centre the bounds do not move comes back as given: pass it as {lat, lng}.
        const [lat, lng] = store.latLng(store.indexOf(markerId));
        const target = leaflet._limitCenter({ lat, lng }, m.getZoom(), leaflet.options.maxBounds);
        const c = m.getCenter();
        return Math.hypot(c.lat - target.lat, c.lng - target.lng);
      }, id),
    )
    .toBeLessThan(0.5);
  const index = await page.evaluate((markerId) => window.__waypointProbe!.store.indexOf(markerId), id);
  await expect.poll(async () => (await drawFacts(page)).highlight).toBe(index);

  // Space marks it found, through the same path as the popup; the live region says so.
  await page.keyboard.press(' ');
  await expect.poll(() => isCompleted(page, id)).toBe(true);
  await expect(page.locator(`[data-marker-id="${id}"]`)).toHaveAttribute('data-found', 'true');
  await expect(page.getByTestId('map-announcer')).toContainText(mapMessages.markedFound(name));
  await expect(page.locator(`[data-marker-id="${id}"]`)).toBeFocused();

  // Enter opens its popup, which shows it completed.
  await page.keyboard.press('Enter');
  const popup = page.getByTestId('marker-popup');
  await expect(popup).toBeVisible();
  await expect(popup.getByTestId('marker-completed')).toBeChecked();

  // Space again takes it back; Escape closes the list and gives the map the focus.
  await page.locator(`[data-marker-id="${id}"]`).focus();
  await page.keyboard.press(' ');
  await expect.poll(() => isCompleted(page, id)).toBe(false);
  await expect(page.getByTestId('map-announcer')).toContainText(mapMessages.markedNotFound(name));
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(map).toBeFocused();
});

test('moving the map updates the list; filter changes are announced; guests are told to log in', async ({
  page,
}) => {
  await page.goto(`${mapPath}?markerDefinitions=fz_loot_cache`);
  await waitForMap(page);
  await page.getByTestId('marker-list-button').click();
  const count = page.getByTestId('marker-list-count');
  const inView = async () =>
    page.evaluate(() => {
      const { map, store } = window.__waypointProbe!;
      const b = (map as unknown as { getBounds(): { contains(p: [number, number]): boolean } }).getBounds();
      return store.ids.filter((_id, i) => store.visible[i] && b.contains(store.latLng(i))).length;
    });
  const all = await inView();
  expect(all).toBeGreaterThan(1);
  await expect(count).toHaveText(listMessages.listCount(all));
  // Zoomed in on one marker, the list holds what is in view.
  await page.evaluate(() => {
    const { map, store } = window.__waypointProbe!;
    const i = store.ids.findIndex((_id, k) => store.visible[k]);
    map.setView(store.latLng(i), map.getMaxZoom(), { animate: false });
  });
  const zoomed = await inView();
  expect(zoomed).toBeLessThan(all);
  await expect(count).toHaveText(listMessages.listCount(zoomed));
  await expect(page.getByTestId('marker-row')).toHaveCount(zoomed);

  // Guests cannot mark markers found: Space says how.
  await page.getByTestId('marker-row').first().focus();
  await page.keyboard.press(' ');
  await expect(page.getByTestId('map-announcer')).toContainText(listMessages.loginToTrack);

  // A filter change in the markers panel is announced with what it leaves on the map.
  await page.getByTestId('definition-fz_valuables').click();
  const shown = await page.evaluate(() => window.__waypointProbe!.store.visible.reduce((n, v) => n + v, 0));
  await expect(page.getByTestId('map-announcer')).toContainText(mapMessages.markersShown(shown));
});

test('a route through what is left: stop count, planned again when a marker is found, cleared', async ({
  page,
  request,
}) => {
  await loginToMap(page, request, '?markerDefinitions=fz_loot_cache');
  await page.getByTestId('marker-list-button').click();
  const list = page.getByTestId('marker-list');
  await list.getByLabel(listMessages.routeScope).selectOption('map');
  await list.getByTestId('route-button').click();
  const left = await markersLeft(page);
  expect(left).toBeGreaterThan(2);
  const summary = page.getByTestId('route-summary');
  await expect(summary).toHaveAttribute('data-stops', String(left));
  await expect(page.locator('path.wp-route')).toHaveCount(1);
  await expect(page.getByTestId('map-announcer')).toContainText(`Route planned: ${left} stops`);

  // Finding a marker plans the route again without it.
  const row = page.getByTestId('marker-row').first();
  await row.focus();
  await page.keyboard.press(' ');
  await expect(summary).toHaveAttribute('data-stops', String(left - 1));
  await expect(page.locator('path.wp-route')).toHaveCount(1);

  // A start picked on the map (above the picture, where no marker is): the route starts there.
  await list.getByLabel(listMessages.routeStart).selectOption('pick');
  await expect(list.getByText(listMessages.routePickHint)).toBeVisible();
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.8, box.y + 70);
  await expect(page.locator('path.wp-route-start')).toHaveCount(1);
  await expect(list.getByLabel(listMessages.routeStart)).toHaveValue('pick');
  await list.getByTestId('route-button').click();
  await expect(summary).toHaveAttribute('data-stops', String(left - 1));
  // The route is planned again in a worker: the drawn line keeps the old start until it answers,
  // with the same stop count, so the check waits for the line to begin at the picked point.
  const startGap = async () => {
    const [first, picked] = await page.evaluate(() => {
      const line = document.querySelector('path.wp-route')?.getAttribute('d') ?? '';
      const ring = document.querySelector('path.wp-route-start')?.getAttribute('d') ?? '';
      return [
        line
          .match(/M([\d.-]+) ([\d.-]+)/)
          ?.slice(1)
          .map(Number),
        ring
          .match(/M([\d.-]+),?\s?([\d.-]+)/)
          ?.slice(1)
          .map(Number),
      ];
    });
    // The ring's path starts one radius left of its centre, the line at the point itself.
    return Math.abs((first?.[1] ?? 0) - (picked?.[1] ?? 1000));
  };
  await expect.poll(startGap, { timeout: 10_000 }).toBeLessThan(1);

  await list.getByRole('button', { name: listMessages.routeClear }).click();
  await expect(page.locator('path.wp-route')).toHaveCount(0);
  await expect(summary).toHaveCount(0);
});

test.describe('accessibility', () => {
  // The test injects axe-core itself, which the page's content security policy would block.
  test.use({ bypassCSP: true });
  for (const { name, width, height } of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`the list and a drawn route at ${width} px have no serious accessibility violations (${name})`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height });
      await loginToMap(page, request, '?markerDefinitions=fz_loot_cache,fz_valuables');
      await page.getByTestId('marker-list-button').click();
      await expect(page.getByTestId('marker-row').first()).toBeVisible();
      await reviewShot(page, `list-${width}.png`);
      await page.getByTestId('route-button').click();
      await expect(page.getByTestId('route-summary')).toHaveAttribute('data-stops', /\d+/);
      await expect(page.locator('path.wp-route')).toHaveCount(1);
      await page.getByTestId('marker-row').nth(1).focus();
      await reviewShot(page, `route-${width}.png`);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
