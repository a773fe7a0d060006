import { describe, expect, it } from 'vitest';
import { makePng } from '../../media/testImages.ts';
import { createStore } from '../../storage/index.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

// Runs on the storage TEST_STORAGE names (DATA_DIR by default, a real S3 server with `s3`).
const env = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) => env.t.app.inject({ url, headers });

describe('pictures and tiles at versioned addresses, from memory', () => {
  it('reads a versioned tile or thumbnail from the storage once, then answers it from memory', async () => {
    const up = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/map/addImage/g1_map_a/mapImage',
      ...multipartFile(await makePng(600, 400, '#2266aa'), { auth: env.admin.auth }),
    });
    expect(up.statusCode).toBe(200);
    const queued = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/processMap/g1_map_a/g1',
      headers: env.admin.auth,
    });
    expect(queued.statusCode).toBe(202);
    await env.t.app.images.processor.whenIdle();
    const map = (await get('/api/map/g1_map_a')).json();
    expect(map.imageProcessStatus).toBe('DONE');
    const tileKey = `mapTiles/${map.tilesPath}/1/1/0.png`;
    const thumbKey = 'thumbs/map/g1_map_a/mapImage/150x150/mapImage.png';
    const thumbUrl = `/${thumbKey}?v=${map.images.mapImage.version}`;
    const tile = await get(`/${tileKey}`);
    const thumb = await get(thumbUrl);
    expect([tile.statusCode, thumb.statusCode]).toEqual([200, 200]);

    // Removed behind this process's back, as another process or an operator would.
    const other = createStore(env.t.config);
    try {
      await other.delete([tileKey, thumbKey]);
      expect(await other.head(tileKey)).toBeUndefined();
    } finally {
      await other.close();
    }
    const tileAgain = await get(`/${tileKey}`);
    expect(tileAgain.statusCode).toBe(200);
    expect(tileAgain.rawPayload.equals(tile.rawPayload)).toBe(true);
    expect(tileAgain.headers.etag).toBe(tile.headers.etag);
    expect(tileAgain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(`/${tileKey}`, { 'if-none-match': String(tile.headers.etag) })).statusCode).toBe(304);
    const thumbAgain = await get(thumbUrl);
    expect(thumbAgain.statusCode).toBe(200);
    expect(thumbAgain.rawPayload.equals(thumb.rawPayload)).toBe(true);
    // Another version of the address, or none, is read from the storage.
    expect((await get(`/${thumbKey}?v=other`)).statusCode).toBe(404);
    expect((await get(`/${thumbKey}`)).statusCode).toBe(404);
  }, 60_000);

  it('forgets what this process removes: a swept pyramid version answers 404 at once', async () => {
    const first = (await get('/api/map/g1_map_a')).json().tilesPath as string;
    expect((await get(`/mapTiles/${first}/0/0/0.png`)).statusCode).toBe(200);
    const grace = env.t.app.ctx.config.oldTilesGraceMs;
    env.t.app.ctx.config.oldTilesGraceMs = 0;
    try {
      await env.t.app.inject({
        method: 'POST',
        url: '/api/admin/processMap/g1_map_a/g1',
        headers: env.admin.auth,
      });
      await env.t.app.images.processor.whenIdle();
      expect(await env.t.app.images.processor.sweepTileVersions()).toBeGreaterThanOrEqual(1);
    } finally {
      env.t.app.ctx.config.oldTilesGraceMs = grace;
    }
    expect((await get(`/mapTiles/${first}/0/0/0.png`)).statusCode).toBe(404);
  }, 60_000);
});
