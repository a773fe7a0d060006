import { expect, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';

test('a developer browses the read API and tries a read from the page', async ({ page }) => {
  await page.goto('/api/docs');
  const games = page.locator('.opblock').filter({ hasText: '/api/games' }).first();
  await expect(games).toBeVisible({ timeout: 20_000 });
  await reviewShot(page, 'api-docs-1440.png');
  await games.locator('.opblock-summary').click();
  await games.getByRole('button', { name: 'Execute' }).click();
  const live = games.locator('.live-responses-table');
  await expect(live.locator('tbody .response-col_status').first()).toHaveText('200');
  await expect(live.locator('tbody .response-col_description').first()).toContainText('"count"');
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, 'api-docs-390.png');
});
