import { expect, test } from '../support/fixtures.ts';
import { waitForMap } from '../support/map.ts';

test('HTML markers are as large as icon markers and stand out on a dark map', async ({ page }) => {
  await page.goto('/game/emberfall/maps/ef_verdant_thornwood?markerDefinitions=ef_shrine');
  await waitForMap(page);
  await expect(page.locator('.wp-html-marker-icon').first()).toBeAttached();
  // One inside the map's view (the others lie off screen until the map moves).
  const inView = await page.locator('.wp-html-marker-icon').evaluateAll((els) => {
    const area = document.querySelector('[data-testid="map"]')!.getBoundingClientRect();
    return els.findIndex((el) => {
      const r = el.getBoundingClientRect();
      return (
        r.left > area.left + 40 &&
        r.right < area.right - 40 &&
        r.top > area.top + 80 &&
        r.bottom < area.bottom - 40
      );
    });
  });
  expect(inView).toBeGreaterThanOrEqual(0);
  const shrine = page.locator('.wp-html-marker-icon').nth(inView);
  const look = await shrine.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      width: box.width,
      height: box.height,
      background: style.backgroundColor,
      ring: style.borderTopWidth,
    };
  });
  expect(look.width).toBeGreaterThanOrEqual(30);
  expect(look.height).toBeGreaterThanOrEqual(30);
  expect(look.background).not.toBe('rgba(0, 0, 0, 0)');
  expect(look.ring).toBe('2px');
  // The whole disc is the click target: its edge opens the marker too.
  const box = (await shrine.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + 4);
  await expect(page.getByTestId('marker-popup')).toBeVisible();
});
