/**
 * Fixed-rate loads of large answers (tiles, thumbnails) with h2load (Debian's nghttp2-client), in
 * HTTP/1.1. autocannon parses answers with a JavaScript HTTP parser: on this machine it tops out near
 * 350 req/s for a 205 KiB answer from a plain Node server that h2load reads at 500 req/s with a p99
 * under 1 ms, so a row of large answers measured with it measures autocannon.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface FixedRateResult {
  rps: number;
  /** Milliseconds, to a tenth. */
  p50: number;
  p99: number;
  errors: number;
}

/** Stops with a clear message when h2load is not on the PATH. */
export async function requireH2load(): Promise<void> {
  try {
    await run('h2load', ['--version']);
  } catch {
    throw new Error(
      "h2load is needed for the rows of large answers: install Debian's nghttp2-client (apt-get install nghttp2-client)",
    );
  }
}

/**
 * `urls` (one host) asked in turn by `connections` HTTP/1.1 connections at `rate` requests per second
 * in all, for `seconds` after a warm-up of two seconds at the same rate.
 */
export async function fixedRate(
  urls: string[],
  options: { connections: number; rate: number; seconds: number },
): Promise<FixedRateResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-h2load-'));
  try {
    const list = path.join(dir, 'urls');
    const log = path.join(dir, 'log');
    writeFileSync(list, `${urls.join('\n')}\n`);
    await run(
      'h2load',
      [
        '--h1',
        `--clients=${options.connections}`,
        `--rps=${options.rate / options.connections}`,
        `--duration=${options.seconds}`,
        '--warm-up-time=2',
        `--input-file=${list}`,
        `--log-file=${log}`,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    // One line per request: start (µs since the epoch), status, microseconds to the answer's end.
    const lines = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
    const durations = lines.map((l) => Number(l.split('\t')[2])).sort((a, b) => a - b);
    const errors = lines.filter((l) => !l.split('\t')[1]?.startsWith('2')).length;
    const at = (q: number) =>
      Math.round((durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? 0) / 100) /
      10;
    return { rps: Math.round(lines.length / options.seconds), p50: at(0.5), p99: at(0.99), errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
