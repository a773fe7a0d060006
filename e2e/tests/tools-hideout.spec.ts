import { toolMessages } from '@waypoint/shared/tool-messages';
import { seriousViolations } from '../support/axe.ts';
import { expect, type Page, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';
import { FZ, loginNewPlayer, waitForTool } from './tools.helpers.ts';

const itemsPath = `/game/${FZ}/tools/tarkov-items-to-keep`;

interface HideoutSave {
  builtLevels: { moduleId: string; level: number }[];
}

function card(page: Page, name: string) {
  return page.getByTestId('keep-card').filter({ has: page.getByText(name, { exact: true }) });
}

function hideoutModule(page: Page, title: string) {
  const box = page.getByTestId('hideout-module').filter({ hasText: title });
  return {
    box,
    level: box.getByTestId('hideout-level'),
    build: (level: number) => box.getByRole('button', { name: toolMessages.hideoutBuildLevel(title, level) }),
    unbuild: (level: number) =>
      box.getByRole('button', { name: toolMessages.hideoutUnbuildLevel(title, level) }),
  };
}

test('a player marks a hideout level built: its needs count as done, also after a reload', async ({
  page,
  request,
}) => {
  test.slow();
  const { api } = await loginNewPlayer(page, request);
  await page.goto(itemsPath);
  await waitForTool(page, 'keep-card');
  // The hideout panel belongs to the hideout and combined views only.
  await expect(page.getByTestId('hideout-panel')).toHaveCount(0);
  await page.getByLabel(toolMessages.onlyForHideout).check();
  const generator = hideoutModule(page, 'Generator');
  await expect(generator.level).toHaveText(toolMessages.hideoutNotBuilt);
  await expect(generator.unbuild(1)).toBeDisabled();
  // Copper Wire: 6 for Generator level 1; Rechargeable Battery: 2 for Generator level 2 + 1 for the
  // Intelligence Center level 1.
  await expect(card(page, 'Copper Wire').getByTestId('count')).toHaveText('0 / 6');
  await expect(card(page, 'Rechargeable Battery').getByTestId('count')).toHaveText('0 / 3');

  await generator.build(1).click();
  await expect(generator.level).toHaveText(toolMessages.hideoutBuiltLevel(1, 3));
  await expect(page.getByTestId('hideout-summary')).toContainText(toolMessages.hideoutSummary(1, 17));
  // Generator level 1 was all Copper Wire was needed for in the hideout: nothing left to keep.
  await expect(card(page, 'Copper Wire')).toHaveCount(0);
  await expect(card(page, 'Rechargeable Battery').getByTestId('count')).toHaveText('0 / 3');
  await expect
    .poll(async () => (await api<HideoutSave>(`/user/hideout/${FZ}`)).builtLevels)
    .toEqual([{ moduleId: 'fz_h_generator', level: 1 }]);

  await page.reload();
  await page.getByLabel(toolMessages.onlyForHideout).check();
  await expect(generator.level).toHaveText(toolMessages.hideoutBuiltLevel(1, 3));
  await expect(card(page, 'Copper Wire')).toHaveCount(0);
  // Shown with Show completed: the requirement is done, its Built box ticked.
  await page.getByLabel(toolMessages.showCompleted).check();
  const wire = card(page, 'Copper Wire');
  await expect(wire.getByTestId('count')).toHaveText('0 / 0');
  await wire.getByRole('button', { name: toolMessages.showDetails }).click();
  const wireNeed = wire.getByTestId('requirements').locator('li');
  await expect(wireNeed).toHaveAttribute('data-done', 'true');
  await expect(wireNeed.getByRole('checkbox', { name: toolMessages.hideoutLevelBuilt })).toBeChecked();

  // Quests and hideout together: the quest need (5) stays, the built level's (6) is done.
  await page.getByLabel(toolMessages.showCompleted).uncheck();
  await page.getByLabel(toolMessages.questsAndHideout).check();
  await expect(card(page, 'Copper Wire').getByTestId('count')).toHaveText('0 / 5');

  // Ticking a requirement's level in a card builds the module up to it; un-ticking takes it back.
  const battery = card(page, 'Rechargeable Battery');
  await expect(battery.getByTestId('count')).toHaveText('0 / 3');
  await battery.getByRole('button', { name: toolMessages.showDetails }).click();
  const forGenerator = battery
    .getByTestId('requirements')
    .locator('li')
    .filter({ hasText: toolMessages.forHideoutLevel('Generator', 2) });
  await forGenerator.getByRole('checkbox', { name: toolMessages.hideoutLevelBuilt }).check();
  await expect(generator.level).toHaveText(toolMessages.hideoutBuiltLevel(2, 3));
  await expect(battery.getByTestId('count')).toHaveText('0 / 1');
  await expect(forGenerator).toHaveAttribute('data-done', 'true');
  await generator.unbuild(2).click();
  await expect(generator.level).toHaveText(toolMessages.hideoutBuiltLevel(1, 3));
  await expect(battery.getByTestId('count')).toHaveText('0 / 3');
  await expect(
    forGenerator.getByRole('checkbox', { name: toolMessages.hideoutLevelBuilt }),
  ).not.toBeChecked();
  await expect
    .poll(async () => (await api<HideoutSave>(`/user/hideout/${FZ}`)).builtLevels)
    .toEqual([{ moduleId: 'fz_h_generator', level: 1 }]);
});

test('a refused hideout change is rolled back with a toast', async ({ page, request }) => {
  await loginNewPlayer(page, request);
  await page.route('**/api/user/hideout/*/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
      : route.fallback(),
  );
  await page.goto(itemsPath);
  await waitForTool(page, 'keep-card');
  await page.getByLabel(toolMessages.onlyForHideout).check();
  const workbench = hideoutModule(page, 'Workbench');
  await workbench.build(1).click();
  await expect(page.getByText(toolMessages.progressNotSaved)).toBeVisible();
  await expect(workbench.level).toHaveText(toolMessages.hideoutNotBuilt);
  await expect(card(page, 'Bolts').getByTestId('count')).toHaveText('0 / 16');
});

test('guests see the hideout levels read-only', async ({ page }) => {
  await page.goto(itemsPath);
  await waitForTool(page, 'keep-card');
  await page.getByLabel(toolMessages.onlyForHideout).check();
  await expect(page.getByTestId('hideout-panel')).toContainText(toolMessages.hideoutLeadGuest);
  const generator = hideoutModule(page, 'Generator');
  await expect(generator.build(1)).toBeDisabled();
  await expect(generator.level).toHaveText(toolMessages.hideoutNotBuilt);
  // The module list folds away and stays folded.
  await page.getByRole('button', { name: toolMessages.hideoutHideModules }).click();
  await expect(generator.box).toBeHidden();
  await page.reload();
  await page.getByLabel(toolMessages.onlyForHideout).check();
  await expect(page.getByRole('button', { name: toolMessages.hideoutShowModules })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(generator.box).toBeHidden();
});

test.describe('on a phone', () => {
  // axe is injected as a script tag, which the site's CSP forbids.
  test.use({ viewport: { width: 390, height: 844 }, bypassCSP: true });

  /** Whether anything is wider than the window: the page, the table or any of its rows. */
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const doc = document.documentElement;
      const table = document.querySelector<HTMLElement>('[data-testid="keep-table"]');
      const widest = Math.max(
        ...Array.from(document.querySelectorAll('[data-testid="keep-row"], [data-testid="keep-row"] *')).map(
          (el) => el.getBoundingClientRect().right,
        ),
      );
      return {
        page: doc.scrollWidth > doc.clientWidth,
        table: table
          ? table.scrollWidth > table.clientWidth || table.getBoundingClientRect().right > doc.clientWidth
          : true,
        rows: widest > doc.clientWidth,
      };
    });

  test('the compact table shows many items without sideways scrolling, and is remembered', async ({
    page,
    request,
  }) => {
    test.slow();
    await loginNewPlayer(page, request);
    await page.goto(itemsPath);
    await waitForTool(page, 'keep-card');
    await page.getByLabel(toolMessages.questsAndHideout).check();
    const cardsHeight = (await page.getByTestId('keep-list').boundingBox())?.height ?? 0;
    await page.getByText(toolMessages.keepViewTable, { exact: true }).click();
    const table = page.getByTestId('keep-table');
    await expect(table).toBeVisible();
    await expect(page.getByTestId('keep-card')).toHaveCount(0);
    const rows = table.getByTestId('keep-row');
    expect(await rows.count()).toBeGreaterThan(20);
    await expect(table.getByRole('columnheader', { name: toolMessages.keepColumns.needed })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: toolMessages.keepColumns.have })).toBeVisible();
    expect(await overflow(page)).toEqual({ page: false, table: false, rows: false });
    // Many items at once: the table takes well under two thirds of the cards' height.
    const tableHeight = (await table.boundingBox())?.height ?? Number.POSITIVE_INFINITY;
    expect(tableHeight).toBeLessThan(cardsHeight * 0.66);

    // The counters work in the table with the cards' limits; Copper Wire needs 5 + 6 here.
    const wire = rows.filter({ has: page.getByText('Copper Wire', { exact: true }) });
    await expect(wire.getByTestId('needed-normal')).toHaveText('11');
    await wire.getByRole('button', { name: toolMessages.addOne(toolMessages.owned) }).click();
    await expect(wire.getByTestId('count')).toHaveText('1');
    // What it is for, under the name on a phone.
    await expect(wire).toContainText('Spare Parts');
    await expect(wire).toContainText(toolMessages.hideoutModuleLevel('Generator', 1));
    // Marking Generator level 1 built takes its 6 out of the need.
    await hideoutModule(page, 'Generator').build(1).click();
    await expect(wire.getByTestId('needed-normal')).toHaveText('5');
    expect(await overflow(page)).toEqual({ page: false, table: false, rows: false });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await reviewShot(page, 'phone-table.png', { fullPage: true });

    // The view is remembered.
    await page.reload();
    await page.getByLabel(toolMessages.questsAndHideout).check();
    await expect(page.getByTestId('keep-table')).toBeVisible();
    await expect(wire.getByTestId('count')).toHaveText('1');
    await expect(wire.getByTestId('needed-normal')).toHaveText('5');
    await page.getByText(toolMessages.keepViewCards, { exact: true }).click();
    await expect(page.getByTestId('keep-card').first()).toBeVisible();
    expect(await overflow(page)).toMatchObject({ page: false });
  });
});
