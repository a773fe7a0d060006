import { getModel } from '@waypoint/shared';
import { packageModels } from '@waypoint/shared/interop/map-package';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ModelRecord } from '../../db/rows.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { useTestApp } from '../../test/test-app.ts';
import { findRecordsBy } from '../models/models.repository.ts';

// The demo game: quests with prerequisites, categories with preferred maps, HTML descriptions.
const env = useTestApp({ content: false });
const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  env.t.app.inject({ method, url, headers: env.admin.auth, payload: payload as never });
let mapId = '';
let gameId = '';

beforeAll(async () => {
  await seedDemoContent(env.t.db, { markersPerMap: 20 });
  const markers = await env.t.db.kysely
    .selectFrom('placedmarker' as never)
    .select(['mapId' as never])
    .where('questId' as never, '!=', '' as never)
    .execute();
  mapId = String((markers[0] as { mapId: string }).mapId);
  const map = (await findRecordsBy(env.t.db.kysely, getModel('map'), '_id', mapId))[0]!;
  gameId = String(map.gameId);
});

const stagedRows = async () =>
  (await env.t.db.kysely
    .selectFrom('importedcrudmodel' as never)
    .select(['type' as never, 'recordId' as never, 'data' as never])
    .execute()) as { type: string; recordId: string; data: string }[];

describe('a round trip that changes nothing stages nothing', () => {
  it('a map package exported and imported straight back stages 0', async () => {
    const zip = await send('GET', `/api/admin/maps/${mapId}/export/package`);
    expect(zip.statusCode).toBe(200);
    const res = await env.t.app.inject({
      method: 'POST',
      url: `/api/admin/games/${gameId}/import/package`,
      headers: { ...env.admin.auth, 'content-type': 'application/zip' },
      payload: zip.rawPayload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await stagedRows();
    for (const r of rows) {
      const stored =
        (await findRecordsBy(env.t.db.kysely, getModel(r.type as never), '_id', r.recordId))[0] ?? {};
      const data = JSON.parse(r.data);
      for (const [k, v] of Object.entries(data))
        if (JSON.stringify(v) !== JSON.stringify(stored[k]))
          console.log(
            'DIFF',
            r.type,
            r.recordId,
            k,
            JSON.stringify(stored[k])?.slice(0, 150),
            '=>',
            JSON.stringify(v)?.slice(0, 150),
          );
    }
    expect(rows.map((r) => `${r.type} ${r.recordId} ${r.data.slice(0, 300)}`)).toEqual([]);
    expect(res.json().staged).toEqual(Object.fromEntries(packageModels.map((m) => [m, 0])));
  }, 120_000);

  it('a package with three edits and one deletion stages exactly those four, as changed and gone', async () => {
    const zip = await send('GET', `/api/admin/maps/${mapId}/export/package`);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const content = JSON.parse(strFromU8(files['content.json']!));
    const [a, b, c, removed] = content.markers as ModelRecord[];
    for (const m of [a, b, c]) m!.name = `${m!.name} (edited)`;
    content.markers = content.markers.filter((m: ModelRecord) => m._id !== removed!._id);
    files['content.json'] = strToU8(JSON.stringify(content));
    const res = await env.t.app.inject({
      method: 'POST',
      url: `/api/admin/games/${gameId}/import/package`,
      headers: { ...env.admin.auth, 'content-type': 'application/zip' },
      payload: Buffer.from(zipSync(files)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ staged: { placedmarker: 4, quest: 0, category: 0 }, gone: 1 });
    const review = (await send('GET', '/api/admin/importedModels/placedmarker')).json().data as {
      recordId: string;
      gone: boolean;
      changed: string[];
    }[];
    expect(review.map((r) => [r.recordId, r.gone ? 'gone' : r.changed.join(',')]).sort()).toEqual(
      [
        [a!._id, 'name'],
        [b!._id, 'name'],
        [c!._id, 'name'],
        [removed!._id, 'gone'],
      ].sort(),
    );
    // Rejected: nothing changed; the staged rows are gone.
    await send('GET', '/api/admin/rejectAllImportedModels/placedmarker');
    expect(await stagedRows()).toEqual([]);
  }, 120_000);

  it('a GeoJSON export with three edits and one deletion stages those four; stored entities compare by meaning; the change lists only what accepting changes', async () => {
    const [quoted] = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), 'mapId', mapId);
    // Written as entities (as older writes stored them): the export reads the same text back as characters.
    await env.t.db.kysely
      .updateTable('placedmarker' as never)
      .set({
        description: '<p>&ldquo;Quoted&rdquo; &amp; <b class="x"  id="user-content-y">bold</b></p>',
      } as never)
      .where('_id' as never, '=', quoted!._id as never)
      .execute();
    const exported = await send('GET', `/api/admin/maps/${mapId}/export/geojson`);
    expect(exported.statusCode).toBe(200);
    const unchanged = await send('POST', `/api/admin/maps/${mapId}/import/geojson`, {
      source: 'export.geojson',
      content: exported.body,
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ staged: { placedmarker: 0 }, gone: 0 });

    const file = JSON.parse(exported.body) as { features: { id?: string; properties: ModelRecord }[] };
    const markers = file.features.filter((f) => f.properties.definition !== undefined || f.id);
    const [a, b, c, removed] = markers;
    for (const f of [a, b, c]) f!.properties.name = `${f!.properties.name} (edited)`;
    file.features = file.features.filter((f) => f !== removed);
    const res = await send('POST', `/api/admin/maps/${mapId}/import/geojson`, {
      source: 'export.geojson',
      content: JSON.stringify(file),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ staged: { placedmarker: 4 }, gone: 1 });
    const review = (await send('GET', '/api/admin/importedModels/placedmarker')).json().data as {
      gone: boolean;
      changed: string[];
      imported: ModelRecord | null;
      stored: ModelRecord;
    }[];
    expect(review.filter((r) => r.gone)).toHaveLength(1);
    for (const row of review.filter((r) => !r.gone)) {
      expect(row.changed).toEqual(['name']);
      // Fields the file does not carry are shown as kept, not removed.
      for (const field of ['questId', 'imageX', 'imageY', 'itemId'])
        expect(row.imported?.[field], field).toEqual(row.stored[field]);
    }
    await send('GET', '/api/admin/rejectAllImportedModels/placedmarker');
  }, 120_000);
});
