import { expect, test } from '../support/fixtures.ts';

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
      await expect(page.frameLocator(`iframe[title="${frame}"]`).getByTestId('map')).toHaveAttribute(
        'data-ready',
        'true',
      );
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
    await expect(page.frameLocator('iframe[title="embed"]').getByTestId('map')).toHaveAttribute(
      'data-ready',
      'true',
    );
    const framed = page.frames().find((f) => f.url().includes('/maps/'))!;
    const stored = await framed.evaluate(() =>
      JSON.parse(localStorage.getItem('waypoint-consent') ?? 'null'),
    );
    expect(stored).toMatchObject({ analytics: true, advertising: false });
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
