import { messages } from '@waypoint/shared/messages';
import { expect, test } from '../support/fixtures.ts';

test('an unknown game lands on the error page without a pointless Try again', async ({ page }) => {
  const response = await page.goto('/game/no_such_game');
  // The server answers a real 302 to the error page.
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/game\/no_such_game$/);
  await expect(page).toHaveURL(/\/error\?gameId=no_such_game$/);
  await expect(page.getByRole('heading', { name: messages.gotLost })).toBeVisible();
  await expect(page.getByText(messages.noSuchGame('no_such_game'))).toBeVisible();
  await expect(page.getByRole('link', { name: messages.backToHome })).toHaveAttribute('href', '/');
  // Trying a game that does not exist again cannot help.
  await expect(page.getByRole('link', { name: messages.tryAgain })).toHaveCount(0);
});

test("an unknown map lists the game's maps, and one opens", async ({ page }) => {
  await page.goto('/game/frontier_zone/maps/no_such_map');
  await expect(page).toHaveURL(/\/error\?gameId=frontier_zone&mapId=no_such_map$/);
  const maps = page.getByRole('navigation', { name: 'Maps of Frontier Zone' });
  await expect(maps.getByText(messages.noSuchMap('no_such_map', 'Frontier Zone'))).toBeVisible();
  await expect(maps.getByRole('link').first()).toBeVisible();
  expect(await maps.getByRole('link').count()).toBeGreaterThan(1);
  await expect(page.getByRole('link', { name: messages.tryAgain })).toHaveCount(0);
  await expect(page.getByRole('link', { name: messages.openGame('Frontier Zone') })).toHaveAttribute(
    'href',
    '/game/frontier_zone',
  );
  const first = maps.getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/game\/frontier_zone\/maps\/[^/]+$/);
  await expect(page).toHaveTitle(new RegExp(name));
});

test('when the game cannot be loaded, Try again goes back to where the player was going', async ({
  page,
}) => {
  await page.route('**/api/game/frontier_zone', (route) => route.abort('internetdisconnected'));
  await page.goto('/error?gameId=frontier_zone&mapId=some_map');
  const retry = page.getByRole('link', { name: messages.tryAgain });
  await expect(retry).toHaveAttribute('href', '/game/frontier_zone/maps/some_map');
  await expect(page.getByText(messages.errorPageUnreachable)).toBeVisible();
});

test('an unknown route is a real 404 with a way home', async ({ page }) => {
  const response = await page.goto('/this/route/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: messages.pageNotFound })).toBeVisible();
  await page.getByRole('link', { name: messages.backToHome }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('game-card').first()).toBeVisible();
});
