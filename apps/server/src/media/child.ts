import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

export interface ChildRun<T> {
  result: Promise<T>;
  /** Stops the child (its result then rejects). */
  kill(): void;
}

/**
 * Runs a media worker module in a child process at lower priority and resolves with the message it
 * sends (`process.send`). A worker reports failure as `{ error: message, code? }`. Keeps libvips
 * threads, big buffers and CPU-heavy drawing out of the server process.
 */
export function runMediaChild<T>(workerFile: string, args: string[]): ChildRun<T> {
  let child: ChildProcess | undefined;
  const result = new Promise<T>((resolve, reject) => {
    const entry = workerEntry(workerFile);
    child = fork(entry, args, {
      execArgv: entry.endsWith('.ts') ? ['--import', tsLoader()] : [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    try {
      if (child.pid) os.setPriority(child.pid, MEDIA_CHILD_NICENESS);
    } catch {
      // Lowering the priority is best effort (not allowed everywhere).
    }
    let message: unknown;
    child.on('message', (m) => {
      message = m;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
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
  // The server went away (stopped or crashed): no one wants the result.
  const orphaned = () => process.exit(1);
  process.on('disconnect', orphaned);
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
