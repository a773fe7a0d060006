import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The PostgreSQL server binaries: `pg_config --bindir`, else Debian's newest. */
export function postgresBin(): string {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {}
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions.at(-1);
  if (!newest) throw new Error('PostgreSQL server binaries not found (install Debian postgresql)');
  return path.join(root, newest, 'bin');
}

const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/** Runs a server binary as the postgres user when this process is root (initdb and postgres refuse root). */
function asPostgres(file: string, args: string[]) {
  const result =
    process.getuid?.() === 0
      ? spawnSync('su', ['postgres', '-s', '/bin/bash', '-c', [file, ...args].map(quote).join(' ')], {
          encoding: 'utf8',
        })
      : spawnSync(file, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${path.basename(file)} failed: ${result.stderr || result.stdout}`);
}

export interface BenchCluster {
  /** URL of the cluster's `postgres` database; other databases by replacing the name. */
  url: string;
  port: number;
  bin: string;
  /** The server's log (`log_line_prefix` `@@<pid>@@ `). */
  logFile: string;
  /** The postmaster's process id (its children are the backends). */
  postmasterPid(): number;
  stop(): void;
}

/**
 * A throw-away PostgreSQL cluster of its own (port and folder apart from the test suite's), with a
 * production's durability (fsync, synchronous_commit and full-page writes on, the defaults) and
 * `pg_stat_statements` loaded, so that a benchmark can count the statements a request sends.
 */
export function startBenchCluster(port: number): BenchCluster {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'waypoint-pg-bench-'));
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  appendFileSync(
    path.join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'max_connections = 200',
      "shared_preload_libraries = 'pg_stat_statements'",
      'pg_stat_statements.track = all',
      'pg_stat_statements.track_utility = on',
      "log_line_prefix = '@@%p@@ '",
      '',
    ].join('\n'),
  );
  asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-l', logFile, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    bin,
    logFile,
    postmasterPid: () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      try {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used (user + system), and those of its children it has reaped. */
export function cpuSeconds(pid: number): { own: number; reaped: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i - 3]);
    return { own: (n(14) + n(15)) / TICKS_PER_SECOND, reaped: (n(16) + n(17)) / TICKS_PER_SECOND };
  } catch {
    return { own: 0, reaped: 0 };
  }
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {}
  }
  return found;
}

/**
 * CPU seconds used so far by a process tree: the process, its live descendants and the children
 * they reaped (PostgreSQL's postmaster reaps every backend that ends, so a backend's time stays
 * counted after it disconnects).
 */
export function treeCpuSeconds(pid: number): number {
  const own = cpuSeconds(pid);
  return own.own + own.reaped + childrenOf(pid).reduce((sum, child) => sum + treeCpuSeconds(child), 0);
}

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
