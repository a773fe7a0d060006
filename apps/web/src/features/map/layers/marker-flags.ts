/** How a marker is drawn. */
export const MarkerKind = { Icon: 0, Path: 1, Html: 2 } as const;

/**
 * A marker's visible flag: hidden, shown, or drawn faint (a marker of another floor, where the
 * player asks to see other floors: drawn, but not clustered, listed or clickable).
 */
export const Shown = { Hidden: 0, Yes: 1, Faint: 2 } as const;

/** Whether the rows of chunk `n` of a chunked map are in its columns (see map/marker-chunks.ts). */
export type ChunkLoaded = (n: number) => boolean;

/**
 * A set of flags as they are after their last change: a new object after each change, so that
 * React's hooks can depend on it (the flags themselves change in place).
 */
export interface FlagsState {
  readonly flags: Uint8Array;
}

/** What changed in the store: its readers (the map's layers, the page) follow. */
export interface StoreChange {
  /** Visible flags changed. */
  visible?: boolean;
  /** Completed flags changed. */
  completed?: boolean;
  /** This marker's reported flag changed. */
  reported?: number;
  /** Rows arrived (a large map's chunks; told at most once a second while they arrive). */
  rows?: boolean;
}
