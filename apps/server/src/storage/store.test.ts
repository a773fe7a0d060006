import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { createLocalStore } from './local-store.ts';
import { createS3Store } from './s3-store.ts';
import { checkKey, isStorageUnavailable, type ObjectStore } from './store.ts';

let s3: TestS3Server;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'waypoint-store-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const drivers: [string, () => ObjectStore][] = [
  ['local', () => createLocalStore(tempDir())],
  [
    's3',
    () => {
      const c = s3.storage(`p${randomBytes(3).toString('hex')}`) as Extract<
        ReturnType<TestS3Server['storage']>,
        { kind: 's3' }
      >;
      return createS3Store(c);
    },
  ],
];

describe.each(drivers)('object store contract (%s)', (_name, make) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close());

  it('answers its check', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('puts, heads, gets and replaces an object whole', async () => {
    expect(await store.head('a/one.txt')).toBeUndefined();
    expect(await store.get('a/one.txt')).toBeUndefined();
    await store.put('a/one.txt', Buffer.from('first'), 'text/plain');
    const head = await store.head('a/one.txt');
    expect(head).toMatchObject({ key: 'a/one.txt', size: 5 });
    expect(head?.etag).toMatch(/^".+"$/);
    const got = await store.get('a/one.txt');
    expect(got?.size).toBe(5);
    expect(await text(got!.body)).toBe('first');

    await store.put('a/one.txt', Buffer.from('second, longer'));
    const again = await store.get('a/one.txt');
    expect(await text(again!.body)).toBe('second, longer');
    expect(again?.etag).not.toBe(head?.etag);
  });

  it('stores a local file and downloads it into another', async () => {
    const dir = tempDir();
    const data = randomBytes(300_000);
    writeFileSync(path.join(dir, 'in.bin'), data);
    await store.putFile('b/c/file.bin', path.join(dir, 'in.bin'));
    expect((await store.head('b/c/file.bin'))?.size).toBe(data.length);
    expect(await store.download('b/c/file.bin', path.join(dir, 'sub', 'out.bin'))).toBe(true);
    expect(readFileSync(path.join(dir, 'sub', 'out.bin')).equals(data)).toBe(true);
    expect(await store.download('b/c/missing.bin', path.join(dir, 'missing.bin'))).toBe(false);
  });

  it('lists a folder recursively, and only that folder', async () => {
    await store.put('list/x/1.png', Buffer.from('1'));
    await store.put('list/x/y/2.png', Buffer.from('22'));
    await store.put('list/xy/3.png', Buffer.from('333'));
    const keys = [];
    for await (const item of store.list('list/x')) keys.push([item.key, item.size]);
    expect(keys.sort()).toEqual([
      ['list/x/1.png', 1],
      ['list/x/y/2.png', 2],
    ]);
    const none = [];
    for await (const item of store.list('list/none')) none.push(item);
    expect(none).toEqual([]);
  });

  it('deletes objects and folders; missing ones are no error', async () => {
    await store.put('del/a/1', Buffer.from('1'));
    await store.put('del/a/2', Buffer.from('2'));
    await store.put('del/b/3', Buffer.from('3'));
    await store.delete(['del/a/1', 'del/a/never']);
    expect(await store.head('del/a/1')).toBeUndefined();
    expect(await store.head('del/a/2')).toBeDefined();
    expect(await store.deletePrefix('del/a')).toBe(1);
    expect(await store.head('del/a/2')).toBeUndefined();
    expect(await store.head('del/b/3')).toBeDefined();
    expect(await store.deletePrefix('del/none')).toBe(0);
  });

  it('refuses keys that could leave its root', async () => {
    for (const key of ['../x', 'a/../../x', '/abs', 'a//b', '.hidden/x', 'a/.tmp', '', 'a\\b']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('object store faults', () => {
  it('an unreachable S3 endpoint fails the check and writes as unavailable, naming the bucket', async () => {
    const store = createS3Store({
      ...(s3.storage() as Extract<ReturnType<TestS3Server['storage']>, { kind: 's3' }>),
      endpoint: 'http://127.0.0.1:9',
      requestTimeoutMs: 1000,
    });
    const check = await store.check().catch((error) => error);
    expect(isStorageUnavailable(check)).toBe(true);
    expect(String(check.message)).toMatch(/bucket waypoint-test at http:\/\/127\.0\.0\.1:9/);
    const put = await store.put('a/b', Buffer.from('x')).catch((error) => error);
    expect(isStorageUnavailable(put)).toBe(true);
    await store.close();
  });

  it('a missing bucket fails the check', async () => {
    const store = createS3Store({
      ...(s3.storage() as Extract<ReturnType<TestS3Server['storage']>, { kind: 's3' }>),
      bucket: 'no-such-bucket',
    });
    await expect(store.check()).rejects.toThrow(/no-such-bucket/);
    await store.close();
  });

  it('checkKey accepts the layout of pictures and tiles', () => {
    expect(checkKey('mapTiles/g1/m1/v1ab/3/2/1.png')).toBe('mapTiles/g1/m1/v1ab/3/2/1.png');
    expect(checkKey('thumbs/map/m1/mapImage/150x150/mapImage.png')).toBeTruthy();
  });
});
