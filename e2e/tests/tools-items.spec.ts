import { messages } from '@waypoint/shared/messages';
import { toolMessages } from '@waypoint/shared/tool-messages';
import { expect, type Page, test } from '../support/fixtures.ts';
import { FZ, itemId, loginNewPlayer, questId, waitForTool } from './tools.helpers.ts';

interface ItemsSave {
  itemsOwned: { itemId: string; findOnly: boolean; quantity: number }[];
}

const itemsPath = `/game/${FZ}/tools/tarkov-items-to-keep`;

function card(page: Page, name: string) {
  return page.getByTestId('keep-card').filter({ has: page.getByText(name, { exact: true }) });
}

function counter(page: Page, name: string, inRaid = false) {
  const label = inRaid ? toolMessages.inRaid : toolMessages.owned;
  const box = card(page, name).getByTestId(inRaid ? 'counter-in-raid' : 'counter-normal');
  return {
    box,
    count: box.getByTestId('count'),
    plus: box.getByRole('button', { name: toolMessages.addOne(label) }),
    minus: box.getByRole('button', { name: toolMessages.removeOne(label) }),
  };
}

test('guest sees Items To Keep read-only with login prompts', async ({ page }) => {
  await page.goto(itemsPath);
  await waitForTool(page, 'keep-card');
  await expect(page.getByRole('heading', { level: 1, name: messages.itemsToKeep })).toBeVisible();
  await expect(page.getByLabel(toolMessages.onlyForQuests)).toBeChecked();
  const wire = counter(page, 'Copper Wire');
  await expect(wire.count).toHaveText('0 / 5');
  await expect(wire.plus).toBeDisabled();
  await expect(wire.minus).toBeDisabled();
  await expect(card(page, 'Copper Wire').getByTestId('login-prompt')).toBeVisible();
  // Quest items are never listed.
  await expect(card(page, 'Vaccine Vial')).toHaveCount(0);
  // The requirement expander: the quest link and a disabled completion toggle.
  await card(page, 'Copper Wire').getByRole('button', { name: toolMessages.showDetails }).click();
  const reqs = card(page, 'Copper Wire').getByTestId('requirements');
  await expect(reqs.getByRole('link', { name: 'Spare Parts' })).toHaveAttribute(
    'href',
    `/game/${FZ}/tools/quests?questId=${questId('spare_parts')}`,
  );
  await expect(reqs.getByRole('checkbox', { name: toolMessages.questDone })).toBeDisabled();
});

test('items-to-keep counters stop at the required total and at 0', async ({ page, request }) => {
  test.slow();
  const { api } = await loginNewPlayer(page, request);
  const owned = async (slug: string, findOnly: boolean) =>
    (await api<ItemsSave>(`/user/itemstokeep/get/${FZ}`)).itemsOwned.find(
      (o) => o.itemId === itemId(slug) && o.findOnly === findOnly,
    )?.quantity ?? 0;
  await page.goto(itemsPath);
  await waitForTool(page, 'keep-card');

  // Copper Wire: 5 for Spare Parts.
  const wire = counter(page, 'Copper Wire');
  await expect(wire.count).toHaveText('0 / 5');
  await expect(wire.minus).toBeDisabled();
  for (let i = 0; i < 5; i++) await wire.plus.click();
  await expect(wire.count).toHaveText('5 / 5');
  await expect(wire.plus).toBeDisabled();
  await expect.poll(() => owned('copper_wire', false)).toBe(5);
  await wire.minus.click();
  await expect(wire.count).toHaveText('4 / 5');
  await expect.poll(() => owned('copper_wire', false)).toBe(4);
  for (let i = 0; i < 4; i++) await wire.minus.click();
  await expect(wire.count).toHaveText('0 / 5');
  await expect(wire.minus).toBeDisabled();
  await expect.poll(() => owned('copper_wire', false)).toBe(0);

  // Bandage is needed found in raid only: one 'in raid' counter, stopping at 4.
  await expect(card(page, 'Bandage').getByTestId('counter-normal')).toHaveCount(0);
  const bandage = counter(page, 'Bandage', true);
  for (let i = 0; i < 4; i++) await bandage.plus.click();
  await expect(bandage.count).toHaveText('4 / 4');
  await expect(bandage.plus).toBeDisabled();
  await expect.poll(() => owned('bandage', true)).toBe(4);

  // Gold Bar has both counters, checked separately: complete the normal one only.
  const gold = counter(page, 'Gold Bar');
  for (let i = 0; i < 3; i++) await gold.plus.click();
  await expect(gold.count).toHaveText('3 / 3');
  await expect.poll(() => owned('gold_bar', false)).toBe(3);

  // After a reload, items owned in full are hidden unless Show completed.
  await page.reload();
  await expect(card(page, 'Bandage')).toHaveCount(0);
  await expect(counter(page, 'Gold Bar', true).count).toHaveText('0 / 2');
  await page.getByLabel(toolMessages.showCompleted).check();
  await expect(counter(page, 'Bandage', true).count).toHaveText('4 / 4');
  await page.getByRole('button', { name: toolMessages.showOnlyStillNeeded }).click();
  await expect(page.getByLabel(toolMessages.showCompleted)).not.toBeChecked();
  await expect(card(page, 'Bandage')).toHaveCount(0);
});

test('the item filter applies from 3 characters; completing a quest drops its need', async ({
  page,
  request,
}) => {
  const { api } = await loginNewPlayer(page, request);
  await page.goto(itemsPath);
  await waitForTool(page, 'keep-card');
  const filter = page.getByPlaceholder(toolMessages.questFilterPlaceholder);
  await filter.fill('go');
  await expect(card(page, 'Copper Wire')).toHaveCount(1);
  await filter.fill('GOL');
  await expect(page.getByTestId('keep-card')).toHaveCount(2);
  await expect(card(page, 'Gold Chain')).toHaveCount(1);
  await expect(card(page, 'Copper Wire')).toHaveCount(0);

  // Completing the quest from the expander drops its need.
  await filter.fill('');
  const wireCard = card(page, 'Copper Wire');
  await wireCard.getByRole('button', { name: toolMessages.showDetails }).click();
  await wireCard.getByTestId('requirements').getByRole('checkbox', { name: toolMessages.questDone }).click();
  await expect(counter(page, 'Copper Wire').count).toHaveText('0 / 0');
  await expect
    .poll(async () => (await api<{ completedQuests: string[] }>(`/user/quest/get/${FZ}`)).completedQuests)
    .toEqual([questId('spare_parts')]);
});

test('hideout mode lists hideout needs with their module levels', async ({ page, request }) => {
  await loginNewPlayer(page, request);
  await page.goto(itemsPath);
  await waitForTool(page, 'keep-card');
  await expect(card(page, 'Gold Bar')).toHaveCount(1);
  await expect(card(page, 'Capacitor')).toHaveCount(0);
  await page.getByLabel(toolMessages.onlyForHideout).check();
  await expect(card(page, 'Capacitor')).toHaveCount(1);
  await expect(card(page, 'Gold Bar')).toHaveCount(0);
  // Copper Wire needs 6 for the generator in hideout mode (5 for its quest in quest mode).
  const wire = counter(page, 'Copper Wire');
  await expect(wire.count).toHaveText('0 / 6');
  await card(page, 'Copper Wire').getByRole('button', { name: toolMessages.showDetails }).click();
  await expect(card(page, 'Copper Wire').getByTestId('requirements')).toContainText(
    toolMessages.forHideoutLevel('Generator', 1),
  );
  // Sorted by total required, descending: Bolts (16) comes before Capacitor (4).
  const order = await page
    .getByTestId('keep-card')
    .evaluateAll((cards) => cards.map((c) => c.dataset.itemId));
  expect(order.indexOf('fz_i_bolts')).toBeLessThan(order.indexOf('fz_i_capacitor'));
  for (let i = 0; i < 6; i++) await wire.plus.click();
  await expect(wire.count).toHaveText('6 / 6');
  await expect(wire.plus).toBeDisabled();
  // Quests and hideout together: the combined need (5 for the quest + 6 for the generator).
  await page.getByLabel(toolMessages.questsAndHideout).check();
  await expect(card(page, 'Gold Bar')).toHaveCount(1);
  await expect(card(page, 'Capacitor')).toHaveCount(1);
  await expect(wire.count).toHaveText('6 / 11');
  await expect(wire.plus).toBeEnabled();
});
