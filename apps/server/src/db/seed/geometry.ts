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
): Cluster[] {
  const clusters: Cluster[] = [];
  const minDistance = Math.min(width, height) / (Math.sqrt(count) + 1.5);
  const pool = rng.shuffle(names);
  for (let attempt = 0; clusters.length < count && attempt < count * 60; attempt++) {
    const center = { x: rng.float(0.1, 0.9) * width, y: rng.float(0.1, 0.9) * height };
    const tooClose = clusters.some(
      (c) =>
        Math.hypot(c.center.x - center.x, c.center.y - center.y) < minDistance * (attempt < 400 ? 1 : 0.5),
    );
    if (tooClose) continue;
    clusters.push({
      name: pool[clusters.length % pool.length],
      center: clamp(center, width, height),
      radius: rng.float(0.025, 0.06) * Math.min(width, height),
      weight: rng.float(0.5, 2),
    });
  }
  return clusters;
}

/** A position near a cluster (normal spread), or anywhere on the map for stray markers. */
export function scatter(rng: Rng, cluster: Cluster | undefined, width: number, height: number): Pixel {
  if (!cluster) return clamp({ x: rng.float(0, width), y: rng.float(0, height) }, width, height);
  return clamp(
    { x: rng.normal(cluster.center.x, cluster.radius), y: rng.normal(cluster.center.y, cluster.radius) },
    width,
    height,
  );
}

/** A star-shaped polygon of 4-8 corners around a centre (corners sorted by angle, so never self-crossing). */
export function polygonAround(
  rng: Rng,
  center: Pixel,
  radius: number,
  width: number,
  height: number,
): Pixel[] {
  const corners = rng.int(4, 8);
  const start = rng.float(0, Math.PI * 2);
  const points: Pixel[] = [];
  for (let i = 0; i < corners; i++) {
    const angle = start + (i / corners) * Math.PI * 2 + rng.float(-0.25, 0.25) / corners;
    const r = radius * rng.float(0.6, 1.25);
    points.push(
      clamp({ x: center.x + Math.cos(angle) * r, y: center.y + Math.sin(angle) * r }, width, height),
    );
  }
  return points;
}

/** A winding path of 5-15 points from one place to another. */
export function routeBetween(rng: Rng, from: Pixel, to: Pixel, width: number, height: number): Pixel[] {
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
      clamp(
        { x: from.x + (to.x - from.x) * t + nx * drift, y: from.y + (to.y - from.y) * t + ny * drift },
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
