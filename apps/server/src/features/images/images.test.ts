import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { getSharp } from '../../media/sharp.ts';
import { makeJpeg, makePng, makePngBomb, makeTruncatedPng } from '../../media/testImages.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp({ overrides: { allowLoopbackFetch: true } });

async function upload(url: string, data: Buffer, as: 'admin' | 'player' | 'guest' = 'admin', field = 'file') {
  const body = multipartFile(data, { field });
  const auth = as === 'guest' ? {} : env[as].auth;
  return env.t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
}

/** Keys stored below a folder of the storage (DATA_DIR or the bucket, whichever the app uses). */
async function storedBelow(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of env.t.app.ctx.store.list(prefix)) keys.push(item.key);
  return keys.sort();
}

async function exists(prefix: string) {
  return (await storedBelow(prefix)).length > 0;
}

/** A map's tile URL prefix as its row names it (`/mapTiles/{gameId}/{mapId}/{version}`). */
async function tilesOf(mapId: string) {
  const map = (await env.t.app.inject({ url: `/api/map/${mapId}` })).json();
  return `/mapTiles/${map.tilesPath}`;
}

let remote: http.Server;
let remoteBase: string;
beforeAll(async () => {
  const png = await makePng(64, 48, '#884422');
  remote = http.createServer((req, res) => {
    if (req.url === '/icon.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});
afterAll(async () => {
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});

describe('uploads', () => {
  it('stores an uploaded image, its thumbnails and the record fields', async () => {
    const res = await upload('/api/admin/game/addImage/g1/image', await makePng(400, 200));
    expect(res.statusCode).toBe(200);
    const image = res.json().images.image;
    expect(image).toMatchObject({ fileName: 'image.png', imageWidth: 400, imageHeight: 200 });
    expect(image.version).toMatch(/^[0-9a-z]+$/);

    const stored = (await env.t.app.inject({ url: '/api/game/g1' })).json();
    expect(stored.images.image).toEqual(image);

    const file = await env.t.app.inject({ url: '/uploads/game/g1/image/image.png' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.length).toBeGreaterThan(0);

    const admin = await env.t.app.inject({ url: '/thumbs/game/g1/image/150x150/image.png' });
    const meta = await getSharp()(admin.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([150, 150]);
    const category = await env.t.app.inject({ url: '/thumbs/game/g1/image/h128/image.png' });
    expect((await getSharp()(category.rawPayload).metadata()).height).toBe(128);
    // The same at twice the size, for screens of 2× pixel density.
    const admin2x = await env.t.app.inject({ url: '/thumbs/game/g1/image/300x300/image.png' });
    const meta2x = await getSharp()(admin2x.rawPayload).metadata();
    expect([meta2x.width, meta2x.height]).toEqual([300, 300]);
    const category2x = await env.t.app.inject({ url: '/thumbs/game/g1/image/h256/image.png' });
    expect((await getSharp()(category2x.rawPayload).metadata()).height).toBe(256);
  });

  it('serves with ETag, 304, and immutable caching for versioned URLs', async () => {
    const first = await env.t.app.inject({ url: '/uploads/game/g1/image/image.png' });
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const again = await env.t.app.inject({
      url: '/uploads/game/g1/image/image.png',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const versioned = await env.t.app.inject({ url: '/uploads/game/g1/image/image.png?v=abc' });
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await env.t.app.inject({ method: 'HEAD', url: '/uploads/game/g1/image/image.png' });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(first.rawPayload.length);
  });

  it('replaces an image of another format and keeps one file', async () => {
    const res = await upload('/api/admin/game/addImage/g1/image', await makeJpeg(300, 300));
    expect(res.json().images.image.fileName).toBe('image.jpg');
    expect(await storedBelow('uploads/game/g1/image')).toEqual(['uploads/game/g1/image/image.jpg']);
    expect((await storedBelow('thumbs/game/g1/image')).every((key) => key.endsWith('/image.jpg'))).toBe(true);
    const file = await env.t.app.inject({ url: '/uploads/game/g1/image/image.jpg' });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await env.t.app.inject({ url: '/uploads/game/g1/image/image.png' })).statusCode).toBe(404);
  });

  it('takes placed marker images 0 to 4 and nothing else', async () => {
    const png = await makePng(50, 50);
    for (const field of ['0', '4']) {
      expect((await upload(`/api/admin/placedmarker/addImage/pm_1/${field}`, png)).statusCode).toBe(200);
    }
    expect((await upload('/api/admin/placedmarker/addImage/pm_1/5', png)).statusCode).toBe(404);
    expect((await upload('/api/admin/game/addImage/g1/mapImage', png)).statusCode).toBe(404);
    expect((await upload('/api/admin/nomodel/addImage/g1/image', png)).statusCode).toBe(404);
    expect((await upload('/api/admin/game/addImage/missing_game/image', png)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const png = await makePng(10, 10);
    expect((await upload('/api/admin/game/addImage/g1/icon', png, 'guest')).statusCode).toBe(401);
    expect((await upload('/api/admin/game/addImage/g1/icon', png, 'player')).statusCode).toBe(403);
  });

  it('refuses a decompression bomb with 413 before decoding it, and a non-image with 415', async () => {
    const bomb = await upload('/api/admin/game/addImage/g1/icon', await makePngBomb());
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toContain('30000×30000');
    const text = await upload(
      '/api/admin/game/addImage/g1/icon',
      Buffer.from('<html><script>alert(1)</script>'),
    );
    expect(text.statusCode).toBe(415);
    const corrupt = await upload('/api/admin/game/addImage/g1/icon', await makeTruncatedPng());
    expect(corrupt.statusCode).toBe(422);
    expect(corrupt.json().message).toMatch(/^The image could not be decoded: /);
    expect(await exists('uploads/game/g1/icon')).toBe(false);
    const record = (await env.t.app.inject({ url: '/api/game/g1' })).json();
    expect(record.images.icon).toBeUndefined();
  });

  it('refuses a missing or misnamed file field', async () => {
    expect(
      (await upload('/api/admin/game/addImage/g1/icon', await makePng(5, 5), 'admin', 'other')).statusCode,
    ).toBe(400);
    const json = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/game/addImage/g1/icon',
      headers: env.admin.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses path traversal in every segment', async () => {
    const png = await makePng(5, 5);
    for (const url of [
      '/api/admin/..%2F..%2Fgame/addImage/g1/image',
      '/api/admin/game/addImage/..%2F..%2Fetc/image',
      '/api/admin/game/addImage/g1/..%2F..%2Fimage',
      '/api/admin/game/addImage/.hidden/image',
      '/api/admin/game/addImage/g1%00x/image',
    ]) {
      const res = await upload(url, png);
      expect([400, 404], url).toContain(res.statusCode);
    }
    for (const url of [
      '/uploads/..%2F..%2Fwaypoint.db',
      '/uploads/../waypoint.db',
      '/uploads/game/g1/image/..%2F..%2F..%2F..%2Fjwt-secret',
      '/thumbs/%2e%2e/%2e%2e/jwt-secret',
      '/mapTiles/..%2f..%2fjwt-secret',
      '/uploads/game/g1/image/image.jpg%00.png',
    ]) {
      const res = await env.t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('remote URLs', () => {
  it('fetches an image from a loopback server when loopback is allowed', async () => {
    const res = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/item/addImageRemoteUrl/g1/icon',
      headers: env.admin.auth,
      payload: { remoteUrl: `${remoteBase}/icon.png` },
    });
    expect(res.statusCode).toBe(404); // no item g1
    const ok = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/game/addImageRemoteUrl/g1/icon',
      headers: env.admin.auth,
      payload: { remoteUrl: `${remoteBase}/icon.png` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().images.icon).toMatchObject({ fileName: 'icon.png', imageWidth: 64, imageHeight: 48 });
  });

  it('refuses loopback when it is not allowed, and other schemes', async () => {
    env.t.config.allowLoopbackFetch = false;
    try {
      const res = await env.t.app.inject({
        method: 'POST',
        url: '/api/admin/game/addImageRemoteUrl/g1/icon',
        headers: env.admin.auth,
        payload: { remoteUrl: `${remoteBase}/icon.png` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('refused');
      const file = await env.t.app.inject({
        method: 'POST',
        url: '/api/admin/game/addImageRemoteUrl/g1/icon',
        headers: env.admin.auth,
        payload: { remoteUrl: 'file:///etc/passwd' },
      });
      expect(file.statusCode).toBe(400);
    } finally {
      env.t.config.allowLoopbackFetch = true;
    }
  });
});

describe('removing', () => {
  it('removes the files and the record entry', async () => {
    const res = await env.t.app.inject({
      method: 'DELETE',
      url: '/api/admin/game/removeImage/g1/icon',
      headers: env.admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().images.icon).toBeUndefined();
    expect(await exists('uploads/game/g1/icon')).toBe(false);
    expect(await exists('thumbs/game/g1/icon')).toBe(false);
    expect((await env.t.app.inject({ url: '/uploads/game/g1/icon/icon.png' })).statusCode).toBe(404);
    const again = await env.t.app.inject({
      method: 'DELETE',
      url: '/api/admin/game/removeImage/g1/icon',
      headers: env.admin.auth,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('map processing', () => {
  const processor = () => env.t.app.images.processor;

  it('cuts the map image into tiles in the background and records DONE', async () => {
    const up = await upload('/api/admin/map/addImage/g1_map_a/mapImage', await makePng(600, 400, '#2266aa'));
    expect(up.statusCode).toBe(200);
    expect(up.json().imagePath).toBe('uploads/map/g1_map_a/mapImage/mapImage.png');
    const res = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/processMap/g1_map_a/g1',
      headers: env.admin.auth,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().imageProcessStatus).toBe('PENDING');
    await processor().whenIdle();
    const uploadedVersion = up.json().images.mapImage.version;

    const map = (await env.t.app.inject({ url: '/api/map/g1_map_a' })).json();
    expect(map).toMatchObject({
      imageProcessStatus: 'DONE',
      imageProcessError: '',
      maxZoom: 2,
    });
    expect(map.tilesPath).toMatch(/^g1\/g1_map_a\/[0-9a-z]+$/);
    // New tiles, new version: tile URLs carry it and are cached as immutable.
    expect(map.images.mapImage.version).not.toBe(uploadedVersion);
    const tile = await env.t.app.inject({ url: `/mapTiles/${map.tilesPath}/2/2/1.png` });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expect(tile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await getSharp()(tile.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect((await env.t.app.inject({ url: `/mapTiles/${map.tilesPath}/2/3/0.png` })).statusCode).toBe(404);
  });

  it('keeps a maxZoom the admin set', async () => {
    await env.t.app.inject({
      method: 'PATCH',
      url: '/api/admin/map/g1_map_a',
      headers: env.admin.auth,
      payload: { maxZoom: 4 },
    });
    await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/processMap/g1_map_a/g1',
      headers: env.admin.auth,
    });
    await processor().whenIdle();
    expect((await env.t.app.inject({ url: '/api/map/g1_map_a' })).json().maxZoom).toBe(4);
    // Level 4 holds the full-size image (600×400: x 0-2, y 0-1).
    const tiles = await tilesOf('g1_map_a');
    expect((await env.t.app.inject({ url: `${tiles}/4/2/1.png` })).statusCode).toBe(200);
    expect((await env.t.app.inject({ url: `${tiles}/0/0/0.png` })).statusCode).toBe(200);
  });

  it('refuses a wrong game, a map without an image, and non-admins', async () => {
    const wrong = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/processMap/g1_map_a/g2',
      headers: env.admin.auth,
    });
    expect(wrong.statusCode).toBe(400);
    const noImage = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/processMap/g1_map_b/g1',
      headers: env.admin.auth,
    });
    expect(noImage.statusCode).toBe(400);
    const user = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/processMap/g1_map_a/g1',
      headers: env.player.auth,
    });
    expect(user.statusCode).toBe(403);
  });

  it('records ERROR with a readable message for a corrupt image, keeping the old tiles', async () => {
    const tiles = await tilesOf('g1_map_a');
    await env.t.app.ctx.store.put('uploads/map/g1_map_a/mapImage/mapImage.png', await makeTruncatedPng());
    await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/processMap/g1_map_a/g1',
      headers: env.admin.auth,
    });
    await processor().whenIdle();
    const map = (await env.t.app.inject({ url: '/api/map/g1_map_a' })).json();
    expect(map.imageProcessStatus).toBe('ERROR');
    expect(map.imageProcessError).toMatch(/^The map image could not be tiled: \S/);
    expect(map.imageProcessError).not.toContain(env.t.dataDir);
    expect(`/mapTiles/${map.tilesPath}`).toBe(tiles);
    expect((await env.t.app.inject({ url: `${tiles}/0/0/0.png` })).statusCode).toBe(200);
  });

  it('picks up a job interrupted by a restart', async () => {
    await upload('/api/admin/map/addImage/g1_map_b/mapImage', await makePng(300, 300));
    // This server's own job for the upload ends first (left running, it could finish after the check
    // below, leaving the record as it found it).
    await env.t.app.images.processor.whenIdle();
    // The server stopped while this map was being processed.
    await env.t.app.ctx.writer.setInternal('map', 'g1_map_b', { imageProcessStatus: 'PROCESSING' });
    const restarted = await buildApp(env.t.config, { db: env.t.db, logger: false });
    try {
      await restarted.ready();
      expect(await restarted.images.processor.queueDepth()).toBeGreaterThan(0);
      await restarted.images.processor.whenIdle();
      // Any process may claim a queued job: the first server (still running here) may have taken it.
      await env.t.app.images.processor.whenIdle();
      const map = (await restarted.inject({ url: '/api/map/g1_map_b' })).json();
      expect(map).toMatchObject({ imageProcessStatus: 'DONE', maxZoom: 1 });
      expect(map.tilesPath).toMatch(/^g1\/g1_map_b\/[0-9a-z]+$/);
      expect((await restarted.inject({ url: `/mapTiles/${map.tilesPath}/1/1/1.png` })).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});

describe('deleting records', () => {
  it("removes a deleted map's tiles and the files of the markers the cascade removed", async () => {
    const admin = env.admin.auth;
    await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/map',
      headers: admin,
      payload: { _id: 'doomed', name: 'Doomed', gameId: 'g1' },
    });
    await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/placedmarker',
      headers: admin,
      payload: { _id: 'doomed_pm', mapId: 'doomed', markerDefinitionId: 'def_loot' },
    });
    expect(
      (await upload('/api/admin/placedmarker/addImage/doomed_pm/0', await makePng(40, 40))).statusCode,
    ).toBe(200);
    expect(
      (await upload('/api/admin/map/addImage/doomed/mapImage', await makePng(300, 300))).statusCode,
    ).toBe(200);
    await env.t.app.inject({ method: 'POST', url: '/api/admin/processMap/doomed/g1', headers: admin });
    await env.t.app.images.processor.whenIdle();
    const tiles = 'mapTiles/g1/doomed';
    const markerFiles = 'uploads/placedmarker/doomed_pm';
    expect(await exists(tiles)).toBe(true);
    expect(await exists(markerFiles)).toBe(true);

    const del = await env.t.app.inject({ method: 'DELETE', url: '/api/admin/map/doomed', headers: admin });
    expect(del.statusCode).toBe(200);
    await expect.poll(() => exists(tiles)).toBe(false);
    await expect.poll(() => exists(markerFiles)).toBe(false);
    // Files go after the answer, one folder after another.
    await expect.poll(() => exists('uploads/map/doomed')).toBe(false);
    await expect.poll(() => exists('thumbs/placedmarker/doomed_pm')).toBe(false);
    // Other maps keep their tiles.
    expect(await exists('mapTiles/g1/g1_map_a')).toBe(true);
  });
});
