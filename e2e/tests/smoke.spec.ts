import { demoGames, expect, test } from '../support/fixtures.ts';

test('the home page loads and shows the demo games', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Waypoint/);
  const cards = page.getByTestId('game-card').filter({ hasText: demoGames });
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: 'Frontier Zone' })).toBeVisible();
  await expect(cards.filter({ hasText: 'Schedule I' })).toBeVisible();
  await expect(cards.filter({ hasText: 'Emberfall Chronicles' })).toBeVisible();
});
