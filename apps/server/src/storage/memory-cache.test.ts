import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStore } from './local-store.ts';
import { type CachedObject, cacheSmallObjects, MAX_CACHED_OBJECT_BYTES } from './memory-cache.ts';
import type { ObjectBody, ObjectStore } from './store.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A real local store that counts its reads (and can hold them back). */
function countingStore() {
  const dir = mkdtempSync(path.join(tmpdir(), 'waypoint-memcache-'));
  dirs.push(dir);
  const base = createLocalStore(dir);
  const counts = { gets: 0 };
  let gate: Promise<void> | undefined;
  const store: ObjectStore = {
    ...base,
    async get(key) {
      counts.gets++;
      const object = await base.get(key);
      if (!object) return undefined;
      // Read at once: a read held back below still has what the storage held when it was asked.
      const data = await buffer(object.body);
      await gate;
      return { ...object, body: Readable.from(data) };
    },
  };
  return {
    store,
    counts,
    hold() {
      let open = () => {};
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}

async function bytesOf(object: CachedObject | ObjectBody | undefined): Promise<Buffer | undefined> {
  if (!object) return undefined;
  return 'data' in object ? object.data : buffer((object as ObjectBody).body);
}

const tileKey = 'mapTiles/g1/m1/v1/0/0/0.png';

describe('small objects kept in memory', () => {
  it('reads an object once, then answers it from memory, per key and version', async () => {
    const { store, counts } = countingStore();
    const cache = cacheSmallObjects(store, 1024 * 1024);
    const tile = randomBytes(5000);
    await cache.store.put(tileKey, tile);
    for (let i = 0; i < 5; i++) expect((await bytesOf(await cache.read(tileKey)))?.equals(tile)).toBe(true);
    expect(counts.gets).toBe(1);
    // A picture's versions are separate addresses.
    await cache.store.put('thumbs/game/g1/image/150x150/image.png', Buffer.from('v1'));
    await cache.read('thumbs/game/g1/image/150x150/image.png', 'a');
    await cache.read('thumbs/game/g1/image/150x150/image.png', 'a');
    await cache.read('thumbs/game/g1/image/150x150/image.png', 'b');
    expect(counts.gets).toBe(3);
    expect(cache.bytes).toBeGreaterThanOrEqual(5002);
  });

  it('answers a missing object as missing and does not keep the answer', async () => {
    const { store, counts } = countingStore();
    const cache = cacheSmallObjects(store, 1024 * 1024);
    expect(await cache.read(tileKey)).toBeUndefined();
    expect(await cache.read(tileKey)).toBeUndefined();
    expect(counts.gets).toBe(2);
  });

  it('streams an object larger than the limit and never holds it', async () => {
    const { store, counts } = countingStore();
    const cache = cacheSmallObjects(store, 64 * 1024 * 1024);
    const big = randomBytes(MAX_CACHED_OBJECT_BYTES + 1);
    await cache.store.put('uploads/map/m1/mapImage/mapImage.png', big);
    for (let i = 0; i < 2; i++) {
      const object = await cache.read('uploads/map/m1/mapImage/mapImage.png', 'v');
      expect(object && 'body' in object).toBe(true);
      expect((await bytesOf(object))?.equals(big)).toBe(true);
    }
    expect(counts.gets).toBe(2);
    expect(cache.bytes).toBe(0);
  });

  it('reads an object asked for by many requests at once only once', async () => {
    const { store, counts, hold } = countingStore();
    const cache = cacheSmallObjects(store, 1024 * 1024);
    const tile = randomBytes(3000);
    await cache.store.put(tileKey, tile);
    const release = hold();
    const reads = Array.from({ length: 20 }, () => cache.read(tileKey));
    release();
    for (const read of reads) expect((await bytesOf(await read))?.equals(tile)).toBe(true);
    expect(counts.gets).toBe(1);
  });

  it('holds at most its size, dropping the least recently used first', async () => {
    const { store, counts } = countingStore();
    const cache = cacheSmallObjects(store, 100 * 1024);
    const key = (i: number) => `mapTiles/g1/m1/v1/3/0/${i}.png`;
    for (let i = 0; i < 10; i++) await cache.store.put(key(i), randomBytes(20 * 1024));
    for (let i = 0; i < 10; i++) await cache.read(key(i));
    expect(cache.bytes).toBeLessThanOrEqual(100 * 1024);
    const before = counts.gets;
    await cache.read(key(9));
    expect(counts.gets).toBe(before);
    await cache.read(key(0));
    expect(counts.gets).toBe(before + 1);
  });

  it('drops what it holds of a key written or deleted through its store', async () => {
    const { store, counts } = countingStore();
    const cache = cacheSmallObjects(store, 1024 * 1024);
    await cache.store.put(tileKey, Buffer.from('first'));
    await cache.read(tileKey);
    await cache.store.put(tileKey, Buffer.from('second'));
    expect((await bytesOf(await cache.read(tileKey)))?.toString()).toBe('second');
    await cache.store.delete([tileKey]);
    expect(await cache.read(tileKey)).toBeUndefined();
    await cache.store.put(tileKey, Buffer.from('third'));
    await cache.read(tileKey);
    // A swept pyramid version: its whole prefix goes.
    await cache.store.deletePrefix('mapTiles/g1/m1/v1');
    expect(await cache.read(tileKey)).toBeUndefined();
    expect(counts.gets).toBe(5);
  });

  it('does not keep what a read in flight during a delete found', async () => {
    const { store, hold } = countingStore();
    const cache = cacheSmallObjects(store, 1024 * 1024);
    await cache.store.put(tileKey, Buffer.from('old'));
    const release = hold();
    const reading = cache.read(tileKey);
    await new Promise((r) => setTimeout(r, 20));
    await cache.store.deletePrefix('mapTiles/g1/m1/v1');
    release();
    expect((await bytesOf(await reading))?.toString()).toBe('old');
    expect(await cache.read(tileKey)).toBeUndefined();
  });

  it('with size 0 reads the storage every time', async () => {
    const { store, counts } = countingStore();
    const cache = cacheSmallObjects(store, 0);
    await cache.store.put(tileKey, Buffer.from('x'));
    await bytesOf(await cache.read(tileKey));
    await bytesOf(await cache.read(tileKey));
    expect(counts.gets).toBe(2);
  });
});
