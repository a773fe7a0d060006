import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStore } from '../../storage/local-store.ts';
import { createS3Store } from '../../storage/s3-store.ts';
import type { ObjectStore } from '../../storage/store.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { uploadPyramidWhileCut } from './pyramid-upload.ts';

let s3: TestS3Server;
let root: string;
beforeAll(async () => {
  s3 = await startS3Server();
  root = await fs.mkdtemp(path.join(tmpdir(), 'waypoint-pyramid-'));
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const drivers: [string, () => ObjectStore][] = [
  ['local', () => createLocalStore(path.join(root, `store-${randomBytes(3).toString('hex')}`))],
  [
    's3',
    () => {
      const c = s3.storage(`p${randomBytes(3).toString('hex')}`);
      if (c.kind !== 's3') throw new Error('not s3');
      return createS3Store(c);
    },
  ],
];

/** A tile as the cutting leaves it: written in a work folder beside, then renamed into `{z}/{x}/{y}.png`. */
async function addTile(dir: string, rel: string, data: Buffer) {
  const file = path.join(dir, ...rel.split('/'));
  const part = `${dir}.work-${randomBytes(4).toString('hex')}`;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(part, data);
  await fs.rename(part, file);
}

const tileData = (i: number) => Buffer.concat([Buffer.from(`tile ${i} `), Buffer.alloc(2000 + i, i)]);
const relOf = (i: number) => `3/${i % 8}/${Math.floor(i / 8)}.png`;

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function newDir() {
  return fs.mkdtemp(path.join(root, 'cut-'));
}

describe.each(drivers)('storing a pyramid while it is cut (%s)', (_name, make) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(() => store.close());

  it('stores each tile as it appears, long before the cut is over, then the rest', async () => {
    const dir = await newDir();
    const prefix = 'mapTiles/g1/m1/v1';
    let stored = 0;
    const upload = uploadPyramidWhileCut(store, dir, prefix, {
      concurrency: 4,
      pollMs: 20,
      onStored: () => stored++,
    });
    for (let i = 0; i < 3; i++) await addTile(dir, relOf(i), tileData(i));
    // The cut goes on (finish() not called): the tiles cut so far are stored meanwhile.
    // (`onStored` follows the store's answer, which can come after the object is visible.)
    await until(async () => stored === 3);
    for (let i = 0; i < 3; i++) expect(await store.head(`${prefix}/${relOf(i)}`)).toBeDefined();
    for (let i = 3; i < 20; i++) await addTile(dir, relOf(i), tileData(i));
    expect(await upload.finish()).toBe(20);
    expect(upload.attempted).toBe(20);
    for (let i = 0; i < 20; i++) {
      const object = await store.get(`${prefix}/${relOf(i)}`);
      expect(object).toBeDefined();
      expect((await buffer(object!.body)).equals(tileData(i))).toBe(true);
    }
  });

  it('a tile that cannot be stored is reported once; nothing starts after it; finish() throws once all settled', async () => {
    const dir = await newDir();
    for (let i = 0; i < 40; i++) await addTile(dir, relOf(i), tileData(i));
    let started = 0;
    let running = 0;
    let startedAfterFailure = 0;
    let failed = false;
    const failing: ObjectStore = {
      ...store,
      async put(key, data, type) {
        const number = ++started;
        if (failed) startedAfterFailure++;
        running++;
        try {
          await new Promise((r) => setTimeout(r, 30));
          if (number === 5) {
            failed = true;
            throw new Error('Object storage failed to write a tile: connection refused');
          }
          await store.put(key, data, type);
        } finally {
          running--;
        }
      },
    };
    const failures: unknown[] = [];
    const upload = uploadPyramidWhileCut(failing, dir, 'mapTiles/g1/m1/v2', {
      concurrency: 3,
      pollMs: 10,
      onFailure: (error) => failures.push(error),
    });
    const error = await upload.finish().catch((e: unknown) => e);
    expect(String(error)).toMatch(/failed to write a tile/);
    expect(running).toBe(0);
    expect(failures).toHaveLength(1);
    expect(upload.failure).toBe(error);
    expect(startedAfterFailure).toBe(0);
    expect(started).toBeLessThan(40);
  });
});

describe('storing a pyramid while it is cut: bounds', () => {
  it('stores at most `concurrency` tiles at once, however many are waiting', async () => {
    const dir = await newDir();
    for (let i = 0; i < 30; i++) await addTile(dir, relOf(i), tileData(i));
    const store = createLocalStore(path.join(root, 'bounded'));
    let running = 0;
    let most = 0;
    const counting: ObjectStore = {
      ...store,
      async put(key, data, type) {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 15));
        await store.put(key, data, type);
        running--;
      },
    };
    const upload = uploadPyramidWhileCut(counting, dir, 'mapTiles/g1/m1/v3', { concurrency: 3, pollMs: 10 });
    expect(await upload.finish()).toBe(30);
    expect(most).toBe(3);
  });

  it('abort() stops: it answers once writes under way have settled, and none starts after it', async () => {
    const dir = await newDir();
    for (let i = 0; i < 30; i++) await addTile(dir, relOf(i), tileData(i));
    const store = createLocalStore(path.join(root, 'aborted'));
    let running = 0;
    let started = 0;
    const slow: ObjectStore = {
      ...store,
      async put(key, data, type) {
        started++;
        running++;
        await new Promise((r) => setTimeout(r, 40));
        await store.put(key, data, type);
        running--;
      },
    };
    const upload = uploadPyramidWhileCut(slow, dir, 'mapTiles/g1/m1/v4', { concurrency: 2, pollMs: 10 });
    await until(async () => started > 0);
    await upload.abort();
    expect(running).toBe(0);
    const afterAbort = started;
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toBe(afterAbort);
    expect(started).toBeLessThan(30);
  });
});
