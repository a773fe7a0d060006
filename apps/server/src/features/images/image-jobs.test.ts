import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { makePng, makePngBomb } from '../../media/testImages.ts';
import { buildEntries, removeBuildEntries } from '../../media/tiles.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp({ overrides: { imageJobTimeoutMs: 2000 } });

const upload = (url: string, data: Buffer) => {
  const body = multipartFile(data);
  return env.t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...env.admin.auth },
  });
};

/** A small SVG without filters that takes minutes to draw: thousands of dashed outlines through nested <use>. */
function slowSvg(): Buffer {
  let defs =
    '<circle id="l0" cx="5" cy="5" r="4" fill="red" stroke="blue" stroke-width="3" stroke-dasharray="0.5"/>';
  for (let i = 1; i <= 5; i++) {
    const uses = Array.from(
      { length: 12 },
      (_, j) =>
        `<use href="#l${i - 1}" x="${j * 3}" y="${j * 2}" transform="rotate(${j * 7} 2048 2048) scale(${1 + j / 3})"/>`,
    ).join('');
    defs += `<g id="l${i}">${uses}</g>`;
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4096" height="4096"><defs>${defs}</defs><use href="#l5"/></svg>`,
  );
}

describe('image work limits', () => {
  it('refuses an extreme aspect ratio from the header, naming the field', async () => {
    const strip = await upload('/api/admin/game/addImage/g1/image', await makePngBomb(1_000_000, 268));
    expect(strip.statusCode).toBe(400);
    expect(strip.json().errors[0].field).toBe('body.file');
    expect(strip.json().message).toContain('1000000×268');
    const tall = await upload('/api/admin/game/addImage/g1/image', await makePng(10, 700));
    expect(tall.statusCode).toBe(400);
    expect((await upload('/api/admin/game/addImage/g1/image', await makePng(10, 640))).statusCode).toBe(200);
  });

  it('refuses SVG filter effects', async () => {
    const blur = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><filter id="b"><feGaussianBlur stdDeviation="900"/></filter><rect width="4000" height="4000" filter="url(#b)"/></svg>',
    );
    const res = await upload('/api/admin/game/addImage/g1/icon', blur);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('filter');
  });

  it('stops an image job at the time limit with a readable 422, and the server keeps answering', async () => {
    const started = Date.now();
    const pending = upload('/api/admin/game/addImage/g1/icon', slowSvg());
    await new Promise((resolve) => setTimeout(resolve, 500));
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const res = await env.t.app.inject({ url: '/api/games?limit=5' });
      latencies.push(performance.now() - t0);
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Math.max(...latencies)).toBeLessThan(200);
    const res = await pending;
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The image took longer than 2 s to process and was stopped');
    expect(Date.now() - started).toBeLessThan(15_000);
    const game = (await env.t.app.inject({ url: '/api/game/g1' })).json();
    expect(game.images.icon).toBeUndefined();
  }, 20_000);

  it('removes a tile build folder left by a crash when the app starts', async () => {
    const game = path.join(env.t.dataDir, '.work/mapTiles/g1');
    const build = path.join(game, '.g1_map_a.build-deadbeef');
    await fs.mkdir(path.join(build, '0/0'), { recursive: true });
    await fs.writeFile(path.join(build, '0/0/0.png'), 'partial');
    await fs.mkdir(`${build}.work/raw`, { recursive: true });
    const restarted = await buildApp(env.t.config, { db: env.t.db, logger: false });
    try {
      await restarted.ready();
      expect(await fs.readdir(game)).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it('keeps a build begun after the list of builds to remove was taken (a run of another process)', async () => {
    const root = path.join(env.t.dataDir, '.work/mapTiles');
    const game = path.join(root, 'g1');
    await fs.mkdir(path.join(game, '.g1_map_a.build-0badc0de/0/0'), { recursive: true });
    const listed = await buildEntries(root);
    expect(listed.map((e) => [e.pyramid, path.basename(e.path)])).toEqual([
      ['g1_map_a', '.g1_map_a.build-0badc0de'],
    ]);
    // Another process claims the pyramid's job and starts cutting into a folder of its own.
    await fs.mkdir(path.join(game, '.g1_map_a.build-feedface/0/0'), { recursive: true });
    await removeBuildEntries(listed);
    expect(await fs.readdir(game)).toEqual(['.g1_map_a.build-feedface']);
    await fs.rm(game, { recursive: true, force: true });
  });
});
