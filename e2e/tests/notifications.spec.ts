import type { APIRequestContext } from '@playwright/test';
import { notificationMessages as t } from '@waypoint/shared/notification-messages';
import { seriousViolations } from '../support/axe.ts';
import { admin, createConfirmedUser, expect, seenToast, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginWithToken } from '../support/suggest.ts';

const gameId = 'frontier_zone';
const mapId = 'fz_coast_harbor';

async function login(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/users/login', { data: { email, password } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { token: string; user: { username: string } };
}

// The axe check injects its script into the page.
test.use({ bypassCSP: true });

test('a contributor sees the notification of their accepted suggestion', async ({ page, request }) => {
  const contributor = await createConfirmedUser(request);
  const { token } = await login(request, contributor.email, contributor.password);
  const suggested = await request.post('/api/suggestion', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      type: 'PLACED_MARKER',
      action: 'ADD',
      parentId: mapId,
      data: JSON.stringify({
        name: `Crate of ${contributor.username}`,
        markerDefinitionId: 'fz_loot_cache',
        lat: -40,
        lng: 60,
        mapId,
      }),
    },
  });
  expect(suggested.status()).toBe(201);
  const suggestionId = ((await suggested.json()) as { data: string }).data;
  const reviewer = await login(request, admin.email, admin.password);
  const accepted = await request.post('/api/admin/suggestions/accept', {
    headers: { authorization: `Bearer ${reviewer.token}` },
    data: { suggestionIds: [suggestionId] },
  });
  expect(accepted.status()).toBe(200);
  const markerId = ((await accepted.json()) as { suggestions: { targetId: string }[] }).suggestions[0]
    ?.targetId;

  await loginWithToken(page, request, contributor.email, contributor.password);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/game/${gameId}`);
  const bell = page.getByRole('button', { name: t.bellUnread(1) });
  await expect(bell).toBeVisible();
  await bell.click();
  const list = page.getByRole('region', { name: t.title });
  const item = list.getByRole('link', {
    name: t.accepted(reviewer.user.username, t.named(`Crate of ${contributor.username}`)),
  });
  await expect(item).toBeVisible();
  await expect(list).toContainText('Frontier Zone');
  await reviewShot(page, 'list-1440.png');
  expect(await seriousViolations(page)).toEqual([]);
  // Escape closes the list and gives the focus back to the bell; so does a press outside it.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(bell).toBeFocused();
  await bell.click();
  await expect(item).toBeVisible();
  await page.mouse.click(40, 860);
  await expect(list).toBeHidden();
  await bell.click();
  await expect(item).toBeVisible();

  // On a phone the same list is a sheet under the bar.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: t.bellUnread(1) }).click();
  await expect(item).toBeVisible();
  const sheet = await list.boundingBox();
  expect(sheet?.width).toBe(390);
  await reviewShot(page, 'list-390.png');
  expect(await seriousViolations(page)).toEqual([]);

  // Opening it leads to the accepted marker on its map and marks it read.
  await item.click();
  await expect(page).toHaveURL(`/game/${gameId}/maps/${mapId}?marker=${markerId}`);
  await expect(page.getByRole('button', { name: t.bell, exact: true })).toBeVisible();
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  await reviewShot(page, 'after-390.png');

  // The profile's switch asks for the e-mail digest (off until then).
  await page.goto('/profile');
  const email = page.getByRole('switch', { name: t.emailSwitch });
  await expect(email).not.toBeChecked();
  await email.click();
  await seenToast(page, t.emailSaved);
  await expect(email).toBeChecked();
  await reviewShot(page, 'profile-390.png', { fullPage: true });
  const settings = await request.get('/api/notifications/settings', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await settings.json()).toEqual({ email: true, language: 'en' });
});
