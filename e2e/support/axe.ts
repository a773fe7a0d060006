import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The rules whose outcome depends on the colour scheme. Every dark-scheme check follows a light one of
 * the same page (the schemes differ in colours only), so in the dark scheme only these run: the rest
 * would repeat the light run's findings at several seconds a page.
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core on the page and lists the serious and critical violations, readable in a diff.
 * Finite animations (a dialog fading in) are let finish first: mid-fade, text is measured at partial
 * opacity and its contrast comes out too low.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A component that has just opened starts its entering transition a frame or two later (Mantine's
  // modals and drawers): until then it sits at its starting opacity with no animation to wait for.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async (colourRules) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            options: { resultTypes: ['violations']; runOnly?: { type: 'rule'; values: string[] } },
          ) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const dark = document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark';
    // Only violations are read: axe then records one node per passed or inapplicable rule instead of
    // every node (docs/benchmarks.md, "Test run").
    const only = dark ? { runOnly: { type: 'rule' as const, values: colourRules } } : {};
    return (await axe.run(document, { resultTypes: ['violations'], ...only })).violations;
  }, colourRules);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
