/**
 * The real server for the browser benchmarks: started from source on a fresh data folder (seeded demo
 * content), serving a given web build, answered once the demo maps' tiles are cut.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMapPreparing } from '@waypoint/shared/map/preparing';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  const net = await import('node:net');
  return new Promise((res) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => res(p));
    });
  });
}

/** Stops the server and removes its data folder. */
async function stop(child, dataDir) {
  const { rmSync } = await import('node:fs');
  if (child.exitCode === null) {
    await new Promise((res) => {
      child.once('exit', res);
      child.kill('SIGTERM');
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Waits until the demo maps' pictures are drawn and cut into tiles (a fresh site does both in the
 * background, and a page that shows a map being prepared keeps asking for its progress).
 */
async function tilesReady(base) {
  for (let i = 0; i < 1200; i++) {
    const maps = (await (await fetch(`${base}/api/maps?limit=1000`)).json()).data;
    if (!maps.some(isMapPreparing)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo maps were not prepared in 10 minutes');
}

/** Starts the real server on a fresh data folder serving the build in `dist`; answers its address. */
export async function startServer(dist) {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { spawn } = await import('node:child_process');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'waypoint-bench-web-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(rootDir, 'apps/server/src/main.ts')], {
    cwd: rootDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/games`)).ok) {
        await tilesReady(base);
        return { base, stop: () => stop(child, dataDir) };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop(child, dataDir);
  throw new Error('the server did not start');
}
