import { expect, type Page } from '@playwright/test';

/**
 * The map page's probe for tests and the benchmark (apps/web/src/features/map/probe.ts; only in
 * builds made with WAYPOINT_PROBE=1, as the e2e configuration's build is).
 */
interface MapHandle {
  map: {
    setView(latlng: [number, number], zoom: number, options: { animate: boolean }): void;
    getMaxZoom(): number;
    getZoom(): number;
    getCenter(): { lat: number; lng: number };
    latLngToContainerPoint(latlng: [number, number]): { x: number; y: number };
    getContainer(): HTMLElement;
  };
  store: {
    ids: string[];
    completed: Uint8Array;
    visible: Uint8Array;
    definitions: { _id: string }[];
    def: Int32Array;
    indexOf(id: string): number;
    latLng(i: number): [number, number];
    level(i: number): number;
    suggestionId(i: number): string;
    /** Rows of placed markers, which come before those drawn from suggestions. */
    placedRows: number;
  };
  /** The marker canvas's last draw. */
  draw: DrawFacts;
}

/** What the marker canvas tells of its last draw. */
export interface DrawFacts {
  drawn: number;
  count: number;
  faint: number;
  flagged: number;
  labels: number;
  labelsHidden: number;
  highlight: number;
  extras: number;
  lastDrawMs: number;
  drawnAt: number;
  completeAt: number;
}

declare global {
  interface Window {
    __waypointProbe?: MapHandle;
  }
}

/** Waits until the map and its marker data are there. */
export async function waitForMap(page: Page) {
  await page.waitForFunction(() => Boolean(window.__waypointProbe?.store));
  // Every marker is in (a large map's last chunk drawn; at once for a map in one answer).
  await page.waitForFunction(() => (window.__waypointProbe?.draw.completeAt ?? 0) > 0);
}

/**
 * Waits until every tile on the page has been answered (drawn, or failed while the map's tiles are
 * still being cut). The page's network never goes idle for long enough to wait on it.
 */
export async function waitForTiles(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const tiles = Array.from(document.querySelectorAll<HTMLImageElement>('img.leaflet-tile'));
        return tiles.length > 0 && tiles.every((t) => t.complete);
      }),
    )
    .toBe(true);
}

/** What the marker canvas tells of its last draw. */
export function drawFacts(page: Page): Promise<DrawFacts> {
  return page.evaluate(() => ({ ...window.__waypointProbe!.draw }));
}

/** Number of icons and clusters the marker canvas drew last. */
export async function drawnCount(page: Page): Promise<number> {
  return (await drawFacts(page)).count;
}

/** Zooms in on one drawn marker. */
export async function showMarker(page: Page, id: string) {
  await page.evaluate((markerId) => {
    const { map, store } = window.__waypointProbe!;
    map.setView(store.latLng(store.indexOf(markerId)), map.getMaxZoom(), { animate: false });
  }, id);
}

/**
 * Which placed marker of a definition each journey that writes shared content about a marker
 * (suggestions on it, reports, confirmations) uses: no two of them share one, so that one journey's
 * suggestion or report never meets another's. Journeys that write only the player's own progress, or
 * nothing, take slot 0. A new journey that writes about a marker takes a slot of its own here.
 */
export const markerSlots = {
  suggestRemoval: 1,
  suggestRemovalPhone: 2,
  editMarker: 3,
  othersSuggestion: 4,
  confirmMarker: 5,
  reportMarker: 6,
} as const;

/**
 * Zooms in on a visible marker of a definition and answers its id: the first, or with `slot` (see
 * markerSlots) the slot-th of its placed markers that stand alone (no other placed marker within 48 px
 * at the closest zoom, so a journey can read the colours drawn around it).
 */
export async function showMarkerOf(
  page: Page,
  definitionId: string,
  options: { placed?: boolean; slot?: number } = {},
) {
  const found = await page.evaluate(
    ({ defId, placed, slot }) => {
      const { map, store } = window.__waypointProbe!;
      const maxZoom = map.getMaxZoom();
      const matches = (k: number) =>
        store.definitions[store.def[k]]._id === defId &&
        store.visible[k] &&
        // `placed`: a placed marker as it is, not one drawn from somebody's open suggestion (a slot's
        // marker is its journey's own: nobody else suggests on it).
        !(placed && slot === 0 && store.suggestionId(k));
      let i = -1;
      if (slot === 0) i = store.ids.findIndex((_id, k) => matches(k));
      else {
        // Placed rows come first and are the same for every journey (suggestions never shift a slot).
        map.setView(store.latLng(0), maxZoom, { animate: false });
        const points = Array.from({ length: store.placedRows }, (_v, k) =>
          map.latLngToContainerPoint(store.latLng(k)),
        );
        const alone = (k: number) =>
          points.every((p, j) => j === k || Math.hypot(p.x - points[k].x, p.y - points[k].y) > 48);
        for (let k = 0, seen = 0; k < store.placedRows; k++) {
          if (!matches(k) || !alone(k)) continue;
          if (++seen === slot) {
            i = k;
            break;
          }
        }
      }
      if (i < 0) return undefined;
      map.setView(store.latLng(i), maxZoom, { animate: false });
      return { id: store.ids[i] };
    },
    { defId: definitionId, placed: options.placed === true, slot: options.slot ?? 0 },
  );
  if (!found) throw new Error(`no visible marker of ${definitionId} (slot ${options.slot ?? 0})`);
  return found;
}

/**
 * Clicks a marker (icons are anchored at their bottom: the click goes a little above) and waits for
 * its popup. The marker canvas hit-tests what it drew last: on a busy machine the redraw after a
 * view change can come after the click, which then misses; the click is tried again.
 */
export async function clickMarker(page: Page, id: string) {
  for (let attempt = 1; ; attempt++) {
    // Two animation frames: the canvas has drawn the current view.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const point = await page.evaluate((markerId) => {
      const { map, store } = window.__waypointProbe!;
      const p = map.latLngToContainerPoint(store.latLng(store.indexOf(markerId)));
      const r = map.getContainer().getBoundingClientRect();
      return { x: r.left + p.x, y: r.top + p.y - 14 };
    }, id);
    await page.mouse.click(point.x, point.y);
    try {
      // The newest popup (one closing may still be fading out).
      await expect(page.locator('.leaflet-popup').last()).toBeVisible({
        timeout: attempt < 3 ? 4000 : 10_000,
      });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function isCompleted(page: Page, id: string): Promise<boolean> {
  return page.evaluate((markerId) => {
    const { store } = window.__waypointProbe!;
    return store.completed[store.indexOf(markerId)] === 1;
  }, id);
}
