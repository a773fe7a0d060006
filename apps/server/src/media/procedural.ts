import { hashSeed, mulberry32 } from '@waypoint/shared/random';
import { getSharp } from './sharp.ts';

/**
 * Draws an original demo map (terrain, water, forests, roads, towns with buildings and labels)
 * from seeded noise and SVG. The same seed always gives the same picture. No external art.
 */
export interface ProceduralMapOptions {
  width: number;
  height: number;
  seed: string;
  /** Title drawn in the map's cartouche. */
  title?: string;
}

export interface ProceduralMap {
  png: Buffer;
  width: number;
  height: number;
  towns: { name: string; x: number; y: number }[];
}

/** 2-D gradient noise with a seeded permutation; fbm() sums octaves. */
function makeNoise(random: () => number) {
  const perm = new Uint8Array(512);
  const p = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  for (let i = 0; i < 512; i++) perm[i] = p[i & 255];
  const gx = new Float32Array(256);
  const gy = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const a = (i / 256) * Math.PI * 2;
    gx[i] = Math.cos(a);
    gy[i] = Math.sin(a);
  }
  function dot(h: number, dx: number, dy: number): number {
    return gx[h] * dx + gy[h] * dy;
  }
  const fade = (t: number) => t * t * t * (t * (t * 6 - 15) + 10);
  const noise = (x: number, y: number): number => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const xf = x - xi;
    const yf = y - yi;
    const X = xi & 255;
    const Y = yi & 255;
    const aa = perm[perm[X] + Y];
    const ab = perm[perm[X] + Y + 1];
    const ba = perm[perm[X + 1] + Y];
    const bb = perm[perm[X + 1] + Y + 1];
    const u = fade(xf);
    const v = fade(yf);
    const x1 = dot(aa, xf, yf) + u * (dot(ba, xf - 1, yf) - dot(aa, xf, yf));
    const x2 = dot(ab, xf, yf - 1) + u * (dot(bb, xf - 1, yf - 1) - dot(ab, xf, yf - 1));
    return (x1 + v * (x2 - x1)) * 1.4;
  };
  const fbm = (x: number, y: number, octaves: number): number => {
    let sum = 0;
    let amp = 0.5;
    let freq = 1;
    for (let o = 0; o < octaves; o++) {
      sum += amp * noise(x * freq, y * freq);
      freq *= 2.03;
      amp *= 0.5;
    }
    return sum;
  };
  return { noise, fbm };
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

export async function generateProceduralMap(options: ProceduralMapOptions): Promise<ProceduralMap> {
  const { width, height, seed } = options;
  const random = mulberry32(hashSeed(seed));
  const { fbm, noise } = makeNoise(random);

  // Elevation and moisture on a coarse grid (a quarter of the size); colours are then computed per
  // pixel from interpolated values plus fine detail, so coastlines stay crisp at full zoom.
  const scale = 4;
  const gw = Math.ceil(width / scale) + 1;
  const gh = Math.ceil(height / scale) + 1;
  const elevation = new Float32Array(gw * gh);
  const moisture = new Float32Array(gw * gh);
  const feature = 3 / Math.max(gw, gh);
  const offX = random() * 1000;
  const offY = random() * 1000;
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const nx = x * feature + offX;
      const ny = y * feature + offY;
      // Light domain warping gives natural coastlines; a soft edge falloff keeps sea around the land.
      const wx = fbm(nx + 5.2, ny + 1.3, 2) * 0.35;
      const wy = fbm(nx - 3.1, ny + 7.7, 2) * 0.35;
      let e = fbm(nx + wx, ny + wy, 6);
      const ridge = 1 - Math.abs(noise(nx * 1.9 + 40, ny * 1.9 - 40));
      e += Math.max(0, e - 0.05) * ridge ** 3 * 1.6;
      const dx = (x / gw) * 2 - 1;
      const dy = (y / gh) * 2 - 1;
      const edge = Math.max(Math.abs(dx), Math.abs(dy));
      e = e + 0.14 - Math.max(0, edge - 0.6) ** 2 * 3;
      elevation[y * gw + x] = e;
      moisture[y * gw + x] = fbm(nx * 0.8 + 90, ny * 0.8 - 20, 3);
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
  // Fine detail: two small noise textures with different periods, so no repetition shows.
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

  const u = Math.min(width, height) / 4096; // drawing unit
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

  // Labels: towns, then a title cartouche, a compass rose and a frame.
  const font = `font-family="DejaVu Serif, Georgia, serif"`;
  const label = (x: number, y: number, text: string, size: number, fill = '#2a2118') =>
    `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${font} font-size="${size.toFixed(1)}" font-weight="bold" text-anchor="middle" ` +
    `fill="${fill}" stroke="#f6efd9" stroke-width="${(size / 6).toFixed(1)}" paint-order="stroke" stroke-linejoin="round">${escapeXml(text)}</text>`;
  for (const town of towns)
    parts.push(label(town.x, town.y - 130 * u * town.size, town.name, 34 * u * (0.8 + town.size * 0.25)));

  const title = options.title ?? placeName(random);
  const cw = 900 * u;
  const ch = 150 * u;
  parts.push(
    `<g transform="translate(${(80 * u).toFixed(1)},${(80 * u).toFixed(1)})">`,
    `<rect width="${cw}" height="${ch}" rx="${14 * u}" fill="#efe4c4" stroke="#5b4630" stroke-width="${5 * u}" opacity="0.93"/>`,
    `<text x="${cw / 2}" y="${ch * 0.62}" ${font} font-size="${64 * u}" font-weight="bold" text-anchor="middle" fill="#3b2a18">${escapeXml(title)}</text>`,
    `</g>`,
  );
  const cx = width - 260 * u;
  const cy = height - 260 * u;
  const r = 150 * u;
  parts.push(
    `<g transform="translate(${cx.toFixed(1)},${cy.toFixed(1)})" stroke="#3b2a18" stroke-width="${2 * u}">`,
    `<circle r="${r}" fill="#efe4c4" opacity="0.85"/>`,
    `<circle r="${r * 0.8}" fill="none"/>`,
    `<path d="M0,${-r} L${r * 0.16},0 L0,${r} L${-r * 0.16},0 Z" fill="#7a2e1e"/>`,
    `<path d="M${-r},0 L0,${r * 0.16} L${r},0 L0,${-r * 0.16} Z" fill="#3b2a18"/>`,
    `<text y="${-r - 14 * u}" ${font} font-size="${44 * u}" font-weight="bold" text-anchor="middle" fill="#3b2a18" stroke="none">N</text>`,
    `</g>`,
  );
  const fw = 14 * u;
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
    towns: towns.map(({ name, x, y }) => ({ name, x: Math.round(x), y: Math.round(y) })),
  };
}
