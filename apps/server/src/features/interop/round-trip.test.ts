import { getModel } from '@waypoint/shared';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ModelRecord } from '../../db/rows.ts';
import { seedDemoContent } from '../../db/seed.ts';
import { useTestApp } from '../../test/test-app.ts';
import { findRecordsBy } from '../models/models.repository.ts';

// The demo game: quests with prerequisites, categories with preferred maps, HTML descriptions.
const env = useTestApp({ content: false });
const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  env.t.app.inject({ method, url, headers: env.admin.auth, payload: payload as never });
let mapId = '';

beforeAll(async () => {
  await seedDemoContent(env.t.db, { markersPerMap: 20 });
  const markers = await env.t.db.kysely
    .selectFrom('placedmarker' as never)
    .select(['mapId' as never])
    .where('questId' as never, '!=', '' as never)
    .execute();
  mapId = String((markers[0] as { mapId: string }).mapId);
});

const stagedRows = async () =>
  (await env.t.db.kysely
    .selectFrom('importedcrudmodel' as never)
    .select(['type' as never, 'recordId' as never, 'data' as never])
    .execute()) as { type: string; recordId: string; data: string }[];

interface Answer {
  statusCode: number;
  body: string;
  json(): { staged: Record<string, number>; gone: number };
}

/** A whole-map export, as its format writes it, and the way back in. */
interface Format {
  name: 'package' | 'datamaps' | 'geojson';
  exported(mapId: string): Promise<unknown>;
  /** Stages the file into the map (a package: into the map's game). */
  stage(mapId: string, file: unknown): Promise<Answer>;
  /** The point markers the file holds (id, and the record it can edit), routes and areas left out. */
  points(file: unknown): Array<{ id: string; record: Record<string, unknown> }>;
  /** Takes a marker out of the file. */
  remove(file: unknown, id: string): void;
  /** A description in the format's own markup, and the field the review names for it. */
  description: string;
}

const gameOf = async (mapId: string) =>
  String((await findRecordsBy(env.t.db.kysely, getModel('map'), '_id', mapId))[0]?.gameId);

const formats: Format[] = [
  {
    name: 'package',
    async exported(mapId) {
      const zip = await send('GET', `/api/admin/maps/${mapId}/export/package`);
      expect(zip.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(zip.rawPayload));
      return { files, content: JSON.parse(strFromU8(files['content.json']!)) };
    },
    async stage(mapId, file) {
      const { files, content } = file as { files: Record<string, Uint8Array>; content: unknown };
      return env.t.app.inject({
        method: 'POST',
        url: `/api/admin/games/${await gameOf(mapId)}/import/package`,
        headers: { ...env.admin.auth, 'content-type': 'application/zip' },
        payload: Buffer.from(zipSync({ ...files, 'content.json': strToU8(JSON.stringify(content)) })),
      });
    },
    points: (file) =>
      ((file as { content: { markers: ModelRecord[] } }).content.markers ?? [])
        .filter((m) => !(m.polygonPoints as unknown[] | undefined)?.length)
        .map((m) => ({ id: String(m._id), record: m })),
    remove(file, id) {
      const { content } = file as { content: { markers: ModelRecord[] } };
      content.markers = content.markers.filter((m) => m._id !== id);
    },
    description: '<p>A <b>changed</b> description.</p>',
  },
  {
    name: 'datamaps',
    async exported(mapId) {
      const page = await send('GET', `/api/admin/maps/${mapId}/export/datamaps`);
      expect(page.statusCode).toBe(200);
      return page.json();
    },
    stage: (mapId, file) =>
      send('POST', `/api/admin/maps/${mapId}/import/datamaps`, {
        source: `Map:${mapId}`,
        content: JSON.stringify(file),
      }),
    points: (file) =>
      Object.values((file as { markers: Record<string, ModelRecord[]> }).markers)
        .flat()
        .map((m) => ({ id: String(m.id), record: m })),
    remove(file, id) {
      const page = file as { markers: Record<string, ModelRecord[]> };
      for (const [key, list] of Object.entries(page.markers))
        page.markers[key] = list.filter((m) => String(m.id) !== id);
    },
    // Wikitext: the page is written for a wiki.
    description: "A '''changed''' description.",
  },
  {
    name: 'geojson',
    async exported(mapId) {
      const collection = await send('GET', `/api/admin/maps/${mapId}/export/geojson`);
      expect(collection.statusCode).toBe(200);
      return collection.json();
    },
    stage: (mapId, file) =>
      send('POST', `/api/admin/maps/${mapId}/import/geojson`, {
        source: `${mapId}.geojson`,
        content: JSON.stringify(file),
      }),
    points: (file) =>
      (file as { features: { geometry: { type: string }; properties: ModelRecord }[] }).features
        .filter((f) => f.geometry.type === 'Point')
        .map((f) => ({ id: String(f.properties.id), record: f.properties })),
    remove(file, id) {
      const collection = file as { features: { properties: ModelRecord }[] };
      collection.features = collection.features.filter((f) => String(f.properties.id) !== id);
    },
    description: '<p>A <b>changed</b> description.</p>',
  },
];

interface ReviewRow {
  _id: string;
  recordId: string;
  gone: boolean;
  changed: string[];
  imported: ModelRecord | null;
  stored: ModelRecord | null;
}

/** Every staged row as `model id: field stored → imported`, for a message that shows what differs. */
const stagedChanges = async () => {
  const out: string[] = [];
  for (const type of new Set((await stagedRows()).map((r) => r.type))) {
    const review = (await send('GET', `/api/admin/importedModels/${type}?limit=100`)).json()
      .data as ReviewRow[];
    for (const r of review)
      out.push(
        `${type} ${r.recordId}: ${r.gone ? 'gone' : r.changed.map((f) => `${f} ${JSON.stringify(r.stored?.[f])} → ${JSON.stringify(r.imported?.[f])}`).join('; ')}`,
      );
  }
  return out;
};

describe('every demo map, exported whole and imported back', () => {
  // A failed map leaves its rows staged: the next test starts from an empty review.
  afterEach(async () => {
    for (const type of new Set((await stagedRows()).map((r) => r.type)))
      await send('GET', `/api/admin/rejectAllImportedModels/${type}`);
  });

  const demoMaps = async () =>
    (
      await env.t.db.kysely
        .selectFrom('map' as never)
        .select(['_id' as never])
        .execute()
    ).map((m) => String((m as { _id: string })._id));

  it('the demo maps have floors, quest markers and HTML descriptions to carry', async () => {
    const markers = (await env.t.db.kysely
      .selectFrom('placedmarker' as never)
      .select(['mapId' as never, 'questId' as never, 'description' as never])
      .execute()) as { mapId: string; questId: string; description: string }[];
    const levels = await env.t.db.kysely
      .selectFrom('maplevel' as never)
      .select(['mapId' as never])
      .execute();
    expect((await demoMaps()).length).toBeGreaterThanOrEqual(10);
    expect(levels.length).toBeGreaterThan(0);
    expect(markers.some((m) => m.questId)).toBe(true);
    for (const mapId of await demoMaps())
      expect(
        markers.some((m) => m.mapId === mapId && /<p>/.test(m.description)),
        mapId,
      ).toBe(true);
  });

  for (const format of formats)
    it(`as ${format.name}: unchanged stages 0; three edits and a deletion stage exactly those four, the deletion as gone, deleted or kept as chosen`, async () => {
      for (const [n, mapId] of (await demoMaps()).entries()) {
        const file = await format.exported(mapId);
        const unchanged = await format.stage(mapId, file);
        expect(unchanged.statusCode, `${mapId} ${unchanged.body}`).toBe(200);
        // What came back different, field by field, names the round trip's loss.
        expect(await stagedChanges(), mapId).toEqual([]);

        const points = format.points(file);
        expect(points.length, mapId).toBeGreaterThanOrEqual(4);
        const [a, b, html, removed] = points;
        a!.record.name = 'Renamed cache one';
        b!.record.name = 'Renamed cache two';
        html!.record.description = format.description;
        format.remove(file, removed!.id);
        const edited = await format.stage(mapId, file);
        expect(edited.statusCode, `${mapId} ${edited.body}`).toBe(200);
        expect(edited.json(), mapId).toMatchObject({ gone: 1 });
        const staged = edited.json().staged as Record<string, number>;
        expect(
          Object.entries(staged).filter(([, c]) => c > 0),
          mapId,
        ).toEqual([['placedmarker', 4]]);
        const review = (await send('GET', '/api/admin/importedModels/placedmarker')).json()
          .data as ReviewRow[];
        expect(review.map((r) => [r.recordId, r.gone ? 'gone' : r.changed.join(',')]).sort(), mapId).toEqual(
          [
            [a!.id, 'name'],
            [b!.id, 'name'],
            [html!.id, 'description'],
            [removed!.id, 'gone'],
          ].sort(),
        );

        // The gone row is a choice: accepted, the marker is deleted; rejected, it stays.
        const goneRow = review.find((r) => r.gone)!;
        const deleting = n % 2 === 0;
        const decided = await send(
          'GET',
          `/api/admin/${deleting ? 'accept' : 'reject'}ImportedModel/placedmarker/${goneRow._id}`,
        );
        expect(decided.statusCode, decided.body).toBe(200);
        const left = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), '_id', removed!.id);
        expect(left.length, `${mapId} ${removed!.id}`).toBe(deleting ? 0 : 1);
        await send('GET', '/api/admin/rejectAllImportedModels/placedmarker');
        expect(await stagedRows()).toEqual([]);
        const renamed = await findRecordsBy(env.t.db.kysely, getModel('placedmarker'), '_id', a!.id);
        expect(renamed[0]?.name, mapId).not.toBe('Renamed cache one');
      }
    }, 300_000);
});

describe('a round trip that changes nothing stages nothing', () => {
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
