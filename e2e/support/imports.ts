import { adminMessages } from '@waypoint/shared/admin-messages';
import { modelMessages } from '@waypoint/shared/models/model-messages';
import { expect, type Page, seenToast } from './fixtures.ts';

/**
 * On /admin/imports: chooses a model's review and answers it once it shows that model. The choice goes
 * through the address, which React renders in a transition: until the review shows the chosen model,
 * its buttons still act on the one before. With `tag`, the review must first show `count` rows
 * holding it.
 */
async function chooseReview(page: Page, model: string, count: number, tag?: string) {
  await page.getByLabel(adminMessages.model, { exact: true }).selectOption(model);
  const review = page.getByTestId('import-review');
  await expect(
    review.getByRole('heading', { name: modelMessages[model]!.plural, exact: true }),
  ).toBeVisible();
  if (tag) await expect(review.locator('tbody tr').filter({ hasText: tag })).toHaveCount(count);
  return review;
}

/** On /admin/imports: accepts all staged records of a model (see `chooseReview`). */
export async function acceptAllStaged(page: Page, model: string, count: number, tag?: string) {
  const review = await chooseReview(page, model, count, tag);
  await review.getByRole('button', { name: adminMessages.acceptAll, exact: true }).click();
  await seenToast(page, adminMessages.importsAccepted(count));
}

/**
 * On /admin/imports: rejects all staged records of a model (see `chooseReview`), leaving the site's
 * staging area as the journey found it.
 */
export async function rejectAllStaged(page: Page, model: string, count: number, tag?: string) {
  const review = await chooseReview(page, model, count, tag);
  await review.getByRole('button', { name: adminMessages.rejectAll, exact: true }).click();
  await seenToast(page, adminMessages.importsRejected(count));
  if (tag) await expect(review.locator('tbody tr').filter({ hasText: tag })).toHaveCount(0);
}
