import { createConfirmedUser, expect, submitLogin, test } from '../support/fixtures.ts';
import { clickMarker, isCompleted, showMarkerOf, waitForMap } from '../support/map.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

test('a player completes a marker and a quest; both stay completed after a reload', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await page.goto(`/login?nextUrl=${encodeURIComponent(`${mapPath}?markerDefinitions=fz_loot_cache`)}`);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/fz_coast_harbor/);
  await waitForMap(page);

  // Marker completion from the popup.
  const marker = await showMarkerOf(page, 'fz_loot_cache');
  await clickMarker(page, marker.id);
  const popup = page.getByTestId('marker-popup');
  await popup.getByLabel('Found', { exact: true }).check();
  await expect.poll(() => isCompleted(page, marker.id)).toBe(true);
  await page.reload();
  await waitForMap(page);
  await expect.poll(() => isCompleted(page, marker.id)).toBe(true);
  // Completed markers draw faded (the canvas draws them at opacity 0.3).
  await showMarkerOf(page, 'fz_loot_cache');
  await clickMarker(page, marker.id);
  await expect(page.getByTestId('marker-popup').getByLabel('Found', { exact: true })).toBeChecked();

  // Quests: logged-in players start with completed and future quests hidden.
  const panel = page.getByTestId('sidebar-right');
  await expect(panel.getByLabel('Show completed')).not.toBeChecked();
  await expect(panel.getByLabel('Player level')).toBeVisible();
  // The same box as the quest tracker's: a text that is not a number says so as it is typed.
  await panel.getByLabel('Player level').fill('abc');
  await expect(panel.getByText('Is not a number')).toBeVisible();
  await panel.getByLabel('Player level').fill('1');
  await expect(panel.getByText('Is not a number')).toHaveCount(0);
  await panel.getByLabel('Show future quests').check();
  const row = panel.getByTestId(/^quest-/).filter({ hasText: 'Supply Run' });
  await row.getByLabel('Supply Run completed').click();
  // Completed quests leave the list unless shown.
  await expect(row).toHaveCount(0);
  await page.reload();
  await waitForMap(page);
  await panel.getByLabel('Show completed').check();
  await panel.getByLabel('Show future quests').check();
  await expect(row.getByLabel('Supply Run completed')).toBeChecked();
  // Its follower is unlocked now.
  await expect(
    panel
      .getByTestId(/^quest-/)
      .filter({ hasText: 'Dock Sweep' })
      .getByLabel('Unlocked'),
  ).toBeVisible();
});
