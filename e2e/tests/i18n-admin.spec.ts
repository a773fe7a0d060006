import { admin, createConfirmedUser, expect, type Page, submitLogin, test } from '../support/fixtures.ts';
import { untranslatedTexts } from '../support/i18n.ts';

/** Opens a page in the pseudo-locale and waits until its catalog texts are shown. */
async function pseudo(page: Page, path: string) {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=pseudo`);
  await expect(page.locator('h1, h2').filter({ hasText: '⟦' }).first()).toBeVisible();
}

async function expectTranslated(page: Page) {
  await expect.poll(() => untranslatedTexts(page)).toEqual([]);
}

test.describe('admin and account pages in other languages', () => {
  test('the account and legal pages show every interface text through the catalogs', async ({ page }) => {
    for (const path of ['/login', '/register', '/privacy']) {
      await pseudo(page, path);
      await expectTranslated(page);
    }
  });

  test('the profile page shows every interface text through the catalogs', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.goto('/login?nextUrl=%2Fprofile');
    await submitLogin(page, user.email, user.password);
    await expect(page).toHaveURL(/\/profile$/);
    await pseudo(page, '/profile');
    await expect(page.getByTestId('progress-row').first()).toBeVisible();
    await expectTranslated(page);
  });

  test.describe('as a first-time visitor', () => {
    test.use({ firstVisit: true });
    test('the consent dialog shows every interface text through the catalogs', async ({ page }) => {
      await page.goto('/contact?lang=pseudo');
      const dialog = page.getByTestId('consent-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('h2')).toContainText('⟦');
      await expectTranslated(page);
    });
  });

  test('the review page, an admin list and an admin form show every interface text through the catalogs', async ({
    page,
  }) => {
    await page.goto('/login?nextUrl=%2Fadmin');
    await submitLogin(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);

    await pseudo(page, '/suggestion-review');
    await expect(page.getByRole('tab').first()).toContainText('⟦');
    await expectTranslated(page);

    await pseudo(page, '/admin');
    const games = page.getByTestId('admin-list-game');
    await expect(games.locator('tbody tr').first()).toBeVisible();
    await expectTranslated(page);

    await games.getByRole('button', { name: /Ñéŵ/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectTranslated(page);
  });

  test('in German the pages speak German', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Language').first().selectOption('de');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.getByLabel(/^Passwort\s*\*?$/)).toBeVisible();

    await page.goto('/privacy?lang=de');
    await expect(page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Einwilligung ändern' })).toBeVisible();

    await page.goto('/login?lang=en&nextUrl=%2Fadmin');
    await submitLogin(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin?lang=de');
    // The navigation bar offers the same link once the admin's standing has loaded; the admin page's own is meant.
    await expect(page.getByRole('main').getByRole('link', { name: 'Vorschläge prüfen' })).toBeVisible();
    await expect(page.getByTestId('admin-list-game').getByRole('heading', { name: 'Spiele' })).toBeVisible();
    await expect(
      page.getByTestId('admin-list-game').getByRole('button', { name: 'Alle speichern' }),
    ).toBeVisible();
  });
});
