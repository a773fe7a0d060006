import { randomBytes } from 'node:crypto';
import { adminMessages } from '@waypoint/shared/admin-messages';
import { admin, expect, test } from '../support/fixtures.ts';
import { loginWithToken } from '../support/suggest.ts';

test('an admin places a longitude/latitude GeoJSON file on a map without bounds through two reference points', async ({
  page,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const mapId = `e2e_points_${tag}`;
  const token = await loginWithToken(page, request, admin.email, admin.password);
  const auth = { authorization: `Bearer ${token}` };
  // A map of its own, without geographic bounds (its picture: the default 4096 × 4096).
  expect(
    (
      await request.put('/api/admin/map', {
        headers: auth,
        data: { _id: mapId, gameId: 'frontier_zone', name: `Points ${tag}`, enabled: true },
      })
    ).status(),
  ).toBe(201);
  const definition = `${mapId}_def`;
  expect(
    (
      await request.put('/api/admin/markerdefinition', {
        headers: auth,
        data: { _id: definition, gameId: 'frontier_zone', name: `Pin ${tag}` },
      })
    ).status(),
  ).toBe(201);
  const file = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'a',
        properties: { name: 'North-west' },
        geometry: { type: 'Point', coordinates: [10.5, 49.5] },
      },
      {
        type: 'Feature',
        id: 'b',
        properties: { name: 'Middle' },
        geometry: { type: 'Point', coordinates: [12, 48] },
      },
    ],
  };

  await page.goto('/admin/imports?model=placedmarker');
  const form = page.getByTestId('datamaps-import');
  await form.getByLabel(adminMessages.contentFormat, { exact: true }).selectOption('geojson');
  await form.getByLabel(adminMessages.targetMap, { exact: true }).selectOption(mapId);
  await form.getByLabel(adminMessages.sourceName, { exact: true }).fill(`points-${tag}.geojson`);
  await form.getByLabel(adminMessages.pasteJson, { exact: true }).fill(JSON.stringify(file));
  await form.getByTestId('geojson-default-definition').fill(definition);
  const points = form.getByTestId('geojson-reference-points');

  // Two points on one vertical line span no width: refused, the field says why.
  await points.fill('1024, 1024, 11, 49; 1024, 3072, 11, 47');
  await form.getByRole('button', { name: adminMessages.stageDataMaps }).click();
  await expect(page.getByTestId('datamaps-error')).toBeVisible();
  await expect(form.getByText(/must differ in x and in y/).first()).toBeVisible();

  // The picture spans 10° to 14° east and 50° to 46° north.
  await points.fill('1024, 1024, 11, 49; 3072, 3072, 13, 47');
  await form.getByRole('button', { name: adminMessages.stageDataMaps }).click();
  await expect(page.getByTestId('datamaps-result')).toContainText(
    /0 floors, 0 marker definitions, 2 placed markers staged/,
  );
  const review = (await (
    await request.get('/api/admin/importedModels/placedmarker?limit=100', { headers: auth })
  ).json()) as { data: { _id: string; imported: Record<string, unknown> | null }[] };
  const mine = review.data.filter((r) => r.imported?.mapId === mapId);
  expect(mine).toHaveLength(2);
  const at = (name: string) => {
    const record = mine.find((r) => r.imported?.name === name)?.imported ?? {};
    return [Number(record.imageX), Number(record.imageY)];
  };
  expect(at('North-west')[0]).toBeCloseTo(512, 6);
  expect(at('North-west')[1]).toBeCloseTo(512, 6);
  expect(at('Middle')[0]).toBeCloseTo(2048, 6);
  expect(at('Middle')[1]).toBeCloseTo(2048, 6);
  // Only this journey's rows are rejected: the staging area is the whole site's.
  for (const row of mine)
    expect(
      (await request.get(`/api/admin/rejectImportedModel/placedmarker/${row._id}`, { headers: auth })).ok(),
    ).toBe(true);
});
