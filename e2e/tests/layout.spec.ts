import { demoGames, expect, test } from '../support/fixtures.ts';

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
