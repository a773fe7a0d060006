import { createRequire } from 'node:module';
import { expect, type Page, test } from '../support/fixtures.ts';

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
    const result = await axe.run(document);
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const pages: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'home', path: '/', ready: (p) => expect(p.getByTestId('game-card').first()).toBeVisible() },
  {
    name: 'game',
    path: '/game/frontier_zone',
    ready: (p) => expect(p.getByTestId('category-card').first()).toBeVisible(),
  },
  { name: 'login', path: '/login', ready: (p) => expect(p.getByLabel('Email')).toBeVisible() },
  { name: 'register', path: '/register', ready: (p) => expect(p.getByLabel('Username')).toBeVisible() },
];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    // The test injects axe-core itself, which the page's content security policy would block.
    test.use({ colorScheme: scheme, bypassCSP: true });
    for (const { name, path, ready } of pages) {
      test(`${name} has no serious or critical accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await ready(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
