/**
 * Floors of a map (model `maplevel`): which floor a visit opens on, which markers a floor shows,
 * and the numbers the floor control and the markers panel show. A map without levels has one
 * implicit floor: every marker shows, whatever its `level`.
 */
import { constants } from '../constants.ts';

/** A marker `level` meaning "on every floor" (terrain, extracts, things outside). */
export const everyLevel = constants.defaultMarkerLevel;

/** The address parameter that opens a floor (`?level=2`). */
export const levelParam = 'level';

/** A floor as the map page draws it (part of the map's marker answer). */
export interface MapLevelInfo {
  _id: string;
  level: number;
  name: string;
  shortLabel: string;
  isDefault: boolean;
  /** Where the floor's tiles are ('' until its picture was cut). */
  tilesPath: string;
  /** The floor picture's version ('' without a picture). */
  version: string;
  imageProcessStatus: string;
  /** The floor has a picture of its own, drawn or declared and about to be drawn (demo floors). */
  picture?: boolean;
}

/**
 * Whether the floor's picture is on its way (queued, being cut, or about to be drawn): meanwhile the
 * map's own picture shows under the floor's markers, and the page says so.
 */
export function isLevelPreparing(level: Pick<MapLevelInfo, 'imageProcessStatus' | 'version' | 'picture'>) {
  const status = level.imageProcessStatus;
  if (status === 'PENDING' || status === 'PROCESSING') return true;
  return status === 'NONE' && Boolean(level.picture) && !level.version;
}

/** Floors bottom to top (by level number). */
export function levelsInOrder<T extends { level: number }>(levels: readonly T[]): T[] {
  return [...levels].sort((a, b) => a.level - b.level);
}

/** The floor a visit opens on: the one flagged default (the lowest of several), else the lowest. */
export function defaultLevel(levels: readonly { level: number; isDefault: boolean }[]): number | undefined {
  const ordered = levelsInOrder(levels);
  return (ordered.find((l) => l.isDefault) ?? ordered[0])?.level;
}

/**
 * The floor shown: the one the address asks for when the map has it, else the default one;
 * undefined for a map without levels.
 */
export function chosenLevel(
  levels: readonly { level: number; isDefault: boolean }[],
  asked: string | null | undefined,
): number | undefined {
  if (levels.length === 0) return undefined;
  if (asked != null && /^\d{1,4}$/.test(asked)) {
    const n = Number(asked);
    if (levels.some((l) => l.level === n)) return n;
  }
  return defaultLevel(levels);
}

/**
 * Whether a marker of `markerLevel` shows on floor `current`: on every floor with -1 or on a map
 * without levels (`current` undefined), else on its own floor. A marker naming a floor the map
 * does not have (placed before the map had floors) shows on every floor rather than nowhere.
 */
export function isOnLevel(
  markerLevel: number,
  current: number | undefined,
  known: ReadonlySet<number>,
): boolean {
  if (current === undefined || markerLevel === everyLevel) return true;
  return markerLevel === current || !known.has(markerLevel);
}

/** The floor after `current` going up (+1) or down (-1), clamped at the top and bottom floor. */
export function stepLevel(
  levels: readonly { level: number }[],
  current: number | undefined,
  direction: 1 | -1,
): number | undefined {
  const ordered = levelsInOrder(levels);
  if (ordered.length === 0) return undefined;
  const at = ordered.findIndex((l) => l.level === current);
  const next = at < 0 ? 0 : Math.min(ordered.length - 1, Math.max(0, at + direction));
  return ordered[next]?.level;
}

/** The floor control's text of a floor: its short label, else its number. */
export function levelButtonText(level: { level: number; shortLabel: string }): string {
  return level.shortLabel.trim() || String(level.level);
}
