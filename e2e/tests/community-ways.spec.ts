import type { APIRequestContext } from '@playwright/test';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { messages } from '@waypoint/shared/messages';
import { notificationMessages as n } from '@waypoint/shared/notification-messages';
import { reviewMessages as r } from '@waypoint/shared/review-messages';
import { uiMessages } from '@waypoint/shared/ui-messages';
import { admin, createConfirmedUser, expect, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';
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
  await reviewShot(page, 'home-moderator-1440.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(account.getByRole('link', { name: uiMessages.nav.review })).toBeVisible();
  await expect(account.getByTestId('notification-bell')).toBeVisible();
  await reviewShot(page, 'home-moderator-390.png');

  // The bar of a game page (1440 px: beside Profile; the More menu holds the rest).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/game/${gameId}`);
  const nav = page.getByRole('navigation', { name: uiMessages.nav.main });
  const link = nav.getByRole('link', { name: uiMessages.nav.review });
  await expect(link).toBeVisible();
  await reviewShot(page, 'bar-moderator-1440.png');
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
  await reviewShot(page, 'menu-moderator-390.png');

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
  await reviewShot(page, 'menu-over-quests-390.png');
});

test('a reviewer rejects with a reason after confirming; the suggester reads which one and why from the home page bell', async ({
  page,
  request,
}) => {
  const author = await member(request);
  const name = `Crate of ${author.username}`;
  const suggested = await request.post('/api/suggestion', {
    headers: auth(author.bearer),
    data: {
      type: 'PLACED_MARKER',
      action: 'ADD',
      parentId: 'fz_coast_harbor',
      data: JSON.stringify({
        name,
        markerDefinitionId: 'fz_loot_cache',
        lat: -41,
        lng: 62,
        mapId: 'fz_coast_harbor',
      }),
    },
  });
  expect(suggested.status()).toBe(201);
  const id = ((await suggested.json()) as { data: string }).data;

  await loginWithToken(page, request, admin.email, admin.password);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/suggestion-review?type=PLACED_MARKER`);
  await page.getByLabel(r.userNameLabel).fill(author.username);
  const row = page.locator(`tr[data-suggestion="${id}"]`);
  await expect(row).toBeVisible({ timeout: 20_000 });
  // Reject asks first: cancelling leaves the suggestion open.
  await row.getByRole('button', { name: `${r.reject} ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: r.rejectTitle(1) });
  await expect(dialog).toBeVisible();
  await reviewShot(page, 'reject-dialog-1440.png');
  await dialog.getByRole('button', { name: r.rejectCancel }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByRole('button', { name: `${r.reject} ${id}` }).click();
  await expect(dialog).toBeVisible();
  const reason = 'Nothing spawns there since the harbour was rebuilt.';
  await dialog.getByLabel(r.rejectReason).fill(reason);
  await reviewShot(page, 'reject-dialog-390.png');
  await dialog.getByRole('button', { name: r.rejectConfirm }).click();
  await expect(row).toHaveCount(0);

  // The author, on the home page: the bell, the suggestion named, the reason. (The review page is
  // left first: its next read would answer 401 and clear the new login's cookie.)
  await page.goto('about:blank');
  await page.context().clearCookies();
  await loginWithToken(page, request, author.email, author.password);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('button', { name: n.bellUnread(1) }).click();
  const list = page.getByRole('region', { name: n.title });
  // Its text names the suggestion (the reviewer's name before it is the admin's).
  const named = n.rejected('', n.named(name)).trim();
  await expect(list.getByTestId('notification').filter({ hasText: named })).toBeVisible();
  await expect(list.getByTestId('notification-reason')).toHaveText(n.reason(reason));
  await reviewShot(page, 'home-bell-1440.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(list.getByTestId('notification-reason')).toBeVisible();
  await reviewShot(page, 'home-bell-390.png');
});

/** Request paths and the validation library's phrasing: never shown to people. */
const developerWording =
  /\b(body|query|params)\.[a-z]|Invalid input|expected .*received|\bexpected\b|\breceived\b/i;

test('refused input is said with field labels and plain sentences on the admin, webhook and pins paths', async ({
  page,
  request,
}) => {
  await loginWithToken(page, request, admin.email, admin.password);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/admin/model/game/${gameId}`);
  const tabs = page.getByRole('tablist');
  await expect(tabs).toBeVisible({ timeout: 20_000 });
  // Child lists the SPEC does not name are written out; tools by their names.
  await expect(tabs).not.toContainText('hideoutModules');
  await expect(tabs).not.toContainText('tarkov-items-to-keep');
  await reviewShot(page, 'game-tabs-1440.png');

  // The webhook form's refusal (a short secret, an address that is none), as the form shows it.
  const adminToken = await adminBearer(request);
  const hook = await request.post(`/api/admin/games/${gameId}/webhooks`, {
    headers: auth(adminToken),
    data: { url: 'not an address', secret: 'short', events: ['suggestion.created'] },
  });
  expect(hook.status()).toBe(400);
  const hookBody = (await hook.json()) as { message: string; errors: { message: string }[] };
  expect(hookBody.message).not.toMatch(developerWording);
  for (const e of hookBody.errors) expect(e.message).not.toMatch(developerWording);

  // A pins import with a pin lacking its colour's valid value and a required field: the answer a page shows.
  const player = await member(request);
  const refused = await request.post('/api/user/pins/fz_coast_harbor/geojson', {
    headers: auth(player.bearer),
    data: {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [10, 10] },
          properties: { color: 'mauve' },
        },
      ],
    },
  });
  expect(refused.status()).toBe(400);
  const body = (await refused.json()) as { message: string };
  expect(body.message).not.toMatch(developerWording);
});
