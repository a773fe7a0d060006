/**
 * `npm run bench:start`: how long the server takes from process start to its first answer, and its
 * memory, when it runs the TypeScript sources through tsx and when it runs the production build on
 * plain node. The database is seeded once beforehand, so every start is a restart of a deployed site.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { startServerProcess } from './server-process.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const RUNS = 5;
const PORT = 3950 + Math.floor(Math.random() * 40);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-start-'));

function rssMiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(mode: 'source' | 'built') {
  const starts: number[] = [];
  const idle: number[] = [];
  const busy: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const child = await startServerProcess({ dataDir, port: PORT, mode, env: { SEED_DEMO: 'false' } });
    starts.push(performance.now() - t0);
    idle.push(rssMiB(child));
    for (let n = 0; n < 200; n++)
      await (await fetch(`http://127.0.0.1:${PORT}/api/placedmarkers?limit=2000`)).arrayBuffer();
    busy.push(rssMiB(child));
    await stop(child);
  }
  return { mode, start: median(starts), idle: median(idle), busy: median(busy) };
}

try {
  const config = loadConfig({}, { dataDir, logLevel: 'warn' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await seedIfEmpty(db, config);
  await db.close();
  const built = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/build.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('server build failed');

  const rows = [await measure('source'), await measure('built')];
  const lines = [
    `Server start (median of ${RUNS} restarts of a seeded SQLite site, process start to first answer) and memory (RSS idle after start, and after 200 reads of a 2,000-marker list):`,
    '',
    '| runs | start | RSS idle | RSS after reads |',
    '|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.mode === 'source' ? 'TypeScript sources through tsx (development)' : 'built `dist/main.js` on node (production)'} | ${Math.round(r.start)} ms | ${Math.round(r.idle)} MiB | ${Math.round(r.busy)} MiB |`,
    ),
  ];
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) writeBenchmarkSection('Server start', lines.join('\n'));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
