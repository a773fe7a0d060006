import { toolMessages } from '@waypoint/shared/tool-messages';
import { seriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { FZ, loginNewPlayer, waitForTool } from './tools.helpers.ts';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`player tools, ${scheme} theme`, () => {
    // The test injects axe-core itself, which the page's content security policy would block.
    test.use({ colorScheme: scheme, bypassCSP: true });

    test('the quest tracker, its details and chain view have no serious violations', async ({
      page,
      request,
    }) => {
      await loginNewPlayer(page, request);
      await page.goto(`/game/${FZ}/tools/quests`);
      await waitForTool(page, 'quest-row');
      await page.getByRole('button', { name: toolMessages.showDetails }).first().click();
      await page.mouse.move(0, 0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: toolMessages.questChain }).click();
      await expect(page.getByTestId('quest-chain')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('Items To Keep and crafting have no serious violations', async ({ page }) => {
      await page.goto(`/game/${FZ}/tools/tarkov-items-to-keep`);
      await waitForTool(page, 'keep-card');
      await page.getByRole('button', { name: toolMessages.showDetails }).first().click();
      await page.mouse.move(0, 0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/crafting?gameId=${FZ}`);
      await waitForTool(page, 'craft-row');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
