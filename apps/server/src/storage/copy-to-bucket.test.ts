import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFolders } from '../media/paths.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { copyStoredFiles } from './copy-to-bucket.ts';
import { createStore } from './index.ts';
import { createLocalStore } from './local-store.ts';
import type { ObjectStore } from './store.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

let s3: TestS3Server;
let dataDir: string;
let bucket: ObjectStore;
const files = new Map<string, Buffer>();

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(tmpdir(), 'waypoint-copy-'));
  const local = createLocalStore(dataDir);
  for (let i = 0; i < 30; i++) files.set(`mapTiles/g1/g1_map_a/v1/2/${i % 4}/${i}.png`, randomBytes(200 + i));
  files.set('uploads/map/g1_map_a/image/map.png', randomBytes(5000));
  files.set('thumbs/map/g1_map_a/image/150x150/map.png', randomBytes(300));
  files.set('staged/abc123/image.webp', randomBytes(700));
  for (const [key, data] of files) await local.put(key, data);
  // Not a stored file: the database and the site's own files stay where they are.
  await local.put('waypoint.db', Buffer.from('not copied'));
  bucket = createStore({ dataDir, storage: s3.storage('site') });
});
afterAll(async () => {
  await bucket?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of storedFolders) for await (const o of bucket.list(folder)) keys.push(o.key);
  return keys.sort();
}

describe('copying DATA_DIR into object storage', () => {
  it('copies every stored file, byte for byte, and reports progress', async () => {
    let reports = 0;
    const summary = await copyStoredFiles({
      dataDir,
      target: bucket,
      folders: storedFolders,
      parallel: 4,
      progress: () => reports++,
    });
    expect(summary).toMatchObject({ found: files.size, copied: files.size, skipped: 0, failed: [] });
    expect(summary.bytesCopied).toBe([...files.values()].reduce((n, b) => n + b.length, 0));
    expect(reports).toBe(files.size);
    expect(await bucketKeys()).toEqual([...files.keys()].sort());
    for (const [key, data] of files) {
      const object = await bucket.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(data), key).toBe(true);
    }
  });

  it('resumes: skips what is there with the same size, copies again what differs or is missing', async () => {
    const [first, second] = [...files.keys()];
    await bucket.delete([first!]);
    await bucket.put(second!, Buffer.from('cut short'));
    const summary = await copyStoredFiles({ dataDir, target: bucket, folders: storedFolders });
    expect(summary).toMatchObject({ found: files.size, copied: 2, skipped: files.size - 2, failed: [] });
    expect((await bucket.head(second!))?.size).toBe(files.get(second!)!.length);
  });

  it('npm run storage:copy prints a summary, and refuses without a bucket', async () => {
    const storage = s3.storage('other');
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      STORAGE_URL: `s3://${storage.kind === 's3' ? storage.bucket : ''}/other`,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      JWT_SECRET: 'x'.repeat(40),
    };
    const { stdout } = await run('npm', ['run', '--silent', 'storage:copy'], { cwd: repoRoot, env });
    expect(stdout).toContain(`${files.size} files in`);
    expect(stdout).toMatch(
      new RegExp(`${files.size} copied .*, 0 already there with the same size, 0 failed`),
    );
    const refused = await run('npm', ['run', '--silent', 'storage:copy'], {
      cwd: repoRoot,
      env: { ...env, STORAGE_URL: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining('Set STORAGE_URL=s3://') });
  }, 60_000);
});
