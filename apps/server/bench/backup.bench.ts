/**
 * `npm run bench:backup`: `npm run backup` of the demo database plus BENCH_MARKERS extra placed
 * markers (default 20,000) on SQLite, then its restore into a fresh DATA_DIR; BENCH_RUNS runs each
 * (default 3), median and worst. The stored files are the demo's when DEMO_IMAGES=true (off by
 * default: drawing them takes minutes). `--write` updates docs/benchmarks.md "Backup".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { getModel } from '@waypoint/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { createBackup, restoreBackup } from '../src/features/backup/backup.service.ts';
import { insertMany } from '../src/features/models/models.repository.ts';
import { benchMarkerRow, createBenchGame } from './bench-data.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const markers = Number(process.env.BENCH_MARKERS ?? 20_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const work = mkdtempSync(path.join(tmpdir(), 'waypoint-bench-backup-'));
const dataDir = path.join(work, 'site');
const config = loadConfig(
  { ...process.env, DATABASE_URL: '' },
  {
    dataDir,
    logLevel: 'silent',
    seedDemo: true,
    demoImages: process.env.DEMO_IMAGES === 'true',
    webDist: path.join(work, 'none'),
  },
);
try {
  const app = await buildApp(config, { logger: false });
  await seedIfEmpty(app.ctx.db, config);
  if (config.demoImages) await app.images.prepareDemoImages();
  await createBenchGame(app);
  const rows = Array.from({ length: markers }, (_, i) =>
    benchMarkerRow(i, { description: `<p>Behind the ${i % 7 ? 'shed' : 'tower'}, level ${i % 5}</p>` }),
  );
  await insertMany(app.ctx.db.kysely, getModel('placedmarker'), rows, new Date().toISOString());

  const backups: number[] = [];
  const restores: number[] = [];
  let size = 0;
  let files = 0;
  let totalRows = 0;
  for (let i = 0; i < runs; i++) {
    // The site stays open (its connection, WAL mode) as a serving site's would.
    let t = performance.now();
    const { folder, manifest } = await createBackup(config, path.join(work, 'backups'));
    backups.push(performance.now() - t);
    size = manifest.database.bytes;
    files = manifest.storage.objects;
    totalRows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0);
    const target = loadConfig(
      { DATABASE_URL: '' },
      { dataDir: path.join(work, `restored-${i}`), jwtSecret: 'x' },
    );
    t = performance.now();
    await restoreBackup(target, folder);
    restores.push(performance.now() - t);
    rmSync(folder, { recursive: true, force: true });
    console.log(`run ${i + 1}: backup ${Math.round(backups[i]!)} ms, restore ${Math.round(restores[i]!)} ms`);
  }
  await app.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const load = os.loadavg()[0]!.toFixed(1);
  const table = [
    '| step | median s | worst s |',
    '|---|---|---|',
    `| \`npm run backup\` (online backup, integrity check, checksums, files) | ${s(median(backups))} | ${s(Math.max(...backups))} |`,
    `| \`npm run restore\` into a fresh DATA_DIR (checksums, integrity check, row walk) | ${s(median(restores))} | ${s(Math.max(...restores))} |`,
  ].join('\n');
  console.log(table);
  console.log(
    `database ${(size / 1e6).toFixed(1)} MB, ${totalRows} rows, ${files} stored files; load average ${load}`,
  );
  if (process.argv.includes('--write'))
    writeBenchmarkSection(
      'Backup',
      `\`npm run bench:backup\`: the demo database plus ${markers.toLocaleString('en')} extra placed markers on SQLite ` +
        `(${(size / 1e6).toFixed(1)} MB, ${totalRows.toLocaleString('en')} rows, ${files} stored files), ${runs} runs, ` +
        `load average ${load} (2 cores shared with other work). Target: backup ≤ 10 s.\n\n${table}`,
    );
} finally {
  rmSync(work, { recursive: true, force: true });
}
