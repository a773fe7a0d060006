import { expect, test } from '../support/fixtures.ts';
import { untranslatedTexts } from '../support/i18n.ts';
import { waitForMap } from '../support/map.ts';

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
      await page.goto(p.path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      if (p.name === 'map') await waitForMap(page);
      else await page.locator('h1').first().waitFor();
      if (p.ready) await page.getByTestId(p.ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await untranslatedTexts(page)).toEqual([]);
    });
  }
});
