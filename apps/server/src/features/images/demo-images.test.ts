import { buffer } from 'node:stream/consumers';
import { getModel } from '@waypoint/shared';
import { describe, expect, it } from 'vitest';
import { getSharp } from '../../media/sharp.ts';
import { makePng } from '../../media/testImages.ts';
import { useTestApp } from '../../test/test-app.ts';
import { systemActor } from '../audit/audit.ts';
import { listRecords } from '../models/models.repository.ts';
import { drawGameCards } from './demo-images.ts';

const env = useTestApp();

describe('demo game cards', () => {
  it("cut each game's card picture from its first drawn map, and leave games without a drawn map alone", async () => {
    const { app } = env.t;
    const put = (model: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/api/admin/${model}`, headers: env.admin.auth, payload });
    expect((await put('game', { _id: 'card_game', name: 'Card game' })).statusCode).toBe(201);
    expect((await put('game', { _id: 'bare_game', name: 'Bare game' })).statusCode).toBe(201);
    expect(
      (await put('map', { _id: 'card_map', gameId: 'card_game', name: 'Map', weight: 5 })).statusCode,
    ).toBe(201);
    const declared = { image: { fileName: 'card.png', imageWidth: 320, imageHeight: 180, version: '' } };
    for (const id of ['card_game', 'bare_game'])
      await app.ctx.writer.setInternal('game', id, { images: declared });
    await app.images.service.storeGenerated(
      'map',
      'card_map',
      'mapImage',
      await makePng(600, 900),
      systemActor,
    );

    const maps = await listRecords(app.ctx.db.kysely, getModel('map'), { limit: 100, skip: 0, filter: {} });
    await drawGameCards(app.ctx, app.images.service, maps.data, app.log, () => false);

    const game = (await app.inject({ method: 'GET', url: '/api/game/card_game' })).json();
    expect(game.images.image.version).not.toBe('');
    const file = app.images.service.storage.uploadFile(
      'game',
      'card_game',
      'image',
      game.images.image.fileName,
    );
    const stored = await app.images.service.store.get(file);
    const meta = await getSharp()(await buffer(stored!.body)).metadata();
    expect([meta.width, meta.height]).toEqual([320, 180]);
    const bare = (await app.inject({ method: 'GET', url: '/api/game/bare_game' })).json();
    expect(bare.images.image.version).toBe('');
  });
});
