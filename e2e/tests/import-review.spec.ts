import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminMessages } from '@waypoint/shared/admin-messages';
import { admin, expect, seenToast, test } from '../support/fixtures.ts';
import { reviewShot } from '../support/review-shot.ts';
import { loginWithToken } from '../support/suggest.ts';

// Each journey rejects or accepts every staged placed marker of the site: one after another.
test.describe.configure({ mode: 'default' });

interface Feature {
  properties: { id: string; name: string; description: string } & Record<string, unknown>;
}
interface Collection {
  features: Feature[];
}

/**
 * A demo map whose markers carry HTML descriptions, away from the maps other journeys stage into,
 * with its GeoJSON export.
 */
async function demoMapWithHtml(request: APIRequestContext, auth: Record<string, string>) {
  const maps = (await (await request.get('/api/admin/list/map?limit=200', { headers: auth })).json()) as {
    data: { _id: string; gameId: string }[];
  };
  for (const { _id, gameId } of maps.data.reverse()) {
    if (_id === 'fz_city_hospital') continue;
    const res = await request.get(`/api/admin/maps/${_id}/export/geojson`, { headers: auth });
    if (!res.ok()) continue;
    const collection = (await res.json()) as Collection;
    const html = collection.features.filter((f) => /<p>/.test(f.properties.description));
    if (html.length >= 1 && collection.features.length >= 6) return { mapId: _id, gameId, collection };
  }
  throw new Error('no demo map with HTML descriptions');
}

/**
 * The placed-marker review after staging three edits and a deletion: exactly four rows, each marked as
 * what it is, each changed row's diff holding only the field accepting changes.
 */
async function expectFourRows(
  page: Page,
  review: Locator,
  changed: Array<{ id: string; field: string }>,
  gone: string,
) {
  await review.getByRole('button', { name: adminMessages.refresh, exact: true }).click();
  await expect(page.getByTestId('import-review-counts')).toHaveText(adminMessages.reviewCounts(3, 1, 0, 0));
  await expect(review.locator('tbody tr:has([data-kind])')).toHaveCount(4);
  const row = (id: string) => review.locator('tbody tr').filter({ hasText: id });
  for (const { id } of changed)
    await expect(row(id).getByTestId('import-row-kind')).toHaveText(adminMessages.isChanged);
  await expect(row(gone).getByTestId('import-row-kind')).toHaveText(adminMessages.isGone);
  await expect(row(gone)).toContainText(adminMessages.goneRow);
  for (const { id, field } of changed) {
    await row(id).getByRole('button', { name: adminMessages.showDiff }).click();
    const fields = review.getByTestId('import-diff-fields').locator('tbody tr');
    await expect(fields).toHaveCount(1);
    await expect(fields).toHaveAttribute('data-field', field);
    await expect(review.getByTestId('import-diff-accept')).toHaveText(adminMessages.acceptChanged);
    await row(id).getByRole('button', { name: adminMessages.hideDiff }).click();
    await expect(review.getByTestId('import-diff-fields')).toHaveCount(0);
  }
}

test('a map exported as GeoJSON and imported back stages nothing; three edits and a deletion stage exactly those four rows, each saying what Accept does', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await loginWithToken(page, request, admin.email, admin.password);
  const auth = { authorization: `Bearer ${token}` };
  const { mapId, collection: original } = await demoMapWithHtml(request, auth);

  const stage = async (collection: Collection) => {
    const form = page.getByTestId('datamaps-import');
    await form.getByLabel(adminMessages.contentFormat, { exact: true }).selectOption('geojson');
    await form.getByLabel(adminMessages.targetMap, { exact: true }).selectOption(mapId);
    await form.getByLabel(adminMessages.sourceName, { exact: true }).fill(`${mapId}.geojson`);
    await form.getByLabel(adminMessages.pasteJson, { exact: true }).fill(JSON.stringify(collection));
    await form.getByRole('button', { name: adminMessages.stageDataMaps }).click();
    await expect(page.getByTestId('datamaps-result')).toBeVisible();
  };

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/imports?model=placedmarker');
  const review = page.getByTestId('import-review');
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();

  // Back unchanged: nothing to review.
  await stage(original);
  await expect(page.getByTestId('datamaps-result')).toContainText(
    /0 floors, 0 marker definitions, 0 placed markers staged/,
  );
  await expect(page.getByTestId('datamaps-changes')).toHaveCount(0);
  await review.getByRole('button', { name: adminMessages.refresh, exact: true }).click();
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();
  await expect(page.getByTestId('import-review-counts')).toHaveCount(0);

  // Three edits (two names, one HTML description) and one deletion.
  const edited = structuredClone(original);
  const htmlIndex = edited.features.findIndex((f) => /<p>/.test(f.properties.description));
  const others = edited.features.map((_, i) => i).filter((i) => i !== htmlIndex);
  const [renamedA, renamedB, deleted] = [others[0]!, others[1]!, others[2]!];
  const ids = {
    html: edited.features[htmlIndex]!.properties.id,
    renamedA: edited.features[renamedA]!.properties.id,
    renamedB: edited.features[renamedB]!.properties.id,
    deleted: edited.features[deleted]!.properties.id,
  };
  edited.features[htmlIndex]!.properties.description = '<p>A <b>changed</b> description.</p>';
  edited.features[renamedA]!.properties.name = 'Renamed cache one';
  edited.features[renamedB]!.properties.name = 'Renamed cache two';
  edited.features.splice(deleted, 1);
  await stage(edited);
  await expect(page.getByTestId('datamaps-result')).toContainText(
    /0 floors, 0 marker definitions, 4 placed markers staged/,
  );
  await expect(page.getByTestId('datamaps-changes')).toContainText(adminMessages.stagedChanges(1, 0));
  await expectFourRows(
    page,
    review,
    [
      { id: ids.html, field: 'description' },
      { id: ids.renamedA, field: 'name' },
      { id: ids.renamedB, field: 'name' },
    ],
    ids.deleted,
  );
  const row = (id: string) => review.locator('tbody tr').filter({ hasText: id });

  await row(ids.html).getByRole('button', { name: adminMessages.showDiff }).click();
  await expect(review.getByTestId('import-diff-fields')).toContainText('A <b>changed</b> description.');
  await reviewShot(page, 'import-review-1440.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await review.scrollIntoViewIfNeeded();
  await reviewShot(page, 'import-review-390.png', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Rejected, the demo map stays as it was and nothing is left staged.
  await review.getByRole('button', { name: adminMessages.rejectAll, exact: true }).click();
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();
});

test('a map exported as a DataMaps page and imported back stages nothing; three edits and a deletion stage exactly those four rows', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await loginWithToken(page, request, admin.email, admin.password);
  const auth = { authorization: `Bearer ${token}` };
  const { mapId } = await demoMapWithHtml(request, auth);
  const exported = await request.get(`/api/admin/maps/${mapId}/export/datamaps`, { headers: auth });
  expect(exported.ok()).toBe(true);
  type Point = { id: string; name?: string; description?: string };
  const original = (await exported.json()) as { markers: Record<string, Point[]> };

  const stage = async (content: unknown) => {
    const form = page.getByTestId('datamaps-import');
    await form.getByLabel(adminMessages.contentFormat, { exact: true }).selectOption('datamaps');
    await form.getByLabel(adminMessages.targetMap, { exact: true }).selectOption(mapId);
    await form.getByLabel(adminMessages.sourceName, { exact: true }).fill(`Map:${mapId}`);
    await form.getByLabel(adminMessages.pasteJson, { exact: true }).fill(JSON.stringify(content));
    await form.getByRole('button', { name: adminMessages.stageDataMaps }).click();
    await expect(page.getByTestId('datamaps-result')).toBeVisible();
  };

  await page.goto('/admin/imports?model=placedmarker');
  const review = page.getByTestId('import-review');
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();

  await stage(original);
  await expect(page.getByTestId('datamaps-result')).toContainText(
    /0 floors, 0 marker definitions, 0 placed markers staged/,
  );
  await review.getByRole('button', { name: adminMessages.refresh, exact: true }).click();
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();

  // Two names, one description in the wiki's markup, and a marker taken off the page.
  const edited = structuredClone(original);
  const points = Object.values(edited.markers).flat();
  const [renamedA, renamedB, described, deleted] = points as [Point, Point, Point, Point];
  renamedA.name = 'Renamed cache one';
  renamedB.name = 'Renamed cache two';
  described.description = "A '''changed''' description.";
  for (const [key, list] of Object.entries(edited.markers))
    edited.markers[key] = list.filter((m) => m.id !== deleted.id);
  await stage(edited);
  await expect(page.getByTestId('datamaps-result')).toContainText(
    /0 floors, 0 marker definitions, 4 placed markers staged/,
  );
  await expect(page.getByTestId('datamaps-changes')).toContainText(adminMessages.stagedChanges(1, 0));
  await expectFourRows(
    page,
    review,
    [
      { id: renamedA.id, field: 'name' },
      { id: renamedB.id, field: 'name' },
      { id: described.id, field: 'description' },
    ],
    deleted.id,
  );

  await review.getByRole('button', { name: adminMessages.rejectAll, exact: true }).click();
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();
});

test('a map package imported back into its site stages nothing; after three edits and a new marker here it stages exactly those four, and accepting puts the map back as exported', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const token = await loginWithToken(page, request, admin.email, admin.password);
  const auth = { authorization: `Bearer ${token}` };
  const { mapId, gameId, collection } = await demoMapWithHtml(request, auth);
  const zip = await request.get(`/api/admin/maps/${mapId}/export/package`, { headers: auth });
  expect(zip.ok()).toBe(true);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'waypoint-review-')), `${mapId}.waypoint.zip`);
  writeFileSync(file, await zip.body());

  const stage = async () => {
    const panel = page.getByTestId('package-import');
    await panel.getByLabel(adminMessages.packageGame, { exact: true }).selectOption(gameId);
    await panel.locator('input[type=file]').setInputFiles(file);
    await panel.getByRole('button', { name: adminMessages.stageDataMaps }).click();
    // Staging decodes the package's pictures in a child process, as an upload is.
    await expect(page.getByTestId('package-result')).toBeVisible({ timeout: 60_000 });
  };

  await page.goto('/admin/imports?model=placedmarker');
  const review = page.getByTestId('import-review');
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();
  await stage();
  await expect(page.getByTestId('package-result')).toContainText(/Staged: 0 records, 0 pictures/);
  await review.getByRole('button', { name: adminMessages.refresh, exact: true }).click();
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();

  // The site moves on after the export: two names and a description edited, a marker added.
  const points = collection.features.filter((f) => !/<p>/.test(f.properties.description));
  const html = collection.features.find((f) => /<p>/.test(f.properties.description))!;
  const [a, b] = points as [Feature, Feature];
  const patch = async (id: string, data: Record<string, unknown>) =>
    expect((await request.patch(`/api/admin/placedmarker/${id}`, { headers: auth, data })).ok()).toBe(true);
  await patch(a.properties.id, { name: 'Renamed here one' });
  await patch(b.properties.id, { name: 'Renamed here two' });
  await patch(html.properties.id, { description: '<p>Written <b>here</b>.</p>' });
  const added = `${mapId}_review_${randomBytes(3).toString('hex')}`;
  const stored = (await (await request.get(`/api/placedmarker/${a.properties.id}`)).json()) as Record<
    string,
    unknown
  >;
  expect(
    (
      await request.put('/api/admin/placedmarker', {
        headers: auth,
        data: {
          _id: added,
          mapId,
          markerDefinitionId: stored.markerDefinitionId,
          name: 'Added here',
          lat: stored.lat,
          lng: stored.lng,
        },
      })
    ).status(),
  ).toBe(201);

  await stage();
  await expect(page.getByTestId('package-result')).toContainText(/Staged: 4 records, 0 pictures/);
  await expect(page.getByTestId('package-result')).toContainText(adminMessages.stagedChanges(1, 0));
  await expectFourRows(
    page,
    review,
    [
      { id: a.properties.id, field: 'name' },
      { id: b.properties.id, field: 'name' },
      { id: html.properties.id, field: 'description' },
    ],
    added,
  );

  // Accepted, the map is as exported: the names and description back, the added marker deleted.
  await review.getByRole('button', { name: adminMessages.acceptAll, exact: true }).click();
  await seenToast(page, adminMessages.importsAccepted(4));
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();
  const read = async (id: string) => request.get(`/api/placedmarker/${id}`);
  expect(((await (await read(a.properties.id)).json()) as { name: string }).name).toBe(a.properties.name);
  expect(((await (await read(b.properties.id)).json()) as { name: string }).name).toBe(b.properties.name);
  expect((await read(added)).status()).toBe(404);
});
