import { randomBytes } from 'node:crypto';
import { accountMessages as t } from '@waypoint/shared/account-messages';
import { tarkovDevAnswer } from '@waypoint/shared/interop/fixtures/tarkov-dev-answer';
import { toolMessages } from '@waypoint/shared/tool-messages';
import { admin, expect, seenToast, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginNewPlayer, waitForTool } from './tools.helpers.ts';

/**
 * A companion app drives the quest tracker: a player creates a personal token in the account page,
 * a client (Playwright's request, as TarkovMonitor would) marks a tarkov.dev task completed through
 * the TarkovTracker-compatible API, the tracker shows the quest completed, and once the token is
 * revoked the next call is refused. The demo seed has no tarkov.dev ids, so the journey first imports
 * two real tasks of tarkov.dev's answer into a game of its own through the admin import.
 */
test('a token made in the account page ticks a quest through the v2 API until it is revoked', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const id = randomBytes(4).toString('hex');
  const gameId = `tt_${id}`;
  const gameName = `Tracker Game ${id}`;
  const login = await request.post('/api/users/login', { data: admin });
  expect(login.ok()).toBe(true);
  const adminAuth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const game = await request.put('/api/admin/game', {
    headers: adminAuth,
    data: { _id: gameId, name: gameName, additionalFeatures: ['quests'] },
  });
  expect(game.ok(), await game.text()).toBe(true);
  // Two real tasks (First in Line, Shooting Cans) as tarkov.dev answers them, without their trader.
  const tasks = tarkovDevAnswer.data.tasks
    .slice(0, 2)
    .map(({ trader: _trader, taskRequirements: _requirements, ...task }) => ({ ...task, objectives: [] }));
  const staged = await request.post(`/api/admin/games/${gameId}/import/tarkov-dev`, {
    headers: adminAuth,
    data: { source: `tarkov.dev e2e ${id}`, content: JSON.stringify({ data: { tasks } }) },
  });
  expect(staged.ok(), await staged.text()).toBe(true);
  const list = (await (
    await request.get('/api/admin/importedModels/quest?limit=100', { headers: adminAuth })
  ).json()) as { data: { _id: string }[] };
  const ours = list.data.filter((row) => JSON.stringify(row).includes(gameId));
  expect(ours).toHaveLength(2);
  for (const row of ours)
    expect(
      (await request.get(`/api/admin/acceptImportedModel/quest/${row._id}`, { headers: adminAuth })).ok(),
    ).toBe(true);

  // The player creates a token for that game in the account page.
  await loginNewPlayer(page, request);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: t.apiTokens });
  await section.getByLabel(t.apiTokenName).fill('TarkovMonitor');
  await section.getByLabel(t.apiTokenGame, { exact: true }).first().selectOption(gameId);
  await expect(section.getByRole('checkbox', { name: t.apiTokenScopeGP })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: t.apiTokenScopeWP })).toBeChecked();
  await section.getByRole('button', { name: t.apiTokenCreate }).click();
  const secret = (await section.getByTestId('api-token-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^wpt_[A-Za-z0-9_-]{43}$/);
  await expect(section.getByTestId('api-token-row')).toHaveCount(1);
  await expect(section.getByTestId('api-token-row')).toContainText(t.apiTokenNeverUsed);
  await page.setViewportSize({ width: 1440, height: 900 });
  await reviewShot(page, 'api-tokens-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await reviewShot(page, 'api-tokens-390.png', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The companion app's calls: its token, then a task completed.
  const bearer = { authorization: `Bearer ${secret}` };
  const info = await request.get('/api/v2/token', { headers: bearer });
  expect(await info.json()).toEqual({ permissions: ['GP', 'WP'], token: secret });
  const task = tasks[0]!;
  const done = await request.post(`/api/v2/progress/task/${task.id}`, {
    headers: bearer,
    data: { state: 'completed' },
  });
  expect(done.status(), await done.text()).toBe(200);

  // The tracker shows the quest completed.
  await page.goto(`/game/${gameId}/tools/quests`);
  await waitForTool(page, 'quest-row');
  await page.getByLabel(toolMessages.showCompleted).check();
  const rows = page.getByTestId('quest-row');
  await expect(rows.filter({ hasText: task.name })).toHaveAttribute('data-status', 'completed');
  await expect(rows.filter({ hasText: tasks[1]!.name })).not.toHaveAttribute('data-status', 'completed');

  // The account page shows the token used; revoking it refuses the next call.
  await page.goto('/profile');
  const row = section.getByTestId('api-token-row');
  await expect(row).not.toContainText(t.apiTokenNeverUsed);
  await row.getByRole('button', { name: new RegExp(`^${t.apiTokenRevoke}`) }).click();
  const dialog = page.getByTestId('api-token-revoke-dialog');
  await expect(dialog).toContainText(t.apiTokenRevokeQuestion('TarkovMonitor'));
  await dialog.getByRole('button', { name: t.apiTokenRevoke }).click();
  await seenToast(page, t.apiTokenRevoked);
  await expect(section.getByText(t.apiTokenNone)).toBeVisible();
  const refused = await request.post(`/api/v2/progress/task/${task.id}`, {
    headers: bearer,
    data: { state: 'uncompleted' },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: 'Invalid or expired token.' });
});
