import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminMessages } from '@waypoint/shared/admin-messages';
import { messages } from '@waypoint/shared/messages';
import { admin, expect, seenToast, submitLogin, test, visitorPage } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';

/**
 * A model that exists only in this test (`gadget`, registered at run time by the server this file
 * starts) gets a working admin with no web code: a tab under its parent game, a list, a form with
 * its field types, server field errors on the fields, create, edit and delete.
 */
const root = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess | undefined;
let dataDir = '';
let baseURL = '';

function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ])
    .toString()
    .trim();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-e2e-gadget-'));
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/throwaway-server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_HOST: baseURL,
      LOG_LEVEL: 'warn',
      DEMO_IMAGES: 'false',
      AUTH_RATE_LIMIT: '1000',
      WEB_DIST: path.join(process.env.WAYPOINT_E2E_DATA ?? '', 'web'),
    },
  });
  // Ready when the API answers (migrated, extra table created, seeded).
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/api/games`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 170_000, intervals: [250] },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a model registered at run time gets a working admin with no web code', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await visitorPage(browser, { baseURL });
  const context = page.context();
  await page.goto('/login?nextUrl=%2Fadmin%2Fmodel%2Fgame%2Ffrontier_zone');
  await submitLogin(page, admin.email, admin.password);
  await page.getByRole('tab', { name: 'gadgets' }).click();
  const gadgets = page.getByTestId('admin-list-gadget');
  await gadgets.getByRole('button', { name: 'New Gadget' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gadget of Game : frontier_zone' });
  await expect(dialog.getByLabel(/^gameId/)).toBeDisabled();
  await expect(dialog.getByLabel(/^gameId/)).toHaveValue('frontier_zone');
  await dialog.getByLabel(/^_id/).fill('gadget_one');
  await dialog.getByLabel(/^name/).fill('Gadget one');
  await dialog.getByLabel(/^colour/).fill('blue');
  await expect(dialog.getByRole('checkbox', { name: 'active' })).toBeChecked();
  await dialog.getByLabel(/^tags/).fill('alpha');
  await dialog.getByLabel(/^tags/).press('Enter');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // The server's 400 names the field; the form shows it there.
  await expect(dialog.getByText('Use a hexadecimal colour like #ff8800')).toBeVisible();
  await dialog.getByLabel(/^colour/).fill('#3366aa');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await seenToast(page, messages.editSuccess);
  const row = gadgets.locator('tbody tr').filter({ hasText: 'gadget_one' });
  await expect(row).toBeVisible();
  await row.click();
  const edit = page.getByRole('dialog', { name: 'Gadget of Game : frontier_zone' });
  await edit.getByLabel(/^weight/).fill('9');
  await edit.getByRole('button', { name: 'Edit' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('9');
  await reviewShot(page, 'admin-gadget-1440.png', { fullPage: true });
  await gadgets.getByRole('button', { name: 'Delete gadget_one', exact: true }).click();
  await expect(page.getByText(adminMessages.deleteConfirm('gadget_one'))).toBeVisible();
  await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await context.close();
});
