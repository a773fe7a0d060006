import type { QuestSave } from '@waypoint/shared/progress/schemas';
import { toolMessages } from '@waypoint/shared/tool-messages';
import { seriousViolations } from '../support/axe.ts';
import { expect, seenToast, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';
import { FZ, loginNewPlayer, questId, waitForTool } from './tools.helpers.ts';

const trackerPath = `/game/${FZ}/tools/quests`;
const supplyRun = questId('supply_run');
const findCache = 'Find the supply cache near the Harbor Docks warehouse';
const extract = 'Extract from Saltmarsh Coast';

// The tracker is checked with axe-core, injected as a script tag, which the site's CSP forbids.
test.use({ bypassCSP: true });

test('guests see a quest’s objectives without checkboxes', async ({ page }) => {
  await page.goto(trackerPath);
  await waitForTool(page, 'quest-row');
  await page
    .getByTestId('quest-row')
    .filter({ hasText: 'Supply Run' })
    .getByRole('button', { name: toolMessages.showDetails })
    .click();
  const details = page.getByTestId('quest-details');
  await expect(details.getByText(findCache)).toBeVisible();
  await expect(details.getByRole('checkbox')).toHaveCount(0);
});

test('a player ticks objectives, keeps them over a reload, unticks one and is offered to complete the quest', async ({
  page,
  request,
}) => {
  test.slow();
  const { api } = await loginNewPlayer(page, request);
  const save = () => api<QuestSave>(`/user/quest/get/${FZ}`);
  await page.goto(trackerPath);
  await waitForTool(page, 'quest-row');
  const row = page.getByTestId('quest-row').filter({ hasText: 'Supply Run' });
  const openDetails = () => row.getByRole('button', { name: toolMessages.showDetails }).click();
  await openDetails();
  const details = page.getByTestId('quest-details');
  const first = details.getByRole('checkbox', { name: findCache });
  const second = details.getByRole('checkbox', { name: extract });
  await expect(first).not.toBeChecked();
  await expect(second).not.toBeChecked();

  // Ticking shows at once, on the row too, and is stored.
  await first.check();
  await expect(first).toBeChecked();
  await expect(row.getByTestId('objectives-progress')).toHaveText(toolMessages.objectivesProgress(1, 2));
  await expect.poll(async () => (await save()).completedObjectives).toEqual({ [supplyRun]: [0] });

  // Still ticked after a reload.
  await page.reload();
  await waitForTool(page, 'quest-row');
  await openDetails();
  await expect(first).toBeChecked();
  await expect(second).not.toBeChecked();

  // Unticking takes it back.
  await first.uncheck();
  await expect(first).not.toBeChecked();
  await expect(row.getByTestId('objectives-progress')).toHaveCount(0);
  await expect.poll(async () => (await save()).completedObjectives).toEqual({});

  // A refused tick shows at once, then is taken back with a toast.
  let refuse = () => {};
  const refused = new Promise<void>((resolve) => {
    refuse = resolve;
  });
  await page.route('**/api/user/quest/objective/**', async (route) => {
    await refused;
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' });
  });
  await second.check();
  refuse();
  await seenToast(page, toolMessages.progressNotSaved);
  await expect(second).not.toBeChecked();
  await page.unroute('**/api/user/quest/objective/**');

  // Every objective ticked: the quest is not completed on its own, but offered.
  await first.check();
  await second.check();
  const ready = details.getByTestId('objectives-ready');
  await expect(ready).toContainText(toolMessages.allObjectivesDone);
  await expect(row).toHaveAttribute('data-status', 'unlocked');
  await expect.poll(async () => (await save()).completedObjectives).toEqual({ [supplyRun]: [0, 1] });
  expect((await save()).completedQuests).toEqual([]);

  // Looks: wide and phone widths, light and dark, once the refusal's toast is gone.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page)).toEqual([]);
  const look = async (name: string) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await reviewShot(page, `${name}-${width}.png`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  await look('tracker-objectives');
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(page)).toEqual([]);
  await look('tracker-objectives-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await ready.getByRole('button', { name: toolMessages.completeQuest }).click();
  await expect(row).toHaveAttribute('data-status', 'completed');
  await expect(ready).toHaveCount(0);
  // A completed quest shows every objective done and fixed; its ticks stay as they were.
  await expect(first).toBeChecked();
  await expect(first).toBeDisabled();
  await expect.poll(async () => (await save()).completedQuests).toEqual([supplyRun]);
  expect((await save()).completedObjectives).toEqual({ [supplyRun]: [0, 1] });
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await look('tracker-objectives-completed');
});
