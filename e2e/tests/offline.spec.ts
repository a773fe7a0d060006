import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, chromium } from '@playwright/test';
import { constants } from '@waypoint/shared/constants';
import { messages } from '@waypoint/shared/messages';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { createConfirmedUser, expect, type Page, submitLogin, test } from '../support/fixtures.ts';
import { clickMarker, isCompleted, showMarkerOf, waitForMap } from '../support/map.ts';

// These journeys are about the service worker: let it run (the other journeys block it). One after
// the other: one of them puts a new version of the worker in place for a while.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'default' });

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

/** Width and height of a PNG, from its header. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

test('the site is installable: manifest linked and served, real icons, no installability error', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Waypoint',
    short_name: 'Waypoint',
    start_url: '/',
    display: 'standalone',
    theme_color: '#1c7ed6',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [
    ...icons,
    { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
  ]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');

  // Chromium's own installability check, the one Lighthouse's installable-manifest audit reported
  // (Lighthouse 12 dropped its PWA audits). Test contexts are off the record, which Chromium counts
  // against installing: the check runs in a browser profile of its own.
  const profile = mkdtempSync(path.join(tmpdir(), 'waypoint-install-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const installPage = browser.pages()[0] ?? (await browser.newPage());
    await installPage.goto('/');
    await expect(installPage.locator('html')).toHaveAttribute('data-offline-ready', 'true', {
      timeout: 30_000,
    });
    const cdp = await browser.newCDPSession(installPage);
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
    expect(errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** The signed-in player's bearer header, from the session cookie the page keeps. */
async function authOf(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === constants.cookieName);
  expect(cookie).toBeDefined();
  return { authorization: `Bearer ${decodeURIComponent(cookie?.value ?? '')}` };
}

/** The player's completed markers as the server has them (the list the map page reads). */
async function serverCompleted(request: APIRequestContext, context: BrowserContext): Promise<string[]> {
  const res = await request.get('/api/usercompletedmarkers/list', { headers: await authOf(context) });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Map tiles of the current view: drawn from a loaded picture, or hidden after an error. */
function tileStates(page: Page) {
  return page.evaluate(() => {
    const tiles = Array.from(document.querySelectorAll<HTMLImageElement>('img.leaflet-tile'));
    return {
      loaded: tiles.filter((t) => t.classList.contains('leaflet-tile-loaded')).length,
      failed: tiles.filter((t) => t.style.visibility === 'hidden').length,
      pending: tiles.filter(
        (t) => !t.classList.contains('leaflet-tile-loaded') && t.style.visibility !== 'hidden',
      ).length,
    };
  });
}

/** The demo maps are cut into tiles in the background after the server starts: waits for this one. */
async function mapPrepared(request: APIRequestContext) {
  await expect
    .poll(async () => (await (await request.get('/api/map/fz_coast_harbor/status')).json()).status, {
      timeout: 150_000,
    })
    .toBe('DONE');
}

/** Whether the given reads are in the service worker's caches. */
function readsCached(page: Page, reads: string[]) {
  return page.evaluate(async (paths) => {
    // Matched as the service worker matches them: one browser's caches ignore `Vary` (the API's
    // answers vary on the reader's Authorization header for shared caches).
    const hits = await Promise.all(
      paths.map((p) => caches.match(new URL(p, location.href).href, { ignoreVary: true })),
    );
    return hits.every(Boolean);
  }, reads);
}

/** Whether every loaded tile of the view and the given reads are in the service worker's caches. */
async function cached(page: Page, reads: string[]) {
  const tilesCached = await page.evaluate(async () => {
    const images = await caches.open('waypoint-images');
    const tiles = Array.from(document.querySelectorAll<HTMLImageElement>('img.leaflet-tile-loaded'));
    const hits = await Promise.all(tiles.map((t) => images.match(t.src)));
    return tiles.length > 0 && hits.every(Boolean);
  });
  return tilesCached && (await readsCached(page, reads));
}

/** Ticks waiting in the page's offline queue (IndexedDB 'waypoint-offline', store 'completions'). */
const queuedTicks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('waypoint-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('completions')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('completions').objectStore('completions').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );

test('offline: a map opened before works offline, and a tick made offline reaches the server once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await mapPrepared(request);
  const user = await createConfirmedUser(request);
  await page.goto(`/login?nextUrl=${encodeURIComponent(`${mapPath}?markerDefinitions=fz_loot_cache`)}`);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/fz_coast_harbor/);
  await waitForMap(page);
  // The service worker controls the page and kept what the page loaded before it did.
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 30_000 });
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // Pan and zoom to a marker: the tiles seen there are cached as they load.
  const marker = await showMarkerOf(page, 'fz_loot_cache');
  await expect.poll(async () => (await tileStates(page)).pending, { timeout: 15_000 }).toBe(0);
  await expect
    .poll(() => cached(page, ['/api/map/fz_coast_harbor/markers', '/api/usercompletedmarkers/list']), {
      timeout: 15_000,
    })
    .toBe(true);

  // Offline, the page, its map, its markers and the seen tiles come from the caches.
  await context.setOffline(true);
  await page.reload();
  await waitForMap(page);
  await expect(page.getByTestId('offline-notice')).toHaveText(messages.offlineNotice);
  await expect.poll(async () => (await tileStates(page)).pending, { timeout: 15_000 }).toBe(0);
  const tiles = await tileStates(page);
  expect(tiles.loaded).toBeGreaterThan(0);
  expect(tiles.failed).toBe(0);
  expect(await isCompleted(page, marker.id)).toBe(false);

  // A tick made offline shows at once and outlives a reload while still offline.
  const posted: number[] = [];
  page.on('response', (res) => {
    if (res.request().method() === 'POST' && res.url().includes(`/markCompleted/${marker.id}`))
      posted.push(res.status());
  });
  await showMarkerOf(page, 'fz_loot_cache');
  await clickMarker(page, marker.id);
  await page.getByTestId('marker-popup').getByLabel('Found', { exact: true }).check();
  await expect.poll(() => isCompleted(page, marker.id)).toBe(true);
  await page.reload();
  await waitForMap(page);
  await expect.poll(() => isCompleted(page, marker.id)).toBe(true);
  expect(await serverCompleted(request, context)).not.toContain(marker.id);

  // Back online, the queue is sent: the server has the tick once, and nothing is sent again.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toBeHidden();
  await expect
    .poll(async () => (await serverCompleted(request, context)).filter((id) => id === marker.id))
    .toEqual([marker.id]);
  // The tick leaves the queue once its answer is in; a reload between the server's write and that
  // answer would send it again (harmless: marking found twice is the same as once).
  await expect.poll(() => queuedTicks(page)).toBe(0);
  await page.reload();
  await waitForMap(page);
  await expect.poll(() => isCompleted(page, marker.id)).toBe(true);
  expect(posted).toEqual([200]);
});

test('a first visit is kept for offline use without loading or drawing the page again', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await mapPrepared(request);
  // The map is the first page: its reads were made before the worker controlled it.
  await page.goto(mapPath);
  await waitForMap(page);
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 30_000 });
  await expect
    .poll(
      () =>
        readsCached(page, [
          '/api/map/fz_coast_harbor/markers',
          '/api/quests/fz_coast_harbor',
          '/api/game/frontier_zone',
        ]),
      { timeout: 15_000 },
    )
    .toBe(true);
  // The worker fetched them itself: the page asked for its markers once and built its marker
  // layers from one answer (a second answer would redraw the whole map on a first visit).
  expect(
    await page.evaluate(() => ({
      asked: performance.getEntriesByName('waypoint:marker-answer').length,
      built: performance.getEntriesByName('waypoint:marker-data').length,
    })),
  ).toEqual({ asked: 1, built: 1 });
});

test('a browser that keeps saying it is online: the offline notice follows what requests meet', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await mapPrepared(request);
  // Some browsers keep `navigator.onLine` true and send no `offline` event while every request fails.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true });
    window.addEventListener('offline', (event) => event.stopImmediatePropagation(), { capture: true });
  });
  await page.goto(mapPath);
  await waitForMap(page);
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 30_000 });
  await expect
    .poll(() => readsCached(page, ['/api/map/fz_coast_harbor/markers', '/api/game/frontier_zone']), {
      timeout: 15_000,
    })
    .toBe(true);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);

  // Reloaded offline: the map comes from the worker's caches, and the page says it runs offline.
  await context.setOffline(true);
  await page.reload();
  await waitForMap(page);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(page.getByTestId('offline-notice')).toHaveText(messages.offlineNotice);

  // Back online with nothing else asked: the page finds the server again by itself.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
});

test('a new version waits for the player: the note offers Reload, which switches to it', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true', { timeout: 30_000 });
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(firstWorker).toMatch(/\/sw\.js$/);
  // A deploy: the worker the server sends changes (this run's own build, served from disk).
  const swFile = path.join(process.env.WAYPOINT_E2E_DATA ?? '', 'web', 'sw.js');
  const original = readFileSync(swFile);
  try {
    appendFileSync(swFile, `\n// next version ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const note = page.getByRole('status').filter({ hasText: messages.newVersionAvailable });
    await expect(note).toBeVisible({ timeout: 30_000 });
    // Until the player says so, the page keeps the version it started with.
    expect(
      await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
    ).toBe(true);
    await Promise.all([
      page.waitForEvent('load'),
      note.getByRole('button', { name: messages.reload }).click(),
    ]);
    await expect(page.locator('html')).toHaveAttribute('data-offline-ready', 'true');
    await expect(page.getByText(messages.newVersionAvailable)).toBeHidden();
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(registration?.waiting), active: registration?.active?.state };
      }),
    ).toEqual({ waiting: false, active: 'activated' });
  } finally {
    writeFileSync(swFile, original);
  }
});
