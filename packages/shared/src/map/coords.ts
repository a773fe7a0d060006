/**
 * A map's game coordinates: how the places of the game (as players read them in the game or in a
 * community's tables) lie on the map's picture. An admin sets them per map, the way tarkov.dev stores
 * its maps' transforms: the game's axes are turned by `rotation` degrees (counter-clockwise), scaled
 * by `scale` map pixels per game unit and moved so that the game's origin sits on the map pixel
 * (`offsetX`, `offsetY`). Game y grows up the map, map pixels' y down the picture (see pixels.ts).
 */

export interface MapTransform {
  /** Map pixels per game unit (greater than 0). */
  scale: number;
  offsetX: number;
  offsetY: number;
  /** Degrees, counter-clockwise. */
  rotation: number;
  /** The game unit's short name ('m'; may be empty). */
  unit: string;
}

export interface Point {
  x: number;
  y: number;
}

/** The transform fields of the map model (packages/shared/src/models/content.ts). */
interface MapCoordFields {
  coordScale?: number | null;
  coordOffsetX?: number | null;
  coordOffsetY?: number | null;
  coordRotation?: number | null;
  coordUnit?: string | null;
}

/** The map's transform, or undefined when it has none (no scale set): the map shows map pixels. */
export function mapTransformOf(map: MapCoordFields): MapTransform | undefined {
  const scale = map.coordScale;
  if (typeof scale !== 'number' || !(scale > 0) || !Number.isFinite(scale)) return undefined;
  return {
    scale,
    offsetX: map.coordOffsetX ?? 0,
    offsetY: map.coordOffsetY ?? 0,
    rotation: map.coordRotation ?? 0,
    unit: map.coordUnit ?? '',
  };
}

function turn(p: Point, degrees: number): Point {
  if (degrees === 0) return { x: p.x, y: p.y };
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return { x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos };
}

/** The map pixel of a place given in game units. */
export function gameToPixel(t: MapTransform, game: Point): Point {
  const r = turn(game, t.rotation);
  return { x: t.scale * r.x + t.offsetX, y: t.offsetY - t.scale * r.y };
}

/** The place in game units under a map pixel. */
export function pixelToGame(t: MapTransform, pixel: Point): Point {
  const r = { x: (pixel.x - t.offsetX) / t.scale, y: (t.offsetY - pixel.y) / t.scale };
  return turn(r, -t.rotation);
}

/** A map pixel in the coordinates the map shows: game units with a transform, else map pixels. */
export function shownCoordinates(t: MapTransform | undefined, pixel: Point): Point {
  return t ? pixelToGame(t, pixel) : { x: pixel.x, y: pixel.y };
}

/** A place given in the coordinates the map shows, as a map pixel. */
export function pixelOfShown(t: MapTransform | undefined, shown: Point): Point {
  return t ? gameToPixel(t, shown) : { x: shown.x, y: shown.y };
}

/**
 * The length of a line through map pixels: in game units with a transform (a turn keeps lengths,
 * so only the scale counts), else in map pixels.
 */
export function pathLength(points: readonly Point[], t?: MapTransform): number {
  let pixels = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Point;
    const b = points[i] as Point;
    pixels += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return t ? pixels / t.scale : pixels;
}

/**
 * A coordinate typed by a player: a decimal number with '.' or ',' as the decimal mark (German
 * writes 12,5), an optional sign, no thousands separators. Undefined when it is not one.
 */
export function parseCoordinate(text: string): number | undefined {
  const s = text.trim().replace(/^\u2212/, '-');
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s)) return undefined;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** What is wrong with a "Go to" entry. */
export type GoToProblem = 'x' | 'y' | 'outside';

/**
 * A "Go to" entry (x and y in the coordinates the map shows) as the map pixel to centre on, or the
 * problem: a field that is not a number, or a place outside the map's picture.
 */
export function goToPixel(
  t: MapTransform | undefined,
  size: { width: number; height: number },
  x: string,
  y: string,
): { pixel: Point } | { problem: GoToProblem } {
  const sx = parseCoordinate(x);
  if (sx === undefined) return { problem: 'x' };
  const sy = parseCoordinate(y);
  if (sy === undefined) return { problem: 'y' };
  const pixel = pixelOfShown(t, { x: sx, y: sy });
  // A rounding hair outside the edge (a corner typed in game units) still counts as on the map.
  const slack = 1e-6 * Math.max(size.width, size.height);
  const inside =
    pixel.x >= -slack && pixel.y >= -slack && pixel.x <= size.width + slack && pixel.y <= size.height + slack;
  return inside ? { pixel } : { problem: 'outside' };
}

/** The smallest and largest shown x and y on the map's picture (its corners), for messages. */
export function shownExtent(
  t: MapTransform | undefined,
  size: { width: number; height: number },
): { minX: number; maxX: number; minY: number; maxY: number } {
  const corners = [
    { x: 0, y: 0 },
    { x: size.width, y: 0 },
    { x: 0, y: size.height },
    { x: size.width, y: size.height },
  ].map((c) => shownCoordinates(t, c));
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

/** Decimals shown for coordinates and lengths: whole map pixels, game units to a tenth. */
export function shownDecimals(t: MapTransform | undefined): number {
  return t ? 1 : 0;
}
