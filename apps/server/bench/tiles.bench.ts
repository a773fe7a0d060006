/**
 * `npm run bench:tiles`: cuts synthetic 8192² and 16384² map images into 256-px google-layout
 * pyramids with the project's tiler (src/media/tiles.ts, in a child process so its peak memory is
 * its own) and with `vips dzsave --layout google` (Debian's libvips-tools) on the same input, one
 * run at a time. Prints seconds, tiles/s, peak RSS and the time ratio, and writes docs/benchmarks.md.
 * Then processes the 8192² map through the app into DATA_DIR and into a real S3 server (section "Tiles
 * into storage"); `npm run bench:tiles -w apps/server -- --storage` runs only that part (BENCH_STORAGE_RUNS runs per driver, default 3).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateProceduralMap } from '../src/db/seed/art/procedural.ts';
import { getSharp } from '../src/media/sharp.ts';
import { cutTiles, type TileFormat } from '../src/media/tiles.ts';
import { benchTileStorage } from './tiles-storage.ts';
import { writeBenchmarkSection } from './update-doc.ts';

const VIPS = process.env.VIPS_BIN ?? '/usr/bin/vips';
const TIME = '/usr/bin/time';
const workDir = path.join(os.tmpdir(), 'waypoint-bench-tiles');
const sizes = (process.env.BENCH_TILE_SIZES ?? '8192,16384').split(',').map(Number);
const formats: TileFormat[] = ['png', 'webp'];
const MAX_PIXELS = 32768 * 32768;

interface Run {
  seconds: number;
  tiles: number;
  peakMiB: number;
  bytes: number;
}

/** Child mode: tile one image and report timing and peak memory as JSON on stdout. */
async function child(input: string, out: string, format: TileFormat) {
  const started = performance.now();
  const result = await cutTiles(input, out, { maxInputPixels: MAX_PIXELS, format });
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ seconds, tiles: result.tileCount, peakMiB: peakRssMiB() }));
}

/**
 * Peak RSS of this process. On Linux, VmHWM belongs to this process image only; getrusage's maxRSS
 * would also count the parent's memory at fork time, which a spawned child inherits.
 */
function peakRssMiB(): number {
  try {
    const hwm = readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+) kB/);
    if (hwm) return Number(hwm[1]) / 1024;
  } catch {
    // Not Linux: fall back to getrusage.
  }
  return process.resourceUsage().maxRSS / 1024;
}

function dirStats(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(png|webp)$/.test(entry.name) || entry.name === 'blank.png') continue;
    files++;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

async function makeInput(size: number): Promise<string> {
  const file = path.join(workDir, `map-${size}.png`);
  if (existsSync(file)) return file;
  const sharp = getSharp();
  const base = Math.min(size, 8192);
  const baseFile = path.join(workDir, `map-${base}.png`);
  if (!existsSync(baseFile)) {
    console.log(`drawing a ${base}² procedural map…`);
    const map = await generateProceduralMap({
      width: base,
      height: base,
      seed: 'bench',
      title: 'Benchmark Isles',
    });
    await sharp(map.png, { limitInputPixels: MAX_PIXELS }).toFile(baseFile);
  }
  if (base !== size) {
    console.log(`scaling it to ${size}²…`);
    await sharp(baseFile, { limitInputPixels: MAX_PIXELS })
      .resize(size, size, { kernel: 'lanczos3' })
      .png({ compressionLevel: 6 })
      .toFile(file);
  }
  return file;
}

function runOurs(input: string, out: string, format: TileFormat): Promise<Run> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--child', input, out, format],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let text = '';
    proc.stdout.on('data', (d: Buffer) => {
      text += d;
    });
    proc.on('error', reject);
    proc.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`tiler child exited with ${code}`));
      const r = JSON.parse(text) as Omit<Run, 'bytes'>;
      resolve({ ...r, bytes: dirStats(out).bytes });
    });
  });
}

function parseTime(report: string): Partial<Run> {
  const rss = report.match(/Maximum resident set size \(kbytes\): (\d+)/);
  return rss ? { peakMiB: Number(rss[1]) / 1024 } : {};
}

/** `vips dzsave` under GNU time: wall time of the command, peak RSS from `time -v`. */
function vipsRun(input: string, out: string, format: TileFormat): Promise<Run> {
  const suffix = format === 'png' ? '.png[compression=6]' : '.webp[Q=80,effort=2]';
  const args = ['dzsave', input, out, '--layout', 'google', '--tile-size', '256', '--suffix', suffix];
  const useTime = existsSync(TIME);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = useTime
      ? spawn(TIME, ['-v', VIPS, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn(VIPS, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let report = '';
    proc.stderr.on('data', (d: Buffer) => {
      report += d;
    });
    proc.on('error', reject);
    proc.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`vips exited with ${code}: ${report.slice(-500)}`));
      const s = dirStats(out);
      resolve({ seconds, tiles: s.files, bytes: s.bytes, peakMiB: Number.NaN, ...parseTime(report) });
    });
  });
}

async function main() {
  mkdirSync(workDir, { recursive: true });
  const vipsVersion = execFileSync(VIPS, ['--version'], { encoding: 'utf8' }).trim();
  const sharpVersion = getSharp().versions.vips;
  const loadAtStart = os.loadavg()[0];
  const rows: string[] = [];
  const summary: string[] = [];
  for (const size of sizes) {
    const input = await makeInput(size);
    for (const format of formats) {
      const oursDir = path.join(workDir, `ours-${size}-${format}`);
      const vipsDir = path.join(workDir, `vips-${size}-${format}`);
      rmSync(oursDir, { recursive: true, force: true });
      rmSync(vipsDir, { recursive: true, force: true });
      const ours = await runOurs(input, oursDir, format);
      rmSync(oursDir, { recursive: true, force: true });
      const vips = await vipsRun(input, vipsDir, format);
      rmSync(vipsDir, { recursive: true, force: true });
      const ratio = ours.seconds / vips.seconds;
      const line =
        `${size}² ${format}: ours ${ours.seconds.toFixed(2)} s, ${(ours.tiles / ours.seconds).toFixed(0)} tiles/s, ` +
        `${ours.peakMiB.toFixed(0)} MiB peak, ${(ours.bytes / 2 ** 20).toFixed(1)} MiB | vips ${vips.seconds.toFixed(2)} s, ` +
        `${(vips.tiles / vips.seconds).toFixed(0)} tiles/s, ${vips.peakMiB.toFixed(0)} MiB peak | ratio ${ratio.toFixed(2)}`;
      console.log(line);
      summary.push(line);
      rows.push(
        `| ${size}×${size} | ${format.toUpperCase()} | ${ours.tiles} | ${ours.seconds.toFixed(2)} | ${(ours.tiles / ours.seconds).toFixed(0)} | ` +
          `${ours.peakMiB.toFixed(0)} | ${(ours.bytes / 2 ** 20).toFixed(1)} | ${vips.seconds.toFixed(2)} | ` +
          `${(vips.tiles / vips.seconds).toFixed(0)} | ${Number.isNaN(vips.peakMiB) ? 'n/a' : vips.peakMiB.toFixed(0)} | **${ratio.toFixed(2)}** |`,
      );
    }
  }
  writeBenchmarkSection(
    'Tiles',
    [
      '`npm run bench:tiles` — a procedural 8192² demo map (and the same scaled to 16384²) as PNG input, cut into a',
      '256-px google-layout `{z}/{x}/{y}` pyramid by the project tiler (`src/media/tiles.ts`: sharp `dzsave`, one libvips',
      `thread per core, then \`{z}/{y}/{x}\` moved to \`{z}/{x}/{y}\`) in a child process, and by \`vips dzsave --layout google\``,
      `(${vipsVersion}, same tile size, PNG zlib level 6 / WebP Q80) on the same input, one run at a time. Our seconds are the`,
      'tiling call inside the child; vips seconds are the whole command. Peak memory is the peak RSS of each process',
      '(Node + sharp for ours, VmHWM of the child; GNU `time -v` for vips). Ratio = ours / vips (target ≤ 1.0;',
      'peak ≤ 512 MiB at 16384²). Both tools run libvips with the same encoder settings; PNG output is faster here',
      "thanks to sharp's newer libvips and zlib-ng. WebP tiles are cheap to encode, so that case is bound by the",
      'single-threaded decode of the PNG input, which both tools share: its ratio sits near 1.0 and moves with machine load.',
      '',
      '| image | tiles | count | ours s | ours tiles/s | ours peak MiB | pyramid MiB | vips s | vips tiles/s | vips peak MiB | ratio |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, sharp ${getSharp().versions.sharp} (libvips ${sharpVersion}), ` +
        `${os.cpus().length} cores shared with other work (1-minute load average ${loadAtStart.toFixed(1)} at the start, ` +
        `${os.loadavg()[0].toFixed(1)} at the end).`,
    ].join('\n'),
  );
  console.log('written to docs/benchmarks.md');
}

/** The 8192² map processed into each storage driver; writes its own section. */
async function storage() {
  mkdirSync(workDir, { recursive: true });
  const input = await makeInput(8192);
  const runs = Number(process.env.BENCH_STORAGE_RUNS ?? 3);
  const loadAtStart = os.loadavg()[0];
  const result = await benchTileStorage(input, runs);
  const ratio = result.s3.seconds / result.local.seconds;
  const each = (xs: { seconds: number }[]) => xs.map((r) => r.seconds.toFixed(1)).join(', ');
  const table = [
    '| storage | tiles | median s | runs s | ratio to local |',
    '|---|---:|---:|---|---:|',
    `| local file system (DATA_DIR) | ${result.local.tiles} | ${result.local.seconds.toFixed(2)} | ${each(result.all.local)} | 1.00 |`,
    `| S3 server (s3rver on loopback) | ${result.s3.tiles} | ${result.s3.seconds.toFixed(2)} | ${each(result.all.s3)} | **${ratio.toFixed(2)}** |`,
  ].join('\n');
  console.log(table);
  writeBenchmarkSection(
    'Tiles into storage',
    [
      '`npm run bench:tiles` (only this part: `npm run bench:tiles -w apps/server -- --storage`) — the procedural 8192² PNG map uploaded to a map through',
      "the app, then processed again with `POST /api/admin/processMap` and timed until the map is DONE: the app's own",
      'path, cutting the PNG pyramid in its child process and storing every tile under a new version, each tile as soon as',
      'it is cut (16 uploads at a time, overlapping the cut), once into DATA_DIR and once into a real S3 server (`s3rver`,',
      'objects on the same disk, in the same process as the app) through the AWS SDK.',
      `Alternating runs, ${runs} per driver, median. Target: S3 ≤ 1.5× local${
        ratio <= 1.5
          ? '.'
          : ' (not met here: the S3 server, the SDK and the app share one event loop and the two cores with the cutting, ' +
            `so the ${result.local.tiles} PUTs cannot all keep up with it).`
      }`,
      'Before the tiles were stored while they are cut (all PUTs after the cut), the same run measured local 15.77 s,',
      'S3 37.81 s: 2.40×.',
      '',
      table,
      '',
      `Measured ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores shared with other work ` +
        `(1-minute load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end).`,
    ].join('\n'),
  );
  console.log('written to docs/benchmarks.md');
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4], process.argv[5] as TileFormat);
} else if (process.argv.includes('--storage')) {
  await storage();
} else {
  await main();
  await storage();
}
