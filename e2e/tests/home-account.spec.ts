import { admin, createConfirmedUser, expect, submitLogin, test } from '../support/fixtures.ts';

/** The home page's account row lies on one line: every entry shares its top edge. */
async function rowTops(page: import('@playwright/test').Page) {
  const row = page.getByRole('navigation', { name: 'Account' });
  return row.evaluate((nav) =>
    Array.from(nav.children)
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .map((c) => Math.round(c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2)),
  );
}

test('a logged-in player logs out from the home page', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login?postRoute=%2F');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
  const row = page.getByRole('navigation', { name: 'Account' });
  await expect(row.getByRole('link', { name: 'Profile' })).toBeVisible();
  await row.getByRole('button', { name: 'Logout' }).click();
  await expect(row.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Logout' })).toHaveCount(0);
});

test('phone: the home page account row stays on one line, for the admin too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login?postRoute=%2F');
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }),
  ).toBeVisible();
  const tops = await rowTops(page);
  expect(tops.length).toBeGreaterThan(4);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
