import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MediaError } from './errors.ts';

/** Niceness of media child processes: below the server, so requests keep their share of the CPU. */
export const MEDIA_CHILD_NICENESS = 10;

let loader: string | undefined;

/** The TypeScript loader the server runs with, for child processes started from .ts files. */
function tsLoader(): string {
  loader ??= pathToFileURL(
    path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'),
  ).href;
  return loader;
}

/**
 * The file to run for a worker named by its source path: the source itself when the server runs
 * from TypeScript, or the built module beside the server's own (`dist/tiles.worker.js`) in production.
 */
export function workerEntry(sourceFile: string): string {
  if (!sourceFile.endsWith('.ts') || existsSync(sourceFile)) return sourceFile;
  const built = `${sourceFile.slice(0, -3)}.js`;
  return existsSync(built) ? built : sourceFile;
}

/** Limits of one media child process; the child is killed when it passes one. */
export interface ChildLimits {
  /** Wall-clock time limit, ms. */
  timeoutMs?: number;
  /**
   * Memory limit, MB: the JavaScript heap is capped at it (`--max-old-space-size`) and the resident
   * size of the whole process (libvips buffers included) is checked every 200 ms.
   */
  memoryMb?: number;
}

/** Time a worker may take to start (load its modules) before its time limit starts counting. */
const STARTUP_ALLOWANCE_MS = 30_000;

/** The message a worker sends once loaded, before it starts the work. */
const READY = '__mediaWorkerReady';
const isReadyMessage = (m: unknown) => typeof m === 'object' && m !== null && READY in m;

/** How often a child's resident size is read. */
const MEMORY_CHECK_MS = 200;

/** Resident size of a process in MB (Linux `/proc`); undefined where that is not available. */
async function residentMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Number(kb[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface ChildRun<T> {
  result: Promise<T>;
  /** Stops the child (its result then rejects). */
  kill(): void;
}

/**
 * Runs a media worker module in a child process at lower priority and resolves with the message it
 * sends (`process.send`). A worker reports failure as `{ error: message, code? }`. Keeps libvips
 * threads, big buffers and CPU-heavy drawing out of the server process. With `limits`, a child
 * that runs too long or grows too large is killed and the result rejects with TOO_SLOW or
 * TOO_MUCH_MEMORY and a readable message.
 */
export function runMediaChild<T>(workerFile: string, args: string[], limits: ChildLimits = {}): ChildRun<T> {
  let child: ChildProcess | undefined;
  let limitHit: MediaError | undefined;
  const timers: NodeJS.Timeout[] = [];
  const stopFor = (error: MediaError) => {
    limitHit ??= error;
    child?.kill('SIGKILL');
  };
  const result = new Promise<T>((resolve, reject) => {
    const entry = workerEntry(workerFile);
    const execArgv = entry.endsWith('.ts') ? ['--import', tsLoader()] : [];
    if (limits.memoryMb) execArgv.push(`--max-old-space-size=${Math.max(32, Math.floor(limits.memoryMb))}`);
    child = fork(entry, args, { execArgv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const pid = child.pid;
    if (limits.timeoutMs) {
      const timeoutMs = limits.timeoutMs;
      const seconds = Math.round(timeoutMs / 100) / 10;
      const tooSlow = () =>
        stopFor(
          new MediaError('TOO_SLOW', `The image took longer than ${seconds} s to process and was stopped`),
        );
      // The limit counts from the moment the worker has loaded and starts the work (starting a
      // process takes a while on a busy machine); a worker that never gets there is stopped too.
      const startup = setTimeout(tooSlow, timeoutMs + STARTUP_ALLOWANCE_MS);
      timers.push(startup);
      child.on('message', (m) => {
        if (isReadyMessage(m)) {
          clearTimeout(startup);
          timers.push(setTimeout(tooSlow, timeoutMs));
        }
      });
    }
    if (limits.memoryMb && pid) {
      const memoryMb = limits.memoryMb;
      timers.push(
        setInterval(() => {
          void residentMb(pid).then((mb) => {
            if (mb !== undefined && mb > memoryMb) {
              stopFor(
                new MediaError(
                  'TOO_MUCH_MEMORY',
                  `The image needed more than ${memoryMb} MB to process and was stopped`,
                ),
              );
            }
          });
        }, MEMORY_CHECK_MS),
      );
    }
    try {
      if (child.pid) os.setPriority(child.pid, MEDIA_CHILD_NICENESS);
    } catch {
      // Lowering the priority is best effort (not allowed everywhere).
    }
    let message: unknown;
    child.on('message', (m) => {
      if (!isReadyMessage(m)) message = m;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const timer of timers) clearTimeout(timer);
      if (limitHit) return reject(limitHit);
      // V8 aborts a process whose heap reached --max-old-space-size.
      if (limits.memoryMb && (signal === 'SIGABRT' || code === 134)) {
        return reject(
          new MediaError(
            'TOO_MUCH_MEMORY',
            `The image needed more than ${limits.memoryMb} MB to process and was stopped`,
          ),
        );
      }
      const m = message as { error?: string; code?: string } | undefined;
      if (m && typeof m === 'object' && 'error' in m) {
        const error = new Error(String(m.error)) as Error & { code?: string };
        if (m.code) error.code = m.code;
        return reject(error);
      }
      if (code === 0 && message !== undefined) return resolve(message as T);
      reject(new Error(`media worker ${path.basename(workerFile)} stopped (${signal ?? `exit ${code}`})`));
    });
  });
  return { result, kill: () => child?.kill('SIGTERM') };
}

/** Worker side: runs `work` and sends its result (or its error) to the parent, then exits. */
export async function serveMediaChild(work: () => Promise<unknown>): Promise<void> {
  // The server went away (stopped or crashed): no one wants the result. Killed at once, since a
  // plain exit would wait for the image library's running task and let it write on.
  const orphaned = () => process.kill(process.pid, 'SIGKILL');
  process.on('disconnect', orphaned);
  process.send?.({ [READY]: true });
  try {
    const result = await work();
    process.send?.(result ?? null);
  } catch (error) {
    const e = error as Error & { code?: string };
    process.send?.({ error: e?.message ?? String(error), code: e?.code });
  }
  process.off('disconnect', orphaned);
  process.disconnect?.();
}
