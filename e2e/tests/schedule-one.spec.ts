import type { Page } from '@playwright/test';
import { mixingMessages as t } from '@waypoint/shared/mixing-messages';
import { seriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';
import { waitForTool } from './tools.helpers.ts';

const S1 = 'schedule_one';
const calculator = `/game/${S1}/tools/schedule_I_mixing_calculator`;

const chips = (page: Page) => page.getByTestId('mix-effects').getByTestId('effect-chip');

test('builds a mix step by step: effects and price follow every step', async ({ page }) => {
  await page.goto(`${calculator}?product=OG+Kush`);
  await waitForTool(page, 'ingredient-palette');
  // OG Kush alone: Calming, 38 (38.5 rounds half to even).
  await expect(chips(page)).toHaveText(['Calming']);
  await expect(page.getByTestId('mix-price')).toHaveText('$38');
  await page.getByTestId('ingredient-cuke').click();
  await expect(page.getByTestId('mix-step')).toHaveCount(1);
  await page.getByTestId('ingredient-banana').click();
  // The data's worked example: Cuke then Banana.
  await expect(chips(page)).toHaveText(['Gingeritis', 'Sneaky', 'Thought-Provoking']);
  await expect(page.getByTestId('mix-price')).toHaveText('$66');
  await expect(page.getByTestId('mix-cost')).toHaveText('$4');
  await expect(page.getByTestId('mix-profit')).toHaveText('$62');
  // Order matters: Banana first gives Energizing, Paranoia, Thought-Provoking for $58.
  await page.getByRole('button', { name: t.moveDown('Cuke') }).click();
  await expect(page.getByTestId('mix-price')).toHaveText('$58');
  expect((await chips(page).allTextContents()).sort()).toEqual([
    'Energizing',
    'Paranoia',
    'Thought-Provoking',
  ]);
  await expect(page.getByTestId('mix-price')).toHaveText('$58');
  await expect(page).toHaveURL(/mix=Banana,Cuke/);
  // Back walks the mix history.
  await page.goBack();
  await expect(page.getByTestId('mix-price')).toHaveText('$66');
  await page.getByRole('button', { name: t.removeStep('Banana') }).click();
  await expect(page.getByTestId('mix-step')).toHaveCount(1);
  // Dragging an ingredient onto the steps adds it too.
  await page.getByTestId('ingredient-gasoline').dragTo(page.getByTestId('mix-steps'));
  await expect(page.getByTestId('mix-step')).toHaveCount(2);
  await expect(page.getByTestId('mix-step').nth(1)).toContainText('Gasoline');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByTestId('mix-summary')).toBeHidden();
  await reviewShot(page, 'calculator-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, 'calculator-390.png', { fullPage: true });
  // On a phone the result stays in sight while the player adds from the end of the ingredient list:
  // Calming, Euphoric, Toxic and Long faced, 35 × 1.8 = $63.
  await page.getByTestId('ingredient-horsesemen').scrollIntoViewIfNeeded();
  await page.getByTestId('ingredient-horsesemen').click();
  const summary = page.getByTestId('mix-summary');
  await expect(summary.getByTestId('mix-summary-price')).toHaveText('$63');
  await expect(summary.getByTestId('effect-chip')).toHaveText(['Calming', 'Euphoric', 'Toxic', 'Long faced']);
  await expect(summary).toBeInViewport();
  await expect(page.getByTestId('ingredient-horsesemen')).toBeInViewport();
  await reviewShot(page, 'calculator-390-summary.png');
  // Steps reorder from the keyboard too.
  await page.getByRole('button', { name: t.moveUp('Horse Semen') }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/mix=Cuke,Horse(\+|%20)Semen,Gasoline/);
});

test('a shared link reopens the same mix, names in any case or ids', async ({ page }) => {
  await page.goto(
    `${calculator}?product=cocaine&mix=${encodeURIComponent('motor oil,CUKE,paracetamol,gasoline,cuke,horsesemen,Battery,Mega Bean')}`,
  );
  await waitForTool(page, 'ingredient-palette');
  await expect(page.getByTestId('mix-step')).toHaveCount(8);
  await expect(page.getByTestId('mix-price')).toHaveText('$735');
  await expect(page.getByTestId('mix-cost')).toHaveText('$42');
  await expect(page.getByTestId('mix-profit')).toHaveText('$693');
  await expect(chips(page)).toHaveCount(8);
  // The page's own link for the mix opens it again.
  await page.getByRole('button', { name: t.removeStep('Mega Bean') }).click();
  await expect(page.getByTestId('mix-step')).toHaveCount(7);
  await expect(page.getByTestId('mix-price')).not.toHaveText('$735');
  // The page's own address (what the browser shows), read in the page: Playwright's cached URL
  // can trail a history update.
  const shared = await page.evaluate(() => window.location.href);
  expect(shared).toContain('product=Cocaine');
  expect(shared).toMatch(/mix=[^&]+/);
  const price = await page.getByTestId('mix-price').textContent();
  await page.goto('about:blank');
  await page.goto(shared);
  await expect(page.getByTestId('mix-step')).toHaveCount(7);
  await expect(page.getByTestId('mix-price')).toHaveText(price ?? '');
});

test('finds the best mix at depth 8 with a required effect, from a link and from the form', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${calculator}?product=Meth&optimize=profit&max=8`);
  await waitForTool(page, 'best-mix');
  // The link runs the finder: the data's answer for Meth within 8 is a profit of $302... at most.
  const best = page.getByTestId('best-found');
  await expect(best).toBeVisible({ timeout: 90_000 });
  const unconstrained = Number((await best.getByTestId('found-profit').textContent())?.replace('$', ''));
  expect(unconstrained).toBeGreaterThan(250);
  // Now with a required effect that the unconstrained answer lacks.
  await expect(best.getByTestId('effect-chip').filter({ hasText: 'Anti-gravity' })).toHaveCount(0);
  const required = page.getByTestId('best-required');
  await required.click();
  await page.keyboard.type('Anti-gravity');
  await page.getByRole('option', { name: 'Anti-gravity', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('best-run').click();
  // The answer now has Anti-gravity (the search may be too quick to catch its progress bar; the
  // cancel journey below watches a long one).
  await expect(best.getByTestId('effect-chip').filter({ hasText: 'Anti-gravity' })).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByTestId('search-cancel')).toBeHidden();
  const constrained = Number((await best.getByTestId('found-profit').textContent())?.replace('$', ''));
  expect(constrained).toBeLessThanOrEqual(unconstrained);
  await expect(page.getByTestId('runner-up').first()).toBeVisible();
  // Using the mix puts it into the calculator with the same figures.
  const price = await best.getByTestId('found-price').textContent();
  await best.getByRole('button', { name: t.useMix }).click();
  await expect(page.getByTestId('mix-price')).toHaveText(price ?? '');
  await expect(chips(page).filter({ hasText: 'Anti-gravity' })).toBeVisible();
});

test('a required effect nothing produces is answered at once; a long search shows its progress and can be cancelled', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${calculator}?product=Shroom&optimize=price&max=8`);
  await waitForTool(page, 'best-mix');
  await expect(page.getByTestId('best-found')).toBeVisible({ timeout: 90_000 });
  // Lethal, which no ingredient produces: the best-mix search proves at once that no mix has it.
  await page.getByTestId('best-required').click();
  await page.keyboard.type('Lethal');
  await page.getByRole('option', { name: 'Lethal', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('best-run').click();
  await expect(page.getByText(t.noMixFound)).toBeVisible({ timeout: 30_000 });
  // "How do I get Lethal?" walks every effect set within 8 steps before it can say no: seconds.
  await page.getByTestId('reach-target').click();
  await page.keyboard.type('Lethal');
  await page.getByRole('option', { name: 'Lethal', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: t.findWay }).click();
  await expect(page.getByRole('progressbar', { name: t.searchProgress })).toBeVisible();
  await page.getByTestId('search-cancel').click();
  await expect(page.getByText(t.searchCancelled)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: t.searchProgress })).toBeHidden();
});

test('the customer filter finds the customers of a recipe', async ({ page }) => {
  await page.goto(`/game/${S1}/tools/schedule_I_recipe_list`);
  await waitForTool(page, 'recipe-row');
  const row = page.getByTestId('recipe-row').filter({ hasText: 'Sneaky Kush' });
  await row.getByRole('link', { name: t.whoLikesIt }).click();
  await waitForTool(page, 'customer-row');
  await expect(page.getByTestId('customer-recipe')).toHaveValue('s1r_og_cuke_banana');
  const rows = page.getByTestId('customer-row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  // Every customer listed favours at least one of the mix's effects.
  for (let i = 0; i < count; i++) {
    const likes = await rows.nth(i).getByTestId('effect-chip').allTextContents();
    expect(likes.some((e) => ['Gingeritis', 'Sneaky', 'Thought-Provoking'].includes(e))).toBe(true);
  }
  // Narrowed to one region.
  await page.getByTestId('customer-region').selectOption('Northtown');
  const regions = page.getByTestId('customer-row').locator('td:nth-child(2)');
  await expect(regions.filter({ hasNotText: 'Northtown' })).toHaveCount(0);
  await expect(regions.first()).toHaveText('Northtown');
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(page, 'customers-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, 'customers-390.png', { fullPage: true });

  // "On the map" opens the customer's map with their marker's popup open and in view.
  await page.setViewportSize({ width: 1440, height: 900 });
  const first = page.getByTestId('customer-row').first();
  const name = (await first.locator('td').first().locator('p').first().textContent()) ?? '';
  expect(name).not.toBe('');
  await first.getByRole('link', { name: t.showOnMap(name) }).click();
  await expect(page).toHaveURL(/\/maps\/s1_northtown_map\?marker=/);
  await waitForMap(page);
  const popup = page.getByTestId('marker-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(name);
  await expect(popup).toBeInViewport();
  await reviewShot(page, 'customer-on-map-1440.png');
});

test('the recipe list sorts and opens a recipe in the calculator; items list ingredients and products', async ({
  page,
}) => {
  await page.goto(`/game/${S1}/tools/schedule_I_recipe_list`);
  await waitForTool(page, 'recipe-row');
  const profits = async () =>
    (await page.getByTestId('recipe-profit').allTextContents()).map((p) => Number(p.replace('$', '')));
  const byProfit = await profits();
  expect(byProfit).toEqual([...byProfit].sort((a, b) => b - a));
  await page.getByTestId('recipe-sort').selectOption('cost');
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(page, 'recipes-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, 'recipes-390.png', { fullPage: true });
  await page
    .getByTestId('recipe-row')
    .filter({ hasText: 'Toxic Kush' })
    .getByRole('link', { name: t.openInCalculator })
    .click();
  await waitForTool(page, 'mix-step');
  await expect(page.getByTestId('mix-price')).toHaveText('$38');
  await page.goto(`/game/${S1}/tools/schedule_I_items`);
  await waitForTool(page, 'item-row');
  await expect(page.getByTestId('item-row')).toHaveCount(16 + 7);
  await page.getByLabel(t.searchItems).fill('mega');
  await expect(page.getByTestId('item-row')).toHaveText([/Mega Bean/]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(page, 'items-1440.png', { fullPage: true });
});

test('phone: the recipe, customer and item lists show every value of a row, labelled, without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [tool, rowId, labels] of [
    ['schedule_I_recipe_list', 'recipe-row', [t.sellPrice, t.profit]],
    ['schedule_I_customers', 'customer-row', [t.spending]],
    ['schedule_I_items', 'item-row', [t.itemPrice]],
  ] as const) {
    await page.goto(`/game/${S1}/tools/${tool}`);
    await waitForTool(page, rowId);
    const first = page.getByTestId(rowId).first();
    // Every cell of the first row lies inside the screen, and names its column.
    const cells = await first.locator('td').evaluateAll((tds) =>
      tds.map((td) => ({
        right: td.getBoundingClientRect().right,
        label: getComputedStyle(td, '::before').content === 'none' ? '' : (td.dataset.label ?? ''),
      })),
    );
    for (const cell of cells) expect(cell.right, tool).toBeLessThanOrEqual(390);
    for (const label of labels) expect(cells.map((c) => c.label)).toContain(label);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), tool).toBeLessThanOrEqual(390);
    await reviewShot(page, `${tool}-cards-390.png`, { fullPage: true });
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`Schedule I tools, ${scheme} theme`, () => {
    test.use({ colorScheme: scheme, bypassCSP: true });
    test('have no serious accessibility violations', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(`${calculator}?product=OG+Kush&mix=Cuke,Banana`);
      await waitForTool(page, 'mix-step');
      expect(await seriousViolations(page)).toEqual([]);
      await reviewShot(page, `calculator-${scheme}.png`, { fullPage: true });
      // The phone layout, with the result pinned under the ingredient list.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByTestId('mix-summary')).toBeVisible();
      expect(await seriousViolations(page), 'calculator at 390 px').toEqual([]);
      await reviewShot(page, `calculator-390-${scheme}.png`);
      await page.setViewportSize({ width: 1440, height: 900 });
      for (const [tool, testId] of [
        ['schedule_I_recipe_list', 'recipe-row'],
        ['schedule_I_customers', 'customer-row'],
        ['schedule_I_items', 'item-row'],
      ] as const) {
        await page.goto(`/game/${S1}/tools/${tool}`);
        await waitForTool(page, testId);
        expect(await seriousViolations(page), tool).toEqual([]);
      }
    });
  });
}
