import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getSharp } from '../../media/sharp.ts';
import { useTestApp } from '../../test/test-app.ts';

const env = useTestApp();

describe('demo images', () => {
  it('draws the images seeded records declare, then tiles the maps', async () => {
    const w = env.t.app.ctx.writer;
    await w.setInternal('map', 'g1_map_b', {
      images: { mapImage: { fileName: 'map.png', imageWidth: 640, imageHeight: 512, version: '' } },
    });
    await w.create(
      'markerdefinition',
      { _id: 'def_icon', gameId: 'g1', name: 'Icon', markerDefinitionType: 'IMAGE' },
      { id: null, username: 'test' },
    );
    await w.setInternal('markerdefinition', 'def_icon', {
      images: { image: { fileName: 'icon.png', imageWidth: 64, imageHeight: 64, version: '' } },
    });
    await w.create('trader', { _id: 'tr_ilsa', gameId: 'g1', name: 'Ilsa' }, { id: null, username: 'test' });
    await w.setInternal('trader', 'tr_ilsa', {
      images: { image: { fileName: 'portrait.png', imageWidth: 128, imageHeight: 128, version: '' } },
    });

    await env.t.app.images.prepareDemoImages();
    await env.t.app.images.processor.whenIdle();

    const map = (await env.t.app.inject({ url: '/api/map/g1_map_b' })).json();
    expect(map.images.mapImage).toMatchObject({
      fileName: 'mapImage.png',
      imageWidth: 640,
      imageHeight: 512,
    });
    expect(map.images.mapImage.version).not.toBe('');
    expect(map).toMatchObject({ imageProcessStatus: 'DONE', tilesPath: 'g1/g1_map_b' });
    const tile = await env.t.app.inject({ url: '/mapTiles/g1/g1_map_b/0/0/0.png' });
    expect(tile.statusCode).toBe(200);

    const def = (await env.t.app.inject({ url: '/api/markerdefinition/def_icon' })).json();
    expect(def.images.image).toMatchObject({ fileName: 'image.png', imageWidth: 64, imageHeight: 64 });
    const icon = await env.t.app.inject({ url: '/uploads/markerdefinition/def_icon/image/image.png' });
    expect((await getSharp()(icon.rawPayload).metadata()).width).toBe(64);

    // Traders get a portrait (the quest tracker shows it beside their quests).
    const trader = (await env.t.app.inject({ url: '/api/trader/tr_ilsa' })).json();
    expect(trader.images.image.version).not.toBe('');
    const portrait = await env.t.app.inject({
      url: `/uploads/trader/tr_ilsa/image/${trader.images.image.fileName}`,
    });
    expect((await getSharp()(portrait.rawPayload).metadata()).width).toBe(128);

    // Nothing is left to draw on the next start, and no scratch files remain.
    await env.t.app.images.prepareDemoImages();
    expect(await env.t.app.images.processor.queueDepth()).toBe(0);
    expect(await fs.readdir(path.join(env.t.dataDir, '.work'))).toEqual([]);
  });
});
