import { createRequire } from 'node:module';
import { messages } from '@waypoint/shared/messages';
import { expect, type Page, test } from '../support/fixtures.ts';
import { FZ, loginNewPlayer, waitForTool } from './tools.helpers.ts';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page) {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
      await page.getByRole('button', { name: messages.showDetails }).first().click();
      await page.mouse.move(0, 0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: messages.questChain }).click();
      await expect(page.getByTestId('quest-chain')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('Items To Keep and crafting have no serious violations', async ({ page }) => {
      await page.goto(`/game/${FZ}/tools/tarkov-items-to-keep`);
      await waitForTool(page, 'keep-card');
      await page.getByRole('button', { name: messages.showDetails }).first().click();
      await page.mouse.move(0, 0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto(`/crafting?gameId=${FZ}`);
      await waitForTool(page, 'craft-row');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
