/**
 * `npm run bench:api`: a seeded database with one extra map of 5,000 placed markers, the real
 * server in a child process, autocannon on the same machine. Prints requests/s and latency
 * percentiles and writes them to docs/benchmarks.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { registry } from '@waypoint/shared';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { insertMany } from '../src/features/models/models.repository.ts';
import { startServerProcess } from './server-process.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const MARKERS = 5000;
const PORT = 3900 + Math.floor(Math.random() * 50);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-'));
const base = `http://127.0.0.1:${PORT}`;

async function prepare(databaseUrl = '') {
  const config = loadConfig({}, { dataDir, logLevel: 'warn', databaseUrl });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seedIfEmpty(db, config);
  const now = new Date().toISOString();
  await insertMany(
    db.kysely,
    registry.map,
    [registry.map.schema.parse({ _id: 'bench_map', name: 'Bench', gameId: 'frontier_zone' })],
    now,
  );
  const markers = Array.from({ length: MARKERS }, (_, i) =>
    registry.placedmarker.schema.parse({
      _id: `bench_${i}`,
      mapId: 'bench_map',
      markerDefinitionId: 'quest_objective',
      name: `Marker ${i}`,
      description: `<p>Loot spot number ${i}</p>`,
      // Positions are whole image pixels over 2^maxZoom, as markers placed on a map are.
      lat: -Math.floor(Math.random() * 4096) / 32,
      lng: Math.floor(Math.random() * 4096) / 32,
    }),
  );
  await insertMany(db.kysely, registry.placedmarker, markers, now);
  await db.close();
}

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
}

async function measure(
  name: string,
  url: string,
  options: { connections: number; overallRate?: number; headers?: Record<string, string> },
): Promise<Row> {
  // Warm-up fills the response cache and the JIT.
  await autocannon({ url, connections: 4, amount: 200, headers: options.headers });
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: 10,
    overallRate: options.overallRate,
    headers: options.headers,
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
  await admin.query('drop database if exists waypoint_bench');
  await admin.query('create database waypoint_bench');
  const benchUrl = url.replace(/\/[^/?]+(\?|$)/, '/waypoint_bench$1');
  const servers: ChildProcess[] = [];
  try {
    rmSync(dataDir, { recursive: true, force: true });
    await prepare(benchUrl);
    for (const port of [PORT + 100, PORT + 101]) {
      servers.push(await startServerProcess({ dataDir, port, env: { DATABASE_URL: benchUrl } }));
    }
    const at = (port: number, p: string) => `http://127.0.0.1:${port}${p}`;
    return [
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
  } finally {
    for (const server of servers) server.kill();
    await new Promise((r) => setTimeout(r, 500));
    await admin.query('drop database if exists waypoint_bench with (force)');
    await admin.end();
  }
}

await prepare();
const server = await startServerProcess({ dataDir, port: PORT });
let sqliteRows: Row[] = [];
let markerSizes = { raw: 0, compressed: 0 };
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
  sqliteRows = [
    await measure('GET /api/games', `${base}/api/games`, { connections: 50 }),
    await measure('GET /api/game/{id}', `${base}/api/game/frontier_zone`, { connections: 10 }),
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
  ];
  markerSizes = { raw: raw.length, compressed };
} finally {
  server.kill();
}
try {
  const rows = [...sqliteRows, ...(await postgresRows())];
  const { raw, compressed } = markerSizes;
  const table = [
    '| request | load | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.load} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
  ].join('\n');
  writeBenchmarkSection(
    'API',
    `\`npm run bench:api\` — server in a child process on SQLite with the demo seed plus a map of ${MARKERS} placed markers; autocannon (10 s per row, after a warm-up) on the same ${os.cpus().length}-core machine; the PostgreSQL rows serve the same content from two server processes over one database, each loaded by its own autocannon at once (req/s summed, latencies the worse of the two). Targets: \`/api/games\` ≥ 10,000 req/s; the ${MARKERS}-marker list p99 ≤ 15 ms at 500 req/s; single records p99 ≤ 2 ms. The ${MARKERS}-marker answer is ${Math.round(raw / 1024)} KiB of JSON, ${Math.round(compressed / 1024)} KiB with brotli; every answer comes from the response cache (serialized and compressed once per write). autocannon's fixed-rate mode fires all connections in the same tick, so rows with ten connections at a fixed rate include the generator's own burst queueing; the one-connection rows show the server's latency.\n\n${table}\n\nMeasured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
