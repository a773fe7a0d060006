import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { getSharp } from './sharp.ts';
import { makePng, makeTruncatedPng, makeWebp } from './testImages.ts';
import { cutTiles, expectedTileCount, filesBelow, isWholeTile, maxZoomFor } from './tiles.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-tiles-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function listTiles(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const z of await fs.readdir(root)) {
    for (const x of await fs.readdir(path.join(root, z))) {
      for (const y of await fs.readdir(path.join(root, z, x))) out.push(`${z}/${x}/${y}`);
    }
  }
  return out.sort();
}

const limits = { maxInputPixels: 50_000_000 };

describe('maxZoom and tile counts', () => {
  it('derives the zoom at which the image is shown at full size', () => {
    expect(maxZoomFor(256, 100)).toBe(0);
    expect(maxZoomFor(257, 100)).toBe(1);
    expect(maxZoomFor(1000, 600)).toBe(2);
    expect(maxZoomFor(16384, 16384)).toBe(6);
    expect(expectedTileCount(1000, 600)).toBe(1 + 4 + 12);
    expect(expectedTileCount(16384, 16384)).toBe(5461);
  });
});

describe('cutting a pyramid', () => {
  it('writes {z}/{x}/{y}.png tiles of 256 px with the expected count', async () => {
    const live = path.join(dir, 'mapTiles', 'game', 'map');
    const source = path.join(dir, 'wide.png');
    // Left half red, right half blue: tells x from y.
    await getSharp()({ create: { width: 1000, height: 600, channels: 3, background: '#0000ff' } })
      .composite([{ input: await makePng(500, 600, '#ff0000'), left: 0, top: 0 }])
      .png()
      .toFile(source);
    const result = await cutTiles(source, live, limits);
    expect(result).toMatchObject({ width: 1000, height: 600, maxZoom: 2, tileCount: 17, format: 'png' });

    const tiles = await listTiles(live);
    expect(tiles).toHaveLength(17);
    expect(tiles).toContain('2/3/2.png'); // x runs to 3 (1000 px wide), y to 2 (600 px high)
    expect(tiles).not.toContain('2/2/3.png');
    for (const tile of ['0/0/0.png', '2/3/2.png', '1/1/1.png']) {
      const meta = await getSharp()(path.join(live, tile)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 256]);
    }
    const left = await getSharp()(path.join(live, '2/0/0.png')).stats();
    const right = await getSharp()(path.join(live, '2/3/0.png')).stats();
    expect(left.channels[0].mean).toBeGreaterThan(200);
    expect(right.channels[2].mean).toBeGreaterThan(100);
    expect(right.channels[0].mean).toBeLessThan(20);
  });

  it('puts the full-size image at a larger maxZoom, with overview levels below', async () => {
    const live = path.join(dir, 'mapTiles', 'g6', 'm');
    const result = await cutTiles(await makePng(600, 400, '#ff0000'), live, { ...limits, maxZoom: 4 });
    // Natural zoom 2 (levels 0-2: 1 + 2 + 6 tiles) moved up to 2-4, plus one tile each at 0 and 1.
    expect(result).toMatchObject({ maxZoom: 4, tileCount: 11 });
    const tiles = await listTiles(live);
    expect(tiles).toContain('4/2/1.png');
    expect(tiles.filter((t) => t.startsWith('0/'))).toEqual(['0/0/0.png']);
    const top = await getSharp()(path.join(live, '4/0/0.png')).stats();
    expect(top.channels[0].mean).toBeGreaterThan(250); // full size: the tile is all image
    const overview = await getSharp()(path.join(live, '0/0/0.png')).metadata();
    expect([overview.width, overview.height]).toEqual([256, 256]);
  });

  it('drops the lowest levels at a smaller maxZoom', async () => {
    const live = path.join(dir, 'mapTiles', 'g7', 'm');
    const result = await cutTiles(await makePng(600, 400), live, { ...limits, maxZoom: 1 });
    expect(result).toMatchObject({ maxZoom: 1, tileCount: 2 + 6 });
    const tiles = await listTiles(live);
    expect(tiles).toContain('1/2/1.png');
    expect(tiles.filter((t) => t.startsWith('0/')).sort()).toEqual(['0/0/0.png', '0/1/0.png']);
  });

  it('writes WebP tiles when asked', async () => {
    const live = path.join(dir, 'mapTiles', 'g4', 'm');
    const result = await cutTiles(await makePng(512, 512), live, { ...limits, format: 'webp' });
    expect(result.tileCount).toBe(5);
    expect((await getSharp()(path.join(live, '1/1/1.webp')).metadata()).format).toBe('webp');
  });

  it('gives a readable error for a corrupt image and leaves no work behind', async () => {
    const live = path.join(dir, 'mapTiles', 'g5', 'm');
    const error = await cutTiles(await makeTruncatedPng(), live, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).message).toMatch(/^The map image could not be tiled: \S/);
    expect((error as MediaError).message).not.toContain('\n');
    expect(await fs.readdir(path.dirname(live))).toEqual([]);
  });

  it('refuses an image over the pixel limit', async () => {
    const error = await cutTiles(await makePng(400, 400), path.join(dir, 'x', 'y'), {
      maxInputPixels: 1000,
    }).catch((e: unknown) => e);
    expect((error as MediaError).message).toContain('pixel limit');
  });
});

describe('tiles while they are cut', () => {
  it('tells a whole PNG or WebP tile from every part of one', async () => {
    const png = await getSharp()({
      create: {
        width: 128,
        height: 128,
        channels: 4,
        background: '#336699',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const webp = await makeWebp(256, 256);
    for (const [data, format] of [
      [png, 'png'],
      [webp, 'webp'],
    ] as const) {
      expect(isWholeTile(data, format)).toBe(true);
      for (let n = 0; n < data.length; n++) {
        if (isWholeTile(data.subarray(0, n), format))
          throw new Error(`${format} prefix of ${n} bytes taken as whole`);
      }
    }
    expect(isWholeTile(webp, 'png')).toBe(false);
    expect(isWholeTile(png, 'webp')).toBe(false);
  });

  it('moves whole tiles into the pyramid folder while the image is still being cut', async () => {
    // Noise is slow to encode: the cut takes long enough to watch. Tall, so it runs in many strips.
    const source = path.join(dir, 'noisy.png');
    await getSharp()({
      create: {
        width: 2048,
        height: 4096,
        channels: 3,
        background: '#336699',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 1 })
      .toFile(source);
    const live = path.join(dir, 'mapTiles', 'g8', 'm');
    const seen = new Set<string>();
    let broken = 0;
    let firstSeen = 0;
    let cutting = true;
    const started = performance.now();
    const watching = (async () => {
      while (cutting) {
        for (const rel of await filesBelow(live)) {
          if (seen.has(rel)) continue;
          seen.add(rel);
          firstSeen ||= performance.now();
          const data = await fs.readFile(path.join(live, ...rel.split('/'))).catch(() => undefined);
          if (!data || !isWholeTile(data, 'png')) broken++;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const result = await cutTiles(source, live, limits);
    const ended = performance.now();
    cutting = false;
    await watching;
    expect(result.tileCount).toBe(expectedTileCount(2048, 4096));
    expect((await listTiles(live)).length).toBe(result.tileCount);
    expect(broken).toBe(0);
    // The first tiles are there in the first half of the cut, not all at its end.
    expect(firstSeen).toBeGreaterThan(0);
    expect(firstSeen - started).toBeLessThan((ended - started) / 2);
  }, 120_000);
});
