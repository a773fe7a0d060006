import { toolMessages } from '@waypoint/shared/tool-messages';
import { expect, type Page, test } from '../support/fixtures.ts';
import { FZ, itemId, waitForTool } from './tools.helpers.ts';

function row(page: Page, slug: string) {
  const r = page
    .getByTestId('craft-tree')
    .locator(`[data-testid="craft-row"][data-item-id="${itemId(slug)}"]`);
  return { row: r, qty: r.getByTestId('qty'), unit: r.getByTestId('unit'), total: r.getByTestId('total') };
}

test('crafting tree totals match the hand-computed values of a 3-level recipe', async ({ page }) => {
  await page.goto(`/crafting?gameId=${FZ}`);
  await waitForTool(page, 'craft-item');
  await expect(page.getByRole('heading', { level: 1, name: toolMessages.craftingTitle })).toBeVisible();
  await page.getByTestId('craft-item').filter({ hasText: 'Field Medkit' }).click();
  await expect(page).toHaveURL(new RegExp(`item=${itemId('medkit')}`));

  // One Field Medkit (makes 1):
  //   Bandage           3 × 1 ÷ 1 = 3  × 2,600 = 7,800
  //     Cloth Scrap     2 × 3 ÷ 2 = 3  ×   900 = 2,700  (a Bandage craft makes 2)
  //   Antiseptic Bottle 1 × 1 ÷ 1 = 1  × 4,200 = 4,200
  const medkit = row(page, 'medkit');
  await expect(medkit.row).toHaveAttribute('data-depth', '0');
  await expect(medkit.total).toHaveText('14,500₽');
  const bandage = row(page, 'bandage');
  await expect(bandage.row).toHaveAttribute('data-depth', '1');
  await expect(bandage.qty).toHaveText('3');
  await expect(bandage.unit).toHaveText('2,600₽');
  await expect(bandage.total).toHaveText('7,800₽');
  const cloth = row(page, 'cloth');
  await expect(cloth.row).toHaveAttribute('data-depth', '2');
  await expect(cloth.qty).toHaveText('3');
  await expect(cloth.total).toHaveText('2,700₽');
  await expect(row(page, 'antiseptic').total).toHaveText('4,200₽');
  await expect(page.getByTestId('components-total')).toHaveText('12,000₽');
  await expect(page.getByTestId('raw-total')).toHaveText('6,900₽');

  // Two medkits double everything down the tree.
  await page.getByLabel(toolMessages.craftQuantity).fill('2');
  await expect(bandage.qty).toHaveText('6');
  await expect(cloth.qty).toHaveText('6');
  await expect(cloth.total).toHaveText('5,400₽');
  await expect(page.getByTestId('components-total')).toHaveText('24,000₽');

  // Batches: one Ammo Pack craft makes 60 rounds; the gunpowder yields 2 per craft.
  await page.getByTestId('craft-item').filter({ hasText: 'Ammo Pack' }).click();
  await expect(row(page, 'ammo_pack').qty).toHaveText('60');
  await expect(row(page, 'gunpowder').qty).toHaveText('2');
  await expect(row(page, 'saltpeter').total).toHaveText('4,500₽');
  await page.getByLabel(toolMessages.craftQuantity).fill('1');
  // A single round: 2 × 1 ÷ 60 gunpowder = 0.03 shown, 240.00 in price (raw numbers are kept).
  await expect(row(page, 'gunpowder').qty).toHaveText('0.03');
  await expect(row(page, 'gunpowder').total).toHaveText('240₽');
  await expect(row(page, 'charcoal').total).toHaveText('13.33₽');
});

test('Frontier Zone lists Crafting among its tools; crafting shows what it saves against buying', async ({
  page,
}) => {
  await page.goto(`/game/${FZ}/maps/fz_coast_harbor`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Tools: Tools' }).click();
  await nav.getByRole('link', { name: 'Crafting' }).click();
  await expect(page).toHaveURL(new RegExp(`/game/${FZ}/tools/crafting$`));
  await waitForTool(page, 'craft-item');
  // The game is fixed by the address: no game selector here.
  await expect(page.getByTestId('craft-game')).toHaveCount(0);
  await page.getByTestId('craft-item').filter({ hasText: 'Field Medkit' }).click();
  // 14,500 to buy against 12,000 in components.
  await expect(page.getByTestId('craft-vs-buy')).toHaveText(toolMessages.craftSaves('2,500₽'));
  // A game without crafting has no such tool.
  await page.goto('/game/emberfall/tools/crafting');
  await expect(page).toHaveURL(/\/error\?gameId=emberfall$/);
});

test('the crafting search filters from 3 characters', async ({ page }) => {
  await page.goto(`/crafting?gameId=${FZ}`);
  await waitForTool(page, 'craft-item');
  const items = page.getByTestId('craft-item');
  await expect(items).toHaveCount(12);
  await page.getByTestId('craft-filter').fill('fi');
  await expect(items).toHaveCount(12);
  await page.getByTestId('craft-filter').fill('FIELD');
  await expect(items).toHaveCount(2);
});
