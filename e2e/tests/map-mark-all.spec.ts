import type { Browser, Page } from '@playwright/test';
import { accountMessages } from '@waypoint/shared/account-messages';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { messages } from '@waypoint/shared/messages';
import { createConfirmedUser, expect, submitLogin, test, visitorPage } from '../support/fixtures.ts';
import { clickMarker, isCompleted, showMarkerOf, waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

async function loggedIn(browser: Browser, user: { email: string; password: string }, width: number) {
  const page = await visitorPage(browser, { viewport: { width, height: width < 500 ? 844 : 900 } });
  const context = page.context();
  await page.goto(`/login?nextUrl=${encodeURIComponent(`${mapPath}?markerDefinitions=fz_loot_cache`)}`);
  await submitLogin(page, user.email, user.password);
  await waitForMap(page);
  return { context, page };
}

/** The ids of the markers of the Loot group's completable definitions the store holds, and which are found. */
const lootState = (page: Page) =>
  page.evaluate(() => {
    const { store } = window.__waypointProbe!;
    const ids: string[] = [];
    const found: string[] = [];
    store.ids.forEach((id, k) => {
      const d = store.definitions[store.def[k]] as { markerCategory?: string; completable?: boolean };
      if (d.markerCategory?.trim().toUpperCase() !== 'LOOT' || d.completable === false) return;
      ids.push(id);
      if (store.completed[k] === 1) found.push(id);
    });
    return { ids, found: found.sort() };
  });

test('a player marks a group found and undoes it exactly; the game page and the per-map reset follow', async ({
  browser,
  request,
}) => {
  const { context, page } = await loggedIn(browser, await createConfirmedUser(request), 1440);
  // One marker found before: it stays found through the mark-all and its undo.
  const marker = await showMarkerOf(page, 'fz_loot_cache');
  await clickMarker(page, marker.id);
  await page.getByTestId('marker-popup').getByLabel('Found', { exact: true }).check();
  await expect.poll(() => isCompleted(page, marker.id)).toBe(true);
  await page.keyboard.press('Escape');
  const before = await lootState(page);
  expect(before.found).toEqual([marker.id]);

  const group = page.getByTestId('group-actions-LOOT');
  await group.getByRole('button', { name: mapMessages.markAllFound }).click();
  const dialog = page.getByTestId('mark-all-dialog');
  await expect(dialog).toContainText(mapMessages.markAllQuestion(before.ids.length - 1, 'LOOT'));
  await reviewShot(page, 'confirm-1440.png');
  await dialog.getByRole('button', { name: mapMessages.markAllFound }).click();
  await expect(dialog).toBeHidden();

  const toast = page.getByTestId('mark-all-undo-toast');
  await expect(toast).toContainText(mapMessages.markedAllFound(before.ids.length - 1));
  await expect.poll(async () => (await lootState(page)).found.length).toBe(before.ids.length);
  await expect(page.getByTestId('group-found-LOOT')).toContainText(
    mapMessages.foundCount(before.ids.length, before.ids.length),
  );
  // The map's line says that it counts what is switched on and shown.
  await expect(page.getByTestId('map-progress')).toContainText(/found [\d,]+ of [\d,]+ shown \(\d+ %\)/);
  await expect(page.getByTestId('map-progress')).toHaveAttribute('title', mapMessages.foundOfShownHint);
  // Drawn as found: the marker layer paints them with the found markers' look.
  expect(await isCompleted(page, before.ids.at(-1)!)).toBe(true);
  await reviewShot(page, 'marked-1440.png');

  await toast.getByRole('button', { name: messages.undo }).click();
  await expect.poll(async () => (await lootState(page)).found).toEqual(before.found);
  await page.reload();
  await waitForMap(page);
  await expect.poll(async () => (await lootState(page)).found).toEqual(before.found);

  // The whole game's progress on its page.
  await page.goto('/game/frontier_zone');
  await expect(page.getByTestId('game-progress')).toContainText(/found 1 of [\d,]+ \(\d+ %\)/);
  await reviewShot(page, 'game-1440.png');

  // The per-map reset on the profile.
  await page.goto('/profile');
  await page.locator('#progress-reset-map-frontier_zone').click();
  const reset = page.getByRole('dialog');
  await expect(reset.getByLabel(accountMessages.map)).toBeEnabled();
  await reset.getByLabel(accountMessages.map).selectOption({ index: 1 });
  await expect(reset.getByLabel(accountMessages.map)).toHaveValue('fz_coast_harbor');
  await expect(reset).toContainText(/as not found\?/);
  await reviewShot(page, 'reset-map-1440.png');
  await reset.getByRole('button', { name: accountMessages.confirm }).click();
  await expect(reset).toBeHidden();
  await page.goto('/game/frontier_zone');
  await expect(page.getByTestId('game-progress')).toContainText(/found 0 of [\d,]+ \(0 %\)/);
  await context.close();
});

test('mark all looks right at 390 px', async ({ browser, request }) => {
  const { context, page } = await loggedIn(browser, await createConfirmedUser(request), 390);
  await page.getByRole('button', { name: 'Markers', exact: true }).click();
  const sheet = page.getByTestId('sidebar-left');
  await expect(sheet).toBeVisible();
  await sheet.getByTestId('mark-all-fz_loot_cache').click();
  const dialog = page.getByTestId('mark-all-dialog');
  await expect(dialog).toBeVisible();
  await reviewShot(page, 'confirm-390.png');
  await dialog.getByRole('button', { name: mapMessages.markAllFound }).click();
  await expect(page.getByTestId('mark-all-undo-toast')).toBeVisible();
  await expect(sheet.getByTestId('map-progress')).toBeVisible();
  await reviewShot(page, 'marked-390.png');
  await context.close();
});
