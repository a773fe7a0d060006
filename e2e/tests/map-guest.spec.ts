import { mapMessages } from '@waypoint/shared/map/map-messages';
import { messages } from '@waypoint/shared/messages';
import { expect, test } from '../support/fixtures.ts';
import { clickMarker, drawnCount, showMarkerOf, waitForMap } from '../support/map.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';

test('a guest opens a map, enables a definition, copies the filter link and opens it', async ({
  page,
  context,
  baseURL,
}) => {
  // On a freshly started server this map's picture is drawn and cut first, within about a minute
  // (longer on a busy machine); the page shows its tiles once they exist.
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const tile = page.waitForRequest(
    /\/mapTiles\/frontier_zone\/fz_coast_harbor\/[0-9a-z]+\/\d+\/\d+\/\d+\.png/,
    { timeout: 120_000 },
  );
  await page.goto(mapPath);
  await waitForMap(page);
  await tile;
  await expect(page.getByRole('heading', { name: 'Saltmarsh Coast Quests' })).toBeVisible();

  // A first visit shows what the admin chose (extracts, bosses, spawns, quest objectives); the rest
  // starts struck through.
  for (const id of ['fz_extract', 'fz_spawn', 'fz_boss', 'quest_objective'])
    await expect(page.getByTestId(`definition-${id}`)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => drawnCount(page)).toBeGreaterThan(0);
  const firstVisit = await drawnCount(page);
  const loot = page.getByTestId('definition-fz_loot_cache');
  await expect(loot).toHaveAttribute('aria-pressed', 'false');
  await expect(loot).toContainText('Loot Cache');
  await page.getByRole('button', { name: 'Disable all' }).click();
  await expect.poll(() => drawnCount(page)).toBe(0);
  await loot.click();
  await expect(loot).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => drawnCount(page)).toBeGreaterThan(0);
  expect(firstVisit).toBeGreaterThan(0);

  // A marker's popup: name and definition; guests get no completion toggle.
  const marker = await showMarkerOf(page, 'fz_loot_cache');
  await clickMarker(page, marker.id);
  const popup = page.getByTestId('marker-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Loot Cache');
  await expect(popup.getByLabel('Found', { exact: true })).toHaveCount(0);

  // Copy filter link: the page address with the enabled definitions.
  await page.getByTestId('definition-fz_extract').click();
  await page.getByRole('button', { name: 'Copy filter link' }).click();
  await expect(page.getByText(mapMessages.linkCopied)).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${baseURL}${mapPath}?markerDefinitions=fz_extract,fz_loot_cache`);

  // The link opens with exactly that set, whatever this browser kept for the map.
  await page.getByTestId('definition-fz_valuables').click();
  const other = await context.newPage();
  await other.goto(link);
  await waitForMap(other);
  await expect(other.getByTestId('definition-fz_loot_cache')).toHaveAttribute('aria-pressed', 'true');
  await expect(other.getByTestId('definition-fz_extract')).toHaveAttribute('aria-pressed', 'true');
  await expect(other.getByTestId('definition-fz_valuables')).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => drawnCount(other)).toBeGreaterThan(0);

  // Without the parameter, the set of the last visit comes back.
  await page.reload();
  await waitForMap(page);
  for (const id of ['fz_loot_cache', 'fz_extract', 'fz_valuables']) {
    await expect(page.getByTestId(`definition-${id}`)).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('button', { name: 'Disable all' }).click();
  await expect(page.getByTestId('definition-fz_loot_cache')).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => drawnCount(page)).toBe(0);
});

test('quests deep link: the quest is filtered, expanded and its marker shown', async ({ page, request }) => {
  const quests = (await (await request.get('/api/quests/fz_coast_harbor')).json()) as {
    quest: { _id: string; name: string };
    markers: { _id: string; questObjective: string }[];
  }[];
  const target = quests.find((q) => q.markers.length > 0);
  expect(target).toBeDefined();
  await page.goto(`${mapPath}?questId=${target!.quest._id}`);
  await waitForMap(page);
  const quests$ = page.getByTestId('sidebar-right');
  await expect(quests$.getByLabel('Filter quests')).toHaveValue(target!.quest.name);
  await expect(quests$.getByLabel('Show completed')).toBeChecked();
  await expect(quests$.getByLabel('Show future quests')).toBeChecked();
  const row = page.getByTestId(`quest-${target!.quest._id}`);
  await expect(row.locator('[aria-expanded]')).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('button', { name: target!.markers[0].questObjective })).toBeVisible();
  // The objective's definition is switched on and the map flies to the marker.
  await expect(page.getByTestId('definition-quest_objective')).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() =>
      page.evaluate((id) => {
        const { map, store } = window.__waypointProbe!;
        const [lat, lng] = store.latLng(store.indexOf(id));
        const c = map.getCenter();
        return Math.hypot(c.lat - lat, c.lng - lng) < 1 && map.getZoom() > map.getMaxZoom() - 1.5;
      }, target!.markers[0]._id),
    )
    .toBe(true);
});

test('narrow windows close both sidebars; they open again from their handles', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(mapPath);
  await waitForMap(page);
  await expect(page.getByTestId('sidebar-left')).toHaveAttribute('data-open', 'false');
  await expect(page.getByTestId('sidebar-right')).toHaveAttribute('data-open', 'false');
  // Closed panels are not drawn while the map loads: their content comes when they first open.
  await expect(page.getByTestId('definition-fz_loot_cache')).toHaveCount(0);
  await page.getByRole('button', { name: 'Markers', exact: true }).click();
  await expect(page.getByTestId('sidebar-left')).toHaveAttribute('data-open', 'true');
  await expect(page.getByTestId('definition-fz_loot_cache')).toBeVisible();
  // A choice made in the panel stays when it closes and opens again.
  await page.getByTestId('map-search').fill('loot');
  await page.getByRole('button', { name: 'Close markers' }).click();
  await expect(page.getByTestId('sidebar-left')).toHaveAttribute('data-open', 'false');
  await page.getByRole('button', { name: 'Markers', exact: true }).click();
  await expect(page.getByTestId('map-search')).toHaveValue('loot');
  await page.getByRole('button', { name: 'Close markers' }).click();

  // A wide window shows both; shrinking it closes them.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await waitForMap(page);
  await expect(page.getByTestId('sidebar-left')).toHaveAttribute('data-open', 'true');
  await page.setViewportSize({ width: 900, height: 800 });
  await expect(page.getByTestId('sidebar-left')).toHaveAttribute('data-open', 'false');
  await expect(page.getByTestId('sidebar-right')).toHaveAttribute('data-open', 'false');
});

test('the embedded map goes to the map page outside an iframe and stays inside one', async ({
  page,
  baseURL,
}) => {
  await page.goto(`/embed${mapPath}?markerDefinitions=fz_extract`);
  await expect(page).toHaveURL(`${baseURL}${mapPath}?markerDefinitions=fz_extract`);
  await waitForMap(page);

  // The hosting page is drawn first: its code starts after its first frame, and replacing its body
  // before then leaves that code without its root element.
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate((src) => {
    document.body.innerHTML = `<iframe title="embedded map" src="${src}" style="width:1000px;height:700px"></iframe>`;
  }, `/embed${mapPath}`);
  const frame = page.frameLocator('iframe[title="embedded map"]');
  await expect(frame.getByTestId('map').locator('.leaflet-control-zoom')).toBeVisible();
  expect(page.frames()[1].url()).toContain(`/embed${mapPath}`);
  // Embedded, the bar is the compact one and leads to the full site in a new tab.
  await expect(frame.getByTestId('compact-bar')).toBeVisible();
  const full = frame.getByRole('link', { name: messages.openFullMap });
  await expect(full).toHaveAttribute('target', '_blank');
  await expect(full).toHaveAttribute('href', new RegExp(`${mapPath}$`));
});
