import { accountMessages } from '@waypoint/shared/account-messages';
import { constants } from '@waypoint/shared/constants';
import { messages } from '@waypoint/shared/messages';
import { serverMessages } from '@waypoint/shared/server-messages';
import { createConfirmedUser, expect, newUser, seenToast, submitLogin, test } from '../support/fixtures.ts';
import { linkFromMail } from '../support/outbox.ts';

test('register, confirm by e-mail, log in to the wanted page, change password, log out', async ({ page }) => {
  // The longest journey: five password hashes on a shared machine.
  test.setTimeout(60_000);
  const user = newUser();
  await page.goto('/register');
  // Nothing is sent while the form is invalid; errors show beside the fields.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByLabel('Confirm password').fill(`${user.password}-typo`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText(messages.passwordsMustMatch)).toBeVisible();
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByLabel('I agree to the privacy policy').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.registerSuccess }).first()).toBeVisible();

  // The confirmation link from the e-mail in the outbox.
  const link = await linkFromMail(user.email, 'confirmAccount');
  await page.goto(link);
  await page.getByRole('button', { name: accountMessages.clickToConfirm }).click();
  await expect(page.getByText(messages.accountConfirmed)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The guard sends the guest to the login with nextUrl; after login the user lands there.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?nextUrl=%2Fprofile$/);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(`Logged in as ${user.username}`)).toBeVisible();

  // Change password: a wrong old password fails, the right one succeeds.
  const newPassword = `${user.password}-new`;
  await page.getByLabel('Old password').fill('not-the-password');
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(accountMessages.changePasswordFailure)).toBeVisible();
  await page.getByLabel('Old password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(messages.passwordChanged)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await submitLogin(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
});

test('register: leaving the confirm field with another password moves nothing under the pointer', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel(/^Password/).fill('first-password-1');
  await page.getByLabel(/^Confirm/).fill('other-password-2');
  const consent = page.getByRole('checkbox');
  const before = await consent.boundingBox();
  // The click that leaves the field lands on the consent box: it must be there still.
  await consent.click();
  await expect(page.getByText(messages.passwordsMustMatch)).toBeVisible();
  expect((await consent.boundingBox())?.y).toBe(before?.y);
  await expect(consent).toBeChecked();
});

test('forgot password: the recovery link sets a new password; the old one stops working', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByPlaceholder(accountMessages.enterEmail).fill(user.email);
  await page.getByRole('button', { name: 'Send recovery link' }).click();
  await expect(page.getByText(messages.checkInbox).first()).toBeVisible();

  const link = await linkFromMail(user.email, 'passwordRecovery');
  await page.goto(link);
  const newPassword = `${user.password}-recovered`;
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(messages.passwordsMustMatch).first()).toBeVisible();
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login');
  await submitLogin(page, user.email, user.password);
  await expect(page.getByText(serverMessages.invalidCredentials).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
});

test('the reset-progress dialog confirms only after typing reset', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login?postRoute=%2Fprofile');
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: `${accountMessages.resetProgress} Frontier Zone` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toHaveCount(0);
  await dialog.getByLabel('Confirmation').fill('rese');
  await expect(confirm).toHaveCount(0);
  await dialog.getByLabel('Confirmation').fill(constants.resetConfirmWord);
  await confirm.click();
  await expect(page.getByText(accountMessages.progressReset('Frontier Zone'))).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("the SPEC's toasts: 'Logging...' then its outcome, 'Register Failure!', and an unknown recovery link", async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await page.goto('/login');
  await submitLogin(page, user.email, 'not-the-password');
  await seenToast(page, accountMessages.loggingFailure(serverMessages.invalidCredentials));
  await submitLogin(page, user.email, user.password);
  await seenToast(page, accountMessages.loggingSuccess);
  await expect(page).toHaveURL(/\/$/);

  // A taken username: the toast is the SPEC's text, the reason shows on the field.
  await page.goto('/contact');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await page.goto('/register');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(`other-${user.email}`);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByLabel('Confirm password').fill(user.password);
  await page.getByLabel('I agree to the privacy policy').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await seenToast(page, accountMessages.registerFailure);
  await expect(page.getByText(serverMessages.usernameTaken)).toBeVisible();

  // A recovery link that does not exist: 'Passwords must be the same' (SPEC §5), the reason in the form.
  await page.goto('/passwordRecovery/0123456789abcdef0123456789abcdef');
  await page.getByLabel('New password').fill('a-long-new-password-1');
  await page.getByLabel('Confirm password').fill('a-long-new-password-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText(messages.passwordsMustMatch, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: serverMessages.invalidOrExpiredLink }),
  ).toBeVisible();
});
