import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { isCompleted, showMarkerOf, waitForMap } from '../support/map.ts';
import { FZ, loginNewPlayer, questId, waitForTool } from './tools.helpers.ts';

/**
 * Live updates: a page open on one device changes without reload when the same player writes from
 * another (a second browser context calling the API with its own login, as a phone or a companion
 * app would).
 */

test.use({ liveUpdates: true });

/** The same player logged in on another device: its own session, its own token. */
async function secondDevice(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await context.request.post('/api/users/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  return { context, headers: { authorization: `Bearer ${token}` } };
}

/** Resolves once the page's live stream has answered (its headers arrived). */
const streamOpened = (page: Page) =>
  page.waitForResponse((r) => r.url().includes('/api/live?') && r.status() === 200, { timeout: 30_000 });

test('a tick on another device appears on the open map without reload', async ({
  page,
  request,
  browser,
}) => {
  const { user } = await loginNewPlayer(page, request);
  const opened = streamOpened(page);
  await page.goto(`/game/${FZ}/maps/fz_coast_harbor?markerDefinitions=fz_loot_cache`);
  await waitForMap(page);
  await opened;
  const marker = await showMarkerOf(page, 'fz_loot_cache');
  expect(await isCompleted(page, marker.id)).toBe(false);

  const other = await secondDevice(browser, user.email, user.password);
  const ticked = await other.context.request.post(`/api/usercompletedmarkers/markCompleted/${marker.id}`, {
    headers: other.headers,
  });
  expect(ticked.ok()).toBe(true);
  await expect.poll(() => isCompleted(page, marker.id), { timeout: 10_000 }).toBe(true);

  const unticked = await other.context.request.post(
    `/api/usercompletedmarkers/markUncompleted/${marker.id}`,
    {
      headers: other.headers,
    },
  );
  expect(unticked.ok()).toBe(true);
  await expect.poll(() => isCompleted(page, marker.id), { timeout: 10_000 }).toBe(false);
  await other.context.close();
});

test('a quest completed on another device shows on the open quest tracker without reload', async ({
  page,
  request,
  browser,
}) => {
  const { user } = await loginNewPlayer(page, request);
  const opened = streamOpened(page);
  await page.goto(`/game/${FZ}/tools/quests`);
  await waitForTool(page, 'quest-row');
  await opened;
  // By id: once it is done, its followers (which name it) show up too.
  const supply = page.locator(`[data-testid="quest-row"][data-quest-id="${questId('supply_run')}"]`);
  await expect(supply).toHaveAttribute('data-status', 'unlocked');

  const other = await secondDevice(browser, user.email, user.password);
  const done = await other.context.request.get(`/api/user/quest/complete/${FZ}/${questId('supply_run')}`, {
    headers: other.headers,
  });
  expect(done.ok()).toBe(true);
  // A logged-in player's tracker hides completed quests unless asked: the row goes, or says completed.
  // (read at once, as the row may go between two looks).
  await expect
    .poll(
      () => supply.evaluateAll((rows) => rows.every((r) => r.getAttribute('data-status') === 'completed')),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);
  await other.context.close();
});
