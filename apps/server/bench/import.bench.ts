/**
 * `npm run bench:import`: a generated DataMaps page of BENCH_MARKERS markers (default 20,000) on three
 * floors is read and staged on a map (goal ≤ 10 s), accepted through the review, then staged again
 * unchanged (stages nothing). SQLite by default, PostgreSQL when DATABASE_URL names one. `--write`
 * updates docs/benchmarks.md "Import (DataMaps, <engine>)".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { acceptImports } from '../src/features/admin/imports.ts';
import { stageContent } from '../src/features/interop/content-import.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const markers = Number(process.env.BENCH_MARKERS ?? 20_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-bench-import-'));
const config = loadConfig(process.env, {
  dataDir,
  logLevel: 'silent',
  seedDemo: false,
  demoImages: false,
  readMissesPerSecond: 0,
  webDist: path.join(dataDir, 'none'),
});
const engine = config.databaseUrl ? 'PostgreSQL' : 'SQLite';
const app = await buildApp(config, { logger: false });
const actor = { id: null, username: 'bench' };
const mapId = `bench_dm_${Date.now().toString(36)}`;
await app.ctx.writer.create('game', { _id: `${mapId}_game`, name: 'Bench' }, actor);
await app.ctx.writer.create('map', { _id: mapId, gameId: `${mapId}_game`, name: 'Bench map' }, actor);

const groups = ['ore', 'chest', 'camp', 'note', 'boss'];
const page = {
  $schema: 'https://wiki.gg/extensions/DataMaps/schemas/v17.4.json',
  crs: [
    [0, 0],
    [1000, 1000],
  ],
  backgrounds: ['Surface', 'Caves', 'Tower'].map((name) => ({
    name,
    image: `${name}.png`,
    associatedLayer: name.toLowerCase(),
  })),
  groups: Object.fromEntries(
    groups.map((g, i) => [
      g,
      i % 2
        ? { name: g, pinColor: '#ff0000' }
        : { name: g, fillColor: '#00ff00', size: 8, isCollectible: true },
    ]),
  ),
  categories: { rare: { name: 'Rare' } },
  markers: {} as Record<string, unknown[]>,
};
for (let i = 0; i < markers; i++) {
  const key = `${groups[i % groups.length]}${i % 7 ? '' : ' rare'} bg:${['surface', 'caves', 'tower'][i % 3]}`;
  page.markers[key] ??= [];
  page.markers[key].push({
    id: `m${i}`,
    x: (i * 104729) % 1000,
    y: (i * 7919) % 1000,
    name: `Marker ${i}`,
    description: i % 4 ? `Found near [[Place ${i % 50}|place]] ${i}` : undefined,
  });
}
const content = JSON.stringify(page);
const input = { mapId, format: 'datamaps' as const, content, source: 'Map:Bench' };

let started = performance.now();
const first = await stageContent(app.ctx, input, actor);
const stageMs = performance.now() - started;
console.log(`${engine}: staged ${JSON.stringify(first.staged)} in ${Math.round(stageMs)} ms`);
started = performance.now();
for (const key of ['maplevel', 'markerdefinition', 'placedmarker'] as const)
  await acceptImports(app.ctx, key, {}, actor);
const acceptMs = performance.now() - started;
console.log(`${engine}: accepted in ${Math.round(acceptMs)} ms`);
started = performance.now();
const again = await stageContent(app.ctx, input, actor);
const againMs = performance.now() - started;
const againStaged = Object.values(again.staged).reduce((a, b) => a + b, 0);
console.log(
  `${engine}: re-import staged ${againStaged} (${again.unchanged} unchanged) in ${Math.round(againMs)} ms`,
);
if (againStaged !== 0) throw new Error('An unchanged re-import staged records');
const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');

await app.close();
rmSync(dataDir, { recursive: true, force: true });

const body = `\`npm run bench:import\` on ${engine} — a generated DataMaps page of ${markers.toLocaleString('en')} markers on three floors (${(content.length / 1024 / 1024).toFixed(1)} MB) read into one map, milliseconds.

| step | ms | goal |
|---|---:|---|
| read, check and stage (${first.staged.placedmarker.toLocaleString('en')} markers, ${first.staged.markerdefinition} definitions, ${first.staged.maplevel} floors) | ${Math.round(stageMs)} | ≤ 10,000 |
| accept everything through the review (one write path, audit) | ${Math.round(acceptMs)} | — |
| stage the same page again (stages ${againStaged}) | ${Math.round(againMs)} | ≤ 10,000, stages nothing |

Load average at the end ${load}; measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
if (process.argv.includes('--write')) writeBenchmarkSection(`Import (DataMaps, ${engine})`, body);
