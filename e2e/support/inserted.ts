import type { Page } from '@playwright/test';

/**
 * From the page's start, records every element matching `selector` that is put into the document
 * (itself or inside an inserted subtree). `insertedSoFar` answers their tag names.
 */
export async function recordInserted(page: Page, selector: string) {
  await page.addInitScript((wanted) => {
    const seen: string[] = [];
    (window as unknown as { __inserted: string[] }).__inserted = seen;
    new MutationObserver((records) => {
      for (const r of records)
        for (const node of Array.from(r.addedNodes))
          if (node instanceof Element && (node.matches(wanted) || node.querySelector(wanted)))
            seen.push(node.tagName);
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

export function insertedSoFar(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __inserted: string[] }).__inserted);
}
