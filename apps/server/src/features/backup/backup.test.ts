import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { createStore } from '../../storage/index.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createContent, createUser, type TestApp, testDatabaseUrl } from '../../test/test-app.ts';
import { inspectSqliteFile } from './backup.repository.ts';
import { type BackupManifest, createBackup, restoreBackup } from './backup.service.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const jwtSecret = 'test-secret-for-backup-tests-only';

/** A fresh empty database of the engine under test: a new PostgreSQL database, or '' (SQLite). */
const databases: string[] = [];
async function freshDatabaseUrl(): Promise<string> {
  if (!testDatabaseUrl) return '';
  const name = `backup_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  databases.push(name);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const folders: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `waypoint-${name}-`));
  folders.push(dir);
  return dir;
};

interface Site {
  app: FastifyInstance;
  config: Config;
  base: string;
  close(): Promise<void>;
}

/** A real site on a real database, listening on loopback. */
async function startSite(overrides: Partial<Config>): Promise<Site> {
  const config = loadConfig(
    {},
    {
      jwtSecret,
      logLevel: 'silent',
      suggestionRateLimit: 100_000,
      readMissesPerSecond: 0,
      maxEventLoopDelayMs: 0,
      newAccountDays: 0,
      webDist: '/nonexistent',
      ...overrides,
    },
  );
  const db = openDatabase(config);
  const app = await buildApp(config, { db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

const asTestApp = (site: Site) => ({ app: site.app, db: site.app.ctx.db }) as unknown as TestApp;

const sites: Site[] = [];
let s3: TestS3Server | undefined;
afterAll(async () => {
  for (const site of sites) await site.close();
  await s3?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  if (databases.length > 0) {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    for (const name of databases) await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
});

describe('backup and restore under a write load', () => {
  let source: Site;
  let manifest: BackupManifest;
  let backupFolder: string;
  let player: { auth: { authorization: string } };
  /** Writes the site acknowledged, with when (performance.now()). */
  const acked = {
    ticks: [] as { id: string; at: number }[],
    created: [] as { id: string; at: number }[],
    edits: [] as { n: number; at: number }[],
  };
  let backupStarted = 0;
  const picture = Buffer.from(randomBytes(4096));

  beforeAll(async () => {
    source = await startSite({ dataDir: tempDir('backup-src'), databaseUrl: await freshDatabaseUrl() });
    sites.push(source);
    const t = asTestApp(source);
    await createContent(t);
    const actor = { id: null, username: 'test' };
    for (let i = 0; i < 300; i++)
      await source.app.ctx.writer.create(
        'placedmarker',
        { _id: `tick_${i}`, mapId: 'g1_map_a', markerDefinitionId: 'def_loot', lat: -i / 10, lng: i / 10 },
        actor,
      );
    const admin = await createUser(t, { admin: true });
    player = await createUser(t);
    const store = createStore(source.config);
    await store.put('uploads/map/g1_map_a/image/map.png', picture);
    await store.put('thumbs/map/g1_map_a/image/150x150/map.png', picture.subarray(0, 100));
    await store.close();

    // The load: a player ticks markers, an admin creates markers and edits one, each as fast as the
    // site answers, while the backup runs.
    let stop = false;
    const send = (method: string, url: string, auth: object, body?: unknown) =>
      fetch(`${source.base}${url}`, {
        method,
        headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const ticker = (async () => {
      for (let i = 0; !stop; i++) {
        const id = `tick_${i % 300}`;
        const res = await send('POST', `/api/usercompletedmarkers/markCompleted/${id}`, player.auth);
        if (res.status === 200) acked.ticks.push({ id, at: performance.now() });
      }
    })();
    const creator = (async () => {
      for (let i = 0; !stop; i++) {
        const id = `load_${i}`;
        const res = await send('PUT', '/api/admin/placedmarker', admin.auth, {
          _id: id,
          mapId: 'g1_map_b',
          markerDefinitionId: 'def_loot',
          lat: -1,
          lng: 1,
        });
        if (res.status === 201) acked.created.push({ id, at: performance.now() });
      }
    })();
    const editor = (async () => {
      for (let n = 1; !stop; n++) {
        const res = await send('PATCH', '/api/admin/placedmarker/pm_0', admin.auth, { name: `Edit ${n}` });
        if (res.status === 200) acked.edits.push({ n, at: performance.now() });
      }
    })();
    // Every kind of write is acknowledged before the backup begins (a slow first request included).
    const warm = performance.now() + 20_000;
    await new Promise((resolve) => setTimeout(resolve, 400));
    while (
      !(acked.ticks.length > 0 && acked.created.length > 0 && acked.edits.length > 0) &&
      performance.now() < warm
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    backupStarted = performance.now();
    const written = await createBackup(source.config, tempDir('backups'));
    // The load goes on until each kind of write was acknowledged after the backup began too.
    const until = performance.now() + 20_000;
    const after = (list: { at: number }[]) => list.some((w) => w.at > backupStarted);
    while (!(after(acked.ticks) && after(acked.created) && after(acked.edits)) && performance.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    stop = true;
    await Promise.all([ticker, creator, editor]);
    manifest = written.manifest;
    backupFolder = written.folder;
  }, 120_000);

  it('took the backup while writes went on, and wrote a manifest with counts and checksums', () => {
    expect(acked.ticks.some((w) => w.at > backupStarted)).toBe(true);
    expect(acked.created.some((w) => w.at > backupStarted)).toBe(true);
    expect(acked.ticks.some((w) => w.at < backupStarted)).toBe(true);
    expect(manifest).toMatchObject({
      format: 'waypoint-backup',
      version: 1,
      engine: testDatabaseUrl ? 'postgres' : 'sqlite',
      storage: { kind: 'local', filesIncluded: true, objects: 2, bytes: 4096 + 100 },
    });
    expect(manifest.database.tables.user_completed_marker).toBeGreaterThan(0);
    expect(manifest.database.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(path.join(backupFolder, 'files/uploads/map/g1_map_a/image/map.png'))).toBe(true);
  });

  it('restores into a fresh site that holds every write acknowledged before the backup started', async () => {
    const dataDir = tempDir('backup-restored');
    const databaseUrl = await freshDatabaseUrl();
    const config = loadConfig({}, { dataDir, databaseUrl, jwtSecret });
    const summary = await restoreBackup(config, backupFolder);
    expect(summary).toMatchObject({ filesRestored: 2, filesMissing: [] });
    expect(summary.rows).toBe(Object.values(manifest.database.tables).reduce((a, b) => a + b, 0));
    if (!databaseUrl) expect(inspectSqliteFile(path.join(dataDir, 'waypoint.db')).integrity).toBe('ok');

    const restored = await startSite({ dataDir, databaseUrl });
    sites.push(restored);
    const get = (url: string, auth: object = {}) => fetch(`${restored.base}${url}`, { headers: { ...auth } });
    const ticked = (await (await get('/api/usercompletedmarkers/list', player.auth)).json()) as string[];
    for (const w of acked.ticks.filter((x) => x.at < backupStarted)) expect(ticked).toContain(w.id);
    for (const w of acked.created.filter((x) => x.at < backupStarted))
      expect((await get(`/api/placedmarker/${w.id}`)).status, w.id).toBe(200);
    const lastEdit = acked.edits.filter((x) => x.at < backupStarted).at(-1);
    const name = ((await (await get('/api/placedmarker/pm_0')).json()) as { name: string }).name;
    if (lastEdit) expect(Number(name.replace('Edit ', ''))).toBeGreaterThanOrEqual(lastEdit.n);
    const image = await get('/uploads/map/g1_map_a/image/map.png');
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(picture)).toBe(true);
  });

  it('refuses to restore into a site that is not empty, and changes nothing there', async () => {
    const before = await fetch(`${source.base}/api/placedmarker/pm_0`).then((r) => r.text());
    await expect(restoreBackup(source.config, backupFolder)).rejects.toThrow(
      /Refusing to restore: the target database .* is not empty/,
    );
    expect(await fetch(`${source.base}/api/placedmarker/pm_0`).then((r) => r.text())).toBe(before);

    // Empty database, but storage that already holds files.
    const dataDir = tempDir('backup-half');
    const store = createStore({ dataDir, storage: { kind: 'local' } });
    await store.put('mapTiles/g1/g1_map_a/v1/0/0/0.png', picture);
    await store.close();
    const config = loadConfig({}, { dataDir, databaseUrl: await freshDatabaseUrl(), jwtSecret });
    await expect(restoreBackup(config, backupFolder)).rejects.toThrow(
      /Refusing to restore: the storage .* already holds files \(mapTiles\/g1\/g1_map_a\/v1\/0\/0\/0.png\)/,
    );
    if (!config.databaseUrl) expect(existsSync(path.join(dataDir, 'waypoint.db'))).toBe(false);
  });

  it('refuses a damaged backup before writing anything', async () => {
    const copy = tempDir('backup-damaged');
    await run('cp', ['-r', `${backupFolder}/.`, copy]);
    const dbFile = path.join(copy, manifest.database.file);
    const bytes = readFileSync(dbFile);
    bytes[bytes.length - 10] ^= 0xff;
    writeFileSync(dbFile, bytes);
    const dataDir = tempDir('backup-target');
    const config = loadConfig({}, { dataDir, databaseUrl: await freshDatabaseUrl(), jwtSecret });
    await expect(restoreBackup(config, copy)).rejects.toThrow(/damaged \(checksum differs\)/);
    if (!config.databaseUrl) expect(existsSync(path.join(dataDir, 'waypoint.db'))).toBe(false);
  });

  it('npm run restore says why it refuses a non-empty target', async () => {
    const result = await run('npm', ['run', '--silent', 'restore', '--', backupFolder], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: source.config.dataDir,
        DATABASE_URL: source.config.databaseUrl,
        JWT_SECRET: jwtSecret,
      },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Refusing to restore: the target database .* is not empty/);
  }, 60_000);
});

describe('backup with object storage', () => {
  it('lists the bucket’s objects with sizes and ETags, and a restore checks they are there', async () => {
    s3 = await startS3Server();
    const storage = s3.storage('site');
    const site = await startSite({
      dataDir: tempDir('backup-s3'),
      databaseUrl: await freshDatabaseUrl(),
      storage,
    });
    sites.push(site);
    await createContent(asTestApp(site));
    const store = createStore(site.config);
    await store.put('uploads/map/g1_map_a/image/map.png', Buffer.from('picture'));
    await store.put('mapTiles/g1/g1_map_a/v1/0/0/0.png', Buffer.from('tile'));
    const { folder, manifest } = await createBackup(site.config, tempDir('backups-s3'));
    expect(manifest.storage).toMatchObject({ kind: 's3', filesIncluded: false, objects: 2, bytes: 11 });
    const list = JSON.parse(readFileSync(path.join(folder, 'files.json'), 'utf8'));
    expect(list).toEqual([
      expect.objectContaining({
        key: 'mapTiles/g1/g1_map_a/v1/0/0/0.png',
        size: 4,
        etag: expect.any(String),
      }),
      expect.objectContaining({ key: 'uploads/map/g1_map_a/image/map.png', size: 7 }),
    ]);
    expect(existsSync(path.join(folder, 'files'))).toBe(false);

    // The same bucket, an empty database: restored, with one listed object gone from the bucket.
    await store.delete(['mapTiles/g1/g1_map_a/v1/0/0/0.png']);
    await store.close();
    const config = loadConfig(
      {},
      { dataDir: tempDir('backup-s3-restored'), databaseUrl: await freshDatabaseUrl(), storage, jwtSecret },
    );
    const summary = await restoreBackup(config, folder);
    expect(summary.filesMissing).toEqual(['mapTiles/g1/g1_map_a/v1/0/0/0.png']);
    expect(summary.rows).toBe(Object.values(manifest.database.tables).reduce((a, b) => a + b, 0));
  });
});
