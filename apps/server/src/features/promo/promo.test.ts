import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSharp } from '../../media/sharp.ts';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

describe('in-game app promo slides', () => {
  it('are 404 while the game has no map picture', async () => {
    const res = await env.t.app.inject({ url: '/api/game/g1/promo/overview' });
    expect(res.statusCode).toBe(404);
  });

  it('draw the game map with its markers, once per map picture version', async () => {
    const sharp = getSharp();
    // A stored map picture: green on the left half, blue on the right, 1024×512 at maxZoom 2.
    const dir = path.join(env.t.dataDir, 'uploads', 'map', 'g1_map_a', 'mapImage');
    await mkdir(dir, { recursive: true });
    await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#2f7d32' } })
      .composite([
        {
          input: await sharp({ create: { width: 512, height: 512, channels: 3, background: '#1565c0' } })
            .png()
            .toBuffer(),
          left: 512,
          top: 0,
        },
      ])
      .png()
      .toFile(path.join(dir, 'mapImage.png'));
    await env.t.app.ctx.writer.setInternal('map', 'g1_map_a', {
      maxZoom: 2,
      images: { mapImage: { fileName: 'mapImage.png', imageWidth: 1024, imageHeight: 512, version: 'v1' } },
    });
    await env.t.app.ctx.writer.setInternal('markerdefinition', 'def_loot', {
      wrapperColor: '#ff0000',
      innerColor: '#ffffff',
    });

    const shots = [];
    for (const slide of ['overview', 'loot', 'tactical']) {
      const res = await env.t.app.inject({ url: `/api/game/g1/promo/${slide}` });
      expect(res.statusCode, slide).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1280, 720]);
      shots.push(res.rawPayload);
    }
    // The overview shows the picture (green and blue halves) and the red marker pins on it.
    const { data, info } = await sharp(shots[0]).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [r1, g1] = pixel(200, 600);
    expect(g1).toBeGreaterThan(r1 + 40);
    const [, , b2] = pixel(1100, 600);
    expect(b2).toBeGreaterThan(150);
    let red = 0;
    for (let i = 0; i < data.length; i += 3)
      if (data[i]! > 200 && data[i + 1]! < 60 && data[i + 2]! < 60) red++;
    expect(red).toBeGreaterThan(50);
    // The close-up is another picture than the overview.
    expect(shots[1]?.equals(shots[0]!)).toBe(false);

    // Kept on disk: the second answer is the same file, with a 304 on its ETag.
    const again = await env.t.app.inject({ url: '/api/game/g1/promo/overview' });
    expect(again.rawPayload.equals(shots[0]!)).toBe(true);
    const cached = await env.t.app.inject({
      url: '/api/game/g1/promo/overview',
      headers: { 'if-none-match': String(again.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('refuses an unknown slide, naming the parameter', async () => {
    const res = await env.t.app.inject({ url: '/api/game/g1/promo/secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('params.slide');
  });
});
