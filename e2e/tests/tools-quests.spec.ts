import { messages } from '@waypoint/shared/messages';
import { toolMessages } from '@waypoint/shared/tool-messages';
import { expect, test } from '../support/fixtures.ts';
import { FZ, loginNewPlayer, questId, waitForTool } from './tools.helpers.ts';

interface QuestSave {
  completedQuests: string[];
  level: number;
}

const trackerPath = `/game/${FZ}/tools/quests`;

test('guest sees the read-only quest tracker with login prompts', async ({ page }) => {
  await page.goto(trackerPath);
  await waitForTool(page, 'quest-row');
  await expect(
    page.getByRole('heading', { level: 1, name: messages.gameQuests('Frontier Zone') }),
  ).toBeVisible();
  await expect(page.getByPlaceholder(toolMessages.questFilterPlaceholder)).toBeVisible();
  // Guests see completed and future quests; no level box, no completion checkboxes.
  await expect(page.getByLabel(toolMessages.showCompleted)).toBeChecked();
  await expect(page.getByLabel(toolMessages.showFutureQuests)).toBeChecked();
  await expect(page.getByLabel(toolMessages.playerLevel)).toHaveCount(0);
  const rows = page.getByTestId('quest-row');
  await expect(rows).toHaveCount(39);
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${toolMessages.questDone}:`) })).toHaveCount(
    0,
  );
  await expect(rows.filter({ hasText: 'Supply Run' })).toHaveAttribute('data-status', 'unlocked');
  await expect(rows.filter({ hasText: 'Dock Sweep' })).toHaveAttribute('data-status', 'locked');
  await expect(rows.filter({ hasText: 'Dock Sweep' })).toContainText('Quartermaster Holt');

  // Details: objectives, rewards, locations on the preferred map, preconditions, wiki; no completing.
  await rows
    .filter({ hasText: 'Dock Sweep' })
    .getByRole('button', { name: toolMessages.showDetails })
    .click();
  const details = page.getByTestId('quest-details');
  await expect(details.getByText('Eliminate 5 raiders on Harbor Docks')).toBeVisible();
  await expect(details.getByText('Storage Room Key')).toBeVisible();
  await expect(details.getByRole('button', { name: toolMessages.markAsCompleted })).toBeDisabled();
  await expect(details.getByRole('link', { name: 'Saltmarsh Coast' })).toHaveAttribute(
    'href',
    new RegExp(`^/game/${FZ}/maps/fz_coast_[a-z_]+\\?questId=${questId('dock_sweep')}$`),
  );
  await expect(details.getByRole('link', { name: toolMessages.wikiLink })).toHaveAttribute(
    'href',
    'https://wiki.example.org/frontier-zone/quests/dock-sweep',
  );
  // The precondition link focuses the tracker on the previous quest.
  await details.getByRole('link', { name: 'Supply Run' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?questId=${questId('supply_run')}$`));
  await expect(page.getByPlaceholder(toolMessages.questFilterPlaceholder)).toHaveValue('Supply Run');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('quest-details')).toContainText('Find the supply cache');

  await page.getByTestId('login-prompt').first().click();
  await expect(page).toHaveURL(/\/login\?nextUrl=%2Fgame%2Ffrontier_zone%2Ftools%2Fquests/);
});

test('player sets the level, completes a quest, sees its follower unlock, undoes and filters', async ({
  page,
  request,
}) => {
  test.slow();
  const { api } = await loginNewPlayer(page, request);
  const save = () => api<QuestSave>(`/user/quest/get/${FZ}`);
  await page.goto(trackerPath);
  await waitForTool(page, 'quest-row');
  const rows = page.getByTestId('quest-row');

  // Logged in: completed and future quests start hidden; a new player is level 1.
  await expect(page.getByLabel(toolMessages.showCompleted)).not.toBeChecked();
  await expect(page.getByLabel(toolMessages.showFutureQuests)).not.toBeChecked();
  await expect(page.getByLabel(toolMessages.playerLevel)).toHaveValue('1');
  await expect(rows).toHaveCount(2);
  await expect(page.getByText(messages.loginToTrack)).toHaveCount(0);

  // Level 4 brings the quests up to level 4; Dock Sweep is still locked.
  await page.getByLabel(toolMessages.playerLevel).fill('4');
  const dock = rows.filter({ hasText: 'Dock Sweep' });
  await expect(dock).toHaveAttribute('data-status', 'locked');
  await expect(rows).toHaveCount(7);
  await expect.poll(async () => (await save()).level).toBe(4);
  // Letters are not dropped silently: the box keeps the text and says why it is not saved.
  for (const typed of ['abc', '1e5-']) {
    await page.getByLabel(toolMessages.playerLevel).fill(typed);
    await expect(page.getByLabel(toolMessages.playerLevel)).toHaveValue(typed);
    await expect(page.getByText(messages.notANumber)).toBeVisible();
  }
  await page.getByLabel(toolMessages.playerLevel).fill('4');
  await expect(page.getByText(messages.notANumber)).toHaveCount(0);
  expect((await save()).level).toBe(4);

  // Completing Supply Run unlocks Dock Sweep at once; the Undo toast names it.
  await page.getByRole('checkbox', { name: `${toolMessages.questDone}: Supply Run` }).click();
  await expect(dock).toHaveAttribute('data-status', 'unlocked');
  const toast = page.getByTestId('undo-toast');
  await expect(toast).toContainText(toolMessages.questCompleted('Supply Run'));
  await expect(toast).toContainText(toolMessages.questUnlocks('Dock Sweep'));
  await expect.poll(async () => (await save()).completedQuests).toEqual([questId('supply_run')]);

  // Undo takes it back, on the page and on the server.
  await toast.getByRole('button', { name: messages.undo }).click();
  await expect(dock).toHaveAttribute('data-status', 'locked');
  await expect(
    page.getByRole('checkbox', { name: `${toolMessages.questDone}: Supply Run` }),
  ).not.toBeChecked();
  await expect.poll(async () => (await save()).completedQuests).toEqual([]);

  // Complete it again from the details; after a reload it is hidden (completed) until shown.
  await rows
    .filter({ hasText: 'Supply Run' })
    .getByRole('button', { name: toolMessages.showDetails })
    .click();
  await page.getByTestId('quest-details').getByRole('button', { name: toolMessages.markAsCompleted }).click();
  await expect(
    page.getByTestId('quest-details').getByRole('button', { name: toolMessages.markAsPending }),
  ).toBeVisible();
  await expect.poll(async () => (await save()).completedQuests).toEqual([questId('supply_run')]);
  await page.reload();
  await expect(page.getByLabel(toolMessages.playerLevel)).toHaveValue('4');
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: 'Supply Run' })).toHaveCount(0);
  await page.getByLabel(toolMessages.showCompleted).check();
  await expect(rows.filter({ hasText: 'Supply Run' })).toHaveAttribute('data-status', 'completed');

  // The filter applies from 3 characters, case-insensitive.
  const filter = page.getByPlaceholder(toolMessages.questFilterPlaceholder);
  await filter.fill('do');
  await expect(rows).toHaveCount(7);
  await filter.fill('DOCK s');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Dock Sweep');

  // One click back to what is still needed.
  await page.getByRole('button', { name: toolMessages.showOnlyStillNeeded }).click();
  await expect(filter).toHaveValue('');
  await expect(page.getByLabel(toolMessages.showCompleted)).not.toBeChecked();
  await expect(rows).toHaveCount(6);

  // The chain view shows the whole trader chain with the progress on it.
  await dock.getByRole('button', { name: toolMessages.showDetails }).click();
  await page.getByRole('button', { name: toolMessages.questChain }).click();
  const chain = page.getByTestId('quest-chain');
  await expect(chain.getByTestId('chain-node')).toHaveCount(8);
  await expect(chain).toContainText(toolMessages.questChainProgress(1, 8));
  await expect(chain.locator(`[data-quest-id="${questId('supply_run')}"]`)).toHaveAttribute(
    'data-status',
    'completed',
  );
  await expect(chain.locator(`[data-quest-id="${questId('dock_sweep')}"]`)).toHaveAttribute(
    'data-focus',
    'true',
  );
});

test('a locked quest completes with its prerequisites in one change; un-completing takes its dependents', async ({
  page,
  request,
}) => {
  const { api } = await loginNewPlayer(page, request);
  const save = () => api<QuestSave>(`/user/quest/get/${FZ}`);
  await page.goto(trackerPath);
  await waitForTool(page, 'quest-row');
  await page.getByLabel(toolMessages.showFutureQuests).check();
  const rows = page.getByTestId('quest-row');
  const lighthouse = rows.filter({ hasText: 'Lighthouse Signal' });
  await expect(lighthouse).toHaveAttribute('data-status', 'locked');

  // Ticking the locked quest asks first, listing what it needs; Cancel changes nothing.
  const box = page.getByRole('checkbox', { name: `${toolMessages.questDone}: Lighthouse Signal` });
  await box.click();
  const dialog = page.getByRole('dialog', { name: toolMessages.completeChainTitle });
  await expect(dialog.getByTestId('chain-quests')).toHaveText(/Supply Run\s*Dock Sweep/);
  await dialog.getByRole('button', { name: messages.cancel }).click();
  await expect(box).not.toBeChecked();
  expect((await save()).completedQuests).toEqual([]);

  await box.click();
  await dialog.getByRole('button', { name: toolMessages.completeChainConfirm(3) }).click();
  await expect(lighthouse).toHaveAttribute('data-status', 'completed');
  const ids = ['supply_run', 'dock_sweep', 'lighthouse_signal'].map(questId).sort();
  await expect.poll(async () => (await save()).completedQuests.sort()).toEqual(ids);
  // One Undo takes back all three.
  const toast = page.getByTestId('undo-toast');
  await expect(toast).toContainText(toolMessages.questsChangedWith(2));
  await toast.getByRole('button', { name: messages.undo }).click();
  await expect(lighthouse).toHaveAttribute('data-status', 'locked');
  await expect.poll(async () => (await save()).completedQuests).toEqual([]);

  // Again, then un-complete the first quest: its completed dependents go with it.
  await box.click();
  await dialog.getByRole('button', { name: toolMessages.completeChainConfirm(3) }).click();
  await expect.poll(async () => (await save()).completedQuests.length).toBe(3);
  await page.getByRole('checkbox', { name: `${toolMessages.questDone}: Supply Run` }).click();
  const undoDialog = page.getByRole('dialog', { name: toolMessages.uncompleteChainTitle });
  await expect(undoDialog.getByTestId('chain-quests')).toHaveText(/Dock Sweep\s*Lighthouse Signal/);
  await undoDialog.getByRole('button', { name: toolMessages.uncompleteChainConfirm(3) }).click();
  await expect.poll(async () => (await save()).completedQuests).toEqual([]);
  await expect(lighthouse).toHaveAttribute('data-status', 'locked');

  // Hostile Takeover needs two quests of two traders: ticking it lists both chains, and it unlocks
  // only with the last of them.
  const takeover = rows.filter({ hasText: 'Hostile Takeover' });
  await page.getByRole('checkbox', { name: `${toolMessages.questDone}: Hostile Takeover` }).click();
  await expect(dialog.getByTestId('chain-quests')).toHaveText(
    /Market Research\s*Insider Info\s*Tracks in the Snow\s*The Poacher/,
  );
  await dialog.getByRole('button', { name: messages.cancel }).click();
  await page.getByRole('checkbox', { name: `${toolMessages.questDone}: Insider Info` }).click();
  await dialog.getByRole('button', { name: toolMessages.completeChainConfirm(2) }).click();
  await expect(takeover).toHaveAttribute('data-status', 'locked');
  await page.getByRole('checkbox', { name: `${toolMessages.questDone}: The Poacher` }).click();
  await dialog.getByRole('button', { name: toolMessages.completeChainConfirm(2) }).click();
  await expect(takeover).toHaveAttribute('data-status', 'unlocked');
  await takeover.getByRole('button', { name: toolMessages.showDetails }).click();
  const preconditions = page.getByTestId('quest-preconditions');
  await expect(preconditions.getByRole('link')).toHaveText(['Insider Info', 'The Poacher']);
});

test('a refused completion is rolled back with a toast', async ({ page, request }) => {
  await loginNewPlayer(page, request);
  await page.route('**/api/user/quest/complete/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto(trackerPath);
  await waitForTool(page, 'quest-row');
  const box = page.getByRole('checkbox', { name: `${toolMessages.questDone}: First Aid` });
  await box.click();
  await expect(page.getByText(toolMessages.progressNotSaved)).toBeVisible();
  await expect(box).not.toBeChecked();
  await expect(page.getByTestId('quest-row').filter({ hasText: 'First Aid' })).toHaveAttribute(
    'data-status',
    'unlocked',
  );
});

test('a tool the game lacks goes to the error page; an unknown tool is not found', async ({ page }) => {
  await page.goto('/game/emberfall/tools/tarkov-items-to-keep');
  await expect(page).toHaveURL(/\/error\?gameId=emberfall$/);
  await expect(page.getByText(messages.gotLost)).toBeVisible();
  await page.goto('/game/emberfall/tools/quests');
  await expect(
    page.getByRole('heading', { level: 1, name: messages.gameQuests('Emberfall Chronicles') }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await page.goto(`/game/${FZ}/tools/no-such-tool`);
  await expect(page.getByText(messages.pageNotFound)).toBeVisible();
});

test('the filter finds quests by the items in their objectives and rewards, by trader and by map', async ({
  page,
}) => {
  await page.goto(trackerPath);
  await waitForTool(page, 'quest-row');
  const rows = page.getByTestId('quest-row');
  // Traders show their portraits beside their quests.
  await expect(
    rows.filter({ hasText: 'Market Research' }).locator('img[src*="/thumbs/trader/"]'),
  ).toBeVisible();
  // An item named only in an objective ('Hand over 2 Flash Drives').
  await page.getByPlaceholder(toolMessages.questFilterPlaceholder).fill('flash drive');
  await expect(rows.filter({ hasText: 'Market Research' })).toHaveCount(1);
  // And one named only in a reward.
  await page.getByPlaceholder(toolMessages.questFilterPlaceholder).fill('Ghillie suit');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ghost of the Reserve');
  await page.getByPlaceholder(toolMessages.questFilterPlaceholder).fill('');

  // Broker Kade's quests in Kessel City.
  await page.getByRole('combobox', { name: toolMessages.questTraderFilter }).click();
  await page.getByRole('option', { name: 'Broker Kade' }).click();
  await expect(rows).toHaveCount(5);
  await page.getByRole('combobox', { name: toolMessages.questMapFilter }).click();
  await page.getByRole('option', { name: 'Kessel City' }).click();
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Dividends' })).toHaveCount(0);
  // Choosing the trader again clears it; the map stays.
  await page.getByRole('combobox', { name: toolMessages.questTraderFilter }).click();
  await page.getByRole('option', { name: 'Broker Kade' }).click();
  await expect(page.getByRole('combobox', { name: toolMessages.questTraderFilter })).toHaveValue('');
  await expect(rows.filter({ hasText: 'Broker Kade' })).toHaveCount(4);
  expect(await rows.count()).toBeGreaterThan(4);
});
