import { type Page, test } from '@playwright/test';

/**
 * A picture of the page for a person to look at (layouts at 1440 and 390 px), written under the test's
 * output folder only when WAYPOINT_REVIEW_SHOTS is set: an ordinary run spends no time on pictures nobody
 * opens, and a failing test gets its own from Playwright's `screenshot: 'only-on-failure'`.
 */
export async function reviewShot(
  page: Page,
  name: string,
  options: Omit<NonNullable<Parameters<Page['screenshot']>[0]>, 'path'> = {},
): Promise<void> {
  if (!process.env.WAYPOINT_REVIEW_SHOTS) return;
  const path = test.info().outputPath(name);
  await page.screenshot({ ...options, path });
  console.log(`screenshot: ${path}`);
}
