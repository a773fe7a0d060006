/** A rectangle in the map's own pixels (0,0 is its top left corner). */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The room a popup keeps from each edge of the map, in pixels. */
export interface Room {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const GAP = 8;

/**
 * The room a popup keeps from the map's edges so that no control drawn over the map covers it: each
 * control claims the edge it is nearest to, measured as the share of the map it would take from that
 * side (a wide toolbar at the top claims the top, the tall floor control on the left claims the left,
 * the coordinates at the bottom claim the bottom). A popup inside what is left meets no control.
 */
export function popupRoom(width: number, height: number, controls: readonly Rect[], least: Room): Room {
  const room = { ...least };
  for (const r of controls) {
    // Controls outside the map (or not shown) take nothing.
    if (r.right <= 0 || r.bottom <= 0 || r.left >= width || r.top >= height || r.right <= r.left) continue;
    const claims = [
      ['top', r.bottom / height, r.bottom + GAP],
      ['bottom', (height - r.top) / height, height - r.top + GAP],
      ['left', r.right / width, r.right + GAP],
      ['right', (width - r.left) / width, width - r.left + GAP],
    ] as const;
    const [side, , px] = claims.reduce((a, b) => (b[1] < a[1] ? b : a));
    room[side] = Math.max(room[side], px);
  }
  return room;
}
