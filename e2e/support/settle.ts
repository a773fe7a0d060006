import type { Page } from '@playwright/test';

/**
 * Resolves once the marker canvas has drawn nothing for `frames` animation frames in a row: the map has
 * come to rest (its draws happen on Leaflet's events and on animation frames, never on timers).
 */
export async function mapAtRest(page: Page, frames = 3): Promise<void> {
  await page.evaluate(
    (calmFrames) =>
      new Promise<void>((resolve) => {
        let last = window.__waypointProbe?.draw.drawn;
        let calm = 0;
        const tick = () => {
          const now = window.__waypointProbe?.draw.drawn;
          calm = now === last ? calm + 1 : 0;
          last = now;
          if (calm >= calmFrames) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    frames,
  );
}
