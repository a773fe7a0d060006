import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Debian's PgBouncer (`apt-get install pgbouncer`; `npm test` installs it with PostgreSQL). */
export const pgbouncerBinary = process.env.PGBOUNCER_PATH || '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** The database through PgBouncer (transaction pooling). */
  url: string;
  /** The same database straight at PostgreSQL. */
  directUrl: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A fresh database on the test cluster (`clusterUrl` names any database of it) with PgBouncer in
 * transaction mode in front of it, on a free loopback port: what a site behind a pooler runs on.
 * A database of its own rather than a schema: PgBouncer does not pass a connection's `search_path`
 * (nor its other startup options), so everything lives in `public`. Fails, saying what to install,
 * when PgBouncer is missing.
 */
export async function startPgBouncer(
  clusterUrl: string,
  options: { poolSize?: number } = {},
): Promise<PgBouncer> {
  if (!existsSync(pgbouncerBinary))
    throw new Error(
      `PgBouncer not found at ${pgbouncerBinary}: install Debian's pgbouncer (apt-get install pgbouncer) or set PGBOUNCER_PATH`,
    );
  const name = `w_bouncer_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const direct = new URL(clusterUrl);
  direct.pathname = `/${name}`;

  const dir = mkdtempSync(path.join(tmpdir(), 'waypoint-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(direct.username) || 'postgres';
  // The test cluster trusts loopback connections; PgBouncer only needs the user listed.
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `waypoint = host=${direct.hostname} port=${direct.port || 5432} dbname=${name} user=${user}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      // Fewer server connections than the app's pool: transactions of different clients share them.
      `default_pool_size = ${options.poolSize ?? 5}`,
      'max_client_conn = 500',
      // node-postgres sends the statement timeout (and the tests' search path) as `options`.
      'ignore_startup_parameters = options,extra_float_digits',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: it then drops to the cluster's own user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(dir, 0o755);
    for (const file of ['userlist.txt', 'pgbouncer.ini']) chmodSync(path.join(dir, file), 0o644);
  }
  const child: ChildProcess = spawn(
    pgbouncerBinary,
    [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/waypoint`;

  const dropDatabase = async () => {
    const c = new pg.Client({ connectionString: clusterUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // Ready once a query goes through it to PostgreSQL.
  const until = Date.now() + 10_000;
  for (;;) {
    const probe = new pg.Client({ connectionString: url });
    try {
      await probe.connect();
      await probe.query('select 1');
      await probe.end();
      break;
    } catch (error) {
      await probe.end().catch(() => {});
      if (child.exitCode !== null || Date.now() > until) {
        await stop();
        await dropDatabase();
        throw new Error(`PgBouncer did not start: ${String(error)}\n${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    url,
    directUrl: direct.toString(),
    async close() {
      await stop();
      await dropDatabase();
    },
  };
}
