import { getSharp } from '../../../media/sharp.ts';
import {
  type BunkerPlan,
  type CavernPlan,
  type CityPlan,
  GRID_SCALE,
  type IslandPlan,
  type MapLook,
  type Noise,
  planMap,
  type Rect,
} from './procedural-plan.ts';

/**
 * Draws an original demo map from seeded noise and SVG, in one of four looks: an island (terrain,
 * water, forests, roads, towns with buildings and labels), a city (streets, avenues, blocks of
 * buildings, parks and plazas), a cavern (dark rock with winding tunnels, chambers and crystals) or
 * a bunker (rooms and corridors on a concrete floor). The same seed and look always give the same
 * picture. No external art.
 */
export interface ProceduralMapOptions {
  width: number;
  height: number;
  seed: string;
  /** Title drawn in the map's cartouche. */
  title?: string;
  /** Island when not given. */
  look?: MapLook;
}

export interface ProceduralMap {
  png: Buffer;
  width: number;
  height: number;
  look: MapLook;
  /** Named places drawn on the map (towns, districts, chambers, rooms). */
  towns: { name: string; x: number; y: number }[];
}

type Place = { name: string; x: number; y: number };

/** What a look paints: the raster below, SVG on top, and the places it named. */
interface Painting {
  rgb: Buffer;
  parts: string[];
  places: Place[];
}

type Rgb = [number, number, number];

const SEA_LEVEL = 0;

/** Colour ramp by elevation (below 0 is water) and moisture, written into `out`. */
function terrainColour(out: Rgb, e: number, m: number): Rgb {
  if (e < SEA_LEVEL) return lerpInto(out, WATER_SHALLOW, WATER_DEEP, Math.min(1, -e / 0.45) ** 0.7);
  if (e < 0.03) return lerpInto(out, SAND, SAND_DAMP, e / 0.03);
  if (e < 0.42) {
    const t = (e - 0.03) / 0.39;
    lerpInto(out, DRY_LOW, DRY_HIGH, t);
    const r = out[0];
    const g = out[1];
    const b = out[2];
    lerpInto(out, LUSH_LOW, LUSH_HIGH, t);
    const w = Math.min(1, Math.max(0, m * 1.6 + 0.5));
    out[0] = r + (out[0] - r) * w;
    out[1] = g + (out[1] - g) * w;
    out[2] = b + (out[2] - b) * w;
    return out;
  }
  if (e < 0.62) return lerpInto(out, HILL, HILL_HIGH, (e - 0.42) / 0.2);
  if (e < 0.75) return lerpInto(out, ROCK, ROCK_HIGH, (e - 0.62) / 0.13);
  return lerpInto(out, SNOW, SNOW_BRIGHT, Math.min(1, (e - 0.75) / 0.1));
}

const WATER_SHALLOW: Rgb = [88, 160, 186];
const WATER_DEEP: Rgb = [28, 62, 104];
const SAND: Rgb = [222, 206, 160];
const SAND_DAMP: Rgb = [206, 196, 146];
const DRY_LOW: Rgb = [176, 186, 112];
const DRY_HIGH: Rgb = [150, 150, 96];
const LUSH_LOW: Rgb = [110, 158, 84];
const LUSH_HIGH: Rgb = [76, 122, 64];
const HILL: Rgb = [122, 116, 88];
const HILL_HIGH: Rgb = [128, 118, 104];
const ROCK: Rgb = [138, 132, 126];
const ROCK_HIGH: Rgb = [170, 166, 162];
const SNOW: Rgb = [214, 216, 222];
const SNOW_BRIGHT: Rgb = [246, 248, 252];

function lerpInto(out: Rgb, a: Rgb, b: Rgb, t: number): Rgb {
  out[0] = a[0] + (b[0] - a[0]) * t;
  out[1] = a[1] + (b[1] - a[1]) * t;
  out[2] = a[2] + (b[2] - a[2]) * t;
  return out;
}

/** Blends `c` towards (r, g, b) by t, in place. */
function mixInto(c: Rgb, r: number, g: number, b: number, t: number): void {
  c[0] += (r - c[0]) * t;
  c[1] += (g - c[1]) * t;
  c[2] += (b - c[2]) * t;
}

const syllables = [
  'ka',
  'ran',
  'mor',
  'del',
  'vin',
  'tor',
  'esh',
  'al',
  'bri',
  'gan',
  'ost',
  'lun',
  'wyn',
  'far',
  'eld',
  'sa',
  'thu',
  'rik',
  'om',
  'ber',
];
const suffixes = ['ford', 'holm', 'wick', 'gate', 'moor', 'stead', 'haven', 'crest', 'vale', 'port'];

function placeName(random: () => number): string {
  const n = 1 + Math.floor(random() * 2);
  let name = '';
  for (let i = 0; i < n; i++) name += syllables[Math.floor(random() * syllables.length)];
  name += suffixes[Math.floor(random() * suffixes.length)];
  return name[0].toUpperCase() + name.slice(1);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const font = `font-family="DejaVu Serif, Georgia, serif"`;

/** A bold map label with a light halo. */
function label(x: number, y: number, text: string, size: number, fill = '#2a2118', halo = '#f6efd9') {
  return (
    `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${font} font-size="${size.toFixed(1)}" font-weight="bold" text-anchor="middle" ` +
    `fill="${fill}" stroke="${halo}" stroke-width="${(size / 6).toFixed(1)}" paint-order="stroke" stroke-linejoin="round">${escapeXml(text)}</text>`
  );
}

/** Two small tileable noise textures with different periods, so no repetition shows. */
function detailTextures(fbm: Noise['fbm']) {
  const texture = (size: number, freq: number, seedOff: number) => {
    const t = new Float32Array(size * size);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        // Tileable by blending the four wrapped copies.
        const fx = x / size;
        const fy = y / size;
        const n = (ax: number, ay: number) => fbm((x + ax) * freq + seedOff, (y + ay) * freq - seedOff, 3);
        t[y * size + x] =
          n(0, 0) * (1 - fx) * (1 - fy) +
          n(-size, 0) * fx * (1 - fy) +
          n(0, -size) * (1 - fx) * fy +
          n(-size, -size) * fx * fy;
      }
    }
    return t;
  };
  const detailA = texture(256, 0.045, 300);
  const detailB = texture(211, 0.11, 700);
  /** Fine detail at a pixel, about -0.5..0.5. */
  const at = (x: number, y: number) =>
    detailA[(y & 255) * 256 + (x & 255)] * 0.7 + detailB[(y % 211) * 211 + (x % 211)] * 0.3;
  return { detailA, detailB, at };
}

export async function generateProceduralMap(options: ProceduralMapOptions): Promise<ProceduralMap> {
  const { width, height } = options;
  const plan = planMap(options);
  const painting =
    plan.look === 'island'
      ? paintIsland(plan)
      : plan.look === 'city'
        ? paintCity(plan)
        : plan.look === 'cavern'
          ? paintCavern(plan)
          : paintBunker(plan);
  const { rgb, parts } = painting;
  const { u, random } = plan;

  // A title cartouche, a compass rose and a frame (where the plan keeps markers away from).
  const title = options.title ?? placeName(random);
  const { cartouche: box, compass, frame: fw } = plan;
  parts.push(
    `<g transform="translate(${box.x.toFixed(1)},${box.y.toFixed(1)})">`,
    `<rect width="${box.w}" height="${box.h}" rx="${14 * u}" fill="#efe4c4" stroke="#5b4630" stroke-width="${5 * u}" opacity="0.93"/>`,
    `<text x="${box.w / 2}" y="${box.h * 0.62}" ${font} font-size="${64 * u}" font-weight="bold" text-anchor="middle" fill="#3b2a18">${escapeXml(title)}</text>`,
    `</g>`,
  );
  const r = compass.r;
  parts.push(
    `<g transform="translate(${compass.x.toFixed(1)},${compass.y.toFixed(1)})" stroke="#3b2a18" stroke-width="${2 * u}">`,
    `<circle r="${r}" fill="#efe4c4" opacity="0.85"/>`,
    `<circle r="${r * 0.8}" fill="none"/>`,
    `<path d="M0,${-r} L${r * 0.16},0 L0,${r} L${-r * 0.16},0 Z" fill="#7a2e1e"/>`,
    `<path d="M${-r},0 L0,${r * 0.16} L${r},0 L0,${-r * 0.16} Z" fill="#3b2a18"/>`,
    `<text y="${-r - 14 * u}" ${font} font-size="${44 * u}" font-weight="bold" text-anchor="middle" fill="#3b2a18" stroke="none">N</text>`,
    `</g>`,
  );
  parts.push(
    `<rect x="${fw / 2}" y="${fw / 2}" width="${width - fw}" height="${height - fw}" fill="none" stroke="#3b2a18" stroke-width="${fw}"/>`,
    `<rect x="${fw * 2}" y="${fw * 2}" width="${width - fw * 4}" height="${height - fw * 4}" fill="none" stroke="#c9b27c" stroke-width="${fw / 3}"/>`,
  );

  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`,
  );

  const sharp = getSharp();
  const png = await sharp(rgb, { raw: { width, height, channels: 3 }, limitInputPixels: width * height })
    .composite([{ input: svg, limitInputPixels: width * height }])
    .png({ compressionLevel: 6 })
    .toBuffer();
  return {
    png,
    width,
    height,
    look: plan.look,
    towns: painting.places.map(({ name, x, y }) => ({ name, x: Math.round(x), y: Math.round(y) })),
  };
}

/** The island: elevation and moisture colours, relief shading, forests, rivers, roads and towns. */
function paintIsland(plan: IslandPlan): Painting {
  // Elevation and moisture on a coarse grid (a quarter of the size); colours are then computed per
  // pixel from interpolated values plus fine detail, so coastlines stay crisp at full zoom.
  const { width, height, gw, gh, u, random } = plan;
  const scale = GRID_SCALE;
  const elevation = new Float32Array(gw * gh);
  const moisture = new Float32Array(gw * gh);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      elevation[y * gw + x] = plan.cell(x, y);
      moisture[y * gw + x] = plan.moisture(x, y);
    }
  }
  // Relief shading (light from the north-west) on the coarse grid.
  const shadeGrid = new Float32Array(gw * gh);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const ex = elevation[y * gw + Math.min(gw - 1, x + 1)] - elevation[y * gw + Math.max(0, x - 1)];
      const ey = elevation[Math.min(gh - 1, y + 1) * gw + x] - elevation[Math.max(0, y - 1) * gw + x];
      shadeGrid[y * gw + x] = Math.max(-0.5, Math.min(0.5, -(ex + ey) * 14));
    }
  }
  const { detailA, detailB } = detailTextures(plan.noise.fbm);

  const rgb = Buffer.alloc(width * height * 3);
  const colour: Rgb = [0, 0, 0];
  const inv = 1 / scale;
  for (let y = 0; y < height; y++) {
    const gy = y * inv;
    const y0 = Math.floor(gy);
    const ty = gy - y0;
    const rowA = y0 * gw;
    const rowB = Math.min(gh - 1, y0 + 1) * gw;
    const dA = (y & 255) * 256;
    const dB = (y % 211) * 211;
    for (let x = 0; x < width; x++) {
      const gx = x * inv;
      const x0 = Math.floor(gx);
      const tx = gx - x0;
      const x1 = Math.min(gw - 1, x0 + 1);
      const w00 = (1 - tx) * (1 - ty);
      const w10 = tx * (1 - ty);
      const w01 = (1 - tx) * ty;
      const w11 = tx * ty;
      const a0 = rowA + x0;
      const a1 = rowA + x1;
      const b0 = rowB + x0;
      const b1 = rowB + x1;
      const dB2 = detailB[dB + (x % 211)];
      const detail = detailA[dA + (x & 255)] * 0.7 + dB2 * 0.3;
      const e =
        elevation[a0] * w00 +
        elevation[a1] * w10 +
        elevation[b0] * w01 +
        elevation[b1] * w11 +
        detail * 0.035;
      const m =
        moisture[a0] * w00 + moisture[a1] * w10 + moisture[b0] * w01 + moisture[b1] * w11 + detail * 0.15;
      const c = terrainColour(colour, e, m);
      if (e >= SEA_LEVEL) {
        const shade =
          shadeGrid[a0] * w00 +
          shadeGrid[a1] * w10 +
          shadeGrid[b0] * w01 +
          shadeGrid[b1] * w11 +
          detail * 0.12;
        if (shade > 0) mixInto(c, 255, 248, 228, shade * 0.55);
        else mixInto(c, 28, 32, 40, -shade * 0.9);
        // Forests: darker, textured green where it is wet and not too high.
        if (m > 0.06 && e > 0.05 && e < 0.4) {
          const canopy = 0.55 + dB2 * 1.6;
          const f = Math.min(1, (m - 0.06) * 7) * Math.min(1, (0.4 - e) * 12);
          mixInto(c, 40 + canopy * 20, 82 + canopy * 22, 44, Math.max(0, Math.min(1, f * 0.85)));
        }
      } else {
        // Shallow shelf and surf along the coast.
        if (e > -0.025) mixInto(c, 178, 222, 222, (e + 0.025) / 0.025);
        mixInto(c, 20, 40, 80, Math.max(0, detail) * 0.15);
      }
      const o = (y * width + x) * 3;
      rgb[o] = c[0];
      rgb[o + 1] = c[1];
      rgb[o + 2] = c[2];
    }
  }

  const elevationAt = (px: number, py: number) =>
    elevation[
      Math.min(gh - 1, Math.max(0, Math.round(py / scale))) * gw +
        Math.min(gw - 1, Math.max(0, Math.round(px / scale)))
    ];

  // Towns on low, dry-ish land, spread apart.
  const towns: { name: string; x: number; y: number; size: number }[] = [];
  const wantTowns = Math.round(6 + (width * height) / (1024 * 1024) / 2);
  const minGap = Math.min(width, height) / 7;
  for (let attempt = 0; attempt < 4000 && towns.length < wantTowns; attempt++) {
    const x = width * (0.08 + random() * 0.84);
    const y = height * (0.08 + random() * 0.84);
    const e = elevationAt(x, y);
    if (e < 0.04 || e > 0.36) continue;
    if (towns.some((t) => Math.hypot(t.x - x, t.y - y) < minGap)) continue;
    let name = placeName(random);
    while (towns.some((t) => t.name === name)) name = placeName(random);
    towns.push({ name, x, y, size: towns.length === 0 ? 2 : random() < 0.3 ? 1.4 : 1 });
  }

  const parts: string[] = [];

  // Rivers: follow the steepest descent from the highlands to the sea (or a basin).
  const riverPaths: string[] = [];
  for (let attempt = 0; attempt < 400 && riverPaths.length < 3 + Math.floor(random() * 3); attempt++) {
    let x = Math.floor(random() * gw);
    let y = Math.floor(random() * gh);
    if (elevation[y * gw + x] < 0.42 || elevation[y * gw + x] > 0.7) continue;
    const points: [number, number][] = [[x, y]];
    const visited = new Set<number>([y * gw + x]);
    for (let step = 0; step < 3000; step++) {
      let best = Number.POSITIVE_INFINITY;
      let bx = x;
      let by = y;
      for (let oy = -2; oy <= 2; oy++) {
        for (let ox = -2; ox <= 2; ox++) {
          const nx2 = x + ox;
          const ny2 = y + oy;
          if (nx2 < 0 || ny2 < 0 || nx2 >= gw || ny2 >= gh) continue;
          const v = elevation[ny2 * gw + nx2];
          if (v < best && !visited.has(ny2 * gw + nx2)) {
            best = v;
            bx = nx2;
            by = ny2;
          }
        }
      }
      if (bx === x && by === y) break;
      x = bx;
      y = by;
      visited.add(y * gw + x);
      points.push([x, y]);
      if (best < SEA_LEVEL - 0.01) break;
    }
    if (points.length < 25 || elevation[y * gw + x] > SEA_LEVEL) continue;
    let d = `M${points[0][0] * scale},${points[0][1] * scale}`;
    for (let i = 2; i < points.length; i += 2) {
      const [px, py] = points[i - 1];
      const [qx, qy] = points[i];
      d += ` Q${px * scale},${py * scale} ${qx * scale},${qy * scale}`;
    }
    riverPaths.push(d);
  }
  parts.push(
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">`,
    ...riverPaths.map(
      (d) => `<path d="${d}" stroke="#2d5f86" stroke-width="${(12 * u).toFixed(1)}" opacity="0.5"/>`,
    ),
    ...riverPaths.map((d) => `<path d="${d}" stroke="#6fa8c8" stroke-width="${(7 * u).toFixed(1)}"/>`),
    `</g>`,
  );

  // Roads: a spanning tree between towns plus a few extra links, drawn as gentle curves.
  const links: [number, number][] = [];
  const inTree = new Set<number>([0]);
  while (inTree.size < towns.length) {
    let best: [number, number, number] | null = null;
    for (const a of inTree) {
      for (let b = 0; b < towns.length; b++) {
        if (inTree.has(b)) continue;
        const d = Math.hypot(towns[a].x - towns[b].x, towns[a].y - towns[b].y);
        if (!best || d < best[2]) best = [a, b, d];
      }
    }
    if (!best) break;
    links.push([best[0], best[1]]);
    inTree.add(best[1]);
  }
  for (let k = 0; k < Math.floor(towns.length / 3); k++) {
    const a = Math.floor(random() * towns.length);
    const b = Math.floor(random() * towns.length);
    if (a !== b) links.push([a, b]);
  }
  const roadPaths = links.map(([a, b]) => {
    const A = towns[a];
    const B = towns[b];
    const segments = 6;
    let d = `M${A.x.toFixed(1)},${A.y.toFixed(1)}`;
    const nxp = -(B.y - A.y);
    const nyp = B.x - A.x;
    const len = Math.hypot(nxp, nyp) || 1;
    for (let s = 1; s <= segments; s++) {
      const t = s / segments;
      const bend = s === segments ? 0 : Math.sin(t * Math.PI) * (random() - 0.5) * 0.25 * len;
      const x = A.x + (B.x - A.x) * t + (nxp / len) * bend;
      const y = A.y + (B.y - A.y) * t + (nyp / len) * bend;
      d += ` L${x.toFixed(1)},${y.toFixed(1)}`;
    }
    return d;
  });
  parts.push(
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">`,
    ...roadPaths.map(
      (d) => `<path d="${d}" stroke="#5b4630" stroke-width="${(11 * u).toFixed(1)}" opacity="0.55"/>`,
    ),
    ...roadPaths.map((d) => `<path d="${d}" stroke="#e9d9a8" stroke-width="${(7 * u).toFixed(1)}"/>`),
    ...roadPaths.map(
      (d) =>
        `<path d="${d}" stroke="#8a6d45" stroke-width="${(1.2 * u).toFixed(1)}" stroke-dasharray="${12 * u} ${10 * u}"/>`,
    ),
    `</g>`,
  );

  // Buildings: rotated blocks along little streets around each town centre.
  const roofs = ['#a4513c', '#8e4a3a', '#6f5b4b', '#b86f4c', '#7b7f86', '#9a8f7c'];
  const buildings: string[] = [];
  for (const town of towns) {
    const radius = 110 * u * town.size;
    const angle = random() * Math.PI;
    const count = Math.round(60 * town.size * town.size);
    for (let b = 0; b < count; b++) {
      const street = Math.floor(random() * 4);
      const along = (random() * 2 - 1) * radius;
      const side = (random() < 0.5 ? -1 : 1) * (6 + random() * 10) * u;
      const dir = angle + (street * Math.PI) / 2;
      const x = town.x + Math.cos(dir) * along - Math.sin(dir) * side * (1 + (street % 2) * 2);
      const y = town.y + Math.sin(dir) * along + Math.cos(dir) * side * (1 + (street % 2) * 2);
      if (elevationAt(x, y) < 0.01) continue;
      const w = (6 + random() * 9) * u;
      const h = (5 + random() * 7) * u;
      const deg = ((dir * 180) / Math.PI).toFixed(1);
      buildings.push(
        `<rect x="${(-w / 2).toFixed(1)}" y="${(-h / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" ` +
          `transform="translate(${x.toFixed(1)},${y.toFixed(1)}) rotate(${deg})" fill="${roofs[Math.floor(random() * roofs.length)]}" stroke="#3b2f26" stroke-width="${(0.8 * u).toFixed(2)}"/>`,
      );
    }
    // A keep or plaza at the centre.
    const s = 16 * u * town.size;
    buildings.push(
      `<rect x="${(town.x - s / 2).toFixed(1)}" y="${(town.y - s / 2).toFixed(1)}" width="${s.toFixed(1)}" height="${s.toFixed(1)}" fill="#77706a" stroke="#2b2520" stroke-width="${(1.5 * u).toFixed(1)}"/>`,
    );
  }
  parts.push(`<g>${buildings.join('')}</g>`);

  for (const town of towns)
    parts.push(label(town.x, town.y - 130 * u * town.size, town.name, 34 * u * (0.8 + town.size * 0.25)));
  return { rgb, parts, places: towns };
}

/** Writes colour(x, y) into every pixel of a rectangle (clipped to the picture). */
function fillRect(
  rgb: Buffer,
  width: number,
  height: number,
  rect: Rect,
  colour: (out: Rgb, x: number, y: number) => Rgb,
) {
  const out: Rgb = [0, 0, 0];
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(width, Math.ceil(rect.x + rect.w));
  const y1 = Math.min(height, Math.ceil(rect.y + rect.h));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const c = colour(out, x, y);
      const o = (y * width + x) * 3;
      rgb[o] = c[0];
      rgb[o + 1] = c[1];
      rgb[o + 2] = c[2];
    }
  }
}

const set = (out: Rgb, r: number, g: number, b: number): Rgb => {
  out[0] = r;
  out[1] = g;
  out[2] = b;
  return out;
};

const rectSvg = (r: Rect, attributes: string) =>
  `<rect x="${r.x.toFixed(1)}" y="${r.y.toFixed(1)}" width="${r.w.toFixed(1)}" height="${r.h.toFixed(1)}" ${attributes}/>`;

const ROOFS = ['#8d5a4a', '#a0674f', '#6d6f75', '#7f858c', '#5d6b73', '#9b8a74', '#b07a55', '#6a7f6e'];

/** The city: asphalt streets, sidewalks, buildings split into lots, parks with trees and plazas. */
function paintCity(plan: CityPlan): Painting {
  const { width, height, u, random } = plan;
  const detail = detailTextures(plan.noise.fbm).at;
  const rgb = Buffer.alloc(width * height * 3);
  // Asphalt everywhere; blocks are painted over it.
  fillRect(rgb, width, height, { x: 0, y: 0, w: width, h: height }, (c, x, y) => {
    const d = detail(x, y) * 22;
    return set(c, 72 + d, 74 + d, 79 + d);
  });
  const sidewalk = 9 * u;
  const paving = 26 * u;
  for (const block of plan.blocks) {
    fillRect(rgb, width, height, block, (c, x, y) => {
      const d = detail(x, y) * 14;
      return set(c, 176 + d, 171 + d, 162 + d);
    });
    const inner = {
      x: block.x + sidewalk,
      y: block.y + sidewalk,
      w: block.w - 2 * sidewalk,
      h: block.h - 2 * sidewalk,
    };
    if (block.kind === 'park') {
      fillRect(rgb, width, height, inner, (c, x, y) => {
        const d = detail(x, y) * 36;
        return set(c, 96 + d * 0.6, 142 + d, 78 + d * 0.4);
      });
    } else if (block.kind === 'plaza') {
      fillRect(rgb, width, height, inner, (c, x, y) => {
        const tile = (Math.floor(x / paving) + Math.floor(y / paving)) % 2 === 0 ? 10 : 0;
        const d = detail(x, y) * 10 + tile;
        return set(c, 196 + d, 186 + d, 164 + d);
      });
    } else {
      fillRect(rgb, width, height, inner, (c, x, y) => {
        const d = detail(x, y) * 18;
        return set(c, 128 + d, 124 + d, 116 + d);
      });
    }
  }

  const parts: string[] = [];
  const buildings: string[] = [];
  const trees: string[] = [];
  const marks: string[] = [];
  const lot = (r: Rect, depth: number) => {
    const long = Math.max(r.w, r.h);
    if (depth >= 4 || long < 110 * u || (depth >= 2 && random() < 0.3)) {
      if (random() < 0.1) return; // a yard
      const gap = 6 * u;
      const b = { x: r.x + gap, y: r.y + gap, w: r.w - 2 * gap, h: r.h - 2 * gap };
      if (b.w < 12 * u || b.h < 12 * u) return;
      const roof = ROOFS[Math.floor(random() * ROOFS.length)];
      buildings.push(rectSvg(b, `fill="${roof}" stroke="#2f2b29" stroke-width="${(2 * u).toFixed(1)}"`));
      // The roof ridge along the building's long side.
      const ridge =
        b.w > b.h
          ? `M${(b.x + b.h / 2).toFixed(1)},${(b.y + b.h / 2).toFixed(1)} H${(b.x + b.w - b.h / 2).toFixed(1)}`
          : `M${(b.x + b.w / 2).toFixed(1)},${(b.y + b.w / 2).toFixed(1)} V${(b.y + b.h - b.w / 2).toFixed(1)}`;
      buildings.push(
        `<path d="${ridge}" stroke="#1f1c1b" stroke-opacity="0.35" stroke-width="${(2 * u).toFixed(1)}"/>`,
      );
      return;
    }
    const t = 0.35 + random() * 0.3;
    if (r.w >= r.h) {
      lot({ x: r.x, y: r.y, w: r.w * t, h: r.h }, depth + 1);
      lot({ x: r.x + r.w * t, y: r.y, w: r.w * (1 - t), h: r.h }, depth + 1);
    } else {
      lot({ x: r.x, y: r.y, w: r.w, h: r.h * t }, depth + 1);
      lot({ x: r.x, y: r.y + r.h * t, w: r.w, h: r.h * (1 - t) }, depth + 1);
    }
  };
  for (const block of plan.blocks) {
    const inner = {
      x: block.x + sidewalk,
      y: block.y + sidewalk,
      w: block.w - 2 * sidewalk,
      h: block.h - 2 * sidewalk,
    };
    if (inner.w <= 0 || inner.h <= 0) continue;
    if (block.kind === 'buildings') lot(inner, 0);
    else if (block.kind === 'park') {
      marks.push(
        `<path d="M${inner.x.toFixed(1)},${inner.y.toFixed(1)} L${(inner.x + inner.w).toFixed(1)},${(inner.y + inner.h).toFixed(1)}" stroke="#d9cfae" stroke-width="${(8 * u).toFixed(1)}"/>`,
      );
      const count = Math.round((inner.w * inner.h) / (70 * u) ** 2);
      for (let k = 0; k < count; k++) {
        const tr = (10 + random() * 12) * u;
        const tx = inner.x + tr + random() * Math.max(0, inner.w - 2 * tr);
        const ty = inner.y + tr + random() * Math.max(0, inner.h - 2 * tr);
        trees.push(
          `<circle cx="${tx.toFixed(1)}" cy="${ty.toFixed(1)}" r="${tr.toFixed(1)}" fill="${random() < 0.5 ? '#3f6d39' : '#4c7d40'}" stroke="#2a4a26" stroke-width="${(1.5 * u).toFixed(1)}"/>`,
        );
      }
    } else {
      const cx = inner.x + inner.w / 2;
      const cy = inner.y + inner.h / 2;
      const fr = Math.min(inner.w, inner.h) * 0.16;
      marks.push(
        `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${fr.toFixed(1)}" fill="#7fb3c9" stroke="#8b8276" stroke-width="${(6 * u).toFixed(1)}"/>`,
      );
    }
  }
  // Centre lines on the avenues.
  const dash = `stroke-dasharray="${(26 * u).toFixed(1)} ${(22 * u).toFixed(1)}"`;
  for (const c of plan.columns.filter((s) => s.width > 40 * u))
    marks.push(
      `<path d="M${c.at.toFixed(1)},0 V${height}" stroke="#d8c46a" stroke-width="${(3 * u).toFixed(1)}" ${dash}/>`,
    );
  for (const r of plan.rows.filter((s) => s.width > 40 * u))
    marks.push(
      `<path d="M0,${r.at.toFixed(1)} H${width}" stroke="#d8c46a" stroke-width="${(3 * u).toFixed(1)}" ${dash}/>`,
    );
  parts.push(
    `<g fill="none">${marks.join('')}</g>`,
    `<g>${buildings.join('')}</g>`,
    `<g>${trees.join('')}</g>`,
  );

  // District names over a few blocks, spread apart.
  const places: Place[] = [];
  const wanted = Math.round(4 + (width * height) / (1024 * 1024) / 4);
  const spaced = Math.min(width, height) / 5;
  for (let attempt = 0; attempt < 400 && places.length < wanted; attempt++) {
    const block = plan.blocks[Math.floor(random() * plan.blocks.length)];
    const x = block.x + block.w / 2;
    const y = block.y + block.h / 2;
    if (!plan.isGround(x, y) || places.some((p) => Math.hypot(p.x - x, p.y - y) < spaced)) continue;
    let name = `${placeName(random)} ${random() < 0.5 ? 'Quarter' : 'District'}`;
    while (places.some((p) => p.name === name)) name = `${placeName(random)} Quarter`;
    places.push({ name, x, y });
  }
  for (const p of places) parts.push(label(p.x, p.y, p.name, 40 * u, '#1f2430', '#f2f0ea'));
  return { rgb, parts, places };
}

const CAVE_ROCK: Rgb = [40, 37, 40];
const ROCK_RIM: Rgb = [70, 62, 60];
const FLOOR_EDGE: Rgb = [92, 80, 68];
const FLOOR: Rgb = [128, 113, 94];
const FLOOR_OPEN: Rgb = [150, 136, 112];
const CAVE_WORDS = ['Hollow', 'Grotto', 'Chasm', 'Hall', 'Gallery', 'Deeps', 'Vault'];

/** The cavern: dark rock, lit floors of tunnels and chambers, crystal clusters and boulders. */
function paintCavern(plan: CavernPlan): Painting {
  const { width, height, gw, gh, u, random } = plan;
  const open = new Float32Array(gw * gh);
  for (let y = 0; y < gh; y++) for (let x = 0; x < gw; x++) open[y * gw + x] = plan.cell(x, y);
  const detail = detailTextures(plan.noise.fbm).at;
  const rgb = Buffer.alloc(width * height * 3);
  const c: Rgb = [0, 0, 0];
  const inv = 1 / GRID_SCALE;
  for (let y = 0; y < height; y++) {
    const gy = y * inv;
    const y0 = Math.floor(gy);
    const ty = gy - y0;
    const rowA = y0 * gw;
    const rowB = Math.min(gh - 1, y0 + 1) * gw;
    for (let x = 0; x < width; x++) {
      const gx = x * inv;
      const x0 = Math.floor(gx);
      const tx = gx - x0;
      const x1 = Math.min(gw - 1, x0 + 1);
      const d = detail(x, y);
      const v =
        open[rowA + x0] * (1 - tx) * (1 - ty) +
        open[rowA + x1] * tx * (1 - ty) +
        open[rowB + x0] * (1 - tx) * ty +
        open[rowB + x1] * tx * ty +
        d * 0.12;
      if (v < 0) {
        // Rock, a little lighter just behind the cave wall.
        lerpInto(c, ROCK_RIM, CAVE_ROCK, Math.min(1, -v / 0.35));
        const s = d * 26;
        c[0] += s;
        c[1] += s;
        c[2] += s;
      } else {
        if (v < 0.3) lerpInto(c, FLOOR_EDGE, FLOOR, v / 0.3);
        else lerpInto(c, FLOOR, FLOOR_OPEN, Math.min(1, (v - 0.3) / 1.2));
        const s = d * 30;
        c[0] += s;
        c[1] += s * 0.9;
        c[2] += s * 0.8;
      }
      const o = (y * width + x) * 3;
      rgb[o] = c[0];
      rgb[o + 1] = c[1];
      rgb[o + 2] = c[2];
    }
  }

  // Crystals and boulders on the floor, chamber names in the widest places.
  const openAt = (x: number, y: number) =>
    open[Math.min(gh - 1, Math.round(y * inv)) * gw + Math.min(gw - 1, Math.round(x * inv))];
  const crystals: string[] = [];
  const boulders: string[] = [];
  const hues = ['#6fe3e8', '#9d8cf2', '#7fd0ff', '#c79cf5'];
  const clusters = Math.round((30 * (width * height)) / 4096 ** 2);
  for (let k = 0, attempt = 0; k < clusters && attempt < clusters * 40; attempt++) {
    const x = random() * width;
    const y = random() * height;
    if (openAt(x, y) < 0.8) continue;
    k++;
    const hue = hues[Math.floor(random() * hues.length)];
    crystals.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(46 * u).toFixed(1)}" fill="${hue}" opacity="0.18"/>`,
    );
    for (let s = 0; s < 4 + Math.floor(random() * 5); s++) {
      const a = random() * Math.PI * 2;
      const len = (14 + random() * 26) * u;
      const wide = len * 0.28;
      const px = x + Math.cos(a) * random() * 22 * u;
      const py = y + Math.sin(a) * random() * 22 * u;
      const tip = [px + Math.cos(a) * len, py + Math.sin(a) * len];
      const l = [px + Math.cos(a + 1.57) * wide, py + Math.sin(a + 1.57) * wide];
      const r = [px + Math.cos(a - 1.57) * wide, py + Math.sin(a - 1.57) * wide];
      crystals.push(
        `<path d="M${l.map((n) => n.toFixed(1)).join(',')} L${tip.map((n) => n.toFixed(1)).join(',')} L${r.map((n) => n.toFixed(1)).join(',')} Z" fill="${hue}" stroke="#e9fbff" stroke-width="${(1.2 * u).toFixed(1)}"/>`,
      );
    }
  }
  const stones = Math.round((400 * (width * height)) / 4096 ** 2);
  for (let k = 0; k < stones; k++) {
    const x = random() * width;
    const y = random() * height;
    if (openAt(x, y) < 0.15) continue;
    const r = (4 + random() * 10) * u;
    boulders.push(
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${r.toFixed(1)}" ry="${(r * 0.75).toFixed(1)}" fill="#5d5249" stroke="#2c2623" stroke-width="${(1.5 * u).toFixed(1)}"/>`,
    );
  }
  const parts = [`<g>${boulders.join('')}</g>`, `<g>${crystals.join('')}</g>`];
  const places: Place[] = [];
  const wanted = Math.round(4 + (width * height) / (1024 * 1024) / 4);
  const spaced = Math.min(width, height) / 5;
  for (let attempt = 0; attempt < 3000 && places.length < wanted; attempt++) {
    const x = width * (0.1 + random() * 0.8);
    const y = height * (0.1 + random() * 0.8);
    if (openAt(x, y) < 1.2 || !plan.isGround(x, y)) continue;
    if (places.some((p) => Math.hypot(p.x - x, p.y - y) < spaced)) continue;
    let name = `${placeName(random)} ${CAVE_WORDS[Math.floor(random() * CAVE_WORDS.length)]}`;
    while (places.some((p) => p.name === name)) name = `${placeName(random)} Hollow`;
    places.push({ name, x, y });
  }
  for (const p of places) parts.push(label(p.x, p.y, p.name, 38 * u, '#f0e6d0', '#1d1a1c'));
  return { rgb, parts, places };
}

/** The bunker: a dark concrete slab, walls, corridors with hazard lines and rooms with their names. */
function paintBunker(plan: BunkerPlan): Painting {
  const { width, height, u, random, wall } = plan;
  const detail = detailTextures(plan.noise.fbm).at;
  const rgb = Buffer.alloc(width * height * 3);
  const hatch = Math.max(4, Math.round(28 * u));
  const line = Math.max(1, Math.round(3 * u));
  fillRect(rgb, width, height, { x: 0, y: 0, w: width, h: height }, (c, x, y) => {
    const d = detail(x, y) * 16 - ((x + y) % hatch < line ? 9 : 0);
    return set(c, 50 + d, 55 + d, 61 + d);
  });
  const floors = [...plan.corridors, ...plan.rooms];
  for (const r of floors) {
    fillRect(
      rgb,
      width,
      height,
      { x: r.x - wall, y: r.y - wall, w: r.w + 2 * wall, h: r.h + 2 * wall },
      (c) => set(c, 24, 26, 29),
    );
  }
  const slab = Math.max(8, Math.round(96 * u));
  const seam = Math.max(1, Math.round(2 * u));
  for (const r of plan.corridors) {
    fillRect(rgb, width, height, r, (c, x, y) => {
      const d = detail(x, y) * 16;
      return set(c, 142 + d, 142 + d, 136 + d);
    });
  }
  const tile = Math.max(4, Math.round(32 * u));
  for (const r of plan.rooms) {
    const tiled = /Lab|Infirmary|Decon|Server/.test(r.name);
    fillRect(rgb, width, height, r, (c, x, y) => {
      const d = detail(x, y) * (tiled ? 8 : 20);
      const step = tiled ? tile : slab;
      const joint = (x - Math.floor(r.x)) % step < seam || (y - Math.floor(r.y)) % step < seam ? -14 : 0;
      return tiled
        ? set(c, 190 + d + joint, 198 + d + joint, 200 + d + joint)
        : set(c, 164 + d + joint, 161 + d + joint, 152 + d + joint);
    });
  }

  const parts: string[] = [];
  const marks: string[] = [];
  const dash = `stroke-dasharray="${(30 * u).toFixed(1)} ${(18 * u).toFixed(1)}"`;
  // Hazard lines along the corridors, stopping where they enter a room.
  for (const r of plan.corridors) {
    const across = r.w >= r.h;
    const at = across ? r.y + r.h / 2 : r.x + r.w / 2;
    let pieces: [number, number][] = [across ? [r.x, r.x + r.w] : [r.y, r.y + r.h]];
    for (const room of plan.rooms) {
      const [lo, hi] = across ? [room.x, room.x + room.w] : [room.y, room.y + room.h];
      const crosses = across ? at > room.y && at < room.y + room.h : at > room.x && at < room.x + room.w;
      if (!crosses) continue;
      pieces = pieces.flatMap(([a, b]): [number, number][] =>
        hi <= a || lo >= b
          ? [[a, b]]
          : (
              [
                [a, lo],
                [hi, b],
              ] as [number, number][]
            ).filter(([p, q]) => q - p > 1),
      );
    }
    for (const [a, b] of pieces) {
      const d = across
        ? `M${a.toFixed(1)},${at.toFixed(1)} H${b.toFixed(1)}`
        : `M${at.toFixed(1)},${a.toFixed(1)} V${b.toFixed(1)}`;
      marks.push(`<path d="${d}" stroke="#d2a92b" stroke-width="${(4 * u).toFixed(1)}" ${dash}/>`);
    }
  }
  const crates: string[] = [];
  for (const r of plan.rooms) {
    if (!r.name) continue;
    const count = Math.floor(random() * 6);
    for (let k = 0; k < count; k++) {
      const s = (18 + random() * 16) * u;
      const alongTop = random() < 0.5;
      const x = alongTop ? r.x + 10 * u + random() * Math.max(0, r.w - s - 20 * u) : r.x + 10 * u;
      const y = alongTop ? r.y + 10 * u : r.y + 10 * u + random() * Math.max(0, r.h - s - 20 * u);
      crates.push(
        rectSvg({ x, y, w: s, h: s }, `fill="#7c6a45" stroke="#3a3022" stroke-width="${(2 * u).toFixed(1)}"`),
      );
    }
  }
  parts.push(`<g fill="none">${marks.join('')}</g>`, `<g>${crates.join('')}</g>`);
  const places: Place[] = [];
  for (const r of plan.rooms) {
    if (!r.name || r.w < 160 * u) continue;
    const x = r.x + r.w / 2;
    const y = r.y + r.h / 2;
    places.push({ name: r.name, x, y });
    parts.push(
      `<text x="${x.toFixed(1)}" y="${(y + 12 * u).toFixed(1)}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${(34 * u).toFixed(1)}" font-weight="bold" letter-spacing="${(3 * u).toFixed(1)}" text-anchor="middle" fill="#30353b" opacity="0.8">${escapeXml(r.name.toUpperCase())}</text>`,
    );
  }
  return { rgb, parts, places };
}
