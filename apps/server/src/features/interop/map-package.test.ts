import { getModel, type ModelKey, markerDefinitionTypes } from '@waypoint/shared';
import { packageModels } from '@waypoint/shared/interop/map-package';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelRecord } from '../../db/rows.ts';
import { makePng } from '../../media/testImages.ts';
import { createTestApp, createUser, type TestApp, type TestUser, useTestApp } from '../../test/test-app.ts';
import { findRecord, findRecordsBy } from '../models/models.repository.ts';

const env = useTestApp();
const actor = { id: null, username: 'test' };
let other: TestApp;
let otherAdmin: TestUser;

beforeAll(async () => {
  const w = env.t.app.ctx.writer;
  const images = env.t.app.images.service;
  await w.update('map', 'g1_map_b', { maxZoom: 1, attribution: '<p>© Zoë „Süd“</p>' }, actor);
  await images.addImage('map', 'g1_map_b', 'mapImage', await makePng(512, 256), actor);
  for (const level of [0, 1]) {
    await w.create(
      'maplevel',
      {
        _id: `b_floor${level}`,
        mapId: 'g1_map_b',
        level,
        name: level ? 'Oben ↑' : 'Unten',
        isDefault: !level,
      },
      actor,
    );
  }
  await images.addImage('maplevel', 'b_floor1', 'levelImage', await makePng(512, 256, '#884422'), actor);
  await w.create('trader', { _id: 'tr_1', gameId: 'g1', name: 'Händler 🧔' }, actor);
  await w.update('quest', 'q2', { traderId: 'tr_1', objectives: ['Schlüssel finden'] }, actor);
  for (const [i, type] of markerDefinitionTypes.entries()) {
    await w.create(
      'markerdefinition',
      {
        _id: `b_def_${type}`,
        gameId: 'g1',
        name: `${type} ✨ 東`,
        markerDefinitionType: type,
        width: 20 + i,
      },
      actor,
    );
    const path = type === 'ROUTE' || type === 'POLYGON';
    await w.create(
      'placedmarker',
      {
        _id: `b_pm_${i}`,
        mapId: 'g1_map_b',
        markerDefinitionId: `b_def_${type}`,
        name: `Kiste ${i} 🐉`,
        description: '<p>日本語 – ß</p>',
        lat: -(10 + i),
        lng: 20 + i,
        level: [-1, 0, 1][i % 3],
        questId: i === 1 ? 'q2' : '',
        polygonPoints: path
          ? [
              [-5, 5],
              [-40, 60],
              [-100, 200],
            ]
          : [],
      },
      actor,
    );
  }
  await images.addImage('markerdefinition', 'b_def_IMAGE', 'image', await makePng(32, 32, '#ff0000'), actor);
  // The second site: a fresh database and storage with one game of its own.
  other = await createTestApp();
  otherAdmin = await createUser(other, { admin: true });
  await other.app.ctx.writer.create('game', { _id: 'new_game', name: 'Neues Spiel' }, actor);
  // Three pictures decoded in child processes and a second site built: slow on a busy machine.
}, 120_000);
afterAll(() => other?.close());

const exportB = async () => {
  const res = await env.t.app.inject({
    method: 'GET',
    url: '/api/admin/maps/g1_map_b/export/package',
    headers: env.admin.auth,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return res.rawPayload;
};
const importInto = (body: Uint8Array | string, gameId = 'new_game', type = 'application/zip') =>
  other.app.inject({
    method: 'POST',
    url: `/api/admin/games/${gameId}/import/package`,
    headers: { ...otherAdmin.auth, 'content-type': type },
    payload: Buffer.from(body),
  });
const stagedCount = async () =>
  (
    await other.db.kysely
      .selectFrom('importedcrudmodel' as never)
      .select(['_id' as never])
      .execute()
  ).length;
const acceptAll = async () => {
  for (const model of packageModels) {
    const res = await other.app.inject({
      method: 'GET',
      url: `/api/admin/acceptAllImportedModels/${model}`,
      headers: otherAdmin.auth,
    });
    expect(res.statusCode, `${model}: ${res.body}`).toBe(200);
  }
};
/** A package read, changed by `edit` (entry name → bytes) and zipped again. */
const changed = (zip: Buffer, edit: (files: Record<string, Uint8Array>) => void) => {
  const files = unzipSync(zip);
  edit(files);
  return zipSync(files);
};
/** A package with its definition's icon replaced by `bytes`. */
const withIcon = (zip: Buffer, bytes: Uint8Array) =>
  changed(zip, (files) => {
    const name = Object.keys(files).find((n) => n.startsWith('pictures/markerdefinition/'))!;
    files[name] = bytes;
  });
const json = (files: Record<string, Uint8Array>, name: string) =>
  JSON.parse(Buffer.from(files[name]!).toString('utf8'));

describe('map package: export, then import into another site', () => {
  it('carries the map, floors, definitions, markers, quests and pictures to the other site', async () => {
    const zip = await exportB();
    const staged = await importInto(zip);
    expect(staged.statusCode, staged.body).toBe(200);
    expect(staged.json()).toMatchObject({
      mapId: 'g1_map_b',
      staged: {
        category: 1,
        map: 1,
        maplevel: 2,
        markerdefinition: markerDefinitionTypes.length,
        trader: 1,
        quest: 1,
        placedmarker: markerDefinitionTypes.length,
      },
      unchanged: 0,
      pictures: 3,
    });
    // The quest's previous quest has no marker on the map: cleared, and said so.
    expect(staged.json().notes).toContainEqual({
      record: 'quest q2',
      field: 'previous',
      note: 'Quests it requires with no marker on this map are not in the package: q1',
    });
    // Nothing is live before the review.
    expect(await findRecord(other.db.kysely, getModel('map'), 'g1_map_b')).toBeUndefined();
    await acceptAll();

    const db = env.t.db.kysely;
    const carried: Array<[ModelKey, Array<ModelRecord | undefined>]> = [
      ['map', [await findRecord(db, getModel('map'), 'g1_map_b')]],
      ['maplevel', await findRecordsBy(db, getModel('maplevel'), 'mapId', 'g1_map_b')],
      ['placedmarker', await findRecordsBy(db, getModel('placedmarker'), 'mapId', 'g1_map_b')],
      ['trader', [await findRecord(db, getModel('trader'), 'tr_1')]],
      [
        'markerdefinition',
        (await findRecordsBy(db, getModel('markerdefinition'), 'gameId', 'g1')).filter((d) =>
          String(d._id).startsWith('b_def_'),
        ),
      ],
    ];
    for (const [key, records] of carried) {
      const model = getModel(key);
      for (const record of records) {
        const copy = await findRecord(other.db.kysely, model, String(record?._id));
        expect(copy, `${key} ${record?._id}`).toBeDefined();
        for (const [name, def] of Object.entries(model.fields)) {
          if (def.readOnly || name === 'gameId') continue;
          expect(copy?.[name], `${key} ${record?._id} ${name}`).toEqual(record?.[name]);
        }
        if ('gameId' in model.fields) expect(copy?.gameId).toBe('new_game');
      }
    }
    const quest = await findRecord(other.db.kysely, getModel('quest'), 'q2');
    expect(quest).toMatchObject({ name: 'Second steps', traderId: 'tr_1', previous: '', gameId: 'new_game' });
    // The pictures are the other site's own now, and its tiles are being cut from them.
    const map = await findRecord(other.db.kysely, getModel('map'), 'g1_map_b');
    expect(map?.images).toMatchObject({ mapImage: { imageWidth: 512, imageHeight: 256 } });
    expect(['PENDING', 'PROCESSING', 'DONE']).toContain(map?.imageProcessStatus);
    const floor = await findRecord(other.db.kysely, getModel('maplevel'), 'b_floor1');
    expect(floor?.images).toMatchObject({ levelImage: { imageWidth: 512, imageHeight: 256 } });
    const icon = await findRecord(other.db.kysely, getModel('markerdefinition'), 'b_def_IMAGE');
    expect(icon?.images).toMatchObject({ image: { imageWidth: 32, imageHeight: 32 } });
    const iconFile = (icon?.images as { image: { fileName: string } } | undefined)?.image.fileName;
    const file = await other.app.inject({
      method: 'GET',
      url: `/uploads/markerdefinition/b_def_IMAGE/image/${iconFile}`,
    });
    expect(file.statusCode).toBe(200);

    // The same package again changes nothing; a changed one stages only the change. A picture
    // stored before digests were kept is compared by its stored file.
    const stored = (icon?.images as { image?: Record<string, unknown> } | undefined)?.image;
    expect(stored?.digest).toMatch(/^[0-9a-f]{64}$/);
    const { digest: _digest, ...withoutDigest } = stored ?? {};
    await sql`update markerdefinition set images = ${JSON.stringify({ image: withoutDigest })}
      where _id = 'b_def_IMAGE'`.execute(other.db.kysely);
    const again = await importInto(zip);
    expect(again.json()).toMatchObject({ unchanged: 4 + 2 * markerDefinitionTypes.length + 2, pictures: 0 });
    expect(await stagedCount()).toBe(0);
    const renamed = changed(zip, (files) => {
      const content = json(files, 'content.json');
      content.markers[0].name = 'Umbenannt';
      content.markers.pop();
      files['content.json'] = strToU8(JSON.stringify(content));
    });
    const resync = await importInto(renamed);
    expect(resync.json()).toMatchObject({ staged: { placedmarker: 2 }, gone: 1 });
    // Pictures are decoded in child processes and the other site cuts tiles meanwhile: slow on a busy machine.
  }, 120_000);

  it('refuses bad packages with a 400 naming the entry and field, and stages nothing', async () => {
    await other.app.inject({
      method: 'GET',
      url: '/api/admin/rejectAllImportedModels/placedmarker',
      headers: otherAdmin.auth,
    });
    const zip = await exportB();
    const refused = async (body: Uint8Array | string, field: string, message?: string) => {
      const res = await importInto(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0].field).toBe(field);
      if (message) expect(res.json().errors[0].message).toBe(message);
    };
    await refused('{"just":"json"}', '(archive)', 'Not a zip archive');
    await refused(zipSync({ '../../etc/passwd': strToU8('x') }), '../../etc/passwd name');
    // A bomb's directory declaring 600 MB: refused before anything is unpacked.
    const bomb = zipSync({ 'content.json': new Uint8Array(1024) });
    const view = new DataView(bomb.buffer);
    for (let at = 0; at < bomb.length - 4; at++)
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 600 * 1024 * 1024, true);
    await refused(bomb, '(archive) size');
    await refused(
      changed(zip, (f) => {
        delete f['manifest.json'];
      }),
      'manifest.json',
      'Missing from the archive',
    );
    await refused(
      changed(zip, (f) => {
        f['manifest.json'] = strToU8(JSON.stringify({ ...json(f, 'manifest.json'), version: 2 }));
      }),
      'manifest.json version',
    );
    await refused(
      changed(zip, (f) => {
        const content = json(f, 'content.json');
        content.markers.push(content.markers[0]);
        f['content.json'] = strToU8(JSON.stringify(content));
      }),
      `content.json markers[${markerDefinitionTypes.length}] _id`,
    );
    await refused(
      changed(zip, (f) => {
        const content = json(f, 'content.json');
        content.markers[2].lng = 5000;
        f['content.json'] = strToU8(JSON.stringify(content));
      }),
      'content.json markers[2] lat',
    );
    await refused(
      changed(zip, (f) => {
        const content = json(f, 'content.json');
        content.markers[0].name = 7;
        f['content.json'] = strToU8(JSON.stringify(content));
      }),
      'content.json placedmarker b_pm_0 name',
    );
    const notPicture = withIcon(zip, strToU8('not a picture'));
    const res = await importInto(notPicture);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toMatch(/^pictures\/markerdefinition\/b_def_IMAGE\//);
    expect(await stagedCount()).toBe(0);
    // Admins only; a game that is not here is named.
    const player = await other.app.inject({
      method: 'POST',
      url: '/api/admin/games/new_game/import/package',
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(zip),
    });
    expect(player.statusCode).toBe(401);
    expect((await importInto(zip, 'nope')).statusCode).toBe(404);

    // Another icon of the same size is a new picture too.
    const sameSize = await makePng(32, 32, '#0000ff');
    const recoloured = withIcon(zip, sameSize);
    expect((await importInto(recoloured)).json()).toMatchObject({
      staged: { markerdefinition: 1 },
      pictures: 1,
    });
    await other.app.inject({
      method: 'GET',
      url: '/api/admin/rejectAllImportedModels/markerdefinition',
      headers: otherAdmin.auth,
    });

    // A new icon is staged with its definition; rejecting the definition drops the staged picture too.
    const bigger = await makePng(48, 48, '#00ff00');
    const newIcon = withIcon(zip, bigger);
    expect((await importInto(newIcon)).json()).toMatchObject({
      staged: { markerdefinition: 1 },
      pictures: 1,
    });
    const stagedFiles = async () => {
      let n = 0;
      for await (const _ of other.app.ctx.store.list('staged')) n++;
      return n;
    };
    expect(await stagedFiles()).toBeGreaterThan(0);
    const rejected = await other.app.inject({
      method: 'GET',
      url: '/api/admin/rejectAllImportedModels/markerdefinition',
      headers: otherAdmin.auth,
    });
    expect(rejected.json()).toEqual({ rejected: 1 });
    expect(await stagedFiles()).toBe(0);
  }, 60_000);
});
