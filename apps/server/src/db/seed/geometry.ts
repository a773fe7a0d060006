import type { Rng } from './rng.ts';

/** A position in image pixels (origin top-left). */
export interface Pixel {
  x: number;
  y: number;
}

/**
 * Leaflet CRS.Simple coordinates of an image pixel when the image is shown at native size on
 * zoom level `maxZoom`: one map unit is 2^maxZoom pixels and y grows downwards.
 */
export function pixelToLatLng(x: number, y: number, maxZoom: number): { lat: number; lng: number } {
  const scale = 2 ** maxZoom;
  return { lat: -y / scale, lng: x / scale };
}

/** Whether a marker at this pixel sits on ground the map's picture shows (not sea, rock or margin). */
export type Ground = (x: number, y: number) => boolean;

/** The point itself when it is on ground, else the nearest ground found on rings of growing radius. */
export function toGround(p: Pixel, ground: Ground, width: number, height: number): Pixel {
  const start = clamp(p, width, height);
  if (ground(start.x, start.y)) return start;
  const step = Math.max(4, Math.min(width, height) / 512);
  for (let r = step; r < Math.max(width, height); r += step) {
    const n = Math.max(8, Math.round((2 * Math.PI * r) / step));
    for (let k = 0; k < n; k++) {
      const a = (k / n) * Math.PI * 2;
      const q = clamp({ x: p.x + Math.cos(a) * r, y: p.y + Math.sin(a) * r }, width, height);
      if (ground(q.x, q.y)) return q;
    }
  }
  throw new Error('the map has no ground for markers');
}

/** A point of interest on a map around which markers gather. */
export interface Cluster {
  name: string;
  center: Pixel;
  /** Spread of the markers around the centre, in pixels. */
  radius: number;
  /** Relative share of the clustered markers. */
  weight: number;
}

const round = (n: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export function clamp(p: Pixel, width: number, height: number, margin = 48): Pixel {
  return {
    x: round(Math.min(width - margin, Math.max(margin, p.x))),
    y: round(Math.min(height - margin, Math.max(margin, p.y))),
  };
}

/** Points of interest spread over the image, never too close to each other. */
export function layoutClusters(
  rng: Rng,
  width: number,
  height: number,
  names: readonly string[],
  count: number,
  ground: Ground,
): Cluster[] {
  const clusters: Cluster[] = [];
  const minDistance = Math.min(width, height) / (Math.sqrt(count) + 1.5);
  const pool = rng.shuffle(names);
  for (let attempt = 0; clusters.length < count && attempt < count * 60; attempt++) {
    const center = clamp({ x: rng.float(0.1, 0.9) * width, y: rng.float(0.1, 0.9) * height }, width, height);
    if (!ground(center.x, center.y)) continue;
    const tooClose = clusters.some(
      (c) =>
        Math.hypot(c.center.x - center.x, c.center.y - center.y) < minDistance * (attempt < 400 ? 1 : 0.5),
    );
    if (tooClose) continue;
    clusters.push({
      name: pool[clusters.length % pool.length],
      center,
      radius: rng.float(0.025, 0.06) * Math.min(width, height),
      weight: rng.float(0.5, 2),
    });
  }
  return clusters;
}

/**
 * A position on ground near a cluster (normal spread), or anywhere on the map for stray markers; a
 * few draws are tried before the nearest ground is taken.
 */
export function scatter(
  rng: Rng,
  cluster: Cluster | undefined,
  width: number,
  height: number,
  ground: Ground,
): Pixel {
  const draw = () =>
    cluster
      ? { x: rng.normal(cluster.center.x, cluster.radius), y: rng.normal(cluster.center.y, cluster.radius) }
      : { x: rng.float(0, width), y: rng.float(0, height) };
  let p = draw();
  for (let attempt = 0; attempt < 30; attempt++) {
    const q = clamp(p, width, height);
    if (ground(q.x, q.y)) return q;
    p = draw();
  }
  return toGround(p, ground, width, height);
}

/**
 * A star-shaped polygon of 4-8 corners around a centre on ground (corners sorted by angle, so never
 * self-crossing); a corner off the ground moves in towards the centre.
 */
export function polygonAround(
  rng: Rng,
  center: Pixel,
  radius: number,
  width: number,
  height: number,
  ground: Ground,
): Pixel[] {
  const corners = rng.int(4, 8);
  const start = rng.float(0, Math.PI * 2);
  const points: Pixel[] = [];
  for (let i = 0; i < corners; i++) {
    const angle = start + (i / corners) * Math.PI * 2 + rng.float(-0.25, 0.25) / corners;
    let r = radius * rng.float(0.6, 1.25);
    let corner = clamp(
      { x: center.x + Math.cos(angle) * r, y: center.y + Math.sin(angle) * r },
      width,
      height,
    );
    for (let k = 0; k < 16 && !ground(corner.x, corner.y); k++) {
      r *= 0.8;
      corner = clamp({ x: center.x + Math.cos(angle) * r, y: center.y + Math.sin(angle) * r }, width, height);
    }
    points.push(toGround(corner, ground, width, height));
  }
  return points;
}

/** A winding path of 5-15 points on ground from one place to another. */
export function routeBetween(
  rng: Rng,
  from: Pixel,
  to: Pixel,
  width: number,
  height: number,
  ground: Ground,
): Pixel[] {
  const count = rng.int(5, 15);
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const nx = length === 0 ? 0 : -(to.y - from.y) / length;
  const ny = length === 0 ? 0 : (to.x - from.x) / length;
  const points: Pixel[] = [];
  let drift = 0;
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    drift = i === 0 || i === count - 1 ? 0 : drift + rng.normal(0, length * 0.04);
    points.push(
      toGround(
        { x: from.x + (to.x - from.x) * t + nx * drift, y: from.y + (to.y - from.y) * t + ny * drift },
        ground,
        width,
        height,
      ),
    );
  }
  return points;
}

/** [lat, lng] pairs of pixel points, as stored in a placed marker's polygonPoints. */
export function toLatLngPoints(points: readonly Pixel[], maxZoom: number): [number, number][] {
  return points.map((p) => {
    const { lat, lng } = pixelToLatLng(p.x, p.y, maxZoom);
    return [lat, lng];
  });
}
