/**
 * `npm run bench:api`: a seeded database with one extra map of 5,000 placed markers, the real
 * server in a child process, autocannon on the same machine. Prints requests/s and latency
 * percentiles and writes them to docs/benchmarks.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { generateProceduralMap } from '../src/db/seed/art/procedural.ts';
import { startS3Server } from '../src/test/s3-server.ts';
import { demoGameIds, BENCH_MARKERS as MARKERS, prepareBenchData } from './bench-data.ts';
import { fixedRate, requireH2load } from './h2load.ts';
import { createAdmin, type Player } from './players.ts';
import { startServerProcess } from './server-process.ts';
import { runSurge, type SurgeResult } from './surge.ts';
import { writeBenchmarkSection, writeBenchmarkSubsection } from './update-doc.ts';

const PORT = 3900 + Math.floor(Math.random() * 50);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-'));
const base = `http://127.0.0.1:${PORT}`;
/** Players of the write rows and the surge (each a session of their own). */
const PLAYERS = 2000;
const SURGE_SECONDS = Number(process.env.SURGE_SECONDS ?? 60);
/** Servers run as production runs them: the build, on plain node (no load shedding in a benchmark). */
const serverEnv = { MAX_EVENT_LOOP_DELAY_MS: '0' };
/** `BENCH_API_ONLY=storage`: only the rows of pictures and tiles from object storage (their own part). */
const only = process.env.BENCH_API_ONLY ?? '';
if (only && only !== 'storage') throw new Error(`BENCH_API_ONLY must be empty or storage, not ${only}`);

/** Bytes on the wire for a brotli-accepting client (fetch would decode, so ask with plain http). */
async function compressedSize(url: string): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

interface Row {
  name: string;
  load: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Waypoint's req/s over the bare Fastify process's, measured in turns in the same run. */
  ratio?: number;
}

const print = (row: Row) =>
  console.log(
    `${row.name.padEnd(56)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}${row.ratio ? `  ${row.ratio.toFixed(2)}× bare` : ''}  (${row.load})`,
  );

async function measure(
  name: string,
  url: string,
  options: {
    connections: number;
    overallRate?: number;
    headers?: Record<string, string>;
    /** Paths below `url` asked in turn (else `url` itself). */
    paths?: string[];
  },
): Promise<Row> {
  let next = 0;
  const paths = options.paths;
  const requests = paths
    ? [
        {
          setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length] }),
        },
      ]
    : undefined;
  // Warm-up fills the response cache and the JIT.
  await autocannon({ url, connections: 4, amount: 200, headers: options.headers, requests });
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: 10,
    overallRate: options.overallRate,
    headers: options.headers,
    requests,
  });
  const row = {
    name,
    load: options.overallRate
      ? `fixed ${options.overallRate} req/s, ${options.connections} connections`
      : `max, ${options.connections} connections`,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(
    `${name.padEnd(48)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  (${row.load})`,
  );
  return row;
}

/** Two autocannon runs at once, one per server process, summed: a load balancer's view. */
async function measurePair(name: string, urls: [string, string], connections: number): Promise<Row> {
  await Promise.all(urls.map((url) => autocannon({ url, connections: 4, amount: 200 })));
  const results = await Promise.all(urls.map((url) => autocannon({ url, connections, duration: 10 })));
  const row = {
    name,
    load: `max, ${connections} connections to each of 2 processes`,
    rps: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
  };
  console.log(
    `${name.padEnd(48)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  (${row.load})`,
  );
  return row;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * A cached guest read against a bare Fastify process sending the same bytes: three turns each,
 * alternating, so both see the same machine; the ratio is the median of the turns' ratios.
 */
async function measureAgainstBare(
  name: string,
  url: string,
  bareUrl: string,
  connections: number,
): Promise<Row[]> {
  const turn = (target: string) => autocannon({ url: target, connections, duration: 4 });
  await turn(url);
  await turn(bareUrl);
  const ours: autocannon.Result[] = [];
  const bare: autocannon.Result[] = [];
  for (let i = 0; i < 3; i++) {
    bare.push(await turn(bareUrl));
    ours.push(await turn(url));
  }
  const row = (label: string, results: autocannon.Result[], ratio?: number): Row => ({
    name: label,
    load: `max, ${connections} connections, 3 × 4 s in turns`,
    rps: Math.round(median(results.map((r) => r.requests.average))),
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
    ...(ratio === undefined ? {} : { ratio }),
  });
  const ratio = median(
    ours.map((r, i) => r.requests.average / (bare[i] as autocannon.Result).requests.average),
  );
  const rows = [row(name, ours, ratio), row(`${name} — bare Fastify, same bytes`, bare)];
  rows.forEach(print);
  return rows;
}

/** Large answers (tiles, thumbnails) at a fixed 500 req/s for 10 s, loaded by h2load (see h2load.ts). */
async function measureLarge(name: string, urls: string[], connections: number): Promise<Row> {
  const rate = 500;
  const result = await fixedRate(urls, { connections, rate, seconds: 10 });
  const row = { name, load: `fixed ${rate} req/s, ${connections} connections (h2load)`, ...result };
  print(row);
  return row;
}

/** A bare Fastify process answering `paths` with the bytes Waypoint (at `from`) answers them with. */
async function startBare(port: number, paths: string[], from = base): Promise<ChildProcess> {
  const answers = [];
  for (const p of paths) {
    const res = await fetch(`${from}${p}`, { headers: { 'accept-encoding': 'identity' } });
    answers.push({
      path: p,
      type: res.headers.get('content-type'),
      body: Buffer.from(await res.arrayBuffer()).toString('base64'),
    });
  }
  const file = path.join(dataDir, 'bare-answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts'), String(port), file],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${paths[0]}`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the bare Fastify process did not start');
}

interface WriteTargets {
  quests: string[];
  items: string[];
}

/** Quest and item ids of the demo game, as a client finds them. */
async function writeTargets(from: string): Promise<WriteTargets> {
  return { quests: await demoGameIds(from, 'quests'), items: await demoGameIds(from, 'items') };
}

/**
 * Write rows: 20 connections per process, players in turn (each request another player's, and a
 * marker that player has not ticked), for completion ticks, quest ticks and item counts.
 */
async function measureWrites(label: string, bases: string[], players: Player[], targets: WriteTargets) {
  let next = 0;
  const kinds: [string, string, (n: number) => { method: string; path: string }][] = [
    [
      'POST /api/usercompletedmarkers/markCompleted/{id}',
      'completion ticks',
      (n) => ({
        method: 'POST',
        path: `/api/usercompletedmarkers/markCompleted/bench_${Math.floor(n / players.length) % MARKERS}`,
      }),
    ],
    [
      'GET /api/user/quest/complete/{game}/{quest}',
      'quest ticks',
      (n) => ({
        method: 'GET',
        path: `/api/user/quest/complete/frontier_zone/${targets.quests[Math.floor(n / players.length) % targets.quests.length]}`,
      }),
    ],
    [
      'GET /api/user/itemstokeep/setItemQuantity/… +1',
      'item counts',
      (n) => ({
        method: 'GET',
        path: `/api/user/itemstokeep/setItemQuantity/frontier_zone/${targets.items[Math.floor(n / players.length) % targets.items.length]}/false/+1`,
      }),
    ],
  ];
  const rows: Row[] = [];
  for (const [name, , target] of kinds) {
    const requests = [
      {
        setupRequest: (request: autocannon.Request) => {
          const n = next++;
          const player = players[n % players.length] as Player;
          const { method, path: p } = target(n);
          return {
            ...request,
            method: method as autocannon.Request['method'],
            path: p,
            headers: { authorization: `Bearer ${player.token}` },
          };
        },
      },
    ];
    const results = await Promise.all(
      bases.map((url) => autocannon({ url, connections: 20, duration: 8, requests })),
    );
    const row: Row = {
      name: `${name} (${label})`,
      load: `max, 20 connections${bases.length > 1 ? ` to each of ${bases.length} processes` : ''}, ${players.length} players`,
      rps: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
    };
    print(row);
    rows.push(row);
  }
  return rows;
}

const surgeLines: string[] = [];
function reportSurge(label: string, result: SurgeResult) {
  const lines = [
    `**${label}**: ${PLAYERS} players over ${result.seconds.toFixed(0)} s, ${result.requests} requests (${Math.round(result.requests / result.seconds)} req/s), ${result.errors} errors; ${result.ticksAcknowledged} marker ticks and ${result.questsAcknowledged} quest ticks acknowledged, ${result.missing} of them not stored exactly once.`,
    '',
    '| request | count | p50 ms | p99 ms | errors |',
    '|---|---:|---:|---:|---:|',
    ...result.kinds.map((k) => `| ${k.kind} | ${k.count} | ${k.p50} | ${k.p99} | ${k.errors} |`),
  ];
  console.log(lines.join('\n'));
  surgeLines.push(...lines, '');
}

/** A patch-day surge against the given processes, checked against their database afterwards. */
async function surgeOn(
  label: string,
  bases: string[],
  players: Player[],
  targets: WriteTargets,
  databaseUrl: string,
) {
  const db = openDatabase(loadConfig({}, { dataDir, databaseUrl }));
  try {
    reportSurge(
      label,
      await runSurge({
        bases,
        players,
        markers: MARKERS,
        quests: targets.quests,
        gameId: 'frontier_zone',
        mapId: 'bench_map',
        seconds: SURGE_SECONDS,
        db,
      }),
    );
  } finally {
    await db.close();
  }
}

/**
 * The same site on PostgreSQL served by two processes (as behind a load balancer): a database of
 * its own on the throw-away test cluster (started here when TEST_DATABASE_URL is unset).
 */
async function postgresRows(): Promise<Row[]> {
  const { execFileSync } = await import('node:child_process');
  const pg = (await import('pg')).default;
  const root = path.resolve(import.meta.dirname, '../../..');
  const url =
    process.env.TEST_DATABASE_URL ||
    execFileSync(path.join(root, 'scripts/pg-test-cluster.sh'), ['start'], { encoding: 'utf8' }).trim();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const benchUrl = url.replace(/\/[^/?]+(\?|$)/, '/waypoint_bench$1');
  const fresh = async () => {
    await admin.query('drop database if exists waypoint_bench with (force)');
    await admin.query('create database waypoint_bench');
    rmSync(dataDir, { recursive: true, force: true });
    return prepareBenchData(dataDir, { databaseUrl: benchUrl, players: PLAYERS });
  };
  const servers: ChildProcess[] = [];
  const start = async (ports: number[]) => {
    for (const port of ports) {
      servers.push(
        await startServerProcess({
          dataDir,
          port,
          mode: 'built',
          env: { ...serverEnv, DATABASE_URL: benchUrl },
        }),
      );
    }
  };
  const stop = async () => {
    for (const server of servers.splice(0)) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill();
      await exited;
    }
  };
  const at = (port: number, p = '') => `http://127.0.0.1:${port}${p}`;
  try {
    let players = await fresh();
    await start([PORT + 100, PORT + 101]);
    const rows = [
      await measurePair(
        'GET /api/games (PostgreSQL, 2 processes)',
        [at(PORT + 100, '/api/games'), at(PORT + 101, '/api/games')],
        25,
      ),
      await measurePair(
        'GET /api/game/{id} (PostgreSQL, 2 processes)',
        [at(PORT + 100, '/api/game/frontier_zone'), at(PORT + 101, '/api/game/frontier_zone')],
        5,
      ),
    ];
    const targets = await writeTargets(at(PORT + 100));
    rows.push(
      ...(await measureWrites('PostgreSQL, 2 processes', [at(PORT + 100), at(PORT + 101)], players, targets)),
    );
    await stop();
    players = await fresh();
    await start([PORT + 100]);
    rows.push(...(await measureWrites('PostgreSQL, 1 process', [at(PORT + 100)], players, targets)));
    await stop();
    players = await fresh();
    await start([PORT + 100, PORT + 101]);
    await surgeOn('PostgreSQL, 2 processes', [at(PORT + 100), at(PORT + 101)], players, targets, benchUrl);
    return rows;
  } finally {
    await stop();
    await admin.query('drop database if exists waypoint_bench with (force)');
    await admin.end();
  }
}

/** Side of the map picture the object-storage rows upload and process. */
const STORAGE_MAP_SIDE = 2048;
const STORAGE_PART = 'Pictures and tiles from object storage';

/**
 * Tiles and a thumbnail read through the app from object storage: a real S3 server (s3rver, objects
 * in a temporary folder) on loopback, the production build started with the S3 settings and nothing
 * of the pictures in its DATA_DIR. A 2048² procedural map picture is uploaded and processed as an
 * admin does (its tiles go to the bucket), then its full-size tiles (asked in turn) and one thumbnail
 * are read at a fixed rate after a warm-up. Answers the rows and the part's text.
 */
async function objectStorageRows(): Promise<{ rows: Row[]; text: string }> {
  await requireH2load();
  const loadAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const s3 = await startS3Server('waypoint-bench');
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-s3-'));
  const port = PORT + 60;
  const at = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    await prepareBenchData(siteDir);
    const config = loadConfig({}, { dataDir: siteDir, logLevel: 'warn' });
    const db = openDatabase(config);
    const auth = await createAdmin(db, config).finally(() => db.close());
    server = await startServerProcess({
      dataDir: siteDir,
      port,
      mode: 'built',
      env: {
        ...serverEnv,
        STORAGE_URL: `s3://${s3.bucket}/site`,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    const { png } = await generateProceduralMap({
      width: STORAGE_MAP_SIDE,
      height: STORAGE_MAP_SIDE,
      seed: 'bench',
      title: 'Benchmark Isles',
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'map.png');
    const up = await fetch(`${at}/api/admin/map/addImage/bench_map/mapImage`, {
      method: 'POST',
      body: form,
      headers: auth,
    });
    if (!up.ok) throw new Error(`map picture upload: ${up.status} ${await up.text()}`);
    const queued = await fetch(`${at}/api/admin/processMap/bench_map/frontier_zone`, {
      method: 'POST',
      headers: auth,
    });
    if (queued.status !== 202) throw new Error(`processMap: ${queued.status} ${await queued.text()}`);
    let map: {
      imageProcessStatus: string;
      imageProcessError: string;
      tilesPath: string;
      maxZoom: number;
      images: { mapImage: { version: string } };
    };
    const deadline = Date.now() + 10 * 60_000;
    for (;;) {
      map = (await (await fetch(`${at}/api/map/bench_map`)).json()) as typeof map;
      if (map.imageProcessStatus === 'DONE') break;
      if (map.imageProcessStatus === 'ERROR')
        throw new Error(`map processing failed: ${map.imageProcessError}`);
      if (Date.now() > deadline) throw new Error('map processing took over 10 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    // Nothing of the pictures is on the server's disk: every answer comes from the bucket (or memory).
    for (const folder of ['uploads', 'thumbs', 'mapTiles']) {
      if (existsSync(path.join(siteDir, folder)))
        throw new Error(`${folder} found in DATA_DIR, not in the bucket`);
    }
    const side = Math.ceil(STORAGE_MAP_SIDE / 256);
    const tiles = Array.from(
      { length: side * side },
      (_, i) => `/mapTiles/${map.tilesPath}/${map.maxZoom}/${i % side}/${Math.floor(i / side)}.png`,
    );
    const thumb = `/thumbs/map/bench_map/mapImage/300x300/mapImage.png?v=${map.images.mapImage.version}`;
    let tileBytes = 0;
    for (const p of tiles) {
      const res = await fetch(`${at}${p}`);
      if (res.status !== 200 || res.headers.get('content-type') !== 'image/png')
        throw new Error(`${p}: ${res.status}`);
      tileBytes += (await res.arrayBuffer()).byteLength;
    }
    const thumbRes = await fetch(`${at}${thumb}`);
    if (!thumbRes.ok) throw new Error(`${thumb}: ${thumbRes.status}`);
    const thumbBytes = (await thumbRes.arrayBuffer()).byteLength;
    const tileName = `GET /mapTiles/{version}/{z}/{x}/{y}.png (S3, ${tiles.length} tiles in turn)`;
    const thumbName = 'GET /thumbs/…/300x300/….png?v= (S3)';
    const tileUrls = (host: string) => tiles.map((p) => `${host}${p}`);
    const rows = [
      await measureLarge(tileName, tileUrls(at), 1),
      await measureLarge(tileName, tileUrls(at), 10),
      await measureLarge(thumbName, [`${at}${thumb}`], 1),
      await measureLarge(thumbName, [`${at}${thumb}`], 10),
    ];
    // The yardstick: a bare Fastify process sending the same bytes from memory, at the same rates.
    const barePort = port + 1;
    const bareAt = `http://127.0.0.1:${barePort}`;
    const thumbPath = thumb.slice(0, thumb.indexOf('?'));
    const bare = await startBare(barePort, [...tiles, thumbPath], at);
    try {
      const also = ' — bare Fastify, same bytes';
      rows.push(
        await measureLarge(tileName + also, tileUrls(bareAt), 1),
        await measureLarge(tileName + also, tileUrls(bareAt), 10),
        await measureLarge(thumbName + also, [`${bareAt}${thumbPath}`], 1),
        await measureLarge(thumbName + also, [`${bareAt}${thumbPath}`], 10),
      );
    } finally {
      bare.kill();
    }
    const loadAtEnd = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    const table = [
      '| request | load | req/s | p50 ms | p99 ms | errors |',
      '|---|---|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.name} | ${r.load} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
    ].join('\n');
    const text = `The same build started with \`STORAGE_URL=s3://…\` against a real S3 server (\`s3rver\`, started by the benchmark on loopback; objects on the same disk), with the demo seed and nothing of the pictures in its DATA_DIR. A ${STORAGE_MAP_SIDE}² procedural map picture is uploaded to a map and processed through the admin API (its tiles stored in the bucket), then read through the app: the ${tiles.length} tiles of its full-size level in turn (${Math.round(tileBytes / tiles.length / 1024)} KiB each on average) and one 300×300 thumbnail (${Math.round(thumbBytes / 1024)} KiB) at its versioned address, at a fixed 500 req/s for 10 s after a warm-up of 2 s at that rate, loaded by h2load (Debian's nghttp2-client, HTTP/1.1; autocannon's JavaScript HTTP parser tops out near 350 req/s on answers this large, whatever serves them). Tile and \`?v=\` addresses never change, so each process keeps the small ones it has read in memory (\`IMAGE_CACHE_MB\`, default 64): after the warm-up these answers come from there, not from the bucket. The same four loads against a bare Fastify process sending the same bytes from memory (started after them) show what the machine allows at the time. Target: p99 ≤ 20 ms.\n\n${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}; load average (1, 5, 15 min) ${loadAtStart} before, ${loadAtEnd} after.`;
    return { rows, text };
  } finally {
    if (server) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill();
      await exited;
    }
    await s3.close();
    rmSync(siteDir, { recursive: true, force: true });
  }
}

if (only === 'storage') {
  const { text } = await objectStorageRows();
  writeBenchmarkSubsection('API', STORAGE_PART, text);
  rmSync(dataDir, { recursive: true, force: true });
  console.log('written to docs/benchmarks.md');
  process.exit(0);
}

const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
let players = await prepareBenchData(dataDir, { players: PLAYERS });
let server = await startServerProcess({ dataDir, port: PORT, mode: 'built', env: serverEnv });
let sqliteRows: Row[] = [];
let markerSizes = { raw: 0, compressed: 0 };
let targets: WriteTargets = { quests: [], items: [] };
try {
  const markersUrl = `${base}/api/placedmarkers?query=${encodeURIComponent(JSON.stringify({ mapId: 'bench_map' }))}`;
  const raw = await (await fetch(markersUrl, { headers: { 'accept-encoding': 'identity' } })).text();
  const { count } = JSON.parse(raw) as { count: number };
  if (count !== MARKERS) throw new Error(`expected ${MARKERS} markers, got ${count}`);
  const compressed = await compressedSize(markersUrl);
  console.log(
    `${MARKERS}-marker list: ${Math.round(raw.length / 1024)} KiB of JSON, ${Math.round(compressed / 1024)} KiB with brotli`,
  );
  const br = { 'accept-encoding': 'gzip, deflate, br' };
  const barePort = PORT + 50;
  const bare = await startBare(barePort, ['/api/games', '/api/game/frontier_zone']);
  try {
    sqliteRows = [
      ...(await measureAgainstBare(
        'GET /api/games',
        `${base}/api/games`,
        `http://127.0.0.1:${barePort}/api/games`,
        50,
      )),
      ...(await measureAgainstBare(
        'GET /api/game/{id}',
        `${base}/api/game/frontier_zone`,
        `http://127.0.0.1:${barePort}/api/game/frontier_zone`,
        10,
      )),
    ];
  } finally {
    bare.kill();
  }
  sqliteRows.push(
    // autocannon's fixed-rate mode sends from all connections in the same tick: with one connection the
    // latency is the server's, with ten it also holds the generator's own burst queueing.
    await measure('GET /api/game/{id} (fixed rate)', `${base}/api/game/frontier_zone`, {
      connections: 1,
      overallRate: 1000,
    }),
    await measure(`GET /api/placedmarkers (${MARKERS} rows, br)`, markersUrl, {
      connections: 1,
      overallRate: 500,
      headers: br,
    }),
    await measure(`GET /api/placedmarkers (${MARKERS} rows, br)`, markersUrl, {
      connections: 10,
      overallRate: 500,
      headers: br,
    }),
    await measure(`GET /api/placedmarkers (${MARKERS} rows, br)`, markersUrl, {
      connections: 10,
      headers: br,
    }),
  );
  targets = await writeTargets(base);
  sqliteRows.push(...(await measureWrites('SQLite, 1 process', [base], players, targets)));
  markerSizes = { raw: raw.length, compressed };
} finally {
  server.kill();
}
const storagePart = await objectStorageRows();
// The surge on a fresh site: nobody has ticked anything yet.
rmSync(dataDir, { recursive: true, force: true });
players = await prepareBenchData(dataDir, { players: PLAYERS });
server = await startServerProcess({ dataDir, port: PORT, mode: 'built', env: serverEnv });
try {
  await surgeOn('SQLite, 1 process', [base], players, targets, '');
} finally {
  server.kill();
}
try {
  const rows = [...sqliteRows, ...(await postgresRows())];
  const loadAfter = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const { raw, compressed } = markerSizes;
  const table = [
    '| request | load | req/s | p50 ms | p99 ms | errors | vs bare |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.load} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.ratio ? `${r.ratio.toFixed(2)}×` : ''} |`,
    ),
  ].join('\n');
  writeBenchmarkSection(
    'API',
    `\`npm run bench:api\` — the production build (built first) in a child process on SQLite with the demo seed plus a map of ${MARKERS} placed markers and ${PLAYERS} players with a session each; autocannon (10 s per row after a warm-up, 8 s per write row) on the same ${os.cpus().length}-core machine. Cached guest reads are measured in turns against a bare Fastify 5 process (no plugins, no hooks, no logger) answering the same bytes: three 4-second turns each, alternating, the req/s and latencies the medians, "vs bare" the median of the turns' ratios. Write rows: each request is another player's, and ticks a marker that player has not ticked (quests and items repeat: a quest completed again, an item counted up to its need). The PostgreSQL rows serve the same content from two server processes over one database (and the write rows also from one), each loaded by its own autocannon at once (req/s summed, latencies the worse of the two). Targets: cached guest reads ≥ 0.75× bare Fastify; \`/api/games\` ≥ 10,000 req/s; the ${MARKERS}-marker list p99 ≤ 15 ms at 500 req/s; single records p99 ≤ 2 ms; completion ticks ≥ 4,000 req/s with p99 ≤ 30 ms on SQLite, and on PostgreSQL two processes ≥ 1.5× one. The ${MARKERS}-marker answer is ${Math.round(raw / 1024)} KiB of JSON, ${Math.round(compressed / 1024)} KiB with brotli; every read answer comes from the response cache (serialized and compressed once per write). autocannon's fixed-rate mode fires all connections in the same tick, so rows with ten connections at a fixed rate include the generator's own burst queueing; the one-connection rows show the server's latency.\n\n${table}\n\n### Patch-day surge\n\n${PLAYERS} players, each on a session of their own, arrive over the first ${Math.round((SURGE_SECONDS * 2) / 3)} s; each opens the map (the game, the map's ${MARKERS} markers with brotli, their own ticks), then ticks 20–50 of the map's markers and up to three quests, 200–800 ms apart; everything stops at ${SURGE_SECONDS * 1.5} s. Afterwards every acknowledged tick is looked up in the database.\n\n${surgeLines.join('\n').trim()}\n\nMeasured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}; load average (1, 5, 15 min) ${loadBefore} before the run, ${loadAfter} after it.\n\n### ${STORAGE_PART}\n\n${storagePart.text}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
