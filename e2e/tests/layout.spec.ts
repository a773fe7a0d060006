import type { Locator } from '@playwright/test';
import { admin, demoGames, expect, type Page, submitLogin, test } from '../support/fixtures.ts';

test.describe('phone, 390 x 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('one card per row and a collapsed navigation bar', async ({ page }) => {
    await page.goto('/');
    const cards = page.getByTestId('game-card').filter({ hasText: demoGames });
    await expect(cards).toHaveCount(3);
    const boxes = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    // One column: same left edge, stacked, nearly the full width.
    expect(new Set(boxes.map((b) => Math.round(b?.x ?? -1))).size).toBe(1);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
    expect(boxes[0]!.width).toBeGreaterThan(330);

    await page.goto('/game/frontier_zone');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Game: Frontier Zone' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
    await expect(nav.locator('summary', { hasText: /^Tools$/ })).toBeVisible();
    await expect(nav.getByText('Game: Frontier Zone')).toBeVisible();
    await nav.getByRole('link', { name: 'Items To Keep' }).click();
    await expect(page).toHaveURL(/\/tools\/tarkov-items-to-keep$/);
  });
});

test('desktop: three cards per row and the full bar; no bar on the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const cards = page.getByTestId('game-card').filter({ hasText: demoGames });
  await expect(cards).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
  expect(new Set(boxes.map((b) => Math.round(b?.y ?? -1))).size).toBe(1);

  await page.goto('/game/frontier_zone?minimalNavBar=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await page.goto('/game/frontier_zone');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Game: Frontier Zone' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('dark mode is remembered', async ({ page }) => {
  await page.goto('/game/frontier_zone');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
});

/** The section menus end left of the right side's first control: nothing overlaps. */
async function expectNoOverlap(page: Page, nav: Locator) {
  const sections = await nav.getByRole('button', { name: /^(Game|Category|Map|Tools): / }).all();
  expect(sections.length).toBe(4);
  const lastSection = await sections.at(-1)!.boundingBox();
  const right = await nav.locator('button, a, select').evaluateAll((els) =>
    Math.min(
      ...els
        .filter((el) => !/^(Game|Category|Map|Tools): /.test(el.getAttribute('aria-label') ?? ''))
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.left > window.innerWidth / 2)
        .map((r) => r.left),
    ),
  );
  expect(lastSection!.x + lastSection!.width).toBeLessThanOrEqual(right);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test('a narrow desktop bar keeps its menus apart: the rest moves into More', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.goto('/game/frontier_zone/maps/fz_coast_harbor');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Map: Harbor Docks' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeHidden();
  // A menu closes on Escape (the focus back on its button), a press outside and the focus leaving it.
  const mapMenu = nav.getByRole('button', { name: 'Map: Harbor Docks' });
  for (const leave of [
    () => page.keyboard.press('Escape'),
    () => page.mouse.click(700, 600),
    () => page.getByTestId('marker-list-button').focus(),
  ]) {
    await mapMenu.click();
    await expect(mapMenu).toHaveAttribute('aria-expanded', 'true');
    await leave();
    await expect(mapMenu).toHaveAttribute('aria-expanded', 'false');
  }
  await mapMenu.click();
  await page.keyboard.press('Escape');
  await expect(mapMenu).toBeFocused();
  await expectNoOverlap(page, nav);
  await nav.getByRole('button', { name: 'More' }).click();
  await nav.getByRole('button', { name: 'Consent' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // Logged in (bell, Admin, Profile, Logout), the menus still fit at 1,024 px.
  await page.goto('/login?nextUrl=%2Fgame%2Ffrontier_zone%2Fmaps%2Ffz_coast_harbor');
  await submitLogin(page, admin.email, admin.password);
  await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Map: Harbor Docks' })).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 800 });
  await expectNoOverlap(page, nav);
  await nav.getByRole('button', { name: 'More' }).click();
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(nav.getByRole('combobox', { name: 'Language' })).toBeVisible();
  // Wide enough, everything is on the bar itself.
  await page.setViewportSize({ width: 1600, height: 800 });
  await expect(nav.getByRole('button', { name: 'More' })).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expectNoOverlap(page, nav);
});
