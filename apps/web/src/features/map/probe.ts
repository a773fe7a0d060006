import type * as Leaflet from 'leaflet';
import type { MarkerStore } from './layers/marker-store.ts';

/**
 * What the browser tests and the benchmarks read of the map page. Only builds made with
 * `WAYPOINT_PROBE=1` (the browser tests' and the benchmarks' builds, see apps/web/vite.config.ts)
 * have it: every use stands behind `if (__WAYPOINT_PROBE__)`, which a production build folds to
 * `if (false)` and drops together with this module.
 */
export interface MapProbe {
  /** The Leaflet map shown (undefined before the map is built). */
  map?: Leaflet.Map;
  /** The marker store the layers draw. */
  store?: MarkerStore;
  /** The marker canvas's last draw. */
  draw: DrawFacts;
  /** The player's own pins on the map (DOM markers or canvas dots). */
  pins?: number;
}

export interface DrawFacts {
  /** Draws so far. */
  drawn: number;
  /** Icons and clusters drawn last. */
  count: number;
  /** Markers of other floors drawn faint last. */
  faint: number;
  /** Markers drawn with a report flag. */
  flagged: number;
  /** Name labels drawn, and those left out because they would overlap. */
  labels: number;
  labelsHidden: number;
  /** The highlighted marker (-1: none). */
  highlight: number;
  /** Placed markers drawn on top before the store had them. */
  extras: number;
  /** How long the last draw took, in milliseconds. */
  lastDrawMs: number;
  /** When the last draw ended (performance.now()). */
  lastDrawAt: number;
  /** When the first markers reached the screen (performance.now(); 0 until then). */
  drawnAt: number;
  /** When every marker of the map was loaded and drawn (0 until then). */
  completeAt: number;
}

declare global {
  interface Window {
    __waypointProbe?: MapProbe;
  }
}

function freshDraw(): DrawFacts {
  return {
    drawn: 0,
    count: 0,
    faint: 0,
    flagged: 0,
    labels: 0,
    labelsHidden: 0,
    highlight: -1,
    extras: 0,
    lastDrawMs: 0,
    lastDrawAt: 0,
    drawnAt: 0,
    completeAt: 0,
  };
}

/** The page's probe, made on first use. */
export function mapProbe(): MapProbe {
  window.__waypointProbe ??= { draw: freshDraw() };
  return window.__waypointProbe;
}

/** A new marker canvas was put on the map: its draw facts start again. */
export function probeLayers(map: Leaflet.Map, store: MarkerStore) {
  const probe = mapProbe();
  probe.map = map;
  probe.store = store;
  probe.draw = freshDraw();
}
