import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator } from '@playwright/test';
import { mapMessages } from '@waypoint/shared/map/map-messages';
import { messages } from '@waypoint/shared/messages';
import { serverMessages } from '@waypoint/shared/server-messages';
import { suggestMessages } from '@waypoint/shared/suggest-messages';
import { seriousViolations } from '../support/axe.ts';
import { createConfirmedUser, expect, type Page, submitLogin, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

const gamePath = '/game/frontier_zone';
const mapPath = '/game/frontier_zone/maps/fz_coast_harbor';
const labels = suggestMessages.suggestFieldLabels;
type FieldName = keyof typeof labels;

/** A form field by its label (required fields carry an asterisk). */
function field(scope: Locator, name: FieldName) {
  const text = labels[name].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${text}( \\*)?$`));
}

interface StoredSuggestion {
  _id: string;
  type: string;
  action: string;
  parentId: string;
  status: string;
  data: string;
  imageUrl: string;
  upvotes: number;
}

type User = Awaited<ReturnType<typeof createConfirmedUser>>;

/** A name no other run has used, and the id the site derives from it. */
function uniqueName(base: string) {
  const tag = randomBytes(3).toString('hex');
  return { name: `${base} ${tag}`, id: `${base.toLowerCase().replaceAll(' ', '_')}_${tag}` };
}

async function loginAt(page: Page, user: User, path: string) {
  await page.goto(`/login?nextUrl=${encodeURIComponent(path)}`);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(path);
}

/** The user's own suggestions, read through the API with their token. */
async function suggestionsOf(request: APIRequestContext, user: User): Promise<StoredSuggestion[]> {
  const login = await request.post('/api/users/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok()).toBe(true);
  const { token } = await login.json();
  const res = await request.get('/api/suggestions?limit=10000', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).data;
}

async function suggestionFor(request: APIRequestContext, user: User, type: string, id: string) {
  const found = (await suggestionsOf(request, user)).find(
    (s) => s.type === type && JSON.parse(s.data)._id === id,
  );
  expect(found, `${type} suggestion ${id}`).toBeDefined();
  return { ...(found as StoredSuggestion), element: JSON.parse((found as StoredSuggestion).data) };
}

/** Opens a dropdown of the bar and its 'Suggest ...' entry. */
async function suggestFromBar(page: Page, dropdown: RegExp) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: dropdown }).click();
  await nav.getByRole('button', { name: messages.suggestEntry }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function sendAndExpectAdded(page: Page, dialog: Locator) {
  // The toast of an earlier suggestion has gone first (toasts stay 2000 ms).
  await expect(page.getByText(messages.suggestionAdded)).toHaveCount(0);
  await dialog.getByRole('button', { name: suggestMessages.suggestSubmit }).click();
  // A suggestion with an icon is answered once the icon is fetched and decoded in a child process.
  await expect(page.getByText(messages.suggestionAdded)).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
}

test('a user suggests a new game from the bar', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = await createConfirmedUser(request);
  await loginAt(page, user, gamePath);
  const dialog = await suggestFromBar(page, /^Game:/);
  await expect(dialog.getByRole('heading', { name: suggestMessages.suggestTitle })).toBeVisible();
  // The modal holds the focus, starting on the name.
  await expect(field(dialog, 'name')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (const option of Object.values(suggestMessages.suggestOptions)) {
    await expect(dialog.getByRole('radio', { name: option })).toBeVisible();
  }
  await expect(dialog.getByRole('radio', { name: suggestMessages.suggestOptions.GAME })).toBeChecked();

  const game = uniqueName('Sky Isles');
  await field(dialog, 'name').fill(game.name);
  // The id comes from the name.
  await expect(dialog.getByTestId('suggest-id')).toHaveValue(game.id);
  await reviewShot(page, 'suggest-game-1440.png');
  await sendAndExpectAdded(page, dialog);

  const stored = await suggestionFor(request, user, 'GAME', game.id);
  expect(stored).toMatchObject({ action: 'ADD', parentId: game.id, status: 'SAVED' });
  expect(stored.element).toMatchObject({ _id: game.id, name: game.name });

  // A name whose id is taken is refused by the server, beside the name.
  const again = await suggestFromBar(page, /^Game:/);
  await field(again, 'name').fill('Frontier Zone');
  await again.getByRole('button', { name: suggestMessages.suggestSubmit }).click();
  await expect(page.getByText(messages.suggestionAddError)).toBeVisible();
  await expect(again.getByText(serverMessages.alreadyExists('Game', 'frontier_zone'))).toBeVisible();
  await expect(field(again, 'name')).toHaveAttribute('aria-invalid', 'true');
  await expect(again.getByTestId('vote-existing')).toHaveCount(0);
  // The same new game suggested again is refused now, not at review; its own author is offered no
  // vote on it (the 409 says the open suggestion is theirs).
  await field(again, 'name').fill(game.name);
  await again.getByRole('button', { name: suggestMessages.suggestSubmit }).click();
  await expect(again.getByText(serverMessages.alreadySuggested('Game', game.id))).toBeVisible();
  await expect(again.getByTestId('vote-existing')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
  expect(await suggestionFor(request, user, 'GAME', game.id)).toMatchObject({ upvotes: 0 });
  // Escape closes the modal.
  const third = await suggestFromBar(page, /^Game:/);
  await page.keyboard.press('Escape');
  await expect(third).toBeHidden();
});

test('a user suggests a category and a map for a game, and a new quest', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await loginAt(page, user, mapPath);
  await waitForMap(page);

  // Category for game: the current game is chosen.
  const dialog = await suggestFromBar(page, /^Category:/);
  await expect(dialog.getByRole('radio', { name: suggestMessages.suggestOptions.CATEGORY })).toBeChecked();
  await expect(field(dialog, 'gameId')).toHaveValue('frontier_zone');
  const category = uniqueName('Frozen Pass');
  await field(dialog, 'name').fill(category.name);
  await sendAndExpectAdded(page, dialog);
  const storedCategory = await suggestionFor(request, user, 'CATEGORY', category.id);
  expect(storedCategory).toMatchObject({ action: 'ADD', parentId: 'frontier_zone' });
  expect(storedCategory.element).toMatchObject({ name: category.name, gameId: 'frontier_zone' });

  // Map for game: the category select lists the chosen game's categories, the current one chosen.
  const mapDialog = await suggestFromBar(page, /^Map:/);
  await expect(mapDialog.getByRole('radio', { name: suggestMessages.suggestOptions.MAP })).toBeChecked();
  const categorySelect = field(mapDialog, 'categoryId');
  await expect(categorySelect).toHaveValue('fz_coast');
  await expect(categorySelect.locator('option', { hasText: 'Ashen Valley' })).toHaveCount(1);
  // Another game: its own categories load.
  await field(mapDialog, 'gameId').selectOption('emberfall');
  await expect(categorySelect).toHaveValue('');
  await expect(categorySelect.locator('option', { hasText: 'Ashen Valley' })).toHaveCount(0);
  await field(mapDialog, 'gameId').selectOption('frontier_zone');
  await categorySelect.selectOption({ label: 'Ashen Valley' });
  const map = uniqueName('Dry Riverbed');
  await field(mapDialog, 'name').fill(map.name);
  await sendAndExpectAdded(page, mapDialog);
  const storedMap = await suggestionFor(request, user, 'MAP', map.id);
  expect(storedMap.element).toMatchObject({ gameId: 'frontier_zone', categoryId: 'fz_valley' });

  // New quest from the quests panel: empty objectives, rewards, previous and location, level 0.
  await page.getByTestId('sidebar-right').getByRole('button', { name: mapMessages.suggestNewQuest }).click();
  const questDialog = page.getByRole('dialog');
  await expect(questDialog.getByRole('radio', { name: suggestMessages.suggestOptions.QUEST })).toBeChecked();
  await expect(field(questDialog, 'gameId')).toHaveValue('frontier_zone');
  const quest = uniqueName('Lost Cargo');
  await field(questDialog, 'name').fill(quest.name);
  await sendAndExpectAdded(page, questDialog);
  const storedQuest = await suggestionFor(request, user, 'QUEST', quest.id);
  expect(storedQuest).toMatchObject({ action: 'ADD', parentId: 'frontier_zone' });
  expect(storedQuest.element).toMatchObject({
    _id: quest.id,
    name: quest.name,
    gameId: 'frontier_zone',
    objectives: [],
    rewards: [],
    previous: '',
    questLevel: 0,
    location: [],
  });
});

test("'Suggest new category' makes an svg or a polygon marker definition by the polygon flag", async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Two suggestions, each waiting for its icon to be decoded in a child process, on two shared cores.
  test.setTimeout(120_000);
  // The icon is fetched when suggested: an image the server can reach (loopback allowed in these runs).
  const iconUrl = `${baseURL}/favicon.svg`;
  const user = await createConfirmedUser(request);
  await loginAt(page, user, mapPath);
  await waitForMap(page);
  const open = async () => {
    await page.getByTestId('sidebar-left').getByRole('button', { name: messages.suggestNewCategory }).click();
    const dialog = page.getByRole('dialog', { name: messages.suggestNewCategory });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  const pins = uniqueName('Fishing Spots');
  const dialog = await open();
  await expect(field(dialog, 'gameId')).toHaveValue('frontier_zone');
  // The polygon colour is asked for polygons only.
  await expect(field(dialog, 'polygonColor')).toHaveCount(0);
  await field(dialog, 'name').fill(pins.name);
  // The description grows with its text from two lines to six, then scrolls.
  const description = field(dialog, 'description');
  const height = () => description.evaluate((el) => el.getBoundingClientRect().height);
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n');
  const empty = await height();
  await description.fill(lines(4));
  const four = await height();
  expect(four).toBeGreaterThan(empty);
  await description.fill(lines(20));
  const most = await height();
  expect(most).toBeGreaterThan(four);
  expect(await description.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await description.fill(lines(40));
  expect(await height()).toBe(most);
  await description.fill('Where the fish bite');
  await field(dialog, 'iconUrl').fill(iconUrl);
  await field(dialog, 'wrapperColor').fill('#1e88e5');
  await field(dialog, 'innerColor').fill('#ffffff');
  await reviewShot(page, 'suggest-category-1440.png');
  await sendAndExpectAdded(page, dialog);
  const svg = await suggestionFor(request, user, 'MARKER_DEFINITION', pins.id);
  expect(svg).toMatchObject({
    action: 'ADD',
    parentId: 'frontier_zone',
    imageUrl: iconUrl,
  });
  expect(svg.element).toMatchObject({
    name: pins.name,
    gameId: 'frontier_zone',
    markerDefinitionType: 'SVG',
    wrapperColor: '#1e88e5',
    innerColor: '#ffffff',
  });
  // Description, a line break, then the icon URL.
  expect(svg.element.description).toMatch(/^Where the fish bite<br ?\/?>/);
  expect(svg.element.description.slice(-iconUrl.length)).toBe(iconUrl);

  const area = uniqueName('Mine Field');
  const polygonDialog = await open();
  await field(polygonDialog, 'name').fill(area.name);
  await field(polygonDialog, 'polygon').check();
  await field(polygonDialog, 'polygonColor').fill('#ff0000');
  await sendAndExpectAdded(page, polygonDialog);
  const polygon = await suggestionFor(request, user, 'MARKER_DEFINITION', area.id);
  expect(polygon.element).toMatchObject({ markerDefinitionType: 'POLYGON', polygonColor: '#ff0000' });
});

test('required fields and bad colours show errors without sending anything', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await loginAt(page, user, gamePath);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/suggestion')) sent.push(r.url());
  });

  const dialog = await suggestFromBar(page, /^Game:/);
  const send = dialog.getByRole('button', { name: suggestMessages.suggestSubmit });
  await send.click();
  const name = field(dialog, 'name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(dialog.getByRole('alert')).toHaveText(suggestMessages.suggestFixErrors(labels.name));

  // Category for game without a game: both required fields are named.
  await dialog.getByRole('radio', { name: suggestMessages.suggestOptions.CATEGORY }).check();
  await field(dialog, 'gameId').selectOption('');
  await send.click();
  await expect(field(dialog, 'gameId')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toHaveText(
    suggestMessages.suggestFixErrors(`${labels.gameId}, ${labels.name}`),
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A marker category's colours are hexadecimal.
  await page.goto(mapPath);
  await waitForMap(page);
  await page.getByTestId('sidebar-left').getByRole('button', { name: messages.suggestNewCategory }).click();
  const category = page.getByRole('dialog', { name: messages.suggestNewCategory });
  await field(category, 'name').fill('Red things');
  await field(category, 'wrapperColor').fill('red');
  await category.getByRole('button', { name: suggestMessages.suggestSubmit }).click();
  await expect(field(category, 'wrapperColor')).toHaveAttribute('aria-invalid', 'true');
  await expect(category.getByText('Use a hexadecimal colour like #ff8800')).toBeVisible();
  expect(sent).toEqual([]);
});

test('a guest is asked to log in and comes back afterwards', async ({ page, request }) => {
  await page.goto(gamePath);
  const dialog = await suggestFromBar(page, /^Game:/);
  await expect(dialog.getByText(suggestMessages.suggestLoginPrompt)).toBeVisible();
  await expect(field(dialog, 'name')).toHaveCount(0);
  await dialog.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(`/login?nextUrl=${encodeURIComponent(gamePath)}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const user = await createConfirmedUser(request);
  await submitLogin(page, user.email, user.password);
  await expect(page).toHaveURL(gamePath);

  // The map's quests panel asks a guest to log in too.
  await page.context().clearCookies();
  await page.goto(mapPath);
  await waitForMap(page);
  await page.getByTestId('sidebar-right').getByRole('button', { name: mapMessages.suggestNewQuest }).click();
  await expect(page.getByRole('dialog').getByText(suggestMessages.suggestLoginPrompt)).toBeVisible();
});

test('the suggest modal on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createConfirmedUser(request);
  await loginAt(page, user, gamePath);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByText(/^Game:/).click();
  await page.locator('#wp-nav-panel').getByRole('button', { name: messages.suggestEntry }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: suggestMessages.suggestOptions.MAP }).check();
  await expect(field(dialog, 'categoryId')).toBeVisible();
  // The modal fills the screen: nothing sticks out sideways.
  const box = await dialog.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  await reviewShot(page, 'suggest-map-390.png');
  await page.goto(mapPath);
  await waitForMap(page);
  await page.getByRole('button', { name: 'Markers', exact: true }).click();
  await page.getByRole('button', { name: messages.suggestNewCategory }).click();
  await expect(page.getByRole('dialog', { name: messages.suggestNewCategory })).toBeVisible();
  await reviewShot(page, 'suggest-category-390.png');
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${scheme} theme`, () => {
    test.use({ bypassCSP: true, colorScheme: scheme });

    test('the suggest modal has no serious axe violations, with errors shown too', async ({
      page,
      request,
    }) => {
      const user = await createConfirmedUser(request);
      await loginAt(page, user, gamePath);
      const dialog = await suggestFromBar(page, /^Game:/);
      await dialog.getByRole('radio', { name: suggestMessages.suggestOptions.MAP }).check();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: suggestMessages.suggestSubmit }).click();
      await expect(field(dialog, 'name')).toHaveAttribute('aria-invalid', 'true');
      expect(await seriousViolations(page)).toEqual([]);
      await reviewShot(page, `suggest-errors-${scheme}.png`);
    });
  });
}
