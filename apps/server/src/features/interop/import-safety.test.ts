import { getModel } from '@waypoint/shared';
import { tarkovDevAnswer } from '@waypoint/shared/interop/fixtures/tarkov-dev-answer';
import { packageModels } from '@waypoint/shared/interop/map-package';
import { describe, expect, it } from 'vitest';
import type { ModelRecord } from '../../db/rows.ts';
import { useTestApp } from '../../test/test-app.ts';
import { findRecordsBy } from '../models/models.repository.ts';

// Imports stage into the map or game they were started for: another map's or game's records never change.
const env = useTestApp();
const send = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  env.t.app.inject({ method, url, headers: env.admin.auth, payload: payload as never });
const acceptAll = async (models: readonly string[]) => {
  for (const model of models) {
    const res = await send('GET', `/api/admin/acceptAllImportedModels/${model}`);
    expect(res.statusCode, res.body).toBe(200);
  }
};
const contentModels = ['maplevel', 'markerdefinition', 'placedmarker'] as const;
const gameModels = [
  'category',
  'map',
  'markerdefinition',
  'trader',
  'quest',
  'item',
  'hideoutmodule',
] as const;

/** Every record of a game and of its maps, by model (a deep copy, updatedAt included). */
async function contentOf(gameId: string, onlyMaps?: string[]) {
  const db = env.t.db.kysely;
  const out: Record<string, ModelRecord[]> = {};
  for (const key of gameModels) out[key] = await findRecordsBy(db, getModel(key), 'gameId', gameId);
  const maps = (out.map ?? []).map((m) => String(m._id)).filter((id) => !onlyMaps || onlyMaps.includes(id));
  for (const key of ['maplevel', 'placedmarker'] as const) {
    out[key] = [];
    for (const mapId of maps) out[key].push(...(await findRecordsBy(db, getModel(key), 'mapId', mapId)));
  }
  if (onlyMaps) out.map = (out.map ?? []).filter((m) => onlyMaps.includes(String(m._id)));
  return JSON.parse(JSON.stringify(out)) as Record<string, ModelRecord[]>;
}

const markersOn = (mapId: string) => findRecordsBy(env.t.db.kysely, getModel('placedmarker'), 'mapId', mapId);

const page = {
  $schema: 'https://ark.wiki.gg/extensions/DataMaps/schemas/v17.4.json',
  crs: [
    [0, 0],
    [100, 200],
  ],
  backgrounds: [{ name: 'Surface', image: 'Island.png' }],
  groups: { ore: { name: 'Ore', fillColor: [255, 128, 0], size: 10 } },
  markers: {
    ore: [
      { id: 'ore-1', x: 10, y: 20, name: 'Iron' },
      { id: 'ore-2', x: 30, y: 40, name: 'Copper' },
    ],
  },
};
const wiki = { source: 'Map:Island', content: JSON.stringify(page) };

describe('an import never takes another map’s or game’s records', () => {
  it('the same wiki page into a second map makes that map’s own markers and leaves the first untouched', async () => {
    const first = await send('POST', '/api/admin/maps/g1_map_a/import/datamaps', wiki);
    expect(first.json()).toMatchObject({ staged: { placedmarker: 2 } });
    await acceptAll(contentModels);
    const a = await contentOf('g1', ['g1_map_a']);
    expect(a.placedmarker).toHaveLength(7);
    const second = await send('POST', '/api/admin/maps/g1_map_b/import/datamaps', wiki);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ staged: { markerdefinition: 0, placedmarker: 2 } });
    // The review shows them as new records of map B, copies of the page's ids.
    const review = (await send('GET', '/api/admin/importedModels/placedmarker')).json().data;
    expect(review.map((r: { isNew: boolean }) => r.isNew)).toEqual([true, true]);
    expect(review.map((r: { imported: ModelRecord }) => r.imported.mapId)).toEqual(['g1_map_b', 'g1_map_b']);
    expect(review.every((r: { copyOf: string | null }) => r.copyOf)).toBe(true);
    await acceptAll(contentModels);
    expect(await contentOf('g1', ['g1_map_a'])).toEqual(a);
    const b = await markersOn('g1_map_b');
    expect(b.map((m) => m.name).sort()).toEqual(['Copper', 'Iron']);
    expect(b.some((m) => a.placedmarker?.some((x) => x._id === m._id))).toBe(false);
    // The same page again into either map: nothing staged, both keep their own.
    for (const map of ['g1_map_a', 'g1_map_b']) {
      const again = await send('POST', `/api/admin/maps/${map}/import/datamaps`, wiki);
      expect(again.json(), map).toMatchObject({
        staged: { maplevel: 0, markerdefinition: 0, placedmarker: 0 },
        gone: 0,
      });
    }
  });

  it('a map’s DataMaps export imported into another map copies its markers; the first map keeps every one', async () => {
    const before = await contentOf('g1', ['g1_map_a', 'g1_map_b']);
    const exported = await send('GET', '/api/admin/maps/g1_map_a/export/datamaps');
    expect(exported.statusCode).toBe(200);
    const res = await send('POST', '/api/admin/maps/g1_hidden/import/datamaps', {
      source: 'Map A export',
      content: exported.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staged.placedmarker).toBe(7);
    await acceptAll(contentModels);
    expect(await contentOf('g1', ['g1_map_a', 'g1_map_b'])).toEqual(before);
    expect(await markersOn('g1_hidden')).toHaveLength(7);
    const again = await send('POST', '/api/admin/maps/g1_hidden/import/datamaps', {
      source: 'Map A export',
      content: exported.body,
    });
    expect(again.json().staged).toEqual({ maplevel: 0, markerdefinition: 0, placedmarker: 0 });
  });

  it('one tarkov.dev answer into two games: each game has its own quests, traders and items', async () => {
    const content = JSON.stringify(tarkovDevAnswer);
    const tarkov = ['trader', 'hideoutmodule', 'quest', 'item'];
    expect(
      (await send('POST', '/api/admin/games/g1/import/tarkov-dev', { source: 'tarkov.dev', content }))
        .statusCode,
    ).toBe(200);
    await acceptAll(tarkov);
    const g1 = await contentOf('g1');
    const res = await send('POST', '/api/admin/games/g2/import/tarkov-dev', {
      source: 'tarkov.dev',
      content,
    });
    expect(res.json()).toMatchObject({
      staged: { trader: 3, hideoutmodule: 2, quest: 9, item: 3 },
      unchanged: 0,
    });
    await acceptAll(tarkov);
    expect(await contentOf('g1')).toEqual(g1);
    const g2 = await contentOf('g2');
    expect(g2.quest).toHaveLength(9);
    const ownQuests = new Set(g2.quest?.map((q) => q._id));
    // Prerequisites, traders and item needs point at game two's own records.
    for (const quest of g2.quest ?? []) {
      for (const id of quest.requires as string[]) expect(ownQuests.has(id)).toBe(true);
      if (quest.traderId) expect(g2.trader?.map((t) => t._id)).toContain(quest.traderId);
    }
    for (const item of g2.item ?? [])
      for (const need of item.required as { questId?: string }[])
        if (need.questId) expect(ownQuests.has(need.questId)).toBe(true);
    const again = await send('POST', '/api/admin/games/g2/import/tarkov-dev', {
      source: 'tarkov.dev',
      content,
    });
    expect(again.json()).toMatchObject({
      staged: { trader: 0, hideoutmodule: 0, quest: 0, item: 0 },
      gone: 0,
    });
  });

  it('a package naming another game’s map, definitions, quests and markers is imported as copies into its game', async () => {
    const g1 = await contentOf('g1');
    const zip = await send('GET', '/api/admin/maps/g1_map_a/export/package');
    expect(zip.statusCode).toBe(200);
    const into = (gameId: string) =>
      env.t.app.inject({
        method: 'POST',
        url: `/api/admin/games/${gameId}/import/package`,
        headers: { ...env.admin.auth, 'content-type': 'application/zip' },
        payload: zip.rawPayload,
      });
    const res = await into('g2');
    expect(res.statusCode, res.body).toBe(200);
    const mapId = res.json().mapId as string;
    expect(mapId).not.toBe('g1_map_a');
    await acceptAll(packageModels);
    expect(await contentOf('g1')).toEqual(g1);
    const map = (await contentOf('g2', [mapId])) as Record<string, ModelRecord[]>;
    expect(map.map).toHaveLength(1);
    expect(map.placedmarker).toHaveLength(7);
    const definitions = new Set(map.markerdefinition?.map((d) => d._id));
    for (const marker of map.placedmarker ?? [])
      expect(definitions.has(marker.markerDefinitionId)).toBe(true);
    // Into the same game again: the copies are found, nothing staged.
    const again = await into('g2');
    expect(again.json().mapId).toBe(mapId);
    expect(Object.values(again.json().staged as Record<string, number>).every((n) => n === 0)).toBe(true);
  });

  it('a JSON file moving a marker to another map is kept staged by accept all, refused alone unless chosen', async () => {
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          ['g1_map_a', 'g1_map_b', 'g1_hidden'].map(async (m) => [m, (await markersOn(m)).length] as const),
        ),
      );
    const before = await counts();
    const res = await send('POST', '/api/admin/import/placedmarker', {
      fileName: 'markers.json',
      content: JSON.stringify([
        { _id: 'pm_0', mapId: 'g1_map_b', markerDefinitionId: 'def_loot', lat: 0, lng: 0, name: 'Moved' },
      ]),
    });
    expect(res.json()).toMatchObject({ staged: 1, problems: [] });
    const [row] = (await send('GET', '/api/admin/importedModels/placedmarker')).json().data;
    expect(row.moves).toEqual([{ field: 'mapId', from: 'g1_map_a', to: 'g1_map_b' }]);
    expect((await send('GET', '/api/admin/acceptAllImportedModels/placedmarker')).json()).toEqual({
      accepted: 0,
      kept: 1,
    });
    expect(await counts()).toEqual(before);
    const alone = await send('GET', `/api/admin/acceptImportedModel/placedmarker/${row._id}`);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toContain('mapId');
    expect(await counts()).toEqual(before);
    const chosen = await send('GET', `/api/admin/acceptImportedModel/placedmarker/${row._id}?move=true`);
    expect(chosen.statusCode).toBe(200);
    expect((await markersOn('g1_map_b')).map((m) => m._id)).toContain('pm_0');
  });
});
