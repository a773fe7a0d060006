import { mkdirSync } from 'node:fs';
import { messages } from '@waypoint/shared/messages';
import { servicesMessages } from '@waypoint/shared/services-messages';
import { seriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';

const path = '/game/frontier_zone/ingameMapApp';

test("'Open in app' on a map without the app installed goes to the promo, which says so", async ({
  page,
}) => {
  await page.goto('/game/frontier_zone/maps/fz_coast_harbor');
  await expect(page.getByTestId('map').locator('.leaflet-control-zoom')).toBeVisible();
  const link = page.getByTestId('open-in-app');
  await expect(link).toHaveAttribute(
    'href',
    /^[a-z][a-z0-9+.-]*:\/\/game\/frontier_zone\/maps\/fz_coast_harbor$/,
  );
  // The app's address scheme is unknown to this browser: nothing takes the window over.
  await link.click();
  await expect(page).toHaveURL(/\/game\/frontier_zone\/ingameMapApp\?notInstalled=1$/, { timeout: 10_000 });
  await expect(page.getByTestId('app-not-installed')).toHaveText(servicesMessages.appNotInstalled);
  await expect(page.getByRole('button', { name: messages.downloadFree })).toBeVisible();
});

test('the in-game promo shows its three map pictures, advances every 4 s and pauses on hover', async ({
  page,
}) => {
  // The page's timers run on a clock the test moves, so nothing waits on real seconds.
  await page.clock.install();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Frontier Zone In-Game' })).toBeVisible();
  await expect(page).toHaveTitle(/Frontier Zone In-Game/);
  const carousel = page.getByTestId('ingame-carousel');
  for (const caption of servicesMessages.inGameSlides)
    await expect(carousel.getByText(caption)).toBeAttached();
  await expect(page.getByRole('button', { name: messages.downloadFree })).toBeVisible();
  // The first picture is the server's drawing of the game's own map.
  const first = carousel.getByRole('img', { name: /Map Overview/ });
  await expect(first).toHaveAttribute('src', /^\/api\/game\/frontier_zone\/promo\/overview/);

  await expect(carousel).toHaveAttribute('data-active-slide', '0');
  await page.clock.runFor(4_500);
  await expect(carousel).toHaveAttribute('data-active-slide', '1');

  // Paused while the pointer is over it.
  await carousel.hover();
  await page.clock.runFor(12_000);
  await expect(carousel).toHaveAttribute('data-active-slide', '1');
  await page.mouse.move(5, 5);
  await page.clock.runFor(4_500);
  await expect(carousel).toHaveAttribute('data-active-slide', '2');
});

test('while the map pictures are still being drawn, the slides say so and show them once they exist', async ({
  page,
}) => {
  // On a freshly started server the first demo map is drawn within about a minute (longer on a busy machine).
  test.setTimeout(150_000);
  await page.clock.install();
  // A freshly started site: the server has no map picture yet and answers 404.
  await page.route('**/api/game/*/promo/*', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(path);
  const carousel = page.getByTestId('ingame-carousel');
  await expect(carousel.getByTestId('promo-preparing').first()).toHaveText(
    servicesMessages.inGameSlidePreparing,
  );
  // The pictures exist now: the next attempt shows them and the note goes.
  await page.unroute('**/api/game/*/promo/*');
  const overview = carousel.getByRole('img', { name: /Map Overview/ });
  // Each poll moves the page's clock to its next attempt (the server may still be drawing the map).
  await expect
    .poll(
      async () => {
        await page.clock.runFor(5_000);
        return overview.evaluate((img) => getComputedStyle(img).opacity);
      },
      { timeout: 90_000 },
    )
    .toBe('1');
  await expect(carousel.getByTestId('promo-preparing').first()).toBeHidden();
});

test('with reduced motion the carousel stays on its first picture', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto(path);
  const carousel = page.getByTestId('ingame-carousel');
  await expect(carousel).toHaveAttribute('data-active-slide', '0');
  await page.clock.runFor(10_000);
  await expect(carousel).toHaveAttribute('data-active-slide', '0');
  await carousel.getByRole('button', { name: 'Next picture' }).click();
  await expect(carousel).toHaveAttribute('data-active-slide', '1');
});

test('an unknown game goes to the error page', async ({ page, baseURL }) => {
  await page.goto('/game/no_such_game/ingameMapApp');
  await expect(page).toHaveURL(`${baseURL}/error?gameId=no_such_game`);
});

test.describe('looks', () => {
  test.use({ bypassCSP: true });
  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`on a ${name}: the map pictures arrive; screenshot and no serious accessibility violations`, async ({
      page,
    }) => {
      // On a fresh server the demo maps are still being drawn: the page asks again until they are.
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await page.goto(path);
      const img = page.getByTestId('ingame-carousel').getByRole('img', { name: /Map Overview/ });
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), {
          timeout: 170_000,
        })
        .toBe(1280);
      mkdirSync('/tmp/services', { recursive: true });
      await reviewShot(page, `ingame-${viewport.width}.png`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
