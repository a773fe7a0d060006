import { mapMessages } from '@waypoint/shared/map/map-messages';
import { expect, type Page, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

// The demo hospital has three floors: Basement (0), Ground floor (1, the default), Upper floor (2).
const hospital = '/game/frontier_zone/maps/fz_city_hospital';

/** The floors of the markers shown now (-1: on every floor). */
const shownLevels = (page: Page) =>
  page.evaluate(() => {
    const { store } = window.__waypointProbe!;
    const levels = new Set<number>();
    store.ids.forEach((_id, i) => {
      if (store.visible[i] === 1) levels.add(store.level(i));
    });
    return [...levels].sort((a, b) => a - b);
  });

/** The floors of the markers drawn faint now. */
const faintLevels = (page: Page) =>
  page.evaluate(() => {
    const { store } = window.__waypointProbe!;
    const levels = new Set<number>();
    store.ids.forEach((_id, i) => {
      if (store.visible[i] === 2) levels.add(store.level(i));
    });
    return [...levels].sort((a, b) => a - b);
  });

const pressed = (page: Page) => page.getByTestId('floor-control').locator('button[aria-pressed="true"]');
const levelInUrl = (page: Page) => new URL(page.url()).searchParams.get('level');

test('a visitor switches floors with the floor control and with Page Up / Page Down', async ({ page }) => {
  await page.goto(hospital);
  await waitForMap(page);
  const control = page.getByRole('group', { name: mapMessages.floors });
  await expect(control.locator('button[data-level]')).toHaveText(['1', 'G', 'B']);
  await expect(pressed(page)).toHaveAccessibleName('Ground floor');
  await expect.poll(() => shownLevels(page)).toEqual([-1, 1]);

  await control.getByRole('button', { name: 'Basement' }).click();
  await expect(pressed(page)).toHaveAccessibleName('Basement');
  await expect.poll(() => shownLevels(page)).toEqual([-1, 0]);
  expect(levelInUrl(page)).toBe('0');

  // Keys from the map: up one floor at a time, stopping at the top.
  await page.getByTestId('map').focus();
  await page.keyboard.press('PageUp');
  await expect(pressed(page)).toHaveAccessibleName('Ground floor');
  await page.keyboard.press('PageUp');
  await expect(pressed(page)).toHaveAccessibleName('Upper floor');
  await page.keyboard.press('PageUp');
  await expect(pressed(page)).toHaveAccessibleName('Upper floor');
  await expect.poll(() => shownLevels(page)).toEqual([-1, 2]);
  expect(levelInUrl(page)).toBe('2');
  await page.keyboard.press('PageDown');
  await expect(pressed(page)).toHaveAccessibleName('Ground floor');

  // The address keeps the floor: a reload opens it again.
  await page.keyboard.press('PageDown');
  await expect(pressed(page)).toHaveAccessibleName('Basement');
  await page.reload();
  await waitForMap(page);
  await expect(pressed(page)).toHaveAccessibleName('Basement');
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(page, 'map-floors-1440.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('floor-control')).toBeVisible();
  await reviewShot(page, 'map-floors-390.png');
});

test('?level=2 opens the upper floor; a map without floors has no floor control', async ({ page }) => {
  await page.goto(`${hospital}?level=2`);
  await waitForMap(page);
  await expect(pressed(page)).toHaveAccessibleName('Upper floor');
  await expect.poll(() => shownLevels(page)).toEqual([-1, 2]);
  await page.goto('/game/frontier_zone/maps/fz_coast_harbor?level=2');
  await waitForMap(page);
  await expect(page.getByTestId('floor-control')).toHaveCount(0);
  // The address names no floor the map has: it is corrected and the player told.
  await expect(page.getByText(mapMessages.noFloors('2'))).toBeVisible();
  await expect(page).not.toHaveURL(/level=/);
});

test('?level=9 on a map without floor 9: the default floor, the address corrected, and a word why', async ({
  page,
}) => {
  await page.goto(`${hospital}?level=9`);
  await waitForMap(page);
  await expect(pressed(page)).toHaveAccessibleName('Ground floor');
  await expect(page.getByText(mapMessages.noSuchFloor('9', 'Ground floor'))).toBeVisible();
  await expect(page).toHaveURL(/[?&]level=1(&|$)/);
  // A floor the map has says nothing.
  await page.goto(`${hospital}?level=0`);
  await waitForMap(page);
  await expect(pressed(page)).toHaveAccessibleName('Basement');
  await expect(page.getByText(/This map has no floor/)).toHaveCount(0);
});

test('following a quest objective on another floor switches to that floor', async ({ page, request }) => {
  const quests = (await (await request.get('/api/quests/fz_city_hospital')).json()) as {
    quest: { _id: string };
    markers: { _id: string; level?: number }[];
  }[];
  // A quest whose first marker is on the basement or the upper floor (the page opens on the ground floor).
  const entry = quests.find(
    (q) => q.markers[0] && q.markers[0].level !== undefined && q.markers[0].level !== 1,
  );
  expect(entry).toBeTruthy();
  const marker = entry!.markers[0]!;
  const name = marker.level === 0 ? 'Basement' : 'Upper floor';
  await page.goto(`${hospital}?questId=${entry!.quest._id}`);
  await waitForMap(page);
  await expect(pressed(page)).toHaveAccessibleName(name);
  await expect
    .poll(() =>
      page.evaluate((id) => {
        const { store } = window.__waypointProbe!;
        return store.visible[store.indexOf(id)];
      }, marker._id),
    )
    .toBe(1);
});

test('the markers of the other floors show faintly when the player asks, remembered over a reload', async ({
  page,
}) => {
  await page.goto(hospital);
  await waitForMap(page);
  const faint = page.getByRole('button', { name: mapMessages.faintFloors });
  await expect(faint).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => faintLevels(page)).toEqual([]);

  await faint.click();
  await expect(faint).toHaveAttribute('aria-pressed', 'true');
  // On the ground floor: the basement's and the upper floor's markers faint, its own shown.
  await expect.poll(() => faintLevels(page)).toEqual([0, 2]);
  await expect.poll(() => shownLevels(page)).toEqual([-1, 1]);
  await expect.poll(() => page.evaluate(() => window.__waypointProbe!.draw.faint)).toBeGreaterThan(0);
  await reviewShot(page, 'map-floors-faint.png');

  await page
    .getByRole('group', { name: mapMessages.floors })
    .getByRole('button', { name: 'Basement' })
    .click();
  await expect.poll(() => faintLevels(page)).toEqual([1, 2]);
  await page.reload();
  await waitForMap(page);
  await expect(page.getByRole('button', { name: mapMessages.faintFloors })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(() => faintLevels(page)).toEqual([1, 2]);

  await page.getByRole('button', { name: mapMessages.faintFloors }).click();
  await expect.poll(() => faintLevels(page)).toEqual([]);
  await expect.poll(() => page.evaluate(() => window.__waypointProbe!.draw.faint)).toBe(0);
});
