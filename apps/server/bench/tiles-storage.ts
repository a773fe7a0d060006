/**
 * Writing a map's tile pyramid into each storage driver, through the app's own map processing: the
 * map picture uploaded by an admin, then `processMap` timed from the request to DONE (cutting in the
 * child process plus storing every tile under the new version). Local: DATA_DIR; S3: a real S3 server
 * (s3rver) on loopback. Alternating runs, median per driver.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig, type StorageConfig } from '../src/config.ts';
import type { ObjectStore } from '../src/storage/index.ts';
import { multipartFile } from '../src/test/multipart.ts';
import { startS3Server } from '../src/test/s3-server.ts';
import { benchAdmin, createBenchGame } from './bench-data.ts';

export interface StorageRun {
  seconds: number;
  tiles: number;
}

async function processOnce(
  input: string,
  storage: StorageConfig,
  expected?: string[],
): Promise<StorageRun & { keys: string[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-bench-tiles-store-'));
  const config = loadConfig(
    {},
    {
      dataDir,
      storage,
      logLevel: 'silent',
      seedDemo: false,
      demoImages: false,
      readMissesPerSecond: 0,
      maxEventLoopDelayMs: 0,
      maxImagePixels: 32768 * 32768,
      uploadLimitBytes: 512 * 1024 * 1024,
      tileJobTimeoutMs: 30 * 60_000,
      imageJobTimeoutMs: 10 * 60_000,
      webDist: path.join(dataDir, 'none'),
    },
  );
  const app = await buildApp(config, { logger: false });
  try {
    await createBenchGame(app, { definition: false });
    const auth = await benchAdmin(app);
    const up = await app.inject({
      method: 'POST',
      url: '/api/admin/map/addImage/bench_map/mapImage',
      ...multipartFile(readFileSync(input), { filename: 'map.png', auth }),
    });
    if (up.statusCode !== 200) throw new Error(`upload: ${up.statusCode} ${up.body}`);
    // The upload may have queued processing already: let it finish, then time one processing.
    await app.images.processor.whenIdle();
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/processMap/bench_map/bench_game',
      headers: auth,
    });
    if (res.statusCode !== 202) throw new Error(`processMap: ${res.statusCode} ${res.body}`);
    await app.images.processor.whenIdle();
    const seconds = (performance.now() - started) / 1000;
    const map = (await app.inject({ url: '/api/map/bench_map' })).json() as {
      imageProcessStatus: string;
      tilesPath: string;
    };
    if (map.imageProcessStatus !== 'DONE') throw new Error(`map processing ended ${map.imageProcessStatus}`);
    const keys = await storedTiles(app.ctx.store, `mapTiles/${map.tilesPath}`, expected);
    if (expected && keys.length !== expected.length)
      throw new Error(`${expected.length - keys.length} tiles missing in ${storage.kind} storage`);
    return { seconds, tiles: keys.length, keys };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The pyramid's stored tiles, relative to its prefix. On the S3 server each tile the local run
 * stored is asked for with HEAD (s3rver fails listing past its first page of 1,000 keys).
 */
async function storedTiles(store: ObjectStore, prefix: string, expected?: string[]): Promise<string[]> {
  if (!expected) {
    const keys: string[] = [];
    for await (const o of store.list(prefix)) keys.push(o.key.slice(prefix.length + 1));
    return keys;
  }
  const found: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < expected.length) {
      const rel = expected[next++]!;
      if (await store.head(`${prefix}/${rel}`)) found.push(rel);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return found;
}

/** Median seconds of `runs` alternating runs per driver. */
export async function benchTileStorage(input: string, runs: number) {
  const s3 = await startS3Server('waypoint-bench');
  try {
    const local: StorageRun[] = [];
    const remote: StorageRun[] = [];
    for (let i = 0; i < runs; i++) {
      const ran = await processOnce(input, { kind: 'local' });
      local.push(ran);
      console.log(
        `  local run ${i + 1}: ${local.at(-1)!.seconds.toFixed(2)} s, ${local.at(-1)!.tiles} tiles`,
      );
      remote.push(await processOnce(input, s3.storage('site'), ran.keys));
      console.log(`  s3 run ${i + 1}: ${remote.at(-1)!.seconds.toFixed(2)} s, ${remote.at(-1)!.tiles} tiles`);
    }
    const median = (xs: StorageRun[]) =>
      [...xs].sort((a, b) => a.seconds - b.seconds)[Math.floor(xs.length / 2)]!;
    return { local: median(local), s3: median(remote), all: { local, s3: remote } };
  } finally {
    await s3.close();
  }
}
