/**
 * Several server processes over one PostgreSQL database, as behind a load balancer: two real
 * processes of the production build (`dist/main.js` on node, NODE_ENV=production) share one database
 * and one S3 bucket (a real S3 server on loopback), each with a DATA_DIR of its own: no shared folder.
 * A write through one is read through the other at once, a picture uploaded through one is served by
 * the other, a map-processing job runs exactly once and its tiles are served by both, and the login
 * limit counts across both.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from './media/testImages.ts';
import { startS3Server, type TestS3Server } from './test/s3-server.ts';
import { testDatabaseUrl } from './test/test-app.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const LOGIN_LIMIT = 6;
const admin = { email: 'admin@deploy.test', password: 'two processes, one database' };

interface Proc {
  child: ChildProcess;
  base: string;
}

let databaseUrl = '';
let databaseName = '';
let dataDir = '';
let s3: TestS3Server | undefined;
const procs: Proc[] = [];

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function start(port: number, ownDir: string): Promise<Proc> {
  const child = spawn(process.execPath, [path.join(serverDir, 'dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: ownDir,
      STORAGE_URL: `s3://${s3!.bucket}/site`,
      S3_ENDPOINT: s3!.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'a-shared-secret-of-more-than-thirty-two-bytes',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED_DEMO: 'false',
      DEMO_IMAGES: 'false',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: String(LOGIN_LIMIT),
      JOB_POLL_MS: '200',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function ready(proc: Proc) {
  for (let i = 0; i < 300; i++) {
    if (proc.child.exitCode !== null) throw new Error(`server exited with ${proc.child.exitCode}`);
    try {
      if ((await fetch(`${proc.base}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

describe.skipIf(!testDatabaseUrl)('two server processes on one PostgreSQL database', () => {
  let token = '';

  beforeAll(async () => {
    const built = spawnSync(process.execPath, [path.join(serverDir, 'scripts/build.mjs')], {
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`server build failed: ${built.stderr}`);
    databaseName = `wp_deploy_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`create database ${databaseName}`);
    await client.end();
    databaseUrl = withDatabase(testDatabaseUrl, databaseName);
    dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-deploy-'));
    s3 = await startS3Server();
    const port = 4100 + Math.floor(Math.random() * 800);
    // Both start together on an empty database: migrations and the admin account are made once.
    procs.push(await start(port, path.join(dataDir, 'a')), await start(port + 1, path.join(dataDir, 'b')));
    await Promise.all(procs.map(ready));
    const login = await fetch(`${procs[0]!.base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
    if (databaseName) {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${databaseName} with (force)`);
      await client.end();
    }
    await s3?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: `Bearer ${token}` });

  it('reads a write made through the other process at once', async () => {
    const [a, b] = procs as [Proc, Proc];
    // The token of one process's login works on the other: sessions live in the database.
    const before = (await (await fetch(`${b.base}/api/games`, { headers: auth() })).json()) as {
      count: number;
    };
    const games = async () =>
      (await (await fetch(`${b.base}/api/games`)).json()) as { data: { _id: string }[] };
    expect((await games()).data.map((g) => g._id)).not.toContain('two_processes');
    const created = await fetch(`${a.base}/api/admin/game`, {
      method: 'PUT',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ _id: 'two_processes', name: 'Two processes', weight: 1 }),
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => (await games()).data.map((g) => g._id), { timeout: 1000, interval: 20 })
      .toContain('two_processes');
    expect(before.count).toBe(0);
  });

  it('runs a map-processing job exactly once', async () => {
    const [a, b] = procs as [Proc, Proc];
    const json = { ...auth(), 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${a.base}/api/admin/map`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ _id: 'shared_map', gameId: 'two_processes', name: 'Shared map' }),
        })
      ).status,
    ).toBe(201);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await makePng(600, 400))], { type: 'image/png' }),
      'map.png',
    );
    const upload = await fetch(`${b.base}/api/admin/map/addImage/shared_map/mapImage`, {
      method: 'POST',
      headers: auth(),
      body: form,
    });
    expect(upload.status).toBe(200);
    // The picture stored through one process is served by the other at once.
    const picture = await fetch(`${a.base}/uploads/map/shared_map/mapImage/mapImage.png`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const queued = await fetch(`${a.base}/api/admin/processMap/shared_map/two_processes`, {
      method: 'POST',
      headers: auth(),
    });
    expect(queued.status).toBe(202);
    const map = async () =>
      (await (await fetch(`${b.base}/api/map/shared_map`, { headers: auth() })).json()) as {
        imageProcessStatus: string;
        tilesPath: string;
      };
    await expect
      .poll(async () => (await map()).imageProcessStatus, { timeout: 60_000, interval: 200 })
      .toBe('DONE');
    // The tiles cut by one process are served by the other from the shared bucket.
    const { tilesPath } = await map();
    expect((await fetch(`${b.base}/mapTiles/${tilesPath}/0/0/0.png`)).status).toBe(200);
    expect((await fetch(`${a.base}/mapTiles/${tilesPath}/0/0/0.png`)).status).toBe(200);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ after: string | null }>(
        `select "after" from audit_log where model = 'map' and "recordId" = 'shared_map'`,
      );
      const runs = (value: string) =>
        rows.filter((r) => r.after && JSON.parse(r.after).imageProcessStatus === value).length;
      expect(runs('PROCESSING')).toBe(1);
      expect(runs('DONE')).toBe(1);
    } finally {
      await client.end();
    }
  }, 90_000);

  it('holds the login limit across both processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LOGIN_LIMIT; i++) {
      const proc = procs[i % 2]!;
      const res = await fetch(`${proc.base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${i}@deploy.test`, password: 'not a password at all' }),
      });
      statuses.push(res.status);
    }
    // One login was used by the set-up; each process alone would have let LOGIN_LIMIT through.
    const through = statuses.filter((s) => s !== 429).length;
    expect(through).toBe(LOGIN_LIMIT - 1);
    expect(statuses.slice(-LOGIN_LIMIT)).toEqual(Array(LOGIN_LIMIT).fill(429));
  });

  it('reports both processes ready and healthy', async () => {
    for (const proc of procs) {
      expect((await fetch(`${proc.base}/healthz`)).status).toBe(200);
      expect((await fetch(`${proc.base}/readyz`)).status).toBe(200);
    }
  });
});
