import { expect, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';

test.describe('first visit', () => {
  test.use({ firstVisit: true });

  test('the consent dialog opens, stores the choice and reopens from the bar', async ({ page }) => {
    await page.goto('/game/frontier_zone');
    const dialog = page.getByRole('dialog', { name: 'Your privacy choices' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
    await dialog.getByRole('switch', { name: 'Analytics' }).check();
    await dialog.getByRole('button', { name: 'Save choices' }).click();
    await expect(dialog).toBeHidden();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('waypoint-consent') ?? 'null'));
    expect(stored).toMatchObject({ necessary: true, analytics: true, advertising: false });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Consent' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Analytics' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Only necessary' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an embedded map is not covered by the question; a choice made on the site applies to it', async ({
    page,
  }) => {
    const dialog = page.getByRole('dialog', { name: 'Your privacy choices' });
    const question = (frame: string) =>
      page.frameLocator(`iframe[title="${frame}"]`).getByRole('dialog', { name: 'Your privacy choices' });
    await page.goto('/contact');
    await expect(dialog).toBeVisible();
    // Another site's page with the embed route and a map page in frames.
    await page.evaluate(() => {
      document.body.innerHTML = `
        <iframe title="embed" src="/embed/game/frontier_zone/maps/fz_coast_harbor" style="width:800px;height:500px"></iframe>
        <iframe title="map" src="/game/frontier_zone/maps/fz_coast_harbor" style="width:800px;height:500px"></iframe>`;
    });
    for (const frame of ['embed', 'map']) {
      await expect(
        page.frameLocator(`iframe[title="${frame}"]`).getByTestId('map').locator('.leaflet-control-zoom'),
      ).toBeVisible();
      await expect(question(frame)).toHaveCount(0);
    }

    // The site's choice is stored for its origin: the framed map reads the same one.
    await page.goto('/contact');
    await dialog.getByRole('switch', { name: 'Analytics' }).check();
    await dialog.getByRole('button', { name: 'Save choices' }).click();
    await expect(dialog).toBeHidden();
    await page.evaluate(() => {
      document.body.innerHTML =
        '<iframe title="embed" src="/embed/game/frontier_zone/maps/fz_coast_harbor" style="width:800px;height:500px"></iframe>';
    });
    await expect(
      page.frameLocator('iframe[title="embed"]').getByTestId('map').locator('.leaflet-control-zoom'),
    ).toBeVisible();
    const framed = page.frames().find((f) => f.url().includes('/maps/'))!;
    const stored = await framed.evaluate(() =>
      JSON.parse(localStorage.getItem('waypoint-consent') ?? 'null'),
    );
    expect(stored).toMatchObject({ analytics: true, advertising: false });
  });
});

test.describe('the question on the first paint', () => {
  test.use({ firstVisit: true });
  const entry = /\/assets\/index-[^/]+\.js$/;
  const stored = (page: import('@playwright/test').Page) =>
    page.evaluate(() => JSON.parse(localStorage.getItem('waypoint-consent') ?? 'null'));

  test('is asked and answered before the app has run', async ({ page }) => {
    // Without the app's code the page still asks, and the answer is stored.
    await page.route(entry, (route) => route.abort());
    await page.goto('/game/frontier_zone');
    const first = page.getByRole('dialog', { name: 'Your privacy choices' });
    await expect(first).toHaveAttribute('data-testid', 'consent-first-paint');
    await expect(first.getByRole('switch', { name: 'Necessary' })).toBeDisabled();
    await expect(first.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy');
    await first.getByRole('switch', { name: 'Analytics' }).check();
    await first.getByRole('button', { name: 'Save choices' }).click();
    await expect(first).toHaveCount(0);
    expect(await stored(page)).toMatchObject({ necessary: true, analytics: true, advertising: false });
    // Answered, the next page does not ask; Escape on a first visit stores "only necessary".
    await page.reload();
    await expect(page.getByTestId('consent-first-paint')).toBeHidden();
    await page.evaluate(() => localStorage.removeItem('waypoint-consent'));
    await page.reload();
    await expect(first).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(first).toHaveCount(0);
    expect(await stored(page)).toMatchObject({ analytics: false, advertising: false });
  });

  for (const width of [1440, 390]) {
    test(`the app hears the page's answer; the app's dialog looks the same (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(entry, async (route) => {
        await released;
        await route.continue();
      });
      // The page's load waits for the held code: only the answer's start is awaited.
      await page.goto('/contact', { waitUntil: 'commit' });
      const question = page.getByRole('dialog', { name: 'Your privacy choices' });
      await expect(question).toHaveAttribute('data-testid', 'consent-first-paint');
      await reviewShot(page, `consent-first-${width}.png`);
      const before = await question.boundingBox();
      // The app starts under the open question and does not ask a second time.
      release();
      await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeAttached();
      await expect(question).toHaveCount(1);
      await expect(question).toHaveAttribute('data-testid', 'consent-first-paint');
      await question.getByRole('switch', { name: 'Advertising' }).check();
      await question.getByRole('button', { name: 'Save choices' }).click();
      await expect(question).toHaveCount(0);
      expect(await stored(page)).toMatchObject({ analytics: false, advertising: true });
      // The app's dialog (the Consent link) shows the stored answer in the same box.
      const menu = page.getByRole('button', { name: 'Open navigation' });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Consent' }).click();
      await expect(question).toHaveAttribute('data-testid', 'consent-dialog');
      await expect(question.getByRole('switch', { name: 'Advertising' })).toBeChecked();
      await expect(question.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
      const after = await question.boundingBox();
      for (const k of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs((after?.[k] ?? 0) - (before?.[k] ?? 0))).toBeLessThanOrEqual(1);
      await reviewShot(page, `consent-app-${width}.png`);
      // Its privacy link goes to the policy inside the app.
      await question.getByRole('link', { name: 'privacy policy' }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(question).toHaveCount(0);
    });
  }

  test('its privacy link opens a readable policy; the question comes back on the next page', async ({
    page,
  }) => {
    await page.goto('/game/frontier_zone');
    const question = page.getByRole('dialog', { name: 'Your privacy choices' });
    await question.getByRole('link', { name: 'privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Cookies and local storage' })).toBeVisible();
    await expect(question).toHaveCount(0);
    // Readable means usable: the policy's own button asks.
    await page.getByRole('button', { name: 'Change consent' }).click();
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    expect(await stored(page)).toMatchObject({ analytics: false, advertising: false });
    await page.evaluate(() => localStorage.removeItem('waypoint-consent'));
    await page.goto('/contact');
    await expect(question).toBeVisible();
  });

  test('is not written in English for a visitor in another language, nor on embedded maps', async ({
    page,
  }) => {
    await page.route(entry, (route) => route.abort());
    await page.goto('/contact?lang=de');
    await expect(page.getByTestId('consent-first-paint')).toBeHidden();
    await page.goto('/embed/game/frontier_zone/maps/fz_coast_harbor');
    await expect(page.getByTestId('consent-first-paint')).toBeHidden();
    await page.goto('/contact');
    await expect(page.getByTestId('consent-first-paint')).toBeVisible();
  });
});

test('contact and privacy pages', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: 'support@waypoint.local' })).toHaveAttribute(
    'href',
    'mailto:support@waypoint.local',
  );
  await page.goto('/privacy');
  for (const heading of ['Advertising', 'Cookies and local storage', 'Children', 'Data requests']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByText(/CCPA/).first()).toBeVisible();
  await expect(page.getByText(/GDPR/).first()).toBeVisible();
  await expect(page.getByText(/under 13/).first()).toBeVisible();
  await expect(page.getByText(/within one month/).first()).toBeVisible();
});
