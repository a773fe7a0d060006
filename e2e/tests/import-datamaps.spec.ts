import { randomBytes } from 'node:crypto';
import { adminMessages } from '@waypoint/shared/admin-messages';
import { admin, expect, type Page, seenToast, submitLogin, test } from '../support/fixtures.ts';
import { acceptAllStaged, rejectAllStaged } from '../support/imports.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

// The demo hospital has three floors: Basement (0), Ground floor (1), Upper floor (2); the page's
// backgrounds carry the same names, so only its groups and markers are new.
const mapId = 'fz_city_hospital';

function wikiPage(tag: string, changed = false) {
  return {
    $schema: 'https://frontier.wiki.gg/extensions/DataMaps/schemas/v17.4.json',
    crs: [
      [0, 0],
      [100, 100],
    ],
    backgrounds: ['Basement', 'Ground floor', 'Upper floor'].map((name, i) => ({
      name,
      image: `Hospital ${i}.png`,
      associatedLayer: `f${i}`,
    })),
    // Hidden until turned on (`isDefault: false`), so that the demo game's first visit, which other
    // journeys check while this one runs, stays as it is.
    groups: {
      [`med${tag}`]: {
        name: `Medkit ${tag}`,
        fillColor: '#22cc44',
        size: 12,
        isCollectible: true,
        isDefault: false,
      },
      [`key${tag}`]: {
        name: `Key ${tag}`,
        isDefault: false,
        pinColor: '#ffcc00',
        description: 'Opens [https://example.org a door]',
      },
    },
    markers: {
      // The changed page no longer has the cellar medkit.
      [`med${tag} bg:f0`]: changed ? [] : [{ id: `a${tag}`, x: 40, y: 40, name: `Cellar medkit ${tag}` }],
      [`med${tag} bg:f2`]: [
        { id: `b${tag}`, x: 60, y: 30, name: changed ? `Roof medkit ${tag} (moved)` : `Roof medkit ${tag}` },
      ],
      [`key${tag} bg:f1`]: [
        { id: `c${tag}`, x: 50, y: 50, name: `Lobby key ${tag}` },
        ...(changed ? [{ id: `d${tag}`, x: 52, y: 55, name: `Desk key ${tag}` }] : []),
      ],
    },
  };
}

async function stage(page: Page, tag: string, json: unknown) {
  const form = page.getByTestId('datamaps-import');
  await form.getByLabel(adminMessages.targetMap, { exact: true }).selectOption(mapId);
  await form.getByLabel(adminMessages.sourceName, { exact: true }).fill(`Map:Hospital ${tag}`);
  await form.getByLabel(adminMessages.pasteJson, { exact: true }).fill(JSON.stringify(json, null, 2));
  await form.getByRole('button', { name: adminMessages.stageDataMaps }).click();
}

/** The floor of each of the given marker ids as the map page holds them. */
const floorsOf = (page: Page, ids: string[]) =>
  page.evaluate((wanted) => {
    const { store } = window.__waypointProbe!;
    const out: Record<string, number> = {};
    store.ids.forEach((id, i) => {
      if (wanted.some((w) => id.endsWith(w))) out[id.slice(id.lastIndexOf('.') + 1)] = store.level(i);
    });
    return out;
  }, ids);

test('an admin imports a DataMaps page, accepts it, sees its markers on their floors, and a changed page stages only the changes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = randomBytes(3).toString('hex');
  await page.goto(`/login?nextUrl=${encodeURIComponent('/admin/imports')}`);
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/imports$/);

  await stage(page, tag, wikiPage(tag));
  const result = page.getByTestId('datamaps-result');
  await expect(result).toContainText(adminMessages.stagedContent(0, 2, 3, 3));
  // The summary lists what has no place here: the background pictures.
  await expect(result.getByRole('cell', { name: 'backgrounds[0]' })).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(page, 'import-datamaps-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, 'import-datamaps-390.png', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await acceptAllStaged(page, 'markerdefinition', 2, tag);
  await acceptAllStaged(page, 'placedmarker', 3, tag);

  await page.goto(`/game/frontier_zone/maps/${mapId}`);
  await waitForMap(page);
  expect(await floorsOf(page, [`a${tag}`, `b${tag}`, `c${tag}`])).toEqual({
    [`a${tag}`]: 0,
    [`b${tag}`]: 2,
    [`c${tag}`]: 1,
  });

  // The changed page: one marker renamed, one added, one gone; the rest stays out of the review.
  await page.goto('/admin/imports');
  await stage(page, tag, wikiPage(tag, true));
  await expect(page.getByTestId('datamaps-result')).toContainText(adminMessages.stagedContent(0, 0, 3, 6));
  await expect(page.getByTestId('datamaps-changes')).toHaveText(adminMessages.stagedChanges(1, 0));
  await page.getByLabel(adminMessages.model, { exact: true }).selectOption('placedmarker');
  // The reviewed model is in the address: the review comes back as it was after a reload.
  await expect(page).toHaveURL(/[?&]model=placedmarker/);
  await page.reload();
  await expect(page.getByLabel(adminMessages.model, { exact: true })).toHaveValue('placedmarker');
  const review = page.getByTestId('import-review');
  await expect(review.locator('tbody tr').filter({ hasText: tag })).toHaveCount(3);
  await expect(review.locator('tbody tr').filter({ hasText: `Cellar medkit ${tag}` })).toContainText(
    adminMessages.isGone,
  );
  await expect(review.locator('tbody tr').filter({ hasText: `Roof medkit ${tag} (moved)` })).toHaveCount(1);
  await expect(review.locator('tbody tr').filter({ hasText: `Desk key ${tag}` })).toContainText('New!');
  // Rejected, the changes leave nothing staged for the next import.
  await review.getByRole('button', { name: adminMessages.rejectAll, exact: true }).click();
  await seenToast(page, adminMessages.importsRejected(3));
  await expect(review.locator('tbody tr').filter({ hasText: tag })).toHaveCount(0);
});

test('an admin stages a DataMaps page whose groups live in a fragment page sent along with it', async ({
  page,
}) => {
  const tag = randomBytes(3).toString('hex');
  await page.goto(`/login?nextUrl=${encodeURIComponent('/admin/imports')}`);
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/imports$/);
  const fragment = {
    $schema: 'https://frontier.wiki.gg/extensions/DataMaps/schemas/v17.4.json',
    $fragment: true,
    groups: { [`crate${tag}`]: { name: `Crate ${tag}`, pinColor: '#ffcc00', isDefault: false } },
  };
  const wiki = {
    $schema: 'https://frontier.wiki.gg/extensions/DataMaps/schemas/v17.4.json',
    include: [`Map:Hospital parts ${tag}`],
    crs: [
      [0, 0],
      [100, 100],
    ],
    backgrounds: [{ name: 'Ground floor', image: 'Hospital.png' }],
    // An undeclared category and a marker a little outside the box, as real pages have.
    markers: { [`crate${tag} loot:1`]: [{ id: `e${tag}`, x: 100.2, y: 50, name: `Crate marker ${tag}` }] },
  };
  const form = page.getByTestId('datamaps-import');
  const chooser = page.waitForEvent('filechooser');
  await form.getByTestId('datamaps-fragments').click();
  await (await chooser).setFiles({
    name: `Hospital parts ${tag}.json`,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(fragment)),
  });
  await stage(page, tag, wiki);
  const result = page.getByTestId('datamaps-result');
  await expect(result).toContainText(adminMessages.stagedContent(0, 1, 1, 0));
  await expect(
    result.getByRole('cell', { name: `markers["crate${tag} loot:1"][0] (id e${tag})` }),
  ).toBeVisible();
  await rejectAllStaged(page, 'placedmarker', 1, tag);
  await rejectAllStaged(page, 'markerdefinition', 1, tag);
});
