import { adminMessages } from '@waypoint/shared/admin-messages';
import { admin, expect, test } from '../support/fixtures.ts';
import { loginWithToken } from '../support/suggest.ts';

interface Feature {
  properties: { id: string; name: string; description: string } & Record<string, unknown>;
}
interface Collection {
  features: Feature[];
}

test('a map exported as GeoJSON and imported back stages nothing; three edits and a deletion stage exactly those four rows, each saying what Accept does', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await loginWithToken(page, request, admin.email, admin.password);
  const auth = { authorization: `Bearer ${token}` };
  // A demo map whose markers carry HTML descriptions, away from the maps other journeys stage into.
  const maps = (await (await request.get('/api/admin/list/map?limit=200', { headers: auth })).json()) as {
    data: { _id: string }[];
  };
  let mapId = '';
  let exported: Collection | undefined;
  for (const { _id } of maps.data.reverse()) {
    if (_id === 'fz_city_hospital') continue;
    const res = await request.get(`/api/admin/maps/${_id}/export/geojson`, { headers: auth });
    if (!res.ok()) continue;
    const collection = (await res.json()) as Collection;
    const html = collection.features.filter((f) => /<p>/.test(f.properties.description));
    if (html.length >= 1 && collection.features.length >= 6) {
      mapId = _id;
      exported = collection;
      break;
    }
  }
  expect(mapId).not.toBe('');
  const original = exported!;

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
  await review.getByRole('button', { name: adminMessages.refresh, exact: true }).click();

  await expect(page.getByTestId('import-review-counts')).toHaveText(adminMessages.reviewCounts(3, 1, 0, 0));
  const rows = review.locator('tbody tr:has([data-kind])');
  await expect(rows).toHaveCount(4);
  const row = (id: string) => review.locator('tbody tr').filter({ hasText: id });
  for (const id of [ids.html, ids.renamedA, ids.renamedB])
    await expect(row(id).getByTestId('import-row-kind')).toHaveText(adminMessages.isChanged);
  await expect(row(ids.deleted).getByTestId('import-row-kind')).toHaveText(adminMessages.isGone);
  await expect(row(ids.deleted)).toContainText(adminMessages.goneRow);

  // Each changed row's diff holds only the field accepting changes.
  const fieldsOf = async (id: string) => {
    await row(id).getByRole('button', { name: adminMessages.showDiff }).click();
    const fields = review.getByTestId('import-diff-fields').locator('tbody tr');
    await expect(fields).toHaveCount(1);
    const field = await fields.getAttribute('data-field');
    await expect(review.getByTestId('import-diff-accept')).toHaveText(adminMessages.acceptChanged);
    await row(id).getByRole('button', { name: adminMessages.hideDiff }).click();
    return field;
  };
  expect(await fieldsOf(ids.html)).toBe('description');
  expect(await fieldsOf(ids.renamedA)).toBe('name');
  expect(await fieldsOf(ids.renamedB)).toBe('name');

  await row(ids.html).getByRole('button', { name: adminMessages.showDiff }).click();
  await expect(review.getByTestId('import-diff-fields')).toContainText('A <b>changed</b> description.');
  await page.screenshot({ path: test.info().outputPath('import-review-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await review.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('import-review-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Rejected, the demo map stays as it was and nothing is left staged.
  await review.getByRole('button', { name: adminMessages.rejectAll, exact: true }).click();
  await expect(review.getByText(adminMessages.nothingStaged)).toBeVisible();
});
