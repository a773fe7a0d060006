/**
 * `npm run bench:pins`: a player's own pins at their cap. A GeoJSON FeatureCollection of
 * BENCH_PINS pins (default 5,000, the per-map cap) with notes is previewed and then imported,
 * through the whole HTTP stack in process (auth, body parsing, validation of every feature, one
 * transaction), each round by a new player; then the map's pins are read back and exported as
 * GeoJSON. BENCH_ROUNDS rounds (default 5). SQLite by default, PostgreSQL when DATABASE_URL names
 * one. `--write` updates docs/benchmarks.md "Own pins (SQLite|PostgreSQL)".
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { defaultPictureSide } from '@waypoint/shared/map/pixels';
import { pinColourKeys } from '@waypoint/shared/pins/limits';
import { insertUser } from '../src/features/account/account.repository.ts';
import { createBenchGame, inProcessBenchApp } from './bench-data.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const pins = Number(process.env.BENCH_PINS ?? 5_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const { app, dataDir, engine } = await inProcessBenchApp('pins');
await createBenchGame(app, { definition: false });

const collection = {
  type: 'FeatureCollection',
  features: Array.from({ length: pins }, (_, i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [(i * 97) % defaultPictureSide, (i * 389) % defaultPictureSide] },
    properties: {
      name: `Pin ${i} — Ölfass ✓`,
      note: `Note ${i}: ${'under the pier, behind the crates. '.repeat(4)}`,
      colour: pinColourKeys[i % pinColourKeys.length],
      level: -1,
    },
  })),
};
const bytes = Buffer.byteLength(JSON.stringify({ collection }));

async function player(n: number) {
  const user = await insertUser(app.ctx.db.kysely, {
    username: `bench_player_${n}`,
    email: `player${n}@example.test`,
    passwordHash: 'x',
    admin: 0,
    confirmed: 1,
  });
  const token = await app.ctx.tokens.sign({ id: user.id, username: `bench_player_${n}`, admin: false });
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

async function timed(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) {
  const started = performance.now();
  const res = await app.inject({
    method,
    url,
    headers,
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { ms, body: res.body };
}

const kinds = ['preview the import', 'import', 'read the map’s pins', 'export as GeoJSON'];
const times = new Map(kinds.map((k) => [k, [] as number[]]));
const url = '/api/user/pins/bench_map';
for (let round = 0; round < rounds; round++) {
  const headers = await player(round);
  const preview = await timed('POST', `${url}/geojson`, headers, { collection, preview: true });
  if ((JSON.parse(preview.body) as { accepted: number }).accepted !== pins)
    throw new Error(`preview: ${preview.body.slice(0, 200)}`);
  times.get('preview the import')?.push(preview.ms);
  const imported = await timed('POST', `${url}/geojson`, headers, { collection });
  if ((JSON.parse(imported.body) as { accepted: number }).accepted !== pins)
    throw new Error(`import: ${imported.body.slice(0, 200)}`);
  times.get('import')?.push(imported.ms);
  const read = await timed('GET', url, headers);
  if ((JSON.parse(read.body) as { pins: unknown[] }).pins.length !== pins)
    throw new Error('read: wrong count');
  times.get('read the map’s pins')?.push(read.ms);
  times.get('export as GeoJSON')?.push((await timed('GET', `${url}/geojson`, headers)).ms);
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const lines: string[] = [];
let worstImport = 0;
for (const [kind, list] of times) {
  const max = Math.max(...list);
  if (kind === 'preview the import' || kind === 'import') worstImport = Math.max(worstImport, max);
  const line = `| ${kind} | ${Math.round(median(list))} | ${Math.round(max)} |`;
  console.log(line);
  lines.push(line);
}
const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.log(`worst preview or import ${Math.round(worstImport)} ms (goal ≤ 2,000 ms); load average ${load}`);

const body = `\`npm run bench:pins\` on ${engine} — a GeoJSON file of ${pins.toLocaleString('en')} pins with notes (${(bytes / 1024 / 1024).toFixed(1)} MB, the per-map cap) previewed, then imported, by a new player each round, through the whole HTTP stack in process (auth, body parsing, every feature checked, one transaction); then the map's pins read back and exported. ${rounds} rounds, milliseconds. Goal: a 5,000-pin import staged and previewed in ≤ 2,000 ms; worst here ${Math.round(worstImport)} ms.

| request | median | max |
|---|---:|---:|
${lines.join('\n')}

Load average at the end ${load}; measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.`;
if (process.argv.includes('--write')) writeBenchmarkSection(`Own pins (${engine})`, body);
