import {
  type MapTransform,
  type Point,
  pathLength,
  shownCoordinates,
  shownDecimals,
} from '@waypoint/shared/map/coords';
import { formatFixed } from '../../../i18n/format.ts';
import { coordsMessages } from '../../../i18n/messages/coords-messages.ts';

/** Where the pointer is (or the map's centre), told to the readout alone: the page does not render for it. */
export interface PointerStore {
  set: (pixel: Point, centre: boolean) => void;
  subscribe: (listener: () => void) => () => void;
  get: () => { pixel: Point; centre: boolean } | undefined;
}

export function createPointerStore(): PointerStore {
  let value: { pixel: Point; centre: boolean } | undefined;
  const listeners = new Set<() => void>();
  return {
    set: (pixel, centre) => {
      value = { pixel, centre };
      for (const l of listeners) l();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => value,
  };
}

/** The unit the map shows: the map's game unit, or map pixels. */
export function unitOf(t: MapTransform | undefined): string {
  return t ? t.unit || coordsMessages.gameUnits : coordsMessages.mapPixels;
}

/** A coordinate or a length as shown: whole map pixels, game units to a tenth. */
export function formatShown(value: number, t: MapTransform | undefined): string {
  const d = shownDecimals(t);
  // -0.0 reads as 0.
  const rounded = Number(value.toFixed(d)) || 0;
  return formatFixed(rounded, d);
}

/** A map pixel in the coordinates the map shows, formatted. */
export function formatPoint(pixel: Point, t: MapTransform | undefined): { x: string; y: string } {
  const p = shownCoordinates(t, pixel);
  return { x: formatShown(p.x, t), y: formatShown(p.y, t) };
}

/** The measured line's length and its unit, formatted. */
export function formatLength(points: readonly Point[], t: MapTransform | undefined): [string, string] {
  return [formatShown(pathLength(points, t), t), unitOf(t)];
}
