import type { APIRequestContext } from '@playwright/test';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { messages } from '@waypoint/shared/messages';
import { uiMessages } from '@waypoint/shared/ui-messages';
import { admin, createConfirmedUser, expect, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { loginWithToken } from '../support/suggest.ts';

// How moderators find their way in, and how the bar's menu looks on a phone over the map.
const gameId = 'frontier_zone';
const mapPath = `/game/${gameId}/maps/fz_coast_harbor`;
const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

async function member(request: APIRequestContext) {
  const user = await createConfirmedUser(request);
  const res = await request.post('/api/users/login', {
    data: { email: user.email, password: user.password },
  });
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { ...user, id: body.user.id, bearer: body.token };
}

async function adminBearer(request: APIRequestContext) {
  const res = await request.post('/api/users/login', {
    data: { email: admin.email, password: admin.password },
  });
  return ((await res.json()) as { token: string }).token;
}

test('a moderator finds the suggestion review from the home page, the bar and the phone menu', async ({
  page,
  request,
}) => {
  const moderator = await member(request);
  const granted = await request.post('/api/admin/roles', {
    headers: auth(await adminBearer(request)),
    data: { userId: moderator.id, gameId, role: 'moderator' },
  });
  expect(granted.ok()).toBe(true);
  await loginWithToken(page, request, moderator.email, moderator.password);

  // Home: the review link and the notifications bell.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const account = page.getByRole('navigation', { name: uiMessages.nav.account });
  await expect(account.getByRole('link', { name: uiMessages.nav.review })).toBeVisible();
  await expect(account.getByTestId('notification-bell')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-moderator-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(account.getByRole('link', { name: uiMessages.nav.review })).toBeVisible();
  await expect(account.getByTestId('notification-bell')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('home-moderator-390.png') });

  // The bar of a game page (1440 px: beside Profile; the More menu holds the rest).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/game/${gameId}`);
  const nav = page.getByRole('navigation', { name: uiMessages.nav.main });
  const link = nav.getByRole('link', { name: uiMessages.nav.review });
  await expect(link).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('bar-moderator-1440.png') });
  await link.click();
  await expect(page).toHaveURL(/\/suggestion-review/);
  await expect(page.getByRole('heading', { name: /^Suggestion type:/ })).toBeVisible({ timeout: 20_000 });

  // The phone menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/game/${gameId}`);
  await nav.getByRole('button', { name: uiMessages.nav.openNavigation }).click();
  await expect(
    page.locator('#wp-nav-panel').getByRole('link', { name: uiMessages.nav.review }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('menu-moderator-390.png') });

  // A player who moderates nothing sees no such link.
  const player = await member(request);
  await page.context().clearCookies();
  await loginWithToken(page, request, player.email, player.password);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await expect(page.getByRole('link', { name: uiMessages.nav.review })).toHaveCount(0);
});

test("phone: the menu's Suggest entries are drawn as the menu's own, and the menu lies over the quests sheet", async ({
  page,
  request,
}) => {
  const player = await member(request);
  await loginWithToken(page, request, player.email, player.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(mapPath);
  await waitForMap(page);
  await page.getByRole('button', { name: mapMessages.quests, exact: true }).click();
  const sheet = page.getByTestId('sidebar-right');
  await expect(sheet.getByRole('button', { name: mapMessages.suggestNewQuest })).toBeVisible();

  const nav = page.getByRole('navigation', { name: uiMessages.nav.main });
  await nav.getByRole('button', { name: uiMessages.nav.openNavigation }).click();
  const panel = page.locator('#wp-nav-panel');
  const suggest = panel.getByRole('button', { name: messages.suggestEntry }).first();
  await expect(suggest).toBeVisible();
  // No browser button look: no border, no grey face, the menu's font.
  const look = await suggest.evaluate((el) => {
    const s = getComputedStyle(el);
    return {
      border: s.borderTopWidth,
      background: s.backgroundColor,
      font: s.fontFamily === getComputedStyle(document.body).fontFamily,
    };
  });
  expect(look).toEqual({ border: '0px', background: 'rgba(0, 0, 0, 0)', font: true });

  // Nothing of the sheet shows through the open menu.
  const quest = sheet.getByRole('button', { name: mapMessages.suggestNewQuest });
  const box = (await quest.boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('#wp-nav-panel')),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toBe(true);
  await page.screenshot({ path: test.info().outputPath('menu-over-quests-390.png') });
});
