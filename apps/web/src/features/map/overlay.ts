import type * as Leaflet from 'leaflet';

/**
 * Something the map shows over its tiles (pins, the coordinates, the shape being drawn, polygons and
 * routes, HTML markers, the open popup): put on a map once, told what to show whenever that
 * changes, taken off with the map.
 */
export interface MapOverlay<P> {
  attach(map: Leaflet.Map): void;
  /** What to show now; called only when it is not the same value as the last one. */
  set(props: P): void;
  detach(): void;
}

/** What an overlay is handed to show. */
type PropsOf<O> = O extends MapOverlay<infer P> ? P : never;

const unset = Symbol('unset');

interface Entry<I> {
  overlay: MapOverlay<never>;
  select: (input: I) => unknown;
  shown: unknown;
}

/**
 * The overlays of one map, each with the part of the page's input it shows: `apply` hands each one
 * its part when that changed (by identity), so the page's state can be given after every render.
 */
export class OverlayList<I> {
  private readonly entries: Entry<I>[] = [];

  constructor(private readonly map: Leaflet.Map) {}

  add<O extends MapOverlay<never>>(overlay: O, select: (input: I) => PropsOf<O>): O {
    overlay.attach(this.map);
    this.entries.push({ overlay, select, shown: unset });
    return overlay;
  }

  /** Calls `apply` with a part of the input whenever that part changed (a setting of an overlay). */
  follow<P>(select: (input: I) => P, apply: (props: P) => void) {
    const setter: MapOverlay<P> = { attach() {}, set: apply, detach() {} };
    this.add(setter, select);
  }

  apply(input: I) {
    for (const entry of this.entries) {
      const props = entry.select(input);
      if (props === entry.shown) continue;
      entry.shown = props;
      (entry.overlay as MapOverlay<unknown>).set(props);
    }
  }

  /** Takes every overlay off, the last added first. */
  detach() {
    for (const entry of [...this.entries].reverse()) entry.overlay.detach();
    this.entries.length = 0;
  }
}
