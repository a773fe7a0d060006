import { expect, test } from '../support/fixtures.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_lighthouse';

test("desktop: the bar's Game and Category menus open above the map's sidebars and can be used", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(mapPath);
  await expect(page.getByTestId('map').locator('.leaflet-control-zoom')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByRole('button', { name: /^Category:/ }).click();
  // A click goes to whatever lies on top at that point: the menu item, not the markers sidebar.
  await nav.getByTestId('suggest-category').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await nav.getByRole('button', { name: 'Game: Frontier Zone' }).click();
  const other = nav.getByRole('link', { name: 'Emberfall Chronicles' });
  const box = (await other.boundingBox())!;
  const top = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(top).toContain('Emberfall Chronicles');
  await other.click();
  await expect(page).toHaveURL(/\/game\/emberfall/);
});

test("phone: the open menu lies above the map's floating buttons, its last row can be used", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(mapPath);
  await expect(page.getByTestId('map').locator('.leaflet-control-zoom')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Open navigation' }).click();
  const panel = page.locator('#wp-nav-panel');
  await expect(panel.locator('summary', { hasText: /^Tools$/ })).toBeVisible();
  for (const row of [
    panel.getByRole('button', { name: 'Consent' }),
    panel.getByRole('button', { name: /contrast/i }),
  ]) {
    await row.scrollIntoViewIfNeeded();
    // A trial click fails when another element (a floating map button) would receive it.
    await row.click({ trial: true, timeout: 5_000 });
  }
});
