import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { adminMessages } from '@waypoint/shared/admin-messages';
import { constants } from '@waypoint/shared/constants';
import { messages } from '@waypoint/shared/messages';
import { seriousViolations } from '../support/axe.ts';
import { admin, expect, type Page, seenToast, submitLogin, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';

/** A small valid PNG (64×48, opaque). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSD1slOF86UF2M8/sAAOhY+T5O6AQuwviK7kHdJ3YAFWF+RXci7pG7AAqyvyC7kXVI3YAHWV2QX8i6pG7AA6yuyC3mX1A1YgPUV2YW8S+oGLMD6iuxC3iV1AxZgfUV2Ie+SugELsL4iu5B3Sd2AxwN+/gMk4kV6vRcAAAAASUVORK5CYII=',
  'base64',
);
const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: png });

async function loginAsAdmin(page: Page, path = '/admin') {
  await page.goto(`/login?nextUrl=${encodeURIComponent(path)}`);
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}

const toast = seenToast;

/** The data rows of a list (each has its Mark checkbox; expansion rows do not). */
const marks = (scope: Locator) => scope.getByRole('checkbox', { name: /^Mark (?!all rows$)/ });
const list = (page: Page, model: string) => page.getByTestId(`admin-list-${model}`);
const row = (scope: Locator, id: string) =>
  scope
    .locator('tbody tr')
    // The id cell holds the id, then the row's badges (New!, Changed, …).
    .filter({ has: scope.page().getByRole('cell', { name: new RegExp(`^${id}( |$)`) }) })
    .first();

/** Creates a game through the admin list's New modal and answers its id. */
async function createGame(page: Page, name: string) {
  const id = `e2e_${randomBytes(3).toString('hex')}`;
  const games = list(page, 'game');
  await games.getByRole('button', { name: 'New Game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Game' });
  await dialog.getByLabel(/^_id/).fill(id);
  await dialog.getByLabel(/^name/).fill(name);
  await dialog.getByLabel(/^weight/).fill('-5');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await toast(page, messages.editSuccess);
  await expect(dialog).toBeHidden();
  return id;
}

test.describe('admin panel', () => {
  // The panel's journeys write, upload and cut tiles on a shared 2-core machine.
  test.describe.configure({ timeout: 90_000 });
  test('lists games by weight, filters and sorts on the server, edits with field errors', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    const games = list(page, 'game');
    await expect(games.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Imports' })).toBeVisible();
    await expect(page.getByTestId('admin-list-theme')).toBeVisible();
    // Filter by name: the server answers only matching rows.
    const answer = page.waitForResponse(
      (r) => r.url().includes('/api/admin/list/game') && r.url().includes('frontier'),
    );
    await games.getByLabel('Filter name').fill('frontier');
    await answer;
    await expect(games.locator('tbody tr')).toHaveCount(1);
    await reviewShot(page, 'admin-home-1440.png', { fullPage: true });
    // A row opens the form in a modal; an empty required name is refused on the field.
    await row(games, 'frontier_zone').click();
    const dialog = page.getByRole('dialog', { name: 'Game' });
    const name = dialog.getByLabel(/^name/);
    const before = await name.inputValue();
    await name.fill('');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await toast(page, messages.editError);
    await expect(dialog.locator('.mantine-InputWrapper-error').first()).toBeVisible();
    await name.fill(`${before}`);
    await dialog.getByLabel(/^weight/).fill('77');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await toast(page, messages.editSuccess);
    await page.keyboard.press('Escape');
    await games.getByLabel('Filter name').fill('');
    // Sorting by weight descending puts the edited game first.
    await expect(games.locator('tbody tr').first()).toContainText('frontier_zone');
  });

  test('creates, copies, duplicates under a changed id, saves all and deletes', async ({ page }) => {
    await loginAsAdmin(page);
    const games = list(page, 'game');
    const id = await createGame(page, 'E2E game');
    await games.getByLabel('Filter _id').fill(id);
    await expect(marks(games)).toHaveCount(1);
    await games.getByRole('button', { name: `Copy ${id}`, exact: true }).click();
    await toast(page, adminMessages.copySuccess);
    await expect(marks(games)).toHaveCount(2);
    // Duplicate needs a changed id on the row.
    await games.getByRole('button', { name: `Duplicate ${id}`, exact: true }).click();
    await toast(page, adminMessages.duplicateFailure);
    await games.getByRole('switch', { name: 'Inline rows' }).check();
    await row(games, `${id}_copy`).click();
    await row(games, id).locator('td').nth(1).click();
    const inlineForm = page.getByTestId(`form-game-row-${id}`);
    await inlineForm.getByLabel(/^_id/).fill(`${id}_dup`);
    await inlineForm.getByLabel(/^name/).fill('E2E game renamed');
    await games.getByRole('button', { name: `Duplicate ${id}`, exact: true }).click();
    await toast(page, adminMessages.duplicateSuccess);
    await games.getByRole('button', { name: 'Save all' }).click();
    await toast(page, adminMessages.saveAllSuccess);
    await expect(marks(games)).toHaveCount(3);
    // Delete asks first, with the record's id.
    await games.getByRole('button', { name: `Delete ${id}_dup`, exact: true }).click();
    await expect(page.getByText(adminMessages.deleteConfirm(`${id}_dup`))).toBeVisible();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(marks(games)).toHaveCount(2);
    // Delete all marked.
    await games.getByRole('checkbox', { name: `Mark ${id}`, exact: true }).check();
    await games.getByRole('checkbox', { name: `Mark ${id}_copy`, exact: true }).check();
    await games.getByRole('button', { name: 'Delete all marked' }).click();
    await toast(page, adminMessages.deleteAllMarkedSuccess);
    await expect(marks(games)).toHaveCount(0);
  });

  test('model page: breadcrumbs, child tabs, image add and remove, Process Image reaches DONE, bulk add of 5', async ({
    page,
  }) => {
    // Five uploads with thumbnails and a tile pyramid, on a machine that draws the demo maps meanwhile.
    test.setTimeout(150_000);
    await loginAsAdmin(page);
    const gameId = await createGame(page, 'E2E maps game');
    await page.goto(`/admin/model/game/${gameId}`);
    await expect(page.getByRole('tab', { name: 'maps' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('tab', { name: 'maps' }).click();
    const maps = list(page, 'map');
    // Bulk add: five files become five maps named from the files, each with its image.
    await maps.getByRole('button', { name: 'Bulk add' }).click();
    const bulk = page.getByRole('dialog', { name: /Bulk add Maps/ });
    await bulk
      .locator('input[type=file]')
      .setInputFiles(['a', 'b', 'c', 'd', 'e'].map((n) => pngFile(`level ${n}.png`)));
    await bulk.getByLabel('Image field').selectOption('mapImage');
    await bulk.getByRole('button', { name: /^Add 5/ }).click();
    // All five in (uploads and tiling on a busy machine): the dialog closes by itself.
    await expect(bulk).toBeHidden({ timeout: 90_000 });
    await toast(page, adminMessages.bulkAddSuccess);
    await toast(page, adminMessages.parentUpdateSuccess);
    await expect(maps.locator('tbody tr')).toHaveCount(5);
    const mapId = `${gameId}_level_a`;
    // Named from the file as a person would write it, and cut into tiles like an upload on the map's page.
    await expect(row(maps, mapId)).toContainText('Level A');
    const cookie = (await page.context().cookies()).find((c) => c.name === constants.cookieName);
    const token = decodeURIComponent(cookie?.value ?? '');
    await expect
      .poll(
        async () =>
          (
            await (
              await page.request.get(`/api/admin/processMap/${mapId}/status`, {
                headers: { authorization: `Bearer ${token}` },
              })
            ).json()
          ).imageProcessStatus,
        { timeout: 60_000 },
      )
      .toBe('DONE');
    // The map's page: breadcrumbs up to the game, its image and Process Image.
    await page.goto(`/admin/model/map/${mapId}`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    // A cold load of the admin chunk on a busy machine.
    await expect(crumbs.getByRole('link', { name: 'Game: E2E maps game' })).toBeVisible({ timeout: 20_000 });
    const widget = page.getByTestId('image-mapImage');
    await expect(widget.locator('img')).toBeVisible();
    await widget.getByRole('button', { name: 'Remove Image (mapImage)' }).click();
    await expect(widget.locator('img')).toHaveCount(0);
    await toast(page, adminMessages.imageRemoved);
    await widget.locator('input[type=file]').setInputFiles(pngFile('map.png'));
    await widget.getByRole('button', { name: 'Add Image (mapImage)' }).click();
    await expect(widget.locator('img')).toBeVisible({ timeout: 30_000 });
    await toast(page, adminMessages.imageSaved);
    await page.getByRole('button', { name: 'Process Image' }).click();
    await expect(page.getByTestId('process-status')).toHaveText('DONE', { timeout: 60_000 });
    await expect(page.getByTestId('process-progress')).toHaveAttribute('data-value', '100');
    await reviewShot(page, 'admin-map-1440.png', { fullPage: true });
    await page.getByRole('button', { name: 'Hide model info' }).click();
    await expect(page.getByTestId('form-map-page')).toBeHidden();
  });

  test('stays usable at 390 px: lists scroll sideways, forms stack', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin(page);
    const games = list(page, 'game');
    await expect(games.locator('tbody tr').first()).toBeVisible();
    const wrap = games
      .locator('div')
      .filter({ has: page.locator('table') })
      .first();
    const scrolls = await wrap.evaluate((el) => {
      const box = el.closest('[data-testid]')?.querySelector('div[class*="tableWrap"]') as HTMLElement | null;
      return box ? box.scrollWidth > box.clientWidth : false;
    });
    expect(scrolls).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await reviewShot(page, 'admin-home-390.png', { fullPage: true });
    await row(games, 'frontier_zone').click();
    const dialog = page.getByRole('dialog', { name: 'Game' });
    const id = await dialog.getByLabel(/^_id/).boundingBox();
    const name = await dialog.getByLabel(/^name/).boundingBox();
    expect(id && name && name.y > id.y + id.height - 1).toBe(true);
    await reviewShot(page, 'admin-form-390.png');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test.describe(scheme, () => {
      test.use({ colorScheme: scheme, bypassCSP: true });
      test(`has no serious axe violations (${scheme})`, async ({ page }) => {
        await loginAsAdmin(page);
        await expect(list(page, 'game').locator('tbody tr').first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.goto('/admin/model/game/frontier_zone');
        // A full load of the panel (its kit, forms and lists) can take longer than a step on a busy 2-core run.
        await expect(page.getByRole('tab', { name: 'maps' })).toBeVisible({ timeout: 20_000 });
        await expect(list(page, 'category').locator('tbody tr').first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await reviewShot(page, `admin-game-${scheme}-1440.png`, { fullPage: true });
        await page.goto('/admin/imports');
        await expect(page.getByTestId('import-review')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.goto('/admin/theme-colors');
        await expect(page.getByRole('heading', { name: 'Dark theme' })).toBeVisible();
        if (scheme === 'light') await reviewShot(page, 'admin-theme-colors.png', { fullPage: true });
      });
    });
  }
});

test("the item's admin page answers to its SPEC path admin/itemId too", async ({ page }) => {
  await loginAsAdmin(page, '/admin/model/itemId/fz_i_medkit');
  await expect(page.getByRole('textbox', { name: /^itemName/ }).first()).toHaveValue('Field Medkit');
  await expect(page.getByText('Unknown model')).toHaveCount(0);
});

test('a picture the storage cannot give says so on the record page instead of a broken image', async ({
  page,
}) => {
  // The game's picture and its 1× fallback both fail, as while it is still being drawn.
  await page.route(/\/thumbs\/game\/frontier_zone\/image\//, (route) => route.fulfill({ status: 404 }));
  await loginAsAdmin(page, '/admin/model/game/frontier_zone');
  const widget = page.getByTestId('image-image');
  await expect(widget.getByTestId('image-image-unavailable')).toHaveText(
    adminMessages.imageUnavailable('image'),
  );
  await expect(widget.locator('img')).toHaveCount(0);
});
