import { expect, test } from '../support/fixtures.ts';
import { untranslatedTexts } from '../support/i18n.ts';
import { waitForMap } from '../support/map.ts';
import { followRequests } from '../support/network.ts';

const FZ = '/game/frontier_zone';
const S1 = '/game/schedule_one';
const pages = [
  { name: 'home', path: '/', ready: 'game-card' },
  { name: 'game', path: FZ, ready: 'category-card' },
  { name: 'map', path: `${FZ}/maps/fz_coast_harbor`, ready: null },
  { name: 'quests', path: `${FZ}/tools/quests`, ready: null },
  { name: 'items to keep', path: `${FZ}/tools/tarkov-items-to-keep`, ready: null },
  { name: 'crafting', path: `${FZ}/tools/crafting`, ready: null },
  {
    name: 'mixing calculator',
    path: `${S1}/tools/schedule_I_mixing_calculator?product=OG+Kush`,
    ready: null,
  },
  { name: 'recipe list', path: `${S1}/tools/schedule_I_recipe_list`, ready: null },
  { name: 'customers', path: `${S1}/tools/schedule_I_customers`, ready: null },
  { name: 'items', path: `${S1}/tools/schedule_I_items`, ready: null },
];

test.describe('the pseudo-locale', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('waypoint-lang', 'pseudo'));
  });

  for (const p of pages) {
    test(`leaves no interface text untranslated on the ${p.name} page`, async ({ page }) => {
      const requests = followRequests(page);
      await page.goto(p.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      if (p.name === 'map') await waitForMap(page);
      else await page.locator('h1').first().waitFor();
      if (p.ready) await page.getByTestId(p.ready).first().waitFor();
      // Late texts (lazily loaded panels) come with the page's last requests; a page that keeps
      // asking (a map card polling its preparation while other journeys process pictures) is read
      // once it has been quiet or after 15 s.
      await requests.quiet().catch(() => undefined);
      expect(await untranslatedTexts(page)).toEqual([]);
    });
  }
});

test('a player switches to German: home, game, map and tools follow, numbers too, and the choice stays', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByPlaceholder('Suchen …')).toBeVisible();

  await page.getByTestId('game-card').filter({ hasText: 'Frontier Zone' }).click();
  await expect(page.getByRole('heading', { name: 'Karten', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Werkzeuge', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Frontier Zone: Karten, Quests und Werkzeuge | Waypoint');

  await page.goto(`${FZ}/maps/fz_coast_harbor`);
  await waitForMap(page);
  await expect(page.getByRole('button', { name: 'Alle einblenden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hineinzoomen' })).toBeVisible();

  await page.goto(`${FZ}/tools/crafting`);
  await expect(page.getByRole('heading', { level: 1, name: 'Herstellung' })).toBeVisible();
  // German separators: 74.000₽, not 74,000₽.
  await expect(page.getByTestId('craft-details')).toContainText(/\d{1,3}\.\d{3}₽/);

  // The bar's switch goes back to English.
  await page.getByLabel('Sprache').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Crafting' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Crafting' })).toBeVisible();
});
