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

test('phone: the home page account row stays on one line for a player, and within the screen for the admin', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await createConfirmedUser(request);
  await page.goto('/login?postRoute=%2F');
  await submitLogin(page, player.email, player.password);
  await expect(page).toHaveURL(/\/$/);
  const row = page.getByRole('navigation', { name: 'Account' });
  await expect(row.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(row.getByTestId('notification-bell')).toBeVisible();
  const tops = await rowTops(page);
  expect(tops.length).toBeGreaterThan(4);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The admin's row (with Admin besides the bell) may wrap, but nothing runs off the screen.
  await row.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/login?postRoute=%2F');
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(row.getByRole('link', { name: 'Admin' })).toBeVisible();
  const right = await row.evaluate((nav) =>
    Math.max(...Array.from(nav.children).map((c) => c.getBoundingClientRect().right)),
  );
  expect(right).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
