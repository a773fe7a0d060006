import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { measureRoutes } from '../../apps/web/scripts/bundle-budget.ts';
import { admin, expect, submitLogin, test } from '../support/fixtures.ts';
import { insertedSoFar, recordInserted } from '../support/inserted.ts';

// The build this run serves: the size budget of SPEC's performance targets, checked on every run.
test('home and game pages load at most 120 KB of gzip JavaScript', () => {
  const dist = path.join(process.env.WAYPOINT_E2E_DATA ?? '', 'web');
  const sizes = measureRoutes(dist);
  for (const name of ['home', 'game']) {
    const route = sizes.find((r) => r.route === name);
    expect(route, name).toBeDefined();
    expect(route?.budgetKb, name).toBe(120);
    expect(route?.js, `${name}: ${route?.js.toFixed(1)} KB`).toBeLessThanOrEqual(route?.budgetKb ?? 0);
  }
});

// The map page paints its frame, panels and dialogs first; Leaflet and the marker layers (the map
// engine) load after that first paint, so they are no part of its first load; nor is zod, which only
// forms and the server need.
test("the map page's first load leaves Leaflet, the marker layers and zod out", () => {
  const dist = path.join(process.env.WAYPOINT_E2E_DATA ?? '', 'web');
  const map = measureRoutes(dist).find((r) => r.route === 'map');
  expect(map).toBeDefined();
  const deferred = (map?.files ?? []).filter((f) => /\/(leaflet-src|map-engine)-/.test(f));
  expect(deferred).toEqual([]);
  expect(map?.files.some((f) => /\/route-/.test(f))).toBe(true);
  // Nor the validation library (about 25 KB gzip): the page's first load validates nothing.
  const zod = (map?.files ?? []).filter((f) =>
    /[`'"]\$ZodType[`'"]/.test(readFileSync(path.join(dist, f), 'utf8')),
  );
  expect(zod).toEqual([]);
});

// The admin panel is drawn from the models' description the server sends: its home and the import
// review load neither the registry's schemas (zod) nor the record form, which loads when a record is
// opened.
test("the admin home's and the import review's first loads leave zod and the record form out, the record page zod", () => {
  const dist = path.join(process.env.WAYPOINT_E2E_DATA ?? '', 'web');
  const sizes = measureRoutes(dist);
  for (const name of ['admin', 'adminImports']) {
    const files = sizes.find((r) => r.route === name)?.files ?? [];
    expect(files.length, name).toBeGreaterThan(0);
    const zod = files.filter((f) => /[`'"]\$ZodType[`'"]/.test(readFileSync(path.join(dist, f), 'utf8')));
    expect(zod, name).toEqual([]);
    expect(
      files.filter((f) => /\/(ModelForm|use-form)-/.test(f)),
      name,
    ).toEqual([]);
  }
  // A record page validates nothing itself (the server answers field errors): no zod there either.
  const record = sizes.find((r) => r.route === 'adminModel')?.files ?? [];
  expect(record.length).toBeGreaterThan(0);
  expect(record.filter((f) => /[`'"]\$ZodType[`'"]/.test(readFileSync(path.join(dist, f), 'utf8')))).toEqual(
    [],
  );
});

// The import review's first staged page does not wait for the models' description (nor for the page's
// code): the two are asked for side by side.
test('the import review asks for its first staged page beside the models, not after them', async ({
  page,
}) => {
  await page.goto(`/login?nextUrl=${encodeURIComponent('/admin')}`);
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  // The table can show before the staged page's answer has ended (its entry is listed only then).
  const stagedAnswer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/importedModels/quest',
  );
  await page.goto('/admin/imports?model=quest');
  await expect(page.getByTestId('import-review').locator('table')).toBeVisible();
  await (await stagedAnswer).finished();
  const asked = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return { path: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd };
    }),
  );
  const models = asked.find((r) => r.path === '/api/admin/models');
  const staged = asked.find((r) => r.path === '/api/admin/importedModels/quest');
  expect(models).toBeDefined();
  expect(staged).toBeDefined();
  expect(staged?.start ?? Number.NaN).toBeLessThan(models?.end ?? Number.NaN);
});

// The app's code starts after the page's first frame: what the HTML shows by itself (a first visit's
// consent question, the page's background) is painted without waiting for the app's modules to be
// evaluated. On a first visit, the code and the page's first answers are also asked for only after
// that frame (the question needs only the HTML and its stylesheet); otherwise while the page is
// parsed, since the page's first paint that matters is the app's.
test('the built page keeps its module preloads in the template and starts its entry from the body', () => {
  const html = readFileSync(path.join(process.env.WAYPOINT_E2E_DATA ?? '', 'web', 'index.html'), 'utf8');
  const entry = html.match(/<link rel="modulepreload" crossorigin href="(\/assets\/index-[^"]+\.js)">/)?.[1];
  expect(entry).toBeDefined();
  expect(html).not.toContain('<script type="module"');
  // Every module preload waits in the inert template.
  const later = html.match(/<template id="wp-after-paint">[\s\S]*?<\/template>/)?.[0] ?? '';
  expect(later).toContain(entry);
  expect(html.replace(later, '')).not.toContain('modulepreload');
  // Started from the last script of the body, which names the entry it imports.
  const body = html.slice(html.indexOf('<body'));
  expect(body.lastIndexOf(`<script data-entry=${JSON.stringify(entry)}>`)).toBeGreaterThan(
    body.lastIndexOf('<dialog'),
  );
});

/** When the first frame came, the app started, and the page's code and first answers were asked for. */
async function loadOrder(page: Page) {
  await page.addInitScript(() => {
    requestAnimationFrame(() => performance.mark('test:first-frame'));
  });
  await page.goto('/game/frontier_zone/maps/fz_coast_harbor');
  await expect(page.getByTestId('map')).toBeVisible();
  const order = await page.evaluate(() => ({
    frame: performance.getEntriesByName('test:first-frame')[0]?.startTime ?? Number.NaN,
    app: performance.getEntriesByName('waypoint:app-start')[0]?.startTime ?? Number.NaN,
    asked: performance
      .getEntriesByType('resource')
      .filter((r) => /\/assets\/.*\.js$|\/api\//.test(r.name))
      .map((r) => r.startTime),
  }));
  expect(order.frame).toBeLessThan(order.app);
  expect(order.asked.length).toBeGreaterThan(10);
  return { frame: order.frame, firstAsked: Math.min(...order.asked) };
}

test("a returning visitor's page asks for its code while it is parsed and runs it after its first frame", async ({
  page,
}) => {
  const { frame, firstAsked } = await loadOrder(page);
  expect(firstAsked).toBeLessThan(frame);
});

test.describe('a first visit', () => {
  test.use({ firstVisit: true });

  test('paints the consent question before the page asks for its code and first answers', async ({
    page,
  }) => {
    const { frame, firstAsked } = await loadOrder(page);
    await expect(page.getByTestId('consent-first-paint')).toBeVisible();
    expect(firstAsked).toBeGreaterThan(frame);
  });
});

// The first render waits for the code it draws (page and bar, preloaded by the page): nothing in it
// suspends. A placeholder shown first would hold the page back, because React reveals a suspended
// part no sooner than 300 ms after its placeholder appeared.
test("a map page's first render draws its bar and page, not their placeholders", async ({ page }) => {
  await recordInserted(page, '[data-bar-placeholder]');
  await page.goto('/game/frontier_zone/maps/fz_coast_harbor');
  await expect(page.getByTestId('map')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  expect(await insertedSoFar(page)).toEqual([]);
});
