/**
 * `npm run bench:admin`: the admin panel's server side at size. A map with BENCH_MARKERS placed
 * markers (default 20,000): admin list requests that page, sort and filter in the database (p50/p95
 * per kind over BENCH_REQUESTS requests each, through the whole HTTP stack in process); and staging
 * BENCH_QUESTS quests (default 5,000) from a JSON file. SQLite by default, PostgreSQL when
 * DATABASE_URL names one. `--write` updates docs/benchmarks.md "Admin".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getModel } from '@waypoint/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { stageImport } from '../src/features/imports/stage-file.ts';
import { insertMany } from '../src/features/models/models.repository.ts';
import { benchActor, benchAdmin, benchMarkerRow, createBenchGame } from './bench-data.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const markers = Number(process.env.BENCH_MARKERS ?? 20_000);
const quests = Number(process.env.BENCH_QUESTS ?? 5_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-bench-admin-'));
const config = loadConfig(process.env, {
  dataDir,
  logLevel: 'silent',
  seedDemo: false,
  demoImages: false,
  readMissesPerSecond: 0,
  webDist: path.join(dataDir, 'none'),
});
const app = await buildApp(config, { logger: false });
await createBenchGame(app);
const now = new Date().toISOString();
const words = ['Crate', 'Stash', 'Safe', 'Locker', 'Duffel', 'Toolbox', 'Jacket', 'Register'];
const rows = Array.from({ length: markers }, (_, i) =>
  benchMarkerRow(i, { name: `${words[i % words.length]} ${i}` }),
);
let started = performance.now();
await insertMany(app.ctx.db.kysely, getModel('placedmarker'), rows, now);
console.log(`inserted ${markers} markers in ${Math.round(performance.now() - started)} ms`);
const headers = await benchAdmin(app);

const where = encodeURIComponent(JSON.stringify({ mapId: 'bench_map' }));
const pages = Math.max(1, Math.floor(markers / 10));
const kinds: Record<string, (i: number) => string> = {
  'page (default order)': (i) => `skip=${((i * 37) % pages) * 10}`,
  'sort by name, late page': (i) =>
    `sort=name&order=${i % 2 ? 'asc' : 'desc'}&skip=${((i * 53) % pages) * 10}`,
  'sort by lat': (i) => `sort=lat&order=desc&skip=${((i * 11) % 100) * 10}`,
  'filter name substring': (i) =>
    `filters=${encodeURIComponent(JSON.stringify({ name: `${words[i % words.length]!.slice(1, 4)} ${i % 9}` }))}`,
  'filter + sort + page': (i) =>
    `filters=${encodeURIComponent(JSON.stringify({ name: words[i % words.length]! }))}&sort=lat&order=asc&skip=${(i % 50) * 10}`,
};
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const lines: string[] = [];
let worstP95 = 0;
for (const [kind, query] of Object.entries(kinds)) {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    const res = await app.inject({ url: `/api/admin/list/placedmarker?where=${where}&${query(i)}`, headers });
    times.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const p95 = quantile(times, 0.95);
  worstP95 = Math.max(worstP95, p95);
  const line = `| ${kind} | ${quantile(times, 0.5).toFixed(1)} | ${p95.toFixed(1)} |`;
  console.log(line);
  lines.push(line);
}

const file = JSON.stringify(
  Array.from({ length: quests }, (_, i) => ({
    _id: `bench_q_${i}`,
    gameId: 'bench_game',
    name: `Quest ${i}`,
    description: `<p>Find the <b>thing</b> number ${i}</p>`,
    questLevel: i % 60,
    previous: i > 0 && i % 5 ? `bench_q_${i - 1}` : '',
    objectives: ['Find it', 'Bring it back'],
    rewards: ['1000 roubles'],
  })),
  null,
  2,
);
started = performance.now();
const staged = await stageImport(app.ctx, 'quest', 'quests.json', file, benchActor);
const stageMs = performance.now() - started;
console.log(
  `staged ${staged.staged} quests in ${Math.round(stageMs)} ms (${staged.problems.length} problems)`,
);

await app.close();
rmSync(dataDir, { recursive: true, force: true });

const body = `\`npm run bench:admin\` — admin list requests on one map with ${markers.toLocaleString('en')} placed markers (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}), each through the whole HTTP stack in process (policy, validation, query, JSON), ${requests} requests per kind, milliseconds. Goal: p95 ≤ 50 ms; worst here ${worstP95.toFixed(1)} ms.

| request | p50 | p95 |
|---|---:|---:|
${lines.join('\n')}

Staging ${quests.toLocaleString('en')} quests from a ${(file.length / 1024 / 1024).toFixed(1)} MB JSON file (parse, validate each with the registry schema, write): ${Math.round(stageMs)} ms (goal ≤ 5,000 ms).

Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
if (process.argv.includes('--write')) writeBenchmarkSection('Admin', body);
