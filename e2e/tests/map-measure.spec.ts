import { gameToPixel, type MapTransform, mapTransformOf, pixelToGame } from '@waypoint/shared/map/coords';
import { coordsMessages } from '@waypoint/shared/map/coords-messages';
import { latLngToPixel, pixelToLatLng } from '@waypoint/shared/map/pixels';
import { seriousViolations } from '../support/axe.ts';
import { expect, type Page, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { reviewShot } from '../support/review-shot.ts';

// Harbor Docks has game coordinates (metres, set by the demo's admin); Lighthouse Point has none.
const harbor = '/game/frontier_zone/maps/fz_coast_harbor';
const lighthouse = '/game/frontier_zone/maps/fz_coast_lighthouse';

/** The map's transform as the server answers it. */
async function transformOf(page: Page, mapId: string): Promise<MapTransform> {
  const res = await page.request.get(`/api/map/${mapId}`);
  const t = mapTransformOf(await res.json());
  if (!t) throw new Error(`${mapId} has no game coordinates`);
  return t;
}

interface LeafletView {
  getCenter(): { lat: number; lng: number };
  getMaxZoom(): number;
  getContainer(): HTMLElement;
  containerPointToLatLng(p: [number, number]): { lat: number; lng: number };
  latLngToContainerPoint(p: [number, number]): { x: number; y: number };
}

/** The map pixel at the centre of the view. */
async function centrePixel(page: Page) {
  const at = await page.evaluate(() => {
    const m = window.__waypointProbe!.map as unknown as LeafletView;
    return { ...m.getCenter(), maxZoom: m.getMaxZoom() };
  });
  return latLngToPixel(at.lat, at.lng, at.maxZoom);
}

/** Map pixels per screen pixel at the zoom shown. */
function screenPixel(page: Page) {
  return page.evaluate(() => {
    const m = window.__waypointProbe!.map;
    return 2 ** (m.getMaxZoom() - m.getZoom());
  });
}

/** The page point over a map pixel. */
async function pagePointOf(page: Page, pixel: { x: number; y: number }) {
  const maxZoom = await page.evaluate(() => window.__waypointProbe!.map.getMaxZoom());
  const { lat, lng } = pixelToLatLng(pixel.x, pixel.y, maxZoom);
  return page.evaluate(
    ([lat, lng]) => {
      const m = window.__waypointProbe!.map as unknown as LeafletView;
      const p = m.latLngToContainerPoint([lat, lng]);
      const r = m.getContainer().getBoundingClientRect();
      return { x: r.left + p.x, y: r.top + p.y };
    },
    [lat, lng] as [number, number],
  );
}

/** The map pixel under a page point. */
async function pixelAt(page: Page, x: number, y: number) {
  const at = await page.evaluate(
    ([x, y]) => {
      const m = window.__waypointProbe!.map as unknown as LeafletView;
      const r = m.getContainer().getBoundingClientRect();
      return { ...m.containerPointToLatLng([x - r.left, y - r.top]), maxZoom: m.getMaxZoom() };
    },
    [x, y] as [number, number],
  );
  return latLngToPixel(at.lat, at.lng, at.maxZoom);
}

/** The numbers of a text, in order ("x -12.5, y 40.0 m" → [-12.5, 40]). */
const numbersIn = (text: string) => (text.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);

/** Boxes of two elements overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The map's other controls that the coordinates must leave uncovered. */
async function otherControls(page: Page) {
  const boxes = [];
  for (const locator of [
    page.locator('.leaflet-control-zoom'),
    page.getByTestId('marker-list-button'),
    page.getByTestId('open-in-app'),
    page.locator('.leaflet-control-attribution'),
    page.getByRole('button', { name: /Markers|Quests/ }),
  ]) {
    for (const el of await locator.all()) {
      if (!(await el.isVisible())) continue;
      const box = await el.boundingBox();
      if (box && box.width > 0) boxes.push({ name: (await el.textContent()) || 'control', box });
    }
  }
  return boxes;
}

async function expectNothingCovered(page: Page) {
  const mine = page.getByTestId('coords');
  const parts = [mine.getByTestId('coords-readout'), ...(await mine.getByRole('button').all())];
  for (const part of parts) {
    if (!(await part.isVisible())) continue;
    const box = (await part.boundingBox())!;
    for (const other of await otherControls(page)) {
      expect(overlaps(box, other.box), `coordinates cover ${other.name}`).toBe(false);
    }
  }
}

test('the readout follows the pointer in game units; "Go to" centres the map; a measured line has the transform\'s length; Escape cancels', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const t = await transformOf(page, 'fz_coast_harbor');
  expect(t.unit).toBe('m');
  await page.goto(harbor);
  await waitForMap(page);

  // The pointer's place, in metres, follows the pointer.
  const readout = page.getByTestId('coords-readout');
  const box = (await page.getByTestId('map').boundingBox())!;
  for (const [fx, fy] of [
    [0.35, 0.4],
    [0.6, 0.55],
  ]) {
    // Whole page pixels: pointer events carry whole pixels.
    const x = Math.round(box.x + box.width * fx);
    const y = Math.round(box.y + box.height * fy);
    await page.mouse.move(x, y);
    const expected = pixelToGame(t, await pixelAt(page, x, y));
    await expect(readout).not.toHaveAttribute('data-centre');
    await expect(readout).toHaveText(/^x -?\d+\.\d, y -?\d+\.\d m$/);
    // The readout shows this place (to the tenth of a metre it shows).
    await expect
      .poll(async () => {
        const [gx, gy] = numbersIn((await readout.textContent()) ?? '');
        return Math.max(Math.abs(gx! - expected.x), Math.abs(gy! - expected.y));
      })
      .toBeLessThanOrEqual(0.051);
  }

  // "Go to": bad entries are refused with a message saying what is wrong; a good one centres the map there.
  const goTo = page.getByRole('button', { name: coordsMessages.goTo });
  await goTo.click();
  const form = page.getByTestId('goto-form');
  await form.getByLabel('x (m)').fill('twelve');
  await form.getByLabel('y (m)').fill('5');
  await form.getByRole('button', { name: coordsMessages.go }).click();
  await expect(page.getByTestId('goto-error')).toHaveText(coordsMessages.notANumber('x'));
  await expect(form.getByLabel('x (m)')).toBeFocused();
  await expect(form.getByLabel('x (m)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('x (m)').fill('5000');
  await form.getByRole('button', { name: coordsMessages.go }).click();
  await expect(page.getByTestId('goto-error')).toContainText(
    'That place is outside the map: x from -768.0 to 768.0',
  );
  await form.getByLabel('x (m)').fill('-120,5');
  await form.getByLabel('y (m)').fill('80');
  await form.getByLabel('y (m)').press('Enter');
  await expect(form).toBeHidden();
  await expect(goTo).toBeFocused();
  const wanted = gameToPixel(t, { x: -120.5, y: 80 });
  const centre = await centrePixel(page);
  const onePixel = await screenPixel(page);
  expect(Math.abs(centre.x - wanted.x)).toBeLessThanOrEqual(onePixel);
  expect(Math.abs(centre.y - wanted.y)).toBeLessThanOrEqual(onePixel);
  await expect(page.locator('.wp-goto-mark')).toHaveCount(1);
  await expect(page.getByTestId('map-announcer')).toContainText('Map centred on x -120.5, y 80.0');

  // Measure between two known places with the keyboard: "Go to" each, add a point at the map's centre.
  const measure = page.getByRole('button', { name: coordsMessages.measure });
  await measure.focus();
  await page.keyboard.press('Enter');
  await expect(measure).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByTestId('measure-panel');
  const length = panel.getByTestId('measure-length');
  await expect(length).toContainText('Length: 0.0 m');
  for (const [x, y] of [
    ['-100', '-50'],
    ['200', '350'],
  ]) {
    await goTo.click();
    await form.getByLabel('x (m)').fill(x);
    await form.getByLabel('y (m)').fill(y);
    await form.getByLabel('y (m)').press('Enter');
    await panel.getByRole('button', { name: coordsMessages.addPointAtCentre }).focus();
    await page.keyboard.press('Enter');
  }
  // 300 m east and 400 m north: 500 m.
  await expect(length).toHaveText(/Length: 500\.0 m · 2 points/);
  await expect(page.locator('.wp-measure-point')).toHaveCount(2);
  await reviewShot(page, 'measure-1440.png');
  await expectNothingCovered(page);

  // Escape cancels: the line and the panel go.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.locator('.wp-measure-point')).toHaveCount(0);
  await expect(measure).toHaveAttribute('aria-pressed', 'false');

  // With the pointer: click two places of the map, markers or not; the length is theirs in metres.
  await measure.click();
  const a = { x: Math.round(box.x + box.width * 0.3), y: Math.round(box.y + box.height * 0.35) };
  const b = { x: Math.round(box.x + box.width * 0.7), y: Math.round(box.y + box.height * 0.65) };
  const pa = await pixelAt(page, a.x, a.y);
  const pb = await pixelAt(page, b.x, b.y);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
  await expect(length).toContainText('2 points');
  const metres = Math.hypot(pb.x - pa.x, pb.y - pa.y) / t.scale;
  const [shown] = numbersIn((await length.textContent()) ?? '');
  expect(Math.abs(shown! - metres)).toBeLessThanOrEqual(0.051);
  // No popup opened under the clicks.
  await expect(page.locator('.leaflet-popup')).toHaveCount(0);
  await panel.getByRole('button', { name: coordsMessages.removeLastPoint }).click();
  await expect(length).toContainText('Length: 0.0 m · 1 point');
  await panel.getByRole('button', { name: coordsMessages.cancelMeasuring }).click();
  await expect(panel).toBeHidden();
  await expect(measure).toBeFocused();
});

test('a map without game coordinates shows map pixels', async ({ page }) => {
  await page.goto(lighthouse);
  await waitForMap(page);
  const readout = page.getByTestId('coords-readout');
  // Before the pointer comes, the readout shows the centre.
  await expect(readout).toHaveAttribute('data-centre', 'true');
  await expect
    .poll(async () => {
      const centre = await centrePixel(page);
      const [cx, cy] = numbersIn((await readout.textContent())?.replace(/,(?=\d{3})/g, '') ?? '');
      return Math.max(Math.abs(cx! - centre.x), Math.abs(cy! - centre.y));
    })
    // Leaflet keeps the view's origin on whole screen pixels: its centre is known to one of them.
    .toBeLessThanOrEqual(await screenPixel(page));
  await expect(readout).toHaveText(/^Centre: x [\d,]+, y [\d,]+ px$/);

  await page.getByRole('button', { name: coordsMessages.goTo }).click();
  const form = page.getByTestId('goto-form');
  await form.getByLabel('x (px)').fill('1000');
  await form.getByLabel('y (px)').fill('1500');
  await form.getByLabel('y (px)').press('Enter');
  const at = await centrePixel(page);
  const onePixel = await screenPixel(page);
  expect(Math.abs(at.x - 1000)).toBeLessThanOrEqual(onePixel);
  expect(Math.abs(at.y - 1500)).toBeLessThanOrEqual(onePixel);

  await page.getByRole('button', { name: coordsMessages.measure }).click();
  const p1 = await pagePointOf(page, { x: 1000, y: 1500 });
  await page.mouse.click(p1.x, p1.y);
  const p2 = await pagePointOf(page, { x: 1000 + 60, y: 1500 + 80 });
  await page.mouse.click(p2.x, p2.y);
  const [shown] = numbersIn((await page.getByTestId('measure-length').textContent()) ?? '');
  // Each click lands on a whole screen pixel.
  expect(Math.abs(shown! - 100)).toBeLessThanOrEqual(2 * onePixel);
  await expect(page.getByTestId('measure-length')).toContainText(' px');
});

test("on a phone the coordinates sit above the drawers' openers and cover none of the map's controls", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(harbor);
  await waitForMap(page);
  const readout = page.getByTestId('coords-readout');
  await expect(readout).toHaveText(/^Centre: x -?\d+\.\d, y -?\d+\.\d m$/);
  await expectNothingCovered(page);
  await page.getByRole('button', { name: coordsMessages.measure }).click();
  const panel = page.getByTestId('measure-panel');
  await panel.getByRole('button', { name: coordsMessages.addPointAtCentre }).click();
  // A touch pans the map; the next point goes to the new centre.
  await page.evaluate(() => {
    const m = window.__waypointProbe!.map as unknown as { panBy(p: [number, number], o: object): void };
    m.panBy([120, -160], { animate: false });
  });
  await panel.getByRole('button', { name: coordsMessages.addPointAtCentre }).click();
  await expect(panel.getByTestId('measure-length')).toContainText('2 points');
  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.x).toBeGreaterThanOrEqual(0);
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
  await reviewShot(page, 'measure-390.png');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: coordsMessages.goTo }).click();
  await reviewShot(page, 'goto-390.png');
  await expectNothingCovered(page);
});

test.describe('accessibility', () => {
  // The test injects axe-core itself, which the page's content security policy would block.
  test.use({ bypassCSP: true });
  for (const width of [1440, 390]) {
    test(`the readout, a refused "Go to" and the ruler at ${width} px have no serious accessibility violations`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto(harbor);
      await waitForMap(page);
      await page.getByRole('button', { name: coordsMessages.measure }).click();
      await page
        .getByTestId('measure-panel')
        .getByRole('button', { name: coordsMessages.addPointAtCentre })
        .click();
      await page.getByRole('button', { name: coordsMessages.goTo }).click();
      await page.getByTestId('goto-form').getByLabel('x (m)').fill('nowhere');
      await page.getByTestId('goto-form').getByLabel('x (m)').press('Enter');
      await expect(page.getByTestId('goto-error')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
