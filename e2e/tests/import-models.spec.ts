import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { adminMessages } from '@waypoint/shared/admin-messages';
import { admin, expect, type Page, seenToast, submitLogin, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';

// Staging acts on the site's one staging area: this file runs in the config's one-at-a-time project.

async function loginAsAdmin(page: Page, path: string) {
  await page.goto(`/login?nextUrl=${encodeURIComponent(path)}`);
  await submitLogin(page, admin.email, admin.password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}

const toast = seenToast;

const row = (scope: Locator, id: string) =>
  scope
    .locator('tbody tr')
    // The id cell holds the id, then the row's badges (New!, Changed, …).
    .filter({ has: scope.page().getByRole('cell', { name: new RegExp(`^${id}( |$)`) }) })
    .first();

test('imports a JSON and a CSV file with one bad record each, shows the diff, accepts only new', async ({
  page,
}) => {
  await loginAsAdmin(page, '/admin/imports');
  const tag = randomBytes(3).toString('hex');
  const json = JSON.stringify(
    [
      { _id: `imp_${tag}_a`, gameId: 'schedule_one', name: `Imported A ${tag}`, questLevel: 2 },
      { _id: `imp_${tag}_bad`, gameId: 'schedule_one', name: '', questLevel: 'x' },
    ],
    null,
    2,
  );
  const csv = `_id,gameId,name,questLevel\nimp_${tag}_c,schedule_one,CSV ${tag},3\nimp_${tag}_d,schedule_one,Bad,nope\n`;
  const upload = page.getByTestId('model-import').locator('input[type=file]');
  await upload.setInputFiles({
    name: 'quests.json',
    mimeType: 'application/json',
    buffer: Buffer.from(json),
  });
  await page.getByRole('button', { name: 'Stage import' }).click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('1 staged');
  await expect(result.getByRole('cell', { name: 'questLevel' })).toBeVisible();
  await upload.setInputFiles({
    name: 'quests.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Stage import' }).click();
  await expect(result.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  // An existing quest too, to see a diff against the stored record.
  const res = await page.request.get('/api/quests?limit=1');
  const existing = (await res.json()).data[0];
  await upload.setInputFiles({
    name: 'existing.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify([{ ...existing, images: undefined, name: `${existing.name} (revised)` }]),
    ),
  });
  await page.getByRole('button', { name: 'Stage import' }).click();
  const review = page.getByTestId('import-review');
  await review.getByLabel('Filter id').fill(existing._id);
  const existingRow = row(review, existing._id);
  await expect(existingRow).toBeVisible();
  await expect(existingRow.getByText('New!')).toHaveCount(0);
  const policyErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy/i.test(m.text())) policyErrors.push(m.text());
  });
  await existingRow.getByRole('button', { name: 'Show Diff' }).click();
  const diff = page.getByTestId('import-diff');
  await expect(diff.getByText('Imported', { exact: true })).toBeVisible();
  await expect(diff.getByText('Stored', { exact: true })).toBeVisible();
  // Each column title lies whole inside its header box (none cut to half height).
  const title = await diff.getByText('Imported', { exact: true }).evaluate((pre) => {
    const own = pre.getBoundingClientRect();
    const box = pre.parentElement!.getBoundingClientRect();
    return { inside: own.top >= box.top && own.bottom <= box.bottom + 0.5 };
  });
  expect(title.inside).toBe(true);
  await expect(diff.getByText(/Show \d+ more lines/).first()).toBeVisible();
  // What Accept brings in (the imported name) reads as added: a "+" on green; what it replaces as "−" on red.
  const sides = await diff.evaluate((el, name) => {
    const side = (text: string) => {
      const cell = Array.from(el.querySelectorAll('td')).find((td) => {
        const line = td.textContent?.trim();
        return line === text || line === `${text},`;
      });
      const marker = cell?.previousElementSibling?.querySelector('pre');
      if (!cell || !marker) return null;
      // The changed words carry the side's colour (the whole line is marked as changed).
      const words = cell.querySelector('ins, del') ?? cell;
      const [r, g] = getComputedStyle(words).backgroundColor.match(/\d+/g)!.map(Number);
      return { sign: getComputedStyle(marker, '::before').content, greener: g > r };
    };
    return {
      imported: side(`"name": ${JSON.stringify(`${name} (revised)`)}`),
      stored: side(`"name": ${JSON.stringify(name)}`),
    };
  }, existing.name as string);
  expect(sides).toEqual({
    imported: { sign: '"+"', greener: true },
    stored: { sign: '"−"', greener: false },
  });
  expect(policyErrors).toEqual([]);
  await reviewShot(page, 'admin-imports-1440.png', { fullPage: true });
  await review.getByLabel('Filter id').fill(tag);
  await expect(review.locator('tbody tr').filter({ hasText: 'New!' })).toHaveCount(2);
  await review.getByRole('button', { name: 'Accept All New' }).click();
  await toast(page, adminMessages.importsAccepted(2));
  await expect(review.locator('tbody tr').filter({ hasText: tag })).toHaveCount(0);
  expect((await page.request.get(`/api/quest/imp_${tag}_a`)).status()).toBe(200);
  expect((await page.request.get(`/api/quest/imp_${tag}_c`)).status()).toBe(200);
  // The changed existing quest stays staged, live data untouched.
  expect((await (await page.request.get(`/api/quest/${existing._id}`)).json()).name).toBe(existing.name);
  await review.getByLabel('Filter id').fill(existing._id);
  await row(review, existing._id).getByRole('button', { name: 'Reject' }).click();
  await expect(review.locator('tbody tr').filter({ hasText: existing._id })).toHaveCount(0);
});
