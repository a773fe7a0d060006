import { accountMessages } from '@waypoint/shared/account-messages';
import { createConfirmedUser, expect, submitLogin, test } from '../support/fixtures.ts';

test('a guest on a protected page goes to the login with nextUrl', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?nextUrl=%2Fprofile$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?nextUrl=%2Fadmin$/);
});

test('a logged-in non-admin on an admin page is sent to the login route, which says why', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?denied=1&nextUrl=%2Fadmin$/);
  await expect(
    page.getByRole('alert').filter({ hasText: accountMessages.adminOnly(user.username) }),
  ).toBeVisible();
  await page.goto('/suggestion-review');
  await expect(page).toHaveURL(/\/login\?denied=1&nextUrl=%2Fsuggestion-review$/);
  await expect(page.getByTestId('admin-only')).toContainText(user.username);
});
