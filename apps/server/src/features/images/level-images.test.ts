import { describe, expect, it } from 'vitest';
import { makePng } from '../../media/testImages.ts';
import { multipartFile } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';

// A floor's picture: uploaded like any image, of its map picture's size, cut into its own tiles by
// Process Image, followed live by the admin page, and gone with the floor.
const env = useTestApp({ overrides: { jobPollMs: 30 } });

async function upload(model: string, id: string, field: string, width: number, height: number) {
  const png = await makePng(width, height);
  return env.t.app.inject({
    method: 'POST',
    url: `/api/admin/${model}/addImage/${id}/${field}`,
    ...multipartFile(png, { auth: env.admin.auth }),
  });
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  env.t.app.inject({ method, url, headers: env.admin.auth, ...(payload ? { payload } : {}) });

describe('a floor picture', () => {
  it('is refused when it is not the size of the map picture, naming the field', async () => {
    expect((await upload('map', 'g1_map_a', 'mapImage', 300, 200)).statusCode).toBe(200);
    const level = { _id: 'la_cellar', mapId: 'g1_map_a', level: 0, name: 'Cellar' };
    expect((await call('PUT', '/api/admin/maplevel', level)).statusCode).toBe(201);
    const wrong = await upload('maplevel', 'la_cellar', 'levelImage', 200, 300);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { field: 'body.file', message: expect.stringContaining('300×200') },
    ]);
    expect((await call('GET', '/api/maplevel/la_cellar')).json().images).toEqual({});
  });

  it('cannot be processed before it is uploaded', async () => {
    const early = await call('POST', '/api/admin/processMapLevel/la_cellar');
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].field).toBe('images.levelImage');
    expect((await call('POST', '/api/admin/processMapLevel/nope')).statusCode).toBe(404);
  });

  it('is cut into its own tiles beside the map, with progress the admin page follows', async () => {
    expect((await upload('maplevel', 'la_cellar', 'levelImage', 300, 200)).statusCode).toBe(200);
    const queued = await call('POST', '/api/admin/processMapLevel/la_cellar');
    expect(queued.statusCode).toBe(202);
    expect(queued.json().imageProcessStatus).toBe('PENDING');
    await expect
      .poll(async () => (await call('GET', '/api/admin/processMapLevel/la_cellar/status')).json(), {
        timeout: 20_000,
      })
      .toMatchObject({
        imageProcessStatus: 'DONE',
        imageProcessProgress: 100,
        tilesPath: expect.stringMatching(/^g1\/g1_map_a--la_cellar\/[0-9a-z]+$/),
      });
    const { tilesPath } = (await call('GET', '/api/admin/processMapLevel/la_cellar/status')).json();
    const tile = await env.t.app.inject({ url: `/mapTiles/${tilesPath}/0/0/0.png` });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    // The map page learns where the floor's tiles are, and their version.
    const data = (await env.t.app.inject({ url: '/api/map/g1_map_a/markers' })).json();
    expect(data.levels[0]).toMatchObject({ _id: 'la_cellar', tilesPath });
    expect(data.levels[0].version).not.toBe('');
    // Only admins queue or follow jobs.
    const asPlayer = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/processMapLevel/la_cellar',
      headers: env.player.auth,
    });
    expect(asPlayer.statusCode).toBe(403);
  });

  it('goes with its floor: files and tiles', async () => {
    const stored = async (prefix: string) => {
      for await (const _ of env.t.app.ctx.store.list(prefix)) return true;
      return false;
    };
    const tiles = 'mapTiles/g1/g1_map_a--la_cellar';
    expect(await stored(tiles)).toBe(true);
    expect((await call('DELETE', '/api/admin/maplevel/la_cellar')).statusCode).toBe(200);
    await expect.poll(() => stored(tiles)).toBe(false);
    expect(await stored('uploads/maplevel/la_cellar')).toBe(false);
  });
});
