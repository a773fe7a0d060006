import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, lstatSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { createStore } from '../../storage/index.ts';
import { createUser, type TestApp } from '../../test/test-app.ts';
import { BackupError, type BackupManifest, createBackup, restoreBackup } from './backup.service.ts';

// SQLite only: the file modes are the point here (a PostgreSQL site keeps its data in the server).
const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

const root = mkdtempSync(path.join(tmpdir(), 'waypoint-modes-'));
const siteDir = path.join(root, 'site');
const backupsDir = path.join(root, 'backups');
const restoredDir = path.join(root, 'restored');
let backupFolder: string;
let manifest: BackupManifest;
/** The WAL's mode while the site runs (SQLite removes it on a clean close). */
let walMode = '';
const previousUmask = process.umask(0o022);

/** Paths under `top` that another user of the host can read: read bits for group or others, reachable. */
function readableByOthers(top: string): string[] {
  const found: string[] = [];
  const walk = (at: string, reachable: boolean) => {
    const info = lstatSync(at);
    const mode = info.mode & 0o777;
    if (reachable && mode & 0o044) found.push(`${path.relative(root, at) || '.'} ${mode.toString(8)}`);
    if (!info.isDirectory()) return;
    const enter = reachable && (mode & 0o011) !== 0;
    for (const name of readdirSync(at)) walk(path.join(at, name), enter);
  };
  walk(top, true);
  return found;
}

const modeOf = (file: string) => (lstatSync(file).mode & 0o777).toString(8);

beforeAll(async () => {
  // JWT_SECRET unset: the site generates its key files in a DATA_DIR it creates itself.
  const config = loadConfig({}, { dataDir: siteDir, logLevel: 'silent', webDist: '/nonexistent' });
  const db = openDatabase(config);
  const app = await buildApp(config, { db, logger: false });
  try {
    await createUser({ app, db } as unknown as TestApp);
    await app.ctx.mailer.send({
      to: 'a@example.com',
      subject: 'Confirm',
      text: 'https://x/confirm?t=secret',
    });
    const store = createStore(config);
    await store.put('uploads/map/m/image/map.png', Buffer.from('picture'));
    await store.close();
    ({ folder: backupFolder, manifest } = await createBackup(config, backupsDir));
    walMode = modeOf(path.join(siteDir, 'waypoint.db-wal'));
  } finally {
    await app.close();
    await db.close();
  }
  await restoreBackup(
    loadConfig({}, { dataDir: restoredDir, jwtSecret: 'restored-site-secret' }),
    backupFolder,
  );
}, 60_000);

afterAll(() => {
  process.umask(previousUmask);
  rmSync(root, { recursive: true, force: true });
});

describe('files the site writes, with umask 022', () => {
  it('are readable by no other user: the site, its backup and the restored site', () => {
    expect([
      ...readableByOthers(siteDir),
      ...readableByOthers(backupsDir),
      ...readableByOthers(restoredDir),
    ]).toEqual([]);
  });

  it('hold secrets and personal data in 0600 files inside 0700 folders', () => {
    for (const dir of [siteDir, backupsDir, backupFolder, restoredDir, path.join(siteDir, 'outbox')])
      expect(modeOf(dir), dir).toBe('700');
    const outbox = readdirSync(path.join(siteDir, 'outbox')).map((f) => path.join(siteDir, 'outbox', f));
    expect(outbox.length).toBe(1);
    const secrets = [
      path.join(siteDir, 'waypoint.db'),
      path.join(siteDir, 'jwt-secret'),
      ...outbox,
      path.join(restoredDir, 'waypoint.db'),
    ];
    for (const file of secrets) expect(modeOf(file), file).toBe('600');
    expect(walMode).toBe('600');
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
      );
    for (const file of walk(backupFolder)) expect(modeOf(file), file).toBe('600');
  });
});

/** A copy of the backup with its file list replaced by `objects` (checksums made to match). */
function tamperedCopy(name: string, objects: unknown[], prepare: (copy: string) => void = () => {}): string {
  const copy = path.join(root, name);
  cpSync(backupFolder, copy, { recursive: true });
  prepare(copy);
  const list = `${JSON.stringify(objects)}\n`;
  writeFileSync(path.join(copy, 'files.json'), list);
  const changed = {
    ...manifest,
    storage: { ...manifest.storage, listSha256: createHash('sha256').update(list).digest('hex') },
  };
  writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(changed));
  return copy;
}

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

describe('a restore puts back only what a backup takes', () => {
  it('refuses a key outside the stored folders (say DATA_DIR/jwt-secret), writing nothing', async () => {
    const secret = Buffer.from('attacker-chosen-secret');
    const copy = tamperedCopy(
      'crafted-key',
      [{ key: 'jwt-secret', size: secret.length, etag: '', sha256: sha(secret) }],
      (c) => writeFileSync(path.join(c, 'files', 'jwt-secret'), secret),
    );
    const target = path.join(root, 'target-key');
    const config = loadConfig({}, { dataDir: target, jwtSecret: 'x-secret' });
    await expect(restoreBackup(config, copy)).rejects.toThrow(BackupError);
    await expect(restoreBackup(config, copy)).rejects.toThrow(/"jwt-secret", which is not a stored file/);
    expect(() => lstatSync(path.join(target, 'jwt-secret'))).toThrow();
    expect(() => lstatSync(path.join(target, 'waypoint.db'))).toThrow();
  });

  it('refuses a symbolic link in the backup instead of copying what it points to', async () => {
    const outside = path.join(root, 'outside-secret.txt');
    writeFileSync(outside, 'a file of the host');
    const key = 'uploads/map/m/image/map.png';
    const copy = tamperedCopy(
      'crafted-link',
      [{ key, size: 18, etag: '', sha256: sha('a file of the host') }],
      (c) => {
        const file = path.join(c, 'files', ...key.split('/'));
        rmSync(file);
        symlinkSync(outside, file);
      },
    );
    const target = path.join(root, 'target-link');
    await expect(
      restoreBackup(loadConfig({}, { dataDir: target, jwtSecret: 'x-secret' }), copy),
    ).rejects.toThrow(/is a symbolic link/);
    expect(() => lstatSync(path.join(target, 'uploads'))).toThrow();
  });

  it('npm run restore answers a refused key with its reason, no stack trace', async () => {
    const copy = tamperedCopy('crafted-cli', [{ key: '../escape', size: 1, etag: '', sha256: sha('x') }]);
    const result = await run('npm', ['run', '--silent', 'restore', '--', copy], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: path.join(root, 'target-cli'),
        DATABASE_URL: '',
        JWT_SECRET: 'x-secret',
      },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /Refusing to restore: the backup lists "..\/escape", which is not a stored file/,
    );
    expect(result.stderr).not.toMatch(/TypeError|\n\s+at /);
  }, 60_000);
});
