import { expect, test } from '../support/fixtures.ts';
import { drawnCount, waitForMap } from '../support/map.ts';
import { followRequests } from '../support/network.ts';
import { mapAtRest } from '../support/settle.ts';

test('high contrast turns on from the bar, holds across pages and reloads, and turns off', async ({
  page,
}) => {
  await page.goto('/game/frontier_zone');
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-contrast', 'high');
  const toggle = page.getByRole('button', { name: 'High contrast' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const dimmedBefore = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-dimmed'),
  );
  await toggle.click();
  await expect(html).toHaveAttribute('data-contrast', 'high');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const dimmedAfter = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-dimmed').trim(),
  );
  expect(dimmedAfter).toBe('#000');
  expect(dimmedAfter).not.toBe(dimmedBefore.trim());
  // Applied before the first paint on the next visit.
  await page.goto('/');
  await expect(html).toHaveAttribute('data-contrast', 'high');
  await page.getByRole('button', { name: 'High contrast' }).click();
  await expect(html).not.toHaveAttribute('data-contrast', 'high');
});

test('the system asking for more contrast turns it on until the player chooses', async ({ browser }) => {
  const context = await browser.newContext({ contrast: 'more' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await context.close();
});

test('colour-blind-safe colours redraw the markers in the safe palette', async ({ page }) => {
  const requests = followRequests(page);
  await page.goto('/game/frontier_zone/maps/fz_coast_harbor');
  await waitForMap(page);
  await expect.poll(() => drawnCount(page)).toBeGreaterThan(0);
  const pixels = () =>
    page.evaluate(() => (document.querySelector('canvas.wp-marker-canvas') as HTMLCanvasElement).toDataURL());
  // The picture once every icon (some load their image) has been drawn.
  // (The first comparison must come after a pause, or two reads a moment apart would pass at once.)
  await requests.quiet();
  let before = await pixels();
  await expect
    .poll(async () => {
      await mapAtRest(page, 10);
      const now = await pixels();
      const same = before === now;
      before = now;
      return same;
    })
    .toBe(true);
  const option = page.getByTestId('safe-colours');
  await option.check();
  await expect.poll(async () => (await pixels()) === before).toBe(false);
  // The panel's own glyphs follow.
  const glyphColours = await page
    .getByTestId('sidebar-left')
    .locator('svg[style*="color"]')
    .evaluateAll((els) => els.map((e) => getComputedStyle(e).color));
  const palette = [
    'rgb(230, 159, 0)',
    'rgb(86, 180, 233)',
    'rgb(0, 158, 115)',
    'rgb(240, 228, 66)',
    'rgb(0, 114, 178)',
    'rgb(213, 94, 0)',
    'rgb(204, 121, 167)',
    'rgb(0, 0, 0)',
  ];
  for (const c of glyphColours) expect(palette).toContain(c);
  // Turned off, the map's own colours return; turned on again, it is kept for the next visit.
  await option.uncheck();
  await expect.poll(async () => (await pixels()) === before).toBe(true);
  await option.check();
  await page.reload();
  await waitForMap(page);
  await expect(page.getByTestId('safe-colours')).toBeChecked();
});
