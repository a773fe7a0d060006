import { searchMessages } from '@waypoint/shared/map/search';
import { expect, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

test('one search box finds markers by name and description, categories, quests and items, by keyboard', async ({
  page,
  request,
}) => {
  await page.goto(mapPath);
  await waitForMap(page);
  const box = page.getByTestId('map-search');
  const results = page.getByTestId('map-search-results');
  const option = page.getByTestId('map-search-option');
  const popup = page.getByTestId('marker-popup');

  // '/' from anywhere on the page goes to the box; a marker found by its name opens on the map.
  await page.getByTestId('map').focus();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await box.fill('ration crate');
  await expect(results.locator('[data-kind="marker"]').first()).toBeVisible();
  const first = (await results.locator('[data-kind="marker"]').first().textContent()) ?? '';
  expect(first.toLowerCase()).toContain('ration crate');
  // The results answer alone: no "No markers match your search" under them.
  await expect(page.getByText('No markers match your search')).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(first.split('…')[0].trim().slice(0, 12));
  // The box is cleared for the next search.
  await expect(box).toHaveValue('');
  await expect(page.getByTestId('definition-fz_loot_cache')).toHaveAttribute('aria-pressed', 'true');
  await reviewShot(page, 'marker-1440.png');

  // A marker found by words of its description (a quest objective), with the words shown.
  const quests = (await (await request.get('/api/quests/fz_coast_harbor')).json()) as {
    quest: { name: string };
    markers: { _id: string; questObjective?: string }[];
  }[];
  const objective = quests
    .flatMap((q) => q.markers)
    .find((m) => (m.questObjective ?? '').split(' ').length > 3)!;
  const words = objective.questObjective!.split(' ').slice(1, 4).join(' ');
  await box.fill(words);
  await expect(results.locator('[data-kind="marker"]').filter({ hasText: words }).first()).toBeVisible();

  // Arrows move through the results; Enter on a category turns it on.
  await box.fill('valuab');
  await expect(results.locator('[data-kind="definition"]')).toHaveCount(1);
  await expect(page.getByTestId('definition-fz_valuables')).toHaveAttribute('aria-pressed', 'false');
  const options = await option.count();
  for (let k = 0; k < options; k++) {
    if ((await option.nth(k).getAttribute('data-kind')) === 'definition') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(results.locator('[aria-selected="true"]')).toHaveAttribute('data-kind', 'definition');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('definition-fz_valuables')).toHaveAttribute('aria-pressed', 'true');

  // A quest opens in the quests panel.
  await box.fill('supply run');
  await results.locator('[data-kind="quest"]').filter({ hasText: 'Supply Run' }).click();
  await expect(page.getByPlaceholder('Filter quests')).toHaveValue('Supply Run');

  // An item says where it is on this map, and opens the marker where it is found.
  await box.fill('rechargeable');
  const item = results.locator('[data-kind="item"]').filter({ hasText: 'Rechargeable Battery' });
  await expect(item).toContainText(/on this map: \d+/);
  await item.click();
  await expect(popup).toContainText('Rechargeable Battery');

  // Nothing found is said; Escape clears the box.
  await box.fill('zzqx');
  await expect(page.getByText(searchMessages.nothingFound('zzqx'))).toBeVisible();
  await box.press('Escape');
  await expect(box).toHaveValue('');
  await expect(results).toHaveCount(0);
});

test('the search works on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(mapPath);
  await waitForMap(page);
  await page.getByRole('button', { name: 'Markers', exact: true }).click();
  await page.getByTestId('map-search').fill('extract');
  await expect(page.getByTestId('map-search-results')).toBeVisible();
  await reviewShot(page, 'results-390.png');
});
