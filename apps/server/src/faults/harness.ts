/** What the fault suites share: the production build started as real processes, and plain HTTP. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const serverDir = path.resolve(import.meta.dirname, '../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Proc {
  child: ChildProcess;
  port: number;
}
export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** Builds the server (dist/main.js), as production runs it. */
export function buildServer() {
  const built = spawnSync(process.execPath, [path.join(serverDir, 'scripts/build.mjs')], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`server build failed: ${built.stderr}`);
}

/**
 * Starts the built server on `port` over `dataDir`, with its admin account, no demo content, generous
 * login limits and no load shedding (the shared 2-core machine lags at times; shedding has its own
 * tests); `env` adds to or overrides that.
 */
export function startServer(
  port: number,
  dataDir: string,
  admin: { email: string; password: string },
  env: Record<string, string>,
): Proc {
  const child = spawn(process.execPath, [path.join(serverDir, 'dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'a-shared-secret-of-more-than-thirty-two-bytes',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED_DEMO: 'false',
      DEMO_IMAGES: 'false',
      LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? 'fatal',
      AUTH_RATE_LIMIT: '100000',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', process.env.FAULT_DEBUG ? 'inherit' : 'ignore', 'inherit'],
  });
  return { child, port };
}

/** One request on a new connection; rejects with the socket error when there is no answer. */
export function request(
  port: number,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        timeout: 60_000,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Waits until the process answers /readyz with 200. */
export async function ready(proc: Proc, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`server exited with ${proc.child.exitCode}`);
    const answer = await request(proc.port, 'GET', '/readyz').catch(() => null);
    if (answer?.status === 200) return;
    await sleep(100);
  }
  throw new Error('server did not become ready');
}

/** Ends the process with `signal` and waits for it to exit. */
export async function stopServer(proc: Proc, signal: NodeJS.Signals = 'SIGTERM') {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    proc.child.once('exit', () => resolve());
    proc.child.kill(signal);
  });
}

/** Prints a scenario's figures and appends them to FAULT_REPORT when set. */
export function report(line: string) {
  console.log(`faults: ${line}`);
  const file = process.env.FAULT_REPORT;
  if (file) appendFileSync(file, `${line}\n`);
}
