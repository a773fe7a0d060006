import { messages } from '@waypoint/shared/messages';
import { demoGames, expect, test } from '../support/fixtures.ts';

test('a guest searches the games, opens one and finds its maps', async ({ page }) => {
  await page.goto('/');
  const search = page.getByPlaceholder(messages.searchPlaceholder);
  const cards = page.getByTestId('game-card').filter({ hasText: demoGames });
  await expect(cards).toHaveCount(3);

  // Case-insensitive "contains" filter.
  await search.fill('fRoNtIeR');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Frontier Zone');
  await search.fill('CHRONICLE');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Emberfall Chronicles');
  await search.fill('no such game');
  await expect(cards).toHaveCount(0);
  await expect(page.getByText(messages.noGamesFound)).toBeVisible();
  await search.fill('frontier');
  await cards.first().click();

  await expect(page).toHaveURL(/\/game\/frontier_zone$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone' })).toBeVisible();
  await expect(page).toHaveTitle('Frontier Zone maps, quests and tools | Waypoint');
  // Tools: one card per additional feature.
  const tools = page.getByTestId('tool-card');
  await expect(tools).toHaveCount(3);
  await expect(tools.filter({ hasText: 'Quests' })).toHaveAttribute(
    'href',
    '/game/frontier_zone/tools/quests',
  );
  await expect(tools.filter({ hasText: 'Items To Keep' })).toHaveAttribute(
    'href',
    '/game/frontier_zone/tools/tarkov-items-to-keep',
  );
  // The game's HTML content block is shown.
  await expect(page.getByRole('heading', { name: 'Welcome to the Frontier Zone' })).toBeVisible();

  // A category with several maps expands to list them, with author and preferred icon.
  const city = page.getByTestId('category-card').filter({ hasText: 'Kessel City' });
  const toggle = city.getByRole('button', { name: '3 maps' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(city.getByTestId('map-link')).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const links = city.getByTestId('map-link');
  await expect(links).toHaveCount(3);
  await expect(links.filter({ hasText: 'Metro Depot' })).toContainText('by Tunnel Rat');
  await expect(
    links.filter({ hasText: 'City Center' }).getByRole('img', { name: 'Preferred map' }),
  ).toBeVisible();
  await expect(links.filter({ hasText: 'Mercy Hospital' })).toHaveAttribute(
    'href',
    '/game/frontier_zone/maps/fz_city_hospital',
  );

  // A category with exactly one map links straight to it.
  const valley = page.getByTestId('category-card').filter({ hasText: 'Ashen Valley' });
  await expect(valley).toHaveAttribute('href', '/game/frontier_zone/maps/fz_valley_factory');
  await valley.click();
  await expect(page).toHaveURL(/\/game\/frontier_zone\/maps\/fz_valley_factory/);
});

test('the game dropdown of the bar switches games', async ({ page }) => {
  await page.goto('/game/frontier_zone');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Game: Frontier Zone' }).click();
  await nav.getByRole('link', { name: 'Emberfall Chronicles' }).click();
  await expect(page).toHaveURL(/\/game\/emberfall$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Emberfall Chronicles' })).toBeVisible();
  // Tools dropdown: only for games with additional features.
  await nav.getByRole('button', { name: 'Tools: Tools' }).click();
  await expect(nav.getByRole('link', { name: 'Quests' })).toHaveAttribute(
    'href',
    '/game/emberfall/tools/quests',
  );
});
