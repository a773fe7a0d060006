import { isFirstVisitPaint } from '../consent/consent.ts';

export type MapEngine = typeof import('./map-engine.ts');

/** The drawing code, once loaded: a map opened later in the visit starts with it at once. */
let loadedEngine: MapEngine | undefined;
let loadingEngine: Promise<MapEngine> | undefined;

/** The map's drawing code if it is loaded already. */
export function loadedMapEngine(): MapEngine | undefined {
  return loadedEngine;
}

/**
 * Loads the map's drawing code (Leaflet, the marker layers). With `afterPaint`, only after the page's
 * next paint: the frame of the page, its panels and its dialogs show first, the map is built in the
 * tasks after.
 */
export function loadMapEngine(afterPaint: boolean): Promise<MapEngine> {
  if (loadedEngine) return Promise.resolve(loadedEngine);
  if (loadingEngine) return loadingEngine;
  const loading = new Promise<void>((resolve) => {
    if (!afterPaint) {
      resolve();
      return;
    }
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      resolve();
    };
    // The frame after the next one has been painted; a hidden page (no frames) goes on after a while.
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 250);
  })
    .then(() => import('./map-engine.ts'))
    .then(
      (engine) => {
        loadedEngine = engine;
        return engine;
      },
      (error: unknown) => {
        // A failed load (offline, a new version) is tried again by the next map.
        loadingEngine = undefined;
        throw error;
      },
    );
  // A first visit's wait for the paint is not shared: a later call may start at once.
  if (!afterPaint) loadingEngine = loading;
  return loading;
}

/**
 * Unless the first paint is a first visit's consent question, the tiles are the largest paint: the
 * map's code is asked for with the page's own code (when the map page's code is evaluated), not
 * after the map data. A first visit's map waits for the page's first paint instead (see
 * `loadMapEngine`).
 */
export function preloadMapEngine() {
  if (!isFirstVisitPaint()) void loadMapEngine(false);
}
