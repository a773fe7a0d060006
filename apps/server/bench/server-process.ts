import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const sourceMain = path.resolve(import.meta.dirname, '../src/main.ts');
const builtMain = path.resolve(import.meta.dirname, '../dist/main.js');

/**
 * Starts the real server in a child process on 127.0.0.1 with the given data folder and waits until
 * it answers: the TypeScript sources through tsx (`source`, the default) or the production build
 * `dist/main.js` on plain node (`built`; `npm run build -w apps/server` first). Benchmarks measure it
 * from outside, as clients would.
 */
export async function startServerProcess(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  mode?: 'source' | 'built';
  /** Options for node itself (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** Another build's main.js to run in `built` mode (an earlier commit's, to compare). */
  main?: string;
}): Promise<ChildProcess> {
  const args = [
    ...(options.nodeArgs ?? []),
    ...(options.mode === 'built' ? [options.main ?? builtMain] : ['--import', 'tsx', sourceMain]),
  ];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The demo images are drawn in the background at start; they would compete with the measurement.
      DEMO_IMAGES: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${options.port}`;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  // Up to 90 s: a cold tsx start on a busy 2-core machine takes a while.
  for (let i = 0; i < 450 && exited === null; i++) {
    try {
      if ((await fetch(`${base}/api/games`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(exited === null ? 'server did not start within 90 s' : `server exited (${exited})`);
}
