import { seriousViolations } from '../support/axe.ts';
import { expect, type Page, test } from '../support/fixtures.ts';

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
