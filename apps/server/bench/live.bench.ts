/**
 * `npm run bench:live`: BENCH_STREAMS open live streams (default 10,000) on one server process:
 * the server's memory per stream (heap and resident set, after garbage collection), and the time
 * from one content change (a marker added to the map the streams follow) until every stream has its
 * event. The streams are opened by a client process of their own. SQLite by default, PostgreSQL
 * when DATABASE_URL names one. `--write` updates docs/benchmarks.md "Live updates".
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { benchActor, createBenchGame } from './bench-data.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const streams = Number(process.env.BENCH_STREAMS ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (npm run bench:live does)');
const dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-bench-live-'));
const config = loadConfig(process.env, {
  dataDir,
  logLevel: 'silent',
  seedDemo: false,
  demoImages: false,
  webDist: path.join(dataDir, 'none'),
  liveMaxStreams: streams + 100,
});
const app = await buildApp(config, { logger: false });
await createBenchGame(app);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const memory = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
};
const before = memory();
const clients = fork(
  path.join(import.meta.dirname, 'live-clients.ts'),
  [String(port), String(streams), '/api/live?game=bench_game'],
  {
    execArgv: ['--import', 'tsx'],
  },
);
const next = (type: string) =>
  new Promise<void>((resolve, reject) => {
    const on = (message: { type: string }) => {
      if (message.type !== type) return;
      clients.off('message', on);
      resolve();
    };
    clients.on('message', on);
    clients.once('exit', (code) => reject(new Error(`the client process ended (${code})`)));
  });
let started = performance.now();
await next('open');
const openMs = performance.now() - started;
// Let the sockets settle (their first writes flushed) before measuring.
await new Promise((r) => setTimeout(r, 1000));
const after = memory();
const perStream = {
  heap: (after.heap - before.heap) / streams / 1024,
  rss: (after.rss - before.rss) / streams / 1024,
};

const received = next('received');
started = performance.now();
await app.ctx.writer.create(
  'placedmarker',
  {
    _id: 'live_bench_marker',
    mapId: 'bench_map',
    markerDefinitionId: 'bench_def',
    lat: -1,
    lng: 1,
    name: 'New',
  },
  benchActor,
);
app.ctx.cacheBus.changed();
await received;
const fanOutMs = performance.now() - started;
clients.send({ type: 'close' });
await app.close();
rmSync(dataDir, { recursive: true, force: true });

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const engine = config.databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
const lines = [
  `${streams} streams open in ${(openMs / 1000).toFixed(1)} s`,
  `memory per stream: ${perStream.heap.toFixed(1)} KB heap, ${perStream.rss.toFixed(1)} KB resident (goal ≤ 20 KB)`,
  `one content change reached all ${streams} streams in ${fanOutMs.toFixed(0)} ms (goal ≤ 2,000 ms)`,
  `load average before/after: ${load}`,
];
for (const line of lines) console.log(line);
if (process.argv.includes('--write'))
  writeBenchmarkSection(
    'Live updates',
    [
      `### ${streams.toLocaleString('en')} streams on one process (${engine})`,
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:live\` (one server process; the streams opened by a`,
      'client process of their own over loopback; guest streams following the game whose map changes).',
      '',
      '| | measured | goal |',
      '|---|---|---|',
      `| memory per open stream (server, after GC) | ${perStream.heap.toFixed(1)} KB heap, ${perStream.rss.toFixed(1)} KB resident | ≤ 20 KB |`,
      `| one content change until every stream has it | ${fanOutMs.toFixed(0)} ms | ≤ 2,000 ms |`,
      `| opening the ${streams.toLocaleString('en')} streams (200 at a time) | ${(openMs / 1000).toFixed(1)} s | |`,
      '',
      `Load average (1, 5, 15 min) at the end: ${load}, on the shared 2-core machine.`,
      '',
    ].join('\n'),
  );
