import { messages } from '@waypoint/shared/messages';
import { expect, test } from '../support/fixtures.ts';

test('an unknown game lands on the error page, and Try again goes back to it', async ({ page }) => {
  const response = await page.goto('/game/no_such_game');
  // The server answers a real 302 to the error page.
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/game\/no_such_game$/);
  await expect(page).toHaveURL(/\/error\?gameId=no_such_game$/);
  await expect(page.getByRole('heading', { name: messages.gotLost })).toBeVisible();
  const retry = page.getByRole('link', { name: messages.tryAgain });
  await expect(retry).toHaveAttribute('href', '/game/no_such_game');
  await expect(page.getByRole('link', { name: messages.backToHome })).toHaveAttribute('href', '/');
});

test('an unknown map offers to try the map again, or the game', async ({ page }) => {
  await page.goto('/game/frontier_zone/maps/no_such_map');
  await expect(page).toHaveURL(/\/error\?gameId=frontier_zone&mapId=no_such_map$/);
  await expect(page.getByRole('link', { name: messages.tryAgain })).toHaveAttribute(
    'href',
    '/game/frontier_zone/maps/no_such_map',
  );
  await page.goto('/error?gameId=frontier_zone');
  await page.getByRole('link', { name: messages.tryAgain }).click();
  await expect(page).toHaveURL(/\/game\/frontier_zone$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone' })).toBeVisible();
});

test('an unknown route is a real 404 with a way home', async ({ page }) => {
  const response = await page.goto('/this/route/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: messages.pageNotFound })).toBeVisible();
  await page.getByRole('link', { name: messages.backToHome }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('game-card').first()).toBeVisible();
});
