import { listMessages } from '@waypoint/shared/map/list-messages';
import { pinsMessages } from '@waypoint/shared/pins/pins-messages';
import { seriousViolations } from '../support/axe.ts';
import { createConfirmedUser, expect, type Page, test, visitorPage } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginWithToken } from '../support/suggest.ts';

const mapId = 'fz_coast_harbor';
const mapPath = `/game/frontier_zone/maps/${mapId}`;

// The test injects axe-core itself, which the page's content security policy would block.
test.use({ bypassCSP: true });

const pinNamed = (page: Page, name: string) => page.locator(`.leaflet-marker-pane [aria-label="${name}"]`);

test('a player shares some of their pins through a link; a logged-out visitor sees only those; the owner withdraws it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser(request);
  const token = await loginWithToken(page, request, user.email, user.password);
  const auth = { authorization: `Bearer ${token}` };
  for (const [name, note, x, y] of [
    ['Boat ramp', 'Meet here at dusk', 3000, 2300],
    ['Fuel cache', 'Two cans under the tarp', 3200, 2400],
    ['My secret stash', 'Not for anyone', 3100, 2200],
  ] as const) {
    const res = await request.post(`/api/user/pins/${mapId}`, { headers: auth, data: { name, note, x, y } });
    expect(res.status()).toBe(201);
  }

  await page.goto(mapPath);
  await waitForMap(page);
  await expect(pinNamed(page, 'My secret stash')).toBeAttached();
  await page.getByRole('button', { name: pinsMessages.sharePins }).click();
  const dialog = page.getByTestId('pin-share-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(pinsMessages.shareNone)).toBeVisible();
  // The dialog says what a link shows: notes included.
  await expect(dialog.getByText(pinsMessages.shareHint)).toBeVisible();
  await dialog.getByLabel('My secret stash').uncheck();
  await dialog.getByLabel(pinsMessages.shareName).fill('Harbor run');
  await dialog.getByLabel(pinsMessages.shareShowName).check();
  await dialog.getByRole('button', { name: pinsMessages.shareCreate }).click();
  const link = await dialog.getByTestId('pin-share-link').inputValue();
  expect(link).toMatch(new RegExp(`${mapPath}\\?pinShare=[0-9a-f]{32}$`));
  await expect(dialog.getByTestId('pin-share-links')).toContainText('Harbor run');
  await expect(dialog.getByTestId('pin-share-links')).toContainText('2 pins');
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(page, 'share-dialog-1440.png');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: pinsMessages.cancel }).click();
  await expect(dialog).toBeHidden();

  // Someone logged out opens the link: the two pins, the title and the owner's name; not the third.
  const guest = await visitorPage(browser, { viewport: { width: 390, height: 844 }, bypassCSP: true });
  const guestContext = guest.context();
  await guest.goto(link);
  await waitForMap(guest);
  const banner = guest.getByTestId('shared-pins-banner');
  await expect(banner).toContainText(pinsMessages.sharedPins);
  await expect(banner).toContainText('Harbor run');
  await expect(banner).toContainText(pinsMessages.sharedBy(user.username));
  await expect(pinNamed(guest, 'Boat ramp')).toBeAttached();
  await expect(pinNamed(guest, 'Fuel cache')).toBeAttached();
  await expect(pinNamed(guest, 'My secret stash')).toHaveCount(0);
  // The link opens on its first pin; its popup shows the note, read-only.
  await pinNamed(guest, 'Boat ramp').click();
  const popup = guest.getByTestId('shared-pin-popup');
  await expect(popup).toContainText('Meet here at dusk');
  await expect(popup.getByRole('button')).toHaveCount(0);
  await reviewShot(guest, 'shared-390.png');
  expect(await seriousViolations(guest)).toEqual([]);
  await expect(guest.getByRole('button', { name: pinsMessages.sharePins })).toHaveCount(0);

  // The owner withdraws the link: it shows nothing any more.
  await page.getByRole('button', { name: pinsMessages.sharePins }).click();
  await dialog.getByRole('button', { name: pinsMessages.shareWithdraw }).click();
  await expect(dialog.getByText(pinsMessages.shareNone)).toBeVisible();
  await guest.reload();
  await waitForMap(guest);
  await expect(guest.getByTestId('shared-pins-banner')).toHaveText(pinsMessages.shareNotFound);
  await expect(pinNamed(guest, 'Boat ramp')).toHaveCount(0);
  await guestContext.close();
});

test('a player shares the auto route through a link; a logged-out visitor sees its line', async ({
  page,
  request,
  browser,
}) => {
  const user = await createConfirmedUser(request);
  await loginWithToken(page, request, user.email, user.password);
  await page.goto(`${mapPath}?markerDefinitions=fz_loot_cache`);
  await waitForMap(page);
  await page.getByTestId('marker-list-button').click();
  const list = page.getByTestId('marker-list');
  await list.getByLabel(listMessages.routeScope).selectOption('map');
  await list.getByTestId('route-button').click();
  const summary = page.getByTestId('route-summary');
  await expect(summary).toHaveAttribute('data-stops', /^([2-9]|\d\d+)$/);
  const stops = Number(await summary.getAttribute('data-stops'));
  await list.getByRole('button', { name: pinsMessages.shareRoute }).click();
  const dialog = page.getByTestId('pin-share-dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(pinsMessages.shareRouteTitle);
  await dialog.getByLabel(pinsMessages.shareName).fill('Loot run');
  await dialog.getByRole('button', { name: pinsMessages.shareCreate }).click();
  const link = await dialog.getByTestId('pin-share-link').inputValue();
  await expect(dialog.getByTestId('pin-share-links')).toContainText(pinsMessages.shareRouteStops(stops));
  await reviewShot(page, 'share-route-1280.png');
  expect(await seriousViolations(page)).toEqual([]);

  // Logged out, the link draws the route's line with the title, and no planner of its own.
  const guest = await visitorPage(browser, { viewport: { width: 390, height: 844 }, bypassCSP: true });
  const guestContext = guest.context();
  await guest.goto(link);
  await waitForMap(guest);
  const banner = guest.getByTestId('shared-pins-banner');
  await expect(banner).toContainText(pinsMessages.sharedRoute);
  await expect(banner).toContainText('Loot run');
  await expect(guest.locator('path.wp-shared-route')).toHaveCount(1);
  // The link holds the whole line: its start and every stop.
  const shareId = new URL(link).searchParams.get('pinShare');
  const shared = await (await request.get(`/api/pin-share/${shareId}`)).json();
  expect(shared.route.points).toHaveLength(stops + 1);
  await reviewShot(guest, 'shared-route-390.png');
  // Hiding the link's layer takes the line away.
  await banner.getByRole('button', { name: pinsMessages.closeShared }).click();
  await expect(guest.locator('path.wp-shared-route')).toHaveCount(0);
  await guestContext.close();
});
