/**
 * `npm run bench:map`: a map of 20,000 placed icon markers over 20 definitions plus 200 polygons, a
 * quarter of them with name labels, served by the real server (child process, SQLite) with the
 * built web app, opened in headless Chromium with every definition enabled. Prints the time from
 * navigation until all visible markers are drawn, the JS heap, and frame times during a scripted
 * drag and zoom sweep; then opens the same markers drawn the common way (one DOM `L.marker` per
 * point) and prints the ratio. A third map of 100,000 icon markers is opened as a phone would
 * (390×844 at 3× pixel density, Chromium's 4× CPU throttling), with the size of the marker answer as
 * brotli. A fourth map of 1,000,000 icon markers is opened on the desktop: above 50,000 markers a map
 * sends a manifest and binary chunks (those in view first), so the page prints when the first
 * markers showed and when every chunk was drawn; autocannon then asks the server for its chunks at
 * a fixed rate. The 20k map is opened once more by a logged-in player with 5,000 own pins on it.
 * Writes the figures to docs/benchmarks.md under "## Map".
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { constants, registry } from '@waypoint/shared';
import type { MapMarkerData } from '@waypoint/shared/map/marker-data';
import { pinColours } from '@waypoint/shared/pins/limits';
import { mulberry32 } from '@waypoint/shared/random';
import autocannon from 'autocannon';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';
import { startServerProcess } from '../../server/bench/server-process.ts';
import { writeBenchmarkSection } from '../../server/bench/update-doc.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { insertUser } from '../../server/src/features/account/account.repository.ts';
import { hashPassword } from '../../server/src/features/auth/passwords.ts';
import { insertMany } from '../../server/src/features/models/models.repository.ts';
import { insertPins } from '../../server/src/features/pins/pins.repository.ts';
import { probeBuild } from './probe-build.ts';

const ICONS = 20_000;
const DEFINITIONS = 20;
const POLYGONS = 200;
const SMALL = 5_000;
/** Own pins of the player on the 20k map: the per-map cap. */
const PINS = 5_000;
const PLAYER = { email: 'pins@example.test', password: 'bench-pins-password' };
const PHONE = 100_000;
const MILLION = Number(process.env.BENCH_MILLION ?? 1_000_000);
const WIDTH = 8192;
const HEIGHT = 8192;
const MAX_ZOOM = 5;
const GAME = 'bench_game';

const webDir = path.resolve(import.meta.dirname, '..');
const rootDir = path.resolve(webDir, '../..');
// BENCH_DATA_DIR: a data folder seeded by an earlier run, kept (seeding a million markers is slow).
const keptData = process.env.BENCH_DATA_DIR;
const dataDir = keptData ?? mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-map-'));
const port = 3950 + Math.floor(Math.random() * 40);
const base = `http://127.0.0.1:${port}`;

async function prepare() {
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({}, { dataDir, logLevel: 'warn' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  const now = new Date().toISOString();
  const parse = <K extends keyof typeof registry>(key: K, value: unknown) =>
    registry[key].schema.parse(value) as Record<string, unknown>;
  await insertMany(db.kysely, registry.game, [parse('game', { _id: GAME, name: 'Bench Game' })], now);
  await insertMany(
    db.kysely,
    registry.category,
    [parse('category', { _id: 'bench_cat', gameId: GAME, name: 'Bench Region' })],
    now,
  );
  const mapRecord = (id: string, name: string) => ({
    ...parse('map', { _id: id, gameId: GAME, categoryId: 'bench_cat', name, maxZoom: MAX_ZOOM }),
    images: { mapImage: { fileName: 'map.png', imageWidth: WIDTH, imageHeight: HEIGHT, version: 'bench' } },
  });
  await insertMany(
    db.kysely,
    registry.map,
    [
      mapRecord('bench_map', 'Bench 20k'),
      mapRecord('bench_map_5k', 'Bench 5k'),
      mapRecord('bench_map_100k', 'Bench 100k'),
      mapRecord('bench_map_1m', 'Bench 1M'),
      mapRecord('bench_map_floors', 'Bench floors'),
      mapRecord('bench_map_floors_150k', 'Bench floors 150k'),
    ],
    now,
  );
  // The 20k markers again on a map with three floors, a third on each (every tenth on every floor),
  // and 150k so (a map large enough to load in chunks).
  await insertMany(
    db.kysely,
    registry.maplevel,
    ['bench_map_floors', 'bench_map_floors_150k'].flatMap((mapId) =>
      [0, 1, 2].map((level) => ({
        ...parse('maplevel', {
          _id: `${mapId === 'bench_map_floors' ? 'bench' : mapId}_floor_${level}`,
          mapId,
          level,
          name: `Floor ${level}`,
          isDefault: level === 0,
        }),
        tilesPath: `${GAME}/${mapId}--bench_floor_${level}`,
        imageProcessStatus: 'DONE',
        images: {
          levelImage: { fileName: 'f.png', imageWidth: WIDTH, imageHeight: HEIGHT, version: 'bench' },
        },
      })),
    ),
    now,
  );
  const colours = ['#dc2626', '#2563eb', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#be185d', '#4b5563'];
  const definitions = Array.from({ length: DEFINITIONS }, (_, i) =>
    parse('markerdefinition', {
      _id: `bench_def_${i}`,
      gameId: GAME,
      name: `Definition ${String(i).padStart(2, '0')}`,
      markerCategory: `Group ${i % 5}`,
      markerDefinitionType: i % 4 === 3 ? 'IMAGE' : 'SVG',
      backgroundShape: 'CIRCLE',
      wrapperColor: colours[i % colours.length],
      innerColor: '#ffffff',
      // A quarter of the markers carry a name label, placed around each other on every frame.
      showNameLabel: i % 4 === 0,
    }),
  );
  definitions.push(
    parse('markerdefinition', {
      _id: 'bench_zone',
      gameId: GAME,
      name: 'Zone',
      markerDefinitionType: 'POLYGON',
      polygonColor: '#dc2626',
    }),
  );
  await insertMany(db.kysely, registry.markerdefinition, definitions, now);
  const random = mulberry32(7);
  const unit = 2 ** MAX_ZOOM;
  const icons = Array.from({ length: Math.max(ICONS, PHONE, MILLION) }, (_, i) => {
    const x = 32 + random() * (WIDTH - 64);
    const y = 32 + random() * (HEIGHT - 64);
    return { i, x, y, def: `bench_def_${i % DEFINITIONS}` };
  });
  const markers = (mapId: string, count: number, from = 0) =>
    icons.slice(from, count).map(({ i, x, y, def }) =>
      parse('placedmarker', {
        _id: `${mapId}_${i}`,
        mapId,
        markerDefinitionId: def,
        name: `Marker ${i}`,
        lat: -y / unit,
        lng: x / unit,
      }),
    );
  const polygons = (mapId: string) =>
    Array.from({ length: POLYGONS }, (_, i) => {
      const cx = 200 + random() * (WIDTH - 400);
      const cy = 200 + random() * (HEIGHT - 400);
      const points = Array.from({ length: 6 }, (_, k) => {
        const a = (k / 6) * Math.PI * 2;
        const r = 60 + random() * 80;
        return [-(cy + Math.sin(a) * r) / unit, (cx + Math.cos(a) * r) / unit];
      });
      return parse('placedmarker', {
        _id: `${mapId}_zone_${i}`,
        mapId,
        markerDefinitionId: 'bench_zone',
        name: `Zone ${i}`,
        lat: -cy / unit,
        lng: cx / unit,
        polygonPoints: points,
      });
    });
  await insertMany(
    db.kysely,
    registry.placedmarker,
    [...markers('bench_map', ICONS), ...polygons('bench_map')],
    now,
  );
  await insertMany(
    db.kysely,
    registry.placedmarker,
    markers('bench_map_floors', ICONS).map((m, i) => ({ ...m, level: i % 10 === 9 ? -1 : i % 3 })),
    now,
  );
  const onFloors = (m: ReturnType<typeof markers>[number], i: number) => ({
    ...m,
    level: i % 10 === 9 ? -1 : i % 3,
  });
  await insertMany(
    db.kysely,
    registry.placedmarker,
    markers('bench_map_floors_150k', 150_000).map(onFloors),
    now,
  );
  await insertMany(db.kysely, registry.placedmarker, markers('bench_map_5k', SMALL), now);
  // A player with the most own pins a map takes, spread over the 20k map, each colour in turn.
  const player = await insertUser(db.kysely, {
    username: 'bench_pins',
    email: PLAYER.email,
    passwordHash: await hashPassword(PLAYER.password),
    confirmed: 1,
  });
  const colourNames = Object.keys(pinColours);
  const placePin = mulberry32(11);
  await insertPins(
    db.kysely,
    Array.from({ length: PINS }, (_, i) => ({
      id: `bench_pin_${i}`,
      userId: player.id,
      mapId: 'bench_map',
      name: `Pin ${i}`,
      note: '',
      colour: colourNames[i % colourNames.length] as string,
      level: -1,
      x: Math.round(32 + placePin() * (WIDTH - 64)),
      y: Math.round(32 + placePin() * (HEIGHT - 64)),
      createdAt: now,
      updatedAt: now,
    })),
  );
  if (process.env.BENCH_LARGE_ONLY !== 'floors')
    await insertMany(db.kysely, registry.placedmarker, markers('bench_map_100k', PHONE), now);
  // Only the floors row asked for: the large maps are not needed.
  if (process.env.BENCH_LARGE_ONLY === 'floors') return db.close();
  for (let from = 0; from < MILLION; from += 100_000) {
    await insertMany(
      db.kysely,
      registry.placedmarker,
      markers('bench_map_1m', Math.min(MILLION, from + 100_000), from),
      now,
    );
  }
  await db.close();
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Records frame times in the page while `sweep` runs. */
async function frames(page: Page, sweep: () => Promise<void>) {
  // A string, so that the bundler's helpers do not leak into the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    let last = performance.now();
    function tick(now) {
      window.__frames.push(now - last);
      last = now;
      if (window.__recording) requestAnimationFrame(tick);
    }
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  })()`);
  await sweep();
  const list = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  if (process.env.BENCH_VERBOSE) {
    const over = (ms: number) => list.filter((f) => f > ms).length;
    console.log(
      `  sweep: ${list.length} frames; over 17 ms ${over(17)}, over 34 ms ${over(34)}, over 50 ms ${over(50)}`,
    );
  }
  return { p50: percentile(list, 50), p95: percentile(list, 95), count: list.length };
}

/** Drags the map around, zooms in two steps, drags again, zooms back out. */
async function dragAndZoom(page: Page, selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const drag = async (dx: number, dy: number) => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let k = 1; k <= 30; k++) await page.mouse.move(cx + (dx * k) / 30, cy + (dy * k) / 30);
    await page.mouse.up();
    await page.waitForTimeout(250);
  };
  await drag(-300, -150);
  await drag(300, 150);
  for (let k = 0; k < 4; k++) {
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, -240);
    await page.waitForTimeout(350);
  }
  await drag(-250, 120);
  await drag(250, -120);
  for (let k = 0; k < 4; k++) {
    await page.mouse.wheel(0, 240);
    await page.waitForTimeout(350);
  }
}

async function heapMb(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
}

const traceCategories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

/**
 * BENCH_TRACE=1: the sweep's main-thread tasks over 33 ms (two frames at 60 Hz), each with the four
 * longest things that ran in it: where the slow frames of the sweep come from. BENCH_TRACE=<file>
 * also writes the sweep's trace there (for Chromium's performance panel).
 */
function printLongTasks(events: TraceEvent[]) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid);
  const tasks = on.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 33_000);
  console.log(`  sweep: ${tasks.length} main-thread tasks over 33 ms`);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const top = on
      .filter(
        (e) => e.ph === 'X' && e.name !== 'RunTask' && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 3_000,
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 4)
      .map((e) => {
        const fn = e.args?.data?.functionName;
        return `${e.name}${fn ? ` ${fn}` : ''} ${Math.round((e.dur ?? 0) / 1000)}`;
      });
    console.log(`    ${Math.round((task.dur ?? 0) / 1000)} ms: ${top.join(', ')}`);
  }
}

interface Result {
  drawnMs: number;
  /** Every chunk of a large map drawn (the first draw for a small one). */
  completeMs: number;
  drawMs: number;
  heap: number;
  p50: number;
  p95: number;
}

/** How many times longer the DOM page (`b`) took than the canvas page (`a`): drawing, from navigation. */
const ratio = (a: Result, b: Result) => (b.drawMs / Math.max(1, a.drawMs)).toFixed(1);
const ratioNav = (a: Result, b: Result) => (b.drawnMs / Math.max(1, a.drawnMs)).toFixed(1);

/** Waypoint's map page with every definition enabled. */
async function measureCanvas(
  page: Page,
  mapId: string,
  ids: string[],
  sweep: boolean,
  cpuSlowdown = 1,
  pins = 0,
): Promise<Result> {
  if (cpuSlowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  await page.goto(`${base}/game/${GAME}/maps/${mapId}?markerDefinitions=${ids.join(',')}`);
  await page.waitForFunction(
    () =>
      ((window as unknown as { __waypointProbe?: { draw: { completeAt: number } } }).__waypointProbe?.draw
        .completeAt ?? 0) > 0,
    null,
    { timeout: 120_000 },
  );
  // The player's pins: every one on the map, and a frame drawn since.
  const pinsAt = pins
    ? ((await (
        await page.waitForFunction(
          (n) =>
            ((window as unknown as { __waypointProbe?: { pins?: number } }).__waypointProbe?.pins ?? 0) >= n
              ? performance.now()
              : null,
          pins,
          { polling: 'raf', timeout: 120_000 },
        )
      ).jsonValue()) as number)
    : 0;
  const { drawnAt, completeAt, dataAt, askedAt, storeAt, builtAt, lastDraw } = await page.evaluate(() => {
    const mark = performance.getEntriesByName('waypoint:marker-data')[0];
    const asked = performance.getEntriesByName('waypoint:marker-answer')[0];
    const draw = (
      window as unknown as {
        __waypointProbe: { draw: { drawnAt: number; completeAt: number; lastDrawMs: number } };
      }
    ).__waypointProbe.draw;
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/markers')) as PerformanceResourceTiming;
    return {
      drawnAt: draw.drawnAt,
      completeAt: draw.completeAt,
      dataAt: entry?.responseEnd ?? 0,
      askedAt: asked?.startTime ?? 0,
      storeAt: mark?.startTime ?? 0,
      builtAt: performance.getEntriesByName('waypoint:map-built')[0]?.startTime ?? 0,
      lastDraw: draw.lastDrawMs,
    };
  });
  if (process.env.BENCH_VERBOSE) {
    console.log(
      `  data ${dataAt.toFixed(0)} ms, asked ${askedAt.toFixed(0)} ms, store ${storeAt.toFixed(0)} ms, map ${builtAt.toFixed(0)} ms, drawn ${drawnAt} ms, last draw ${lastDraw.toFixed(1)} ms`,
    );
  }
  // Drawing starts when the page has both the answer (fetched by the page's preload hint while the
  // code still loads, asked for by the code) and a built map: the DOM page below builds its map before
  // it fetches the answer, and its drawing is measured from the answer's arrival.
  const times = {
    drawnMs: drawnAt,
    completeMs: Math.max(completeAt, pinsAt),
    drawMs: drawnAt - Math.max(dataAt, askedAt, builtAt),
  };
  if (!sweep) return { ...times, heap: 0, p50: 0, p95: 0 };
  const heap = await heapMb(page);
  const browser = page.context().browser();
  const tracing = process.env.BENCH_TRACE && browser;
  if (tracing) await browser.startTracing(page, { categories: traceCategories });
  const f = await frames(page, () => dragAndZoom(page, '[data-testid=map]'));
  if (tracing) {
    const trace = await browser.stopTracing();
    if (process.env.BENCH_TRACE !== '1') writeFileSync(process.env.BENCH_TRACE ?? '', trace);
    printLongTasks(JSON.parse(trace.toString()).traceEvents);
  }
  return { ...times, heap, ...f };
}

/**
 * Switching floors on the 20k map over three floors: from the click on a floor button to the end of
 * the first draw that shows that floor's markers, and when the first tile of the new floor was asked
 * for (both after the click). Median of five switches after one visit.
 */
async function measureFloorSwitch(page: Page, ids: string[]) {
  await page.goto(`${base}/game/${GAME}/maps/bench_map_floors?markerDefinitions=${ids.join(',')}`);
  await page.waitForFunction(
    () =>
      ((window as unknown as { __waypointProbe?: { draw: { completeAt: number } } }).__waypointProbe?.draw
        .completeAt ?? 0) > 0,
    null,
    { timeout: 120_000 },
  );
  const switches: { drawn: number; tile: number }[] = [];
  for (const level of [1, 2, 0, 1, 2]) {
    const drawnBefore = await page.evaluate(
      () =>
        (window as unknown as { __waypointProbe: { draw: { drawn: number } } }).__waypointProbe.draw.drawn,
    );
    await page.click(`[data-floor-control] button[data-level="${level}"]`);
    const at = await page.waitForFunction(
      ([before, floor]) => {
        const probe = (
          window as unknown as {
            __waypointProbe: {
              draw: { drawn: number; lastDrawAt: number };
              store: { visible: Uint8Array; level(i: number): number; size: number };
            };
          }
        ).__waypointProbe;
        if (probe.draw.drawn <= before) return null;
        const { store } = probe;
        for (let i = 0; i < store.size; i++) {
          if (store.visible[i] && store.level(i) !== -1 && store.level(i) !== floor) return null;
        }
        const click = performance.getEntriesByName('waypoint:floor-click').at(-1)?.startTime ?? 0;
        const tile = performance
          .getEntriesByType('resource')
          .find((e) => e.name.includes(`--bench_floor_${floor}/`) && e.startTime >= click);
        return { drawn: probe.draw.lastDrawAt - click, tile: tile ? tile.startTime - click : -1 };
      },
      [drawnBefore, level] as const,
      { timeout: 30_000 },
    );
    switches.push((await at.jsonValue()) as { drawn: number; tile: number });
  }
  const median = (pick: (s: { drawn: number; tile: number }) => number) =>
    switches.map(pick).sort((x, y) => x - y)[Math.floor(switches.length / 2)];
  return { drawnMs: median((s) => s.drawn), tileMs: median((s) => s.tile) };
}

/**
 * A large map with floors (150k markers over three floors, loaded in chunks) opened on floor 1: when
 * the chunks of that floor (and of every floor) were all in, and when the whole map was.
 */
async function measureChunkedFloors(page: Page, ids: string[]) {
  await page.goto(
    `${base}/game/${GAME}/maps/bench_map_floors_150k?level=1&markerDefinitions=${ids.join(',')}`,
  );
  const floor = await page.waitForFunction(
    () => {
      const store = (
        window as unknown as {
          __waypointProbe?: {
            store?: {
              loaded: Uint8Array;
              data: { chunks?: { chunks: { start: number; level?: number }[] } };
            };
          };
        }
      ).__waypointProbe?.store;
      const chunks = store?.data.chunks?.chunks;
      if (!store || !chunks) return null;
      const shown = chunks.filter((c) => c.level === -1 || c.level === 1);
      return shown.every((c) => store.loaded[c.start] === 1) ? performance.now() : null;
    },
    null,
    { polling: 'raf', timeout: 120_000 },
  );
  const floorMs = (await floor.jsonValue()) as number;
  const complete = await page.waitForFunction(
    () =>
      (window as unknown as { __waypointProbe?: { draw: { completeAt: number } } }).__waypointProbe?.draw
        .completeAt || null,
    null,
    { timeout: 120_000 },
  );
  return { floorMs, completeMs: (await complete.jsonValue()) as number };
}

const leafletJs = readFileSync(path.join(rootDir, 'node_modules/leaflet/dist/leaflet.js'), 'utf8');
const leafletCss = readFileSync(path.join(rootDir, 'node_modules/leaflet/dist/leaflet.css'), 'utf8');
const pin =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='30' height='36'%3E%3Cpath d='M15 35C6 22 1 17 1 13a14 14 0 0 1 28 0c0 4-5 9-14 22z' fill='%232563eb' stroke='white'/%3E%3Ccircle cx='15' cy='13' r='6' fill='white'/%3E%3C/svg%3E";

/** The same markers the common way: a plain Leaflet page with one DOM marker per point. */
function domPage(mapId: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${leafletCss} html,body,#map{margin:0;height:100%}</style></head>
<body><div id="map"></div><script>${leafletJs}</script><script>
(async () => {
  const unit = 2 ** ${MAX_ZOOM};
  const bounds = L.latLngBounds([-${HEIGHT} / unit, 0], [0, ${WIDTH} / unit]);
  const map = L.map('map', { crs: L.CRS.Simple, zoomSnap: 0, zoomDelta: 0.5, maxZoom: ${MAX_ZOOM} });
  map.fitBounds(bounds);
  const data = await (await fetch('/api/map/${mapId}/markers')).json();
  const icon = L.icon({ iconUrl: "${pin}", iconSize: [30, 36], iconAnchor: [15, 36] });
  const m = data.markers;
  for (let i = 0; i < m.id.length; i++) {
    if (m.points[i]) L.polygon(m.points[i], { color: '#dc2626', weight: 3, opacity: 0.5, dashArray: '4' }).addTo(map);
    else L.marker([m.lat[i], m.lng[i]], { icon, title: m.name[i] }).bindPopup(m.name[i]).addTo(map);
  }
  requestAnimationFrame(() => requestAnimationFrame(() => { document.body.dataset.drawnAt = String(performance.now()); }));
})();
</script></body></html>`;
}

async function measureDom(page: Page, mapId: string, sweep: boolean): Promise<Result> {
  const url = `${base}/bench-dom-${mapId}`;
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: domPage(mapId) }));
  await page.goto(url);
  await page.waitForFunction(() => Number(document.body.dataset.drawnAt ?? 0) > 0, null, {
    timeout: 180_000,
  });
  const { drawnAt, dataAt } = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/markers')) as PerformanceResourceTiming;
    return { drawnAt: Number(document.body.dataset.drawnAt), dataAt: entry?.responseEnd ?? 0 };
  });
  const times = { drawnMs: drawnAt, completeMs: drawnAt, drawMs: drawnAt - dataAt };
  if (!sweep) return { ...times, heap: 0, p50: 0, p95: 0 };
  const heap = await heapMb(page);
  const f = await frames(page, () => dragAndZoom(page, '#map'));
  return { ...times, heap, ...f };
}

const row = (name: string, r: Result) =>
  `| ${name} | ${r.drawnMs.toFixed(0)} | ${r.completeMs.toFixed(0)} | ${r.drawMs.toFixed(0)} | ${r.heap.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`;

const pinsRowName = `Waypoint map, 20k markers + 200 polygons + ${PINS.toLocaleString('en')} own pins`;
const pinsNotePrefix = 'With own pins:';
const pinsNote = (load: string) =>
  `${pinsNotePrefix} the 20k map opened by a logged-in player who has ${PINS.toLocaleString('en')} pins of their own on it (the per-map cap, spread over the map, every colour), the layer shown; "all drawn" is when every marker and every pin is on the map. Measured ${new Date().toISOString().slice(0, 10)}, load average ${load}.`;

/**
 * Puts one row into the "Map" section's table (after the 20k row; replacing an earlier one of the
 * same name) and its note at the section's end, leaving the other figures as they were measured.
 */
function writeMapRow(name: string, line: string, note: string) {
  const file = path.join(rootDir, 'docs/benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('\n## Map\n');
  const end = text.indexOf('\n## ', start + 1);
  if (start < 0) throw new Error('docs/benchmarks.md has no "## Map" section');
  let section = text.slice(start, end < 0 ? undefined : end);
  const lines = section
    .split('\n')
    .filter((l) => !l.startsWith(`| ${name} |`) && !l.startsWith(pinsNotePrefix));
  const after = lines.findIndex((l) => l.startsWith('| Waypoint map, 20k markers + 200 polygons |'));
  lines.splice(after < 0 ? lines.length : after + 1, 0, line);
  const measured = lines.findIndex((l) => l.startsWith('Measured '));
  lines.splice(measured < 0 ? lines.length : measured, 0, note, '');
  section = lines.join('\n').replace(/\n{3,}/g, '\n\n');
  writeFileSync(file, text.slice(0, start) + section + (end < 0 ? '' : text.slice(end)));
}

async function main() {
  // The page's probe tells when markers are drawn: a build with it.
  const webDist = probeBuild();
  if (!keptData || !existsSync(path.join(dataDir, 'seeded'))) {
    await prepare();
    if (keptData) writeFileSync(path.join(dataDir, 'seeded'), '');
  }
  const server = await startServerProcess({ dataDir, port, env: { SEED_DEMO: 'false', WEB_DIST: webDist } });
  const launch = () => chromium.launch(chromiumLaunchOptions);
  try {
    const ids = [...Array.from({ length: DEFINITIONS }, (_, i) => `bench_def_${i}`), 'bench_zone'];
    const fresh = async (browser: Awaited<ReturnType<typeof launch>>, phone = false) => {
      const context = await browser.newContext(
        phone
          ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 }
          : { viewport: { width: 1280, height: 800 } },
      );
      await context.addInitScript(() =>
        localStorage.setItem(
          'waypoint-consent',
          JSON.stringify({ necessary: true, analytics: false, advertising: false, decidedAt: '2026-01-01' }),
        ),
      );
      return context;
    };
    /** Bytes of one answer as the server sends it with brotli. */
    const brotliOf = (url: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${base}${url}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            res.on('end', () => resolve(bytes));
          })
          .on('error', reject);
      });
    const manifestOf = async (mapId: string) =>
      (await (await fetch(`${base}/api/map/${mapId}/markers`)).json()) as MapMarkerData;
    /** Bytes of a map's whole marker answer with brotli: the answer, and every chunk of a large map. */
    const brotliBytes = async (mapId: string) => {
      let bytes = await brotliOf(`/api/map/${mapId}/markers`);
      const manifest = (await manifestOf(mapId)).chunks;
      for (let n = 0; n < (manifest?.chunks.length ?? 0); n++) {
        bytes += await brotliOf(`/api/map/${mapId}/markers/chunks/${n}?v=${manifest?.version}`);
      }
      return bytes;
    };
    const run = async (label: string, fn: (page: Page, sweep: boolean) => Promise<Result>, phone = false) => {
      // Each page in its own browser. A warm-up visit fills the server's response cache and the
      // browser's code cache; the load times are the median of three visits, then one visit
      // measures the heap and the frames of the sweep.
      const browser = await launch();
      let result: Result;
      try {
        const context = await fresh(browser, phone);
        const visit = async (sweep: boolean) => {
          const page = await context.newPage();
          try {
            return await fn(page, sweep);
          } finally {
            await page.close();
          }
        };
        await visit(false).catch(() => undefined);
        const loads = [await visit(false), await visit(false), await visit(false)];
        const swept = await visit(true);
        const median = (pick: (r: Result) => number) => loads.map(pick).sort((x, y) => x - y)[1];
        result = {
          ...swept,
          drawnMs: median((r) => r.drawnMs),
          completeMs: median((r) => r.completeMs),
          drawMs: median((r) => r.drawMs),
        };
      } finally {
        await browser.close();
      }
      console.log(
        `${label}: drawn ${result.drawnMs.toFixed(0)} ms after navigation (all ${result.completeMs.toFixed(0)} ms, drawing ${result.drawMs.toFixed(0)} ms), heap ${result.heap.toFixed(1)} MB, frames p50 ${result.p50.toFixed(1)} ms / p95 ${result.p95.toFixed(1)} ms`,
      );
      return result;
    };
    // The 20k map as its player with 5,000 own pins sees it (logged in by the session cookie).
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(PLAYER),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const pinsRow = () =>
      run(`canvas 20k + ${PINS} own pins`, async (p, sweep) => {
        await p.context().addCookies([{ name: constants.cookieName, value: token, url: base }]);
        return measureCanvas(p, 'bench_map', ids, sweep, 1, PINS);
      });
    // BENCH_LARGE_ONLY=pins: the own pins row alone, written into the table.
    // The 20k map without pins is measured alongside (printed, and named in the note), so that the
    // two can be compared at the same load.
    if (process.env.BENCH_LARGE_ONLY === 'pins') {
      const alone = await run('canvas 20k', (p, sweep) => measureCanvas(p, 'bench_map', ids, sweep));
      const pins = await pinsRow();
      const load = os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
      const beside = `The 20k map without pins, measured just before at the same load: first drawn ${alone.drawnMs.toFixed(0)} ms, heap ${alone.heap.toFixed(1)} MB, frame p95 ${alone.p95.toFixed(1)} ms.`;
      writeMapRow(pinsRowName, row(pinsRowName, pins), `${pinsNote(load)} ${beside}`);
      return;
    }
    // BENCH_LARGE_ONLY=floors: the floor switch alone, printed.
    const floorSwitch = async () => {
      const browser = await launch();
      try {
        const page = await (await fresh(browser)).newPage();
        await measureFloorSwitch(page, ids);
        const result = await measureFloorSwitch(page, ids);
        console.log(
          `floor switch, 20k over 3 floors: drawn ${result.drawnMs.toFixed(1)} ms after the click, first tile asked at ${result.tileMs.toFixed(1)} ms`,
        );
        const large: { floorMs: number; completeMs: number }[] = [];
        for (let k = 0; k < 4; k++) {
          const visit = await (await fresh(browser)).newPage();
          const one = await measureChunkedFloors(visit, ids);
          if (k > 0) large.push(one);
          await visit.close();
        }
        const median = (pick: (r: { floorMs: number; completeMs: number }) => number) =>
          large.map(pick).sort((x, y) => x - y)[1];
        console.log(
          `floors, 150k in chunks, opened on floor 1: its markers (and every floor's) in ${median((r) => r.floorMs).toFixed(0)} ms after navigation, the whole map in ${median((r) => r.completeMs).toFixed(0)} ms (median of 3)`,
        );
        return result;
      } finally {
        await browser.close();
      }
    };
    if (process.env.BENCH_LARGE_ONLY === 'floors') {
      await floorSwitch();
      return;
    }
    // BENCH_LARGE_ONLY=1: only the chunked maps, printed, nothing written.
    // BENCH_LARGE_ONLY=phone: the phone row alone.
    // BENCH_LARGE_ONLY=small: the 5k rows and their drawing ratio.
    if (process.env.BENCH_LARGE_ONLY === 'small') {
      const c5 = await run('canvas 5k', (p, sweep) => measureCanvas(p, 'bench_map_5k', ids, sweep));
      const d5 = await run('DOM 5k', (p, sweep) => measureDom(p, 'bench_map_5k', sweep));
      console.log(`DOM / canvas at 5k: drawing ${ratio(c5, d5)}×, from navigation ${ratioNav(c5, d5)}×`);
      return;
    }
    if (process.env.BENCH_LARGE_ONLY) {
      await run('canvas 100k, phone', (p, sweep) => measureCanvas(p, 'bench_map_100k', ids, sweep, 4), true);
      if (process.env.BENCH_LARGE_ONLY !== 'phone')
        await run('canvas 1M', (p, sweep) => measureCanvas(p, 'bench_map_1m', ids, sweep));
      return;
    }
    const canvas20 = await run('canvas 20k', (p, sweep) => measureCanvas(p, 'bench_map', ids, sweep));
    const withPins = await pinsRow();
    const canvas5 = await run('canvas 5k', (p, sweep) => measureCanvas(p, 'bench_map_5k', ids, sweep));
    const dom5 = await run('DOM 5k', (p, sweep) => measureDom(p, 'bench_map_5k', sweep));
    // At 20k the DOM page may not survive the sweep on this machine.
    const dom20 = await run('DOM 20k', (p, sweep) => measureDom(p, 'bench_map', sweep)).catch(
      (error: Error) => {
        console.log(`DOM 20k: did not finish (${error.message.split('\n')[0]})`);
        return undefined;
      },
    );
    // A phone-class device: 100k markers, 4× slower CPU, 3× pixels.
    const phone100 = await run(
      'canvas 100k, phone (4× CPU throttling)',
      (p, sweep) => measureCanvas(p, 'bench_map_100k', ids, sweep, 4),
      true,
    );
    const answer100 = await brotliBytes('bench_map_100k');
    const answer20 = await brotliBytes('bench_map');
    // A million markers on the desktop, in chunks.
    const million = await run('canvas 1M', (p, sweep) => measureCanvas(p, 'bench_map_1m', ids, sweep));
    const answer1m = await brotliBytes('bench_map_1m');
    console.log(
      `marker answer with brotli: 1M ${(answer1m / 1024 / 1024).toFixed(2)} MB, 100k ${(answer100 / 1024 / 1024).toFixed(2)} MB, 20k ${(answer20 / 1024).toFixed(0)} KB`,
    );
    // The server under a steady 50 req/s of chunks (one connection, then ten), after a warm-up.
    const manifest = (await manifestOf('bench_map_1m')).chunks;
    const chunkRequests = (manifest?.chunks ?? []).map((_, n) => ({
      path: `/api/map/bench_map_1m/markers/chunks/${n}?v=${manifest?.version}`,
      headers: { 'accept-encoding': 'br' },
    }));
    const cannon = async (connections: number) => {
      const options = { url: base, requests: chunkRequests, connections };
      await autocannon({ ...options, amount: 200 });
      const r = await autocannon({ ...options, duration: 10, overallRate: 50 });
      console.log(
        `chunks at 50 req/s, ${connections} connection(s): p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx + r.errors} errors`,
      );
      return r;
    };
    const floors = await floorSwitch();
    const cannon1 = await cannon(1);
    const cannon10 = await cannon(10);
    const at20 = dom20
      ? `drawing ${ratio(canvas20, dom20)}×, from navigation ${ratioNav(canvas20, dom20)}×`
      : 'the DOM page did not finish';
    console.log(
      `DOM / canvas at 5k: drawing ${ratio(canvas5, dom5)}×, from navigation ${ratioNav(canvas5, dom5)}×`,
    );
    console.log(`DOM / canvas at 20k: ${at20}`);

    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
    writeBenchmarkSection(
      'Map',
      `\`npm run bench:map\` — the real server (SQLite) with the built web app; headless Chromium (1280×800, no GPU) on the same 2-core machine. A map of ${ICONS.toLocaleString('en')} placed icon markers over ${DEFINITIONS} definitions plus ${POLYGONS} polygons, every definition enabled, a quarter of the markers with a name label (overlapping labels left out); a second map with the first ${SMALL.toLocaleString('en')} markers. "First drawn" is the time from navigation until the first markers are on screen, "all drawn" until every marker of the map is loaded and drawn (the same for maps in one answer); "drawing" is the part after the page had both the marker answer (for a chunked map, its manifest; fetched by the page's preload hint while the code loads, and asked for by the code) and a built map (both the median of three visits after a warm-up). Frame times are measured during a scripted drag and wheel-zoom sweep. The DOM rows draw the same data the common way: a plain Leaflet page with one \`L.marker\` per point (no app code to load), which builds its map before it fetches the answer; its drawing is the part after the answer arrived. Targets: drawn ≤ 1000 ms, drag frame p95 ≤ 20 ms, heap ≤ 150 MB, ≥ 10× faster to draw than DOM markers at 5,000.

| page | first drawn after navigation ms | all drawn ms | drawing ms | JS heap MB | frame p50 ms | frame p95 ms |
|---|---:|---:|---:|---:|---:|---:|
${row('Waypoint map, 20k markers + 200 polygons', canvas20)}
${row(pinsRowName, withPins)}
${row('Waypoint map, 5k markers', canvas5)}
${row('DOM L.marker, 5k markers', dom5)}
${dom20 ? row('DOM L.marker, 20k markers + 200 polygons', dom20) : '| DOM L.marker, 20k markers + 200 polygons | did not finish (the page crashed) | | | | | |'}
${row('Waypoint map, 100k markers in chunks, phone (390×844 at 3×, 4× CPU throttling)', phone100)}
${row(`Waypoint map, ${MILLION.toLocaleString('en')} markers in chunks, desktop`, million)}

The whole marker answer with brotli (manifest and every chunk; the first view shows the whole map): ${mb(answer100)} MB at ${PHONE.toLocaleString('en')} markers (${(answer100 / PHONE).toFixed(1)} bytes a marker), ${mb(answer1m)} MB at ${MILLION.toLocaleString('en')} (${(answer1m / MILLION).toFixed(1)} bytes a marker), ${(answer20 / 1024).toFixed(0)} KB at ${ICONS.toLocaleString('en')} with the polygons (one JSON answer). Phone goals: drawn ≤ 2,000 ms, frame p95 ≤ 33 ms, first view ≤ 1.5 MB. 1M goals: first markers ≤ 1,500 ms, all drawn ≤ 3,000 ms, frame p95 ≤ 20 ms, heap ≤ 300 MB.

Switching floors on the ${ICONS.toLocaleString('en')} markers spread over three floors (the floor control's click to the end of the first draw showing the new floor's markers; median of five switches, goal ≤ 100 ms): ${floors.drawnMs.toFixed(0)} ms; the new floor's first tile was asked for ${floors.tileMs.toFixed(0)} ms after the click.

Chunks of the 1M map (${manifest?.chunks.length ?? 0} of them, brotli, cached) asked by autocannon at a fixed 50 req/s for 10 s (goal p99 ≤ 50 ms):

| connections | req/s | p50 ms | p99 ms | errors |
|---|---:|---:|---:|---:|
| 1 | ${Math.round(cannon1.requests.average)} | ${cannon1.latency.p50} | ${cannon1.latency.p99} | ${cannon1.errors + cannon1.non2xx} |
| 10 | ${Math.round(cannon10.requests.average)} | ${cannon10.latency.p50} | ${cannon10.latency.p99} | ${cannon10.errors + cannon10.non2xx} |

DOM ÷ canvas at 5k: drawing ${ratio(canvas5, dom5)}×, from navigation ${ratioNav(canvas5, dom5)}×. At 20k: ${at20}.

${pinsNote(
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' '),
)}

Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (!keptData) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
