import { adminMessages } from '@waypoint/shared/admin-messages';
import { modelMessages } from '@waypoint/shared/models/model-messages';
import { expect, type Page, seenToast } from './fixtures.ts';

/**
 * On /admin/imports: chooses a model's review and accepts all its staged records. The choice goes
 * through the address, which React renders in a transition: until the review shows the chosen model,
 * its buttons still act on the one before. With `tag`, the review must first show `count` rows
 * holding it.
 */
export async function acceptAllStaged(page: Page, model: string, count: number, tag?: string) {
  await page.getByLabel(adminMessages.model, { exact: true }).selectOption(model);
  const review = page.getByTestId('import-review');
  await expect(
    review.getByRole('heading', { name: modelMessages[model]!.plural, exact: true }),
  ).toBeVisible();
  if (tag) await expect(review.locator('tbody tr').filter({ hasText: tag })).toHaveCount(count);
  await review.getByRole('button', { name: adminMessages.acceptAll, exact: true }).click();
  await seenToast(page, adminMessages.importsAccepted(count));
}

/**
 * On /admin/imports: chooses a model's review and rejects all its staged records, leaving the site's
 * staging area as the journey found it. With `tag`, the review must first show `count` rows holding it.
 */
export async function rejectAllStaged(page: Page, model: string, count: number, tag?: string) {
  await page.getByLabel(adminMessages.model, { exact: true }).selectOption(model);
  const review = page.getByTestId('import-review');
  await expect(
    review.getByRole('heading', { name: modelMessages[model]!.plural, exact: true }),
  ).toBeVisible();
  if (tag) await expect(review.locator('tbody tr').filter({ hasText: tag })).toHaveCount(count);
  await review.getByRole('button', { name: adminMessages.rejectAll, exact: true }).click();
  await seenToast(page, adminMessages.importsRejected(count));
  if (tag) await expect(review.locator('tbody tr').filter({ hasText: tag })).toHaveCount(0);
}
