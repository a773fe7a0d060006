import { hashSeed, mulberry32 } from '@waypoint/shared/random';

/**
 * The layout of a procedural demo map, without drawing it: which look the map has, where its
 * ground is (land, streets, cave floor, rooms) and which parts of the picture the title cartouche,
 * compass and frame cover. The drawing (procedural.ts) paints from the same layout, and the demo
 * seed places its markers with it, so every marker lands on ground the picture shows.
 */

/** How a demo map looks: open country, a city, a cave system, or the inside of a building. */
export type MapLook = 'island' | 'city' | 'cavern' | 'bunker';

export const MAP_LOOKS: readonly MapLook[] = ['island', 'city', 'cavern', 'bunker'];

const LOOK_WORDS: [MapLook, RegExp][] = [
  ['cavern', /\b(cave|caves|cavern|caverns|mine|mines|grotto|underdeep|catacombs?|crypts?|tunnels?)\b/i],
  [
    'bunker',
    /\b(bunker|labs?|laborator(y|ies)|vault|hospital|metro|depot|facility|complex|shelter|station)\b/i,
  ],
  ['city', /\b(city|town|village|downtown|district|center|centre|borough|suburbs?)\b|town$|ville$/i],
];

/** The look of a map from its name, else from its region's name; open country when neither says. */
export function lookOfMap(name: string, region = ''): MapLook {
  for (const text of [name, region]) {
    for (const [look, words] of LOOK_WORDS) if (words.test(text.trim())) return look;
  }
  return 'island';
}

export function isMapLook(value: unknown): value is MapLook {
  return MAP_LOOKS.includes(value as MapLook);
}

/** 2-D gradient noise with a seeded permutation; fbm() sums octaves. */
export function makeNoise(random: () => number) {
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

export type Noise = ReturnType<typeof makeNoise>;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Pixels of the coarse grid on which terrain values are computed (colours are interpolated). */
export const GRID_SCALE = 4;

/** Island land at least this high is ground for markers (the drawn coast lies a little lower). */
export const LAND_FOR_MARKERS = 0.05;
/** Cave floor at least this open is ground for markers (the drawn floor starts at 0). */
export const FLOOR_FOR_MARKERS = 0.3;

interface PlanBase {
  width: number;
  height: number;
  /** Drawing unit: 1 on a 4096-px map. */
  u: number;
  /** The seeded stream; the drawing continues it for details that do not affect the ground. */
  random: () => number;
  noise: Noise;
  /** Title cartouche (top left), compass (bottom right) and frame width. */
  cartouche: Rect;
  compass: { x: number; y: number; r: number };
  frame: number;
  /** Whether a pixel is open ground of the look (land, street, floor), ignoring cartouche and frame. */
  isOpen(x: number, y: number): boolean;
  /** Whether a marker at this pixel sits on visible ground: open, inside the frame, clear of cartouche and compass. */
  isGround(x: number, y: number): boolean;
}

/** Terrain value on the coarse grid (island: elevation; cavern: openness of the rock). */
export interface GridPlan extends PlanBase {
  gw: number;
  gh: number;
  cell(gx: number, gy: number): number;
}

export interface IslandPlan extends GridPlan {
  look: 'island';
  /** Moisture on the coarse grid (forests, lush or dry grass). */
  moisture(gx: number, gy: number): number;
}

export interface CavernPlan extends GridPlan {
  look: 'cavern';
}

export interface CityPlan extends PlanBase {
  look: 'city';
  /** Streets running north-south and east-west: centre line and width. */
  columns: { at: number; width: number }[];
  rows: { at: number; width: number }[];
  /** The blocks between the streets. */
  blocks: (Rect & { kind: 'buildings' | 'park' | 'plaza' })[];
}

export interface BunkerPlan extends PlanBase {
  look: 'bunker';
  rooms: (Rect & { name: string })[];
  corridors: Rect[];
  /** Wall thickness around rooms and corridors. */
  wall: number;
}

export type MapPlan = IslandPlan | CityPlan | CavernPlan | BunkerPlan;

export interface MapPlanOptions {
  width: number;
  height: number;
  seed: string;
  look?: MapLook;
}

/** The layout of the map; cheap to make (terrain values are computed on demand). */
export function planMap(options: MapPlanOptions): MapPlan {
  const { width, height, seed } = options;
  const random = mulberry32(hashSeed(seed));
  const noise = makeNoise(random);
  const u = Math.min(width, height) / 4096;
  const frame = 14 * u;
  const cartouche = { x: 80 * u, y: 80 * u, w: 900 * u, h: 150 * u };
  const compass = { x: width - 260 * u, y: height - 260 * u, r: 150 * u };
  // Markers stay clear of the frame, the cartouche and the compass (with its N) by a little more.
  const edge = 4 * frame;
  const pad = 24 * u;
  const inMargin = (x: number, y: number) =>
    x < edge ||
    y < edge ||
    x > width - edge ||
    y > height - edge ||
    (x > cartouche.x - pad &&
      x < cartouche.x + cartouche.w + pad &&
      y > cartouche.y - pad &&
      y < cartouche.y + cartouche.h + pad) ||
    Math.hypot(x - compass.x, y - compass.y) < compass.r + 70 * u;
  const base = { width, height, u, random, noise, cartouche, compass, frame };
  const look = options.look ?? 'island';
  const withGround = <P extends Omit<PlanBase, 'isGround'>>(plan: P) =>
    Object.assign(plan, { isGround: (x: number, y: number) => !inMargin(x, y) && plan.isOpen(x, y) });
  if (look === 'island') return withGround(islandPlan(base));
  if (look === 'cavern') return withGround(cavernPlan(base));
  if (look === 'city') return withGround(cityPlan(base));
  return withGround(bunkerPlan(base));
}

type Base = Omit<PlanBase, 'isOpen' | 'isGround'>;

/** Bilinear value of a coarse-grid function at a pixel, with computed cells kept for reuse. */
function sampler(gw: number, gh: number, cell: (gx: number, gy: number) => number) {
  const cache = new Map<number, number>();
  const at = (gx: number, gy: number) => {
    const x = Math.min(gw - 1, Math.max(0, gx));
    const y = Math.min(gh - 1, Math.max(0, gy));
    const key = y * gw + x;
    let v = cache.get(key);
    if (v === undefined) {
      v = cell(x, y);
      cache.set(key, v);
    }
    return v;
  };
  return (px: number, py: number) => {
    const gx = px / GRID_SCALE;
    const gy = py / GRID_SCALE;
    const x0 = Math.floor(gx);
    const y0 = Math.floor(gy);
    const tx = gx - x0;
    const ty = gy - y0;
    return (
      at(x0, y0) * (1 - tx) * (1 - ty) +
      at(x0 + 1, y0) * tx * (1 - ty) +
      at(x0, y0 + 1) * (1 - tx) * ty +
      at(x0 + 1, y0 + 1) * tx * ty
    );
  };
}

function gridSize(width: number, height: number) {
  return { gw: Math.ceil(width / GRID_SCALE) + 1, gh: Math.ceil(height / GRID_SCALE) + 1 };
}

/** An island in the sea: seeded noise elevation with a soft edge falloff, and moisture. */
function islandPlan(base: Base): Omit<IslandPlan, 'isGround'> {
  const { gw, gh } = gridSize(base.width, base.height);
  const { fbm, noise } = base.noise;
  const feature = 3 / Math.max(gw, gh);
  const offX = base.random() * 1000;
  const offY = base.random() * 1000;
  const cell = (x: number, y: number) => {
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
    return e + 0.14 - Math.max(0, edge - 0.6) ** 2 * 3;
  };
  const moisture = (x: number, y: number) =>
    fbm((x * feature + offX) * 0.8 + 90, (y * feature + offY) * 0.8 - 20, 3);
  const elevation = sampler(gw, gh, cell);
  return {
    ...base,
    look: 'island',
    gw,
    gh,
    cell,
    moisture,
    isOpen: (x, y) => elevation(x, y) >= LAND_FOR_MARKERS,
  };
}

/**
 * Caves in solid rock: winding tunnels where two noise fields cross zero, and chambers where a
 * third is high; the rock closes in towards the edges of the picture.
 */
function cavernPlan(base: Base): Omit<CavernPlan, 'isGround'> {
  const { gw, gh } = gridSize(base.width, base.height);
  const { fbm } = base.noise;
  const feature = 3 / Math.max(gw, gh);
  const offX = base.random() * 1000;
  const offY = base.random() * 1000;
  const cell = (x: number, y: number) => {
    const nx = x * feature + offX;
    const ny = y * feature + offY;
    const wx = fbm(nx * 1.5 + 11, ny * 1.5 - 4, 2) * 0.3;
    const wy = fbm(nx * 1.5 - 7, ny * 1.5 + 13, 2) * 0.3;
    const a = fbm((nx + wx) * 1.6 + 30, (ny + wy) * 1.6, 3);
    const b = fbm((nx - wy) * 2.1 - 60, (ny + wx) * 2.1 + 25, 3);
    const tunnel = Math.max(1 - Math.abs(a) / 0.045, 1 - Math.abs(b) / 0.035);
    const chamber = (fbm(nx * 1.2 + 140, ny * 1.2 - 90, 4) - 0.16) / 0.07;
    const dx = (x / gw) * 2 - 1;
    const dy = (y / gh) * 2 - 1;
    const edge = Math.max(Math.abs(dx), Math.abs(dy));
    return Math.max(tunnel, chamber) - Math.max(0, edge - 0.82) * 12;
  };
  const openness = sampler(gw, gh, cell);
  return {
    ...base,
    look: 'cavern',
    gw,
    gh,
    cell,
    isOpen: (x, y) => openness(x, y) >= FLOOR_FOR_MARKERS,
  };
}

/** Street positions across `length`: blocks of varied size, every few streets a wide avenue. */
function streets(random: () => number, length: number, u: number) {
  const lines: { at: number; width: number }[] = [];
  const margin = 70 * u;
  let at = margin + random() * 120 * u;
  let k = Math.floor(random() * 3);
  while (at < length - margin) {
    const avenue = k % 4 === 0;
    lines.push({ at, width: (avenue ? 54 : 30) * u });
    at += (300 + random() * 260) * u;
    k++;
  }
  return lines;
}

/** A city: an irregular grid of streets and avenues around blocks of buildings, parks and plazas. */
function cityPlan(base: Base): Omit<CityPlan, 'isGround'> {
  const { width, height, u, random } = base;
  const columns = streets(random, width, u);
  const rows = streets(random, height, u);
  const blocks: CityPlan['blocks'] = [];
  const edgesX = [{ at: 0, width: 0 }, ...columns, { at: width, width: 0 }];
  const edgesY = [{ at: 0, width: 0 }, ...rows, { at: height, width: 0 }];
  for (let j = 0; j + 1 < edgesY.length; j++) {
    for (let i = 0; i + 1 < edgesX.length; i++) {
      const x = edgesX[i].at + edgesX[i].width / 2;
      const y = edgesY[j].at + edgesY[j].width / 2;
      const w = edgesX[i + 1].at - edgesX[i + 1].width / 2 - x;
      const h = edgesY[j + 1].at - edgesY[j + 1].width / 2 - y;
      if (w <= 0 || h <= 0) continue;
      const r = random();
      blocks.push({ x, y, w, h, kind: r < 0.1 ? 'park' : r < 0.15 ? 'plaza' : 'buildings' });
    }
  }
  // The whole city is walkable: streets, yards, parks and buildings alike.
  return { ...base, look: 'city', columns, rows, blocks, isOpen: () => true };
}

const ROOM_NAMES = [
  'Storage',
  'Generator',
  'Barracks',
  'Armory',
  'Control',
  'Lab',
  'Infirmary',
  'Mess Hall',
  'Workshop',
  'Archive',
  'Pump Room',
  'Comms',
  'Cells',
  'Vault',
  'Decon',
  'Server Room',
];

/**
 * Rooms on a grid of cells, one per cell, joined by corridors along a random spanning tree (a few
 * extra links make loops), inside a slab of concrete.
 */
function bunkerPlan(base: Base): Omit<BunkerPlan, 'isGround'> {
  const { width, height, u, random } = base;
  const inset = 150 * u;
  const cols = Math.max(2, Math.round((width - 2 * inset) / (640 * u)));
  const rowsN = Math.max(2, Math.round((height - 2 * inset) / (640 * u)));
  const cw = (width - 2 * inset) / cols;
  const ch = (height - 2 * inset) / rowsN;
  const rooms: BunkerPlan['rooms'] = [];
  for (let j = 0; j < rowsN; j++) {
    for (let i = 0; i < cols; i++) {
      // Now and then a cell holds only a small landing where corridors meet.
      const landing = random() < 0.15;
      const w = cw * (landing ? 0.22 : 0.45 + random() * 0.4);
      const h = ch * (landing ? 0.22 : 0.45 + random() * 0.4);
      const x = inset + i * cw + (cw - w) * (0.15 + random() * 0.7);
      const y = inset + j * ch + (ch - h) * (0.15 + random() * 0.7);
      rooms.push({ x, y, w, h, name: landing ? '' : ROOM_NAMES[Math.floor(random() * ROOM_NAMES.length)] });
    }
  }
  // Spanning tree by a random depth-first walk over the grid, plus a few loops.
  const links: [number, number][] = [];
  const seen = new Set<number>([0]);
  const stack = [0];
  while (stack.length) {
    const at = stack[stack.length - 1];
    const i = at % cols;
    const j = Math.floor(at / cols);
    const next = [
      i > 0 ? at - 1 : -1,
      i < cols - 1 ? at + 1 : -1,
      j > 0 ? at - cols : -1,
      j < rowsN - 1 ? at + cols : -1,
    ].filter((n) => n >= 0 && !seen.has(n));
    if (next.length === 0) {
      stack.pop();
      continue;
    }
    const n = next[Math.floor(random() * next.length)];
    links.push([at, n]);
    seen.add(n);
    stack.push(n);
  }
  for (let k = 0; k < Math.round(rooms.length * 0.15); k++) {
    const a = Math.floor(random() * rooms.length);
    const b = random() < 0.5 && (a % cols) + 1 < cols ? a + 1 : a + cols;
    if (b < rooms.length) links.push([a, b]);
  }
  const corridor = 70 * u;
  const corridors: Rect[] = [];
  const mid = (r: Rect) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
  for (const [a, b] of links) {
    const A = mid(rooms[a]);
    const B = mid(rooms[b]);
    // An L: along the first room's row, then along the second room's column.
    corridors.push({
      x: Math.min(A.x, B.x) - corridor / 2,
      y: A.y - corridor / 2,
      w: Math.abs(B.x - A.x) + corridor,
      h: corridor,
    });
    corridors.push({
      x: B.x - corridor / 2,
      y: Math.min(A.y, B.y) - corridor / 2,
      w: corridor,
      h: Math.abs(B.y - A.y) + corridor,
    });
  }
  const wall = 12 * u;
  const floors = [...rooms, ...corridors];
  // Ground keeps a little distance from the walls.
  const gap = 6 * u;
  const isOpen = (x: number, y: number) =>
    floors.some((r) => x >= r.x + gap && x <= r.x + r.w - gap && y >= r.y + gap && y <= r.y + r.h - gap);
  return { ...base, look: 'bunker', rooms, corridors, wall, isOpen };
}
