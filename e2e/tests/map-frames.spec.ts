import sharp from 'sharp';
import { expect, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';
import { mapAtRest } from '../support/settle.ts';

const mapPath = '/game/frontier_zone/maps/fz_coast_harbor?markerDefinitions=fz_loot_cache,fz_boss,fz_extract';

/**
 * Where the map's picture ends and where its blue marker badges are, in one screen frame: the last
 * column of the picture's backdrop on a row through the map, and the mean column of the badges' pixels.
 */
async function positions(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const o = (y * info.width + x) * info.channels;
    return [data[o], data[o + 1], data[o + 2]];
  };
  const backdrop = ([r, g, b]: number[]) => r > 195 && g > 190 && b > 160 && r - b > 15 && r < 240;
  const row = Math.floor(info.height * 0.62);
  let edge = -1;
  for (let x = 0; x < info.width; x++) if (backdrop(at(x, row))) edge = x;
  let sum = 0;
  let n = 0;
  for (let y = 60; y < info.height - 60; y += 2) {
    for (let x = 0; x < info.width; x += 2) {
      const [r, g, b] = at(x, y);
      if (b > 140 && r < 90 && g < 110) {
        sum += x;
        n++;
      }
    }
  }
  return { edge, badges: n > 0 ? Math.round(sum / n) : -1 };
}

// The marker canvas is drawn again and moved when the map stops: both must reach the screen in the
// same frame. (A canvas that hands its frames to the compositor itself showed the markers at their
// next place for one frame while the map was still at its last one.)
test('markers move in step with the map: no frame shows them apart', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 600, height: 500 });
  await page.goto(mapPath);
  await waitForMap(page);
  // Only the picture's backdrop and the markers: tiles that finish cutting, or the notice of a map
  // being prepared going away, would change the frames in the middle of the test.
  await page.addStyleTag({
    content: '.leaflet-tile-pane, [data-testid="map-preparing"] { visibility: hidden !important; }',
  });
  await mapAtRest(page, 10);
  const cdp = await page.context().newCDPSession(page);
  const frames: Buffer[] = [];
  cdp.on('Page.screencastFrame', (f) => {
    frames.push(Buffer.from(f.data, 'base64'));
    void cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  await expect.poll(() => frames.length).toBeGreaterThan(0);
  // Pans that leave the canvas's margin: each one moves the canvas and draws it again.
  for (let k = 0; k < 6; k++) {
    const framesBefore = frames.length;
    await page.evaluate(
      (dx) => {
        const handle = window.__waypointProbe as unknown as {
          map: { panBy(offset: [number, number], options: { animate: boolean }): void };
        };
        handle.map.panBy([dx, 0], { animate: false });
      },
      k % 2 ? -130 : 130,
    );
    await expect.poll(() => frames.length).toBeGreaterThan(framesBefore);
    await mapAtRest(page);
  }
  await cdp.send('Page.stopScreencast');
  const seen = await Promise.all(frames.map(positions));
  // Each place of the picture goes with one place of the markers.
  const badgesAt = new Map<number, Set<number>>();
  for (const p of seen) badgesAt.set(p.edge, (badgesAt.get(p.edge) ?? new Set()).add(p.badges));
  expect(badgesAt.size, 'the map moved').toBe(2);
  for (const [edge, badges] of badgesAt) expect([...badges], `picture edge at ${edge}`).toHaveLength(1);
});

// The drawn margin (a pan inside it draws nothing again) and tiles without a fade are checked on the
// map's controller in Vitest's browser mode (apps/web/src/features/map/map-controller.browser.test.ts).
