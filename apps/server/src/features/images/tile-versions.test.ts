import { describe, expect, it } from 'vitest';
import { makePng } from '../../media/testImages.ts';
import { type ObjectStore, StorageUnavailableError } from '../../storage/index.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

// Runs on the storage TEST_STORAGE names (DATA_DIR by default, a real S3 server with `s3`).
const env = useTestApp();

async function call(method: 'GET' | 'POST', url: string) {
  return env.t.app.inject({ method, url, headers: env.admin.auth });
}

async function processMap() {
  expect((await call('POST', '/api/admin/processMap/g1_map_a/g1')).statusCode).toBe(202);
  await env.t.app.images.processor.whenIdle();
  return (await call('GET', '/api/map/g1_map_a')).json();
}

async function keysBelow(prefix: string) {
  const keys: string[] = [];
  for await (const item of env.t.app.ctx.store.list(prefix)) keys.push(item.key);
  return keys;
}

const tile = async (tilesPath: string, zxy = '0/0/0') =>
  env.t.app.inject({ url: `/mapTiles/${tilesPath}/${zxy}.png` });

/** The real store, except that tile writes fail after `okTiles` of them (the bucket goes away). */
function failingTileWrites(store: ObjectStore, okTiles: number): ObjectStore {
  let written = 0;
  const check = (key: string) => {
    if (key.startsWith('mapTiles/') && ++written > okTiles) {
      throw new StorageUnavailableError('Object storage failed to write a tile: connection refused');
    }
  };
  return {
    ...store,
    async put(key, data, type) {
      check(key);
      return store.put(key, data, type);
    },
    async putFile(key, file, type) {
      check(key);
      return store.putFile(key, file, type);
    },
  };
}

describe('tile pyramid versions', () => {
  let first = '';
  let second = '';

  it('each processing writes a new version that the map row then names, cached for ever', async () => {
    const up = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/map/addImage/g1_map_a/mapImage',
      ...multipartFile(await makePng(600, 400, '#2266aa'), { auth: env.admin.auth }),
    });
    expect(up.statusCode).toBe(200);
    const map = await processMap();
    expect(map.imageProcessStatus).toBe('DONE');
    first = map.tilesPath;
    expect(first).toMatch(/^g1\/g1_map_a\/[0-9a-z]+$/);
    const res = await tile(first);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    second = (await processMap()).tilesPath;
    expect(second).toMatch(/^g1\/g1_map_a\/[0-9a-z]+$/);
    expect(second).not.toBe(first);
    // The replaced version stays for its grace period: pages still showing it keep working.
    expect((await tile(first)).statusCode).toBe(200);
    expect((await tile(second)).statusCode).toBe(200);
    expect(await env.t.app.images.processor.sweepTileVersions()).toBe(0);
    expect((await tile(first)).statusCode).toBe(200);
  }, 90_000);

  it('deletes a replaced version once its grace period is over, and only that one', async () => {
    const grace = env.t.app.ctx.config.oldTilesGraceMs;
    env.t.app.ctx.config.oldTilesGraceMs = 0;
    try {
      const third = (await processMap()).tilesPath;
      expect(await env.t.app.images.processor.sweepTileVersions()).toBeGreaterThanOrEqual(1);
      expect((await tile(second)).statusCode).toBe(404);
      expect((await tile(third)).statusCode).toBe(200);
      expect(await keysBelow(`mapTiles/${second}`)).toEqual([]);
      // The first version's own grace period (24 h) has not run out.
      expect((await tile(first)).statusCode).toBe(200);
      second = third;
    } finally {
      env.t.app.ctx.config.oldTilesGraceMs = grace;
    }
  }, 60_000);

  it('a failed tile upload mid-pyramid leaves the previous version served and nothing of the new one', async () => {
    const store = env.t.app.ctx.store;
    env.t.app.ctx.store = failingTileWrites(store, 3);
    let map: Record<string, unknown>;
    try {
      map = await processMap();
    } finally {
      env.t.app.ctx.store = store;
    }
    expect(map.imageProcessStatus).toBe('ERROR');
    expect(String(map.imageProcessError)).toMatch(/failed to write a tile/);
    expect(map.tilesPath).toBe(second);
    for (const zxy of ['0/0/0', '2/2/1', '2/0/0']) expect((await tile(second, zxy)).statusCode).toBe(200);
    const versions = new Set((await keysBelow('mapTiles/g1/g1_map_a')).map((k) => k.split('/')[3]));
    expect(versions).toEqual(new Set([first, second].map((p) => p.split('/')[2])));
  }, 60_000);
});
