import { type ModelKey, registry } from '@waypoint/shared';
import { describe, expect, it } from 'vitest';
import {
  DEMO_CONTRIBUTOR,
  DEMO_GAME_IDS,
  DEMO_INSERT_ORDER,
  type DemoRecord,
  demoContent,
  pixelToLatLng,
} from './demo-content.ts';
import { mapArea } from './markers.ts';

const content = demoContent();
const records = (key: ModelKey) => content.records[key] ?? [];
const ids = (key: ModelKey) => new Set(records(key).map((r) => r._id as string));
const str = (value: unknown) => (typeof value === 'string' ? value : '');

interface Requirement {
  quantity: number;
  findOnly?: boolean;
  questId?: string;
  itemId?: string;
  hideoutModuleLevel?: { moduleId: string; level: number };
}

describe('demo content', () => {
  it('is identical on every run', () => {
    expect(JSON.stringify(demoContent())).toBe(JSON.stringify(content));
  });

  it('passes the model schemas', () => {
    for (const key of DEMO_INSERT_ORDER) {
      for (const record of records(key)) {
        const { images, ...fields } = record as DemoRecord & { images?: unknown };
        const result = registry[key].schema.safeParse(fields);
        if (!result.success) throw new Error(`${key} ${String(record._id)}: ${result.error.message}`);
        if (images !== undefined) {
          for (const field of Object.keys(images as object))
            expect(registry[key].imageFields).toContain(field);
        }
      }
    }
    expect(Object.keys(content.records).sort()).toEqual([...DEMO_INSERT_ORDER].sort());
  });

  it('uses unique, safe ids', () => {
    for (const key of DEMO_INSERT_ORDER) {
      const list = records(key).map((r) => r._id as string);
      expect(new Set(list).size, key).toBe(list.length);
      for (const id of list) expect(id, key).toMatch(/^[a-z0-9_][a-z0-9_.-]*$/);
    }
    expect([...ids('game')]).toEqual([...DEMO_GAME_IDS]);
  });

  it('only references existing records', () => {
    const games = ids('game');
    const traders = ids('trader');
    const categories = ids('category');
    const maps = ids('map');
    const quests = ids('quest');
    const items = ids('item');
    const modules = ids('hideoutmodule');
    const definitions = ids('markerdefinition');
    const gameOf = (key: ModelKey) => new Map(records(key).map((r) => [r._id as string, r.gameId as string]));
    const mapGame = gameOf('map');
    const definitionGame = gameOf('markerdefinition');
    for (const key of [
      'trader',
      'category',
      'map',
      'quest',
      'item',
      'hideoutmodule',
      'markerdefinition',
      'question',
    ] as const) {
      for (const r of records(key)) expect(games, `${key} ${r._id}`).toContain(r.gameId);
    }
    for (const c of records('category')) {
      // A region without a map yet (Schedule I has six regions and two demo maps) prefers none.
      if (c.preferredMap === '') {
        expect(records('map').some((m) => m.categoryId === c._id)).toBe(false);
        continue;
      }
      expect(maps).toContain(c.preferredMap);
      expect(records('map').find((m) => m._id === c.preferredMap)?.categoryId).toBe(c._id);
    }
    for (const m of records('map')) {
      expect(categories).toContain(m.categoryId);
      expect(gameOf('category').get(str(m.categoryId))).toBe(m.gameId);
    }
    for (const q of records('quest')) {
      if (q.traderId) expect(traders).toContain(q.traderId);
      if (q.previous) expect(quests).toContain(q.previous);
      for (const id of (q.requires ?? []) as string[]) expect(quests).toContain(id);
      if (q.requires) expect((q.requires as string[])[0] ?? '').toBe(q.previous ?? '');
    }
    for (const item of records('item')) {
      for (const req of item.required as Requirement[]) {
        if (req.questId) expect(quests).toContain(req.questId);
        if (req.itemId) expect(items).toContain(req.itemId);
        if (req.hideoutModuleLevel) {
          expect(modules).toContain(req.hideoutModuleLevel.moduleId);
          const module = records('hideoutmodule').find((h) => h._id === req.hideoutModuleLevel?.moduleId);
          const levels = ((module?.moduleLevels ?? []) as { level: number }[]).map((l) => l.level);
          expect(levels).toContain(req.hideoutModuleLevel.level);
        }
      }
    }
    for (const question of records('question'))
      for (const m of question.maps as string[]) expect(maps).toContain(m);
    for (const p of records('placedmarker')) {
      expect(maps).toContain(p.mapId);
      expect(definitions).toContain(p.markerDefinitionId);
      expect(definitionGame.get(str(p.markerDefinitionId))).toBe(mapGame.get(str(p.mapId)));
      if (p.questId) expect(quests).toContain(p.questId);
      if (p.itemId) expect(items).toContain(p.itemId);
    }
  });

  it('has quest and crafting chains without cycles', () => {
    const previous = new Map(records('quest').map((q) => [q._id as string, str(q.previous)]));
    for (const start of previous.keys()) {
      const seen = new Set<string>();
      for (let id = start; id; id = previous.get(id) ?? '') {
        expect(seen.has(id), `cycle through ${start}`).toBe(false);
        seen.add(id);
      }
    }
    const inserted = records('quest').map((q) => q._id);
    for (const q of records('quest'))
      for (const id of [str(q.previous), ...((q.requires ?? []) as string[])].filter(Boolean))
        expect(inserted.indexOf(id)).toBeLessThan(inserted.indexOf(q._id));
    // The shooter's Hostile Takeover needs quests of two traders.
    expect(records('quest').find((q) => q._id === 'fz_q_hostile_takeover')?.requires).toEqual([
      'fz_q_insider_info',
      'fz_q_poacher',
    ]);

    const parts = new Map(
      records('item').map((i) => [
        i._id as string,
        (i.required as Requirement[]).flatMap((r) => (r.itemId ? [r.itemId] : [])),
      ]),
    );
    const depth = (id: string, path: string[] = []): number => {
      expect(path, `crafting cycle through ${id}`).not.toContain(id);
      const children = parts.get(id) ?? [];
      return children.length === 0 ? 0 : 1 + Math.max(...children.map((c) => depth(c, [...path, id])));
    };
    const depths = [...parts.keys()].map((id) => depth(id));
    expect(Math.max(...depths)).toBeGreaterThanOrEqual(3);
  });

  it('gives the shooter the structure its tools need', () => {
    const of = (key: ModelKey) => records(key).filter((r) => r.gameId === 'frontier_zone');
    expect(records('game')[0].additionalFeatures).toEqual(['quests', 'tarkov-items-to-keep', 'crafting']);
    expect(of('category').length).toBeGreaterThanOrEqual(3);
    expect(of('map').length).toBeGreaterThanOrEqual(5);
    expect(of('trader').length).toBeGreaterThanOrEqual(5);
    expect(of('hideoutmodule').length).toBeGreaterThanOrEqual(5);
    const quests = of('quest');
    expect(quests.length).toBeGreaterThanOrEqual(35);
    const levels = quests.map((q) => q.questLevel as number);
    expect(Math.min(...levels)).toBe(1);
    expect(Math.max(...levels)).toBe(40);
    const categoryNames = new Set(of('category').map((c) => c.name));
    for (const q of quests) for (const l of q.location as string[]) expect(categoryNames).toContain(l);
    const items = of('item');
    expect(items.length).toBeGreaterThanOrEqual(40);
    const reqs = (pred: (r: Requirement) => boolean) =>
      items.filter((i) => (i.required as Requirement[]).some(pred));
    expect(reqs((r) => !!r.questId).length).toBeGreaterThan(10);
    expect(reqs((r) => !!r.questId && r.findOnly === true).length).toBeGreaterThan(3);
    expect(reqs((r) => !!r.hideoutModuleLevel).length).toBeGreaterThan(10);
    expect(reqs((r) => !!r.itemId).length).toBeGreaterThanOrEqual(8);
    expect(items.some((i) => i.questItem)).toBe(true);
    expect(records('markerdefinition').find((d) => d._id === 'quest_objective')).toMatchObject({
      gameId: 'frontier_zone',
      quest: true,
    });
  });

  it('shows extracts, bosses, spawns and quest objectives on a first visit; the rest waits to be enabled', () => {
    const shown = records('markerdefinition').filter((d) => d.disabled === false);
    expect(shown.map((d) => d._id)).toEqual(
      expect.arrayContaining(['quest_objective', 'fz_extract', 'fz_spawn', 'fz_boss', 'ef_monster_camp']),
    );
    expect(records('markerdefinition').some((d) => d.disabled === true)).toBe(true);
    // Every demo map has markers to see before anything is enabled.
    const shownIds = new Set(shown.map((d) => d._id));
    for (const map of records('map')) {
      const visible = records('placedmarker').filter(
        (m) => m.mapId === map._id && shownIds.has(str(m.markerDefinitionId)),
      );
      expect(visible.length, str(map._id)).toBeGreaterThan(0);
    }
  });

  it('places markers on every map inside the image, with polygons, routes and quest objectives', () => {
    const markers = records('placedmarker');
    const definitions = new Map(records('markerdefinition').map((d) => [d._id, d]));
    const quests = new Map(records('quest').map((q) => [q._id, q]));
    for (const map of records('map')) {
      const image = (map.images as { mapImage: { imageWidth: number; imageHeight: number } }).mapImage;
      const zoom = map.maxZoom as number;
      const own = markers.filter((m) => m.mapId === map._id);
      expect(own.length).toBe(300);
      for (const m of own) {
        const x = m.imageX as number;
        const y = m.imageY as number;
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(image.imageWidth);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(image.imageHeight);
        expect({ lat: m.lat, lng: m.lng }).toEqual(pixelToLatLng(x, y, zoom));
        const type = definitions.get(m.markerDefinitionId)?.markerDefinitionType;
        const points = (m.polygonPoints ?? []) as [number, number][];
        if (type === 'POLYGON') expect(points.length).toBeGreaterThanOrEqual(4);
        if (type === 'POLYGON') expect(points.length).toBeLessThanOrEqual(8);
        if (type === 'ROUTE') expect(points.length).toBeGreaterThanOrEqual(5);
        if (type === 'ROUTE') expect(points.length).toBeLessThanOrEqual(15);
        if (type !== 'POLYGON' && type !== 'ROUTE') expect(points).toEqual([]);
        for (const [lat, lng] of points) {
          expect(-lat * 2 ** zoom).toBeLessThanOrEqual(image.imageHeight);
          expect(lng * 2 ** zoom).toBeLessThanOrEqual(image.imageWidth);
        }
        if (m.markerDefinitionId === 'quest_objective') {
          expect(quests.get(m.questId)?.objectives).toContain(m.questObjective);
        }
      }
      const types = new Set(own.map((m) => definitions.get(m.markerDefinitionId)?.markerDefinitionType));
      expect([...types].sort()).toEqual(['HTML', 'IMAGE', 'POLYGON', 'ROUTE', 'SVG']);
    }
    expect(markers.filter((m) => m.markerDefinitionId === 'quest_objective').length).toBeGreaterThan(20);
  });

  it('puts every marker, polygon corner and route point on the ground its map picture shows', () => {
    const maps = new Map(records('map').map((m) => [m._id as string, m]));
    const region = new Map(records('category').map((c) => [c._id as string, str(c.name)]));
    const areas = new Map(
      [...maps.values()].map((m) => [m._id as string, mapArea(m as never, region.get(str(m.categoryId)))]),
    );
    const suggested = records('suggestion')
      .filter((s) => s.type === 'PLACED_MARKER')
      .map((s) => JSON.parse(str(s.data)) as DemoRecord);
    const offPicture: string[] = [];
    const offGround: string[] = [];
    for (const m of [...records('placedmarker'), ...suggested]) {
      const map = maps.get(str(m.mapId));
      const area = areas.get(str(m.mapId));
      if (!map || !area) throw new Error(`marker ${m._id} on unknown map`);
      const unit = 2 ** (map.maxZoom as number);
      const points = [[m.lat, m.lng], ...((m.polygonPoints ?? []) as number[][])] as [number, number][];
      for (const [lat, lng] of points) {
        const x = lng * unit;
        const y = -lat * unit;
        if (!(x >= 0 && x <= area.width && y >= 0 && y <= area.height))
          offPicture.push(`${m._id} (${x}, ${y})`);
        else if (!area.ground(x, y)) offGround.push(`${m._id} (${x}, ${y})`);
      }
    }
    expect(offPicture).toEqual([]);
    expect(offGround).toEqual([]);
  });

  it('honours markersPerMap', () => {
    const small = demoContent({ markersPerMap: 12 }).records;
    expect(small.placedmarker?.length).toBe(12 * records('map').length);
    expect(demoContent({ markersPerMap: 0 }).records.placedmarker).toEqual([]);
  });

  it('has pending suggestions that point at real parents and markers', () => {
    const list = records('suggestion');
    expect(list.length).toBeGreaterThanOrEqual(6);
    const markers = ids('placedmarker');
    const parents = (type: string) => (type === 'PLACED_MARKER' ? ids('map') : ids('game'));
    const model: Record<string, ModelKey> = {
      PLACED_MARKER: 'placedmarker',
      QUEST: 'quest',
      CATEGORY: 'category',
    };
    for (const s of list) {
      expect(['SAVED', 'REVIEW_REQUESTED']).toContain(s.status);
      expect([s.userId, s.username]).toEqual([DEMO_CONTRIBUTOR.id, DEMO_CONTRIBUTOR.username]);
      expect(parents(str(s.type))).toContain(s.parentId);
      const data = JSON.parse(str(s.data)) as DemoRecord;
      expect(registry[model[str(s.type)]].schema.safeParse(data).success).toBe(true);
      if (s.action === 'ADD') expect(ids(model[str(s.type)])).not.toContain(data._id);
      else expect(markers).toContain(data._id);
      if (s.type === 'PLACED_MARKER') expect(data.mapId).toBe(s.parentId);
    }
    const kinds = new Set(list.map((s) => `${s.type} ${s.action}`));
    for (const kind of [
      'PLACED_MARKER ADD',
      'PLACED_MARKER UPDATE',
      'PLACED_MARKER DELETE',
      'QUEST ADD',
      'CATEGORY ADD',
    ]) {
      expect(kinds).toContain(kind);
    }
  });
});

describe('demo floors', () => {
  const levels = records('maplevel');
  const floorsOf = (mapId: string) => levels.filter((l) => l.mapId === mapId);

  it('give the hospital a basement, ground and upper floor and the bunker two levels under its surface', () => {
    expect(floorsOf('fz_city_hospital').map((l) => [l.level, l.name, l.isDefault])).toEqual([
      [0, 'Basement', false],
      [1, 'Ground floor', true],
      [2, 'Upper floor', false],
    ]);
    expect(floorsOf('fz_north_bunker').map((l) => l.name)).toEqual([
      'Lower bunker',
      'Upper bunker',
      'Surface',
    ]);
    // Each floor has a picture of its map's size, drawn by the demo image job.
    const maps = new Map(records('map').map((m) => [m._id, m]));
    for (const level of levels) {
      const picture = (level.images as Record<string, { imageWidth: number; version: string }>).levelImage;
      const mapPicture = (maps.get(level.mapId)!.images as Record<string, { imageWidth: number }>).mapImage;
      expect(picture).toMatchObject({ imageWidth: mapPicture.imageWidth, version: '' });
    }
  });

  it('put markers on each floor and some on every floor, and none on a floor their map lacks', () => {
    for (const mapId of ['fz_city_hospital', 'fz_north_bunker']) {
      const floors = floorsOf(mapId).map((l) => l.level as number);
      const onMap = records('placedmarker').filter((m) => m.mapId === mapId);
      const perFloor = new Map<number, number>();
      for (const m of onMap) perFloor.set(m.level as number, (perFloor.get(m.level as number) ?? 0) + 1);
      for (const floor of [...floors, -1]) expect(perFloor.get(floor) ?? 0).toBeGreaterThan(10);
      expect([...perFloor.keys()].every((l) => l === -1 || floors.includes(l))).toBe(true);
      // Quest objectives are on floors too (following one may switch floors).
      expect(onMap.some((m) => m.questId && m.level !== -1)).toBe(true);
    }
    // Maps without floors keep every marker on -1.
    const flat = records('placedmarker').filter((m) => !floorsOf(m.mapId as string).length);
    expect(flat.every((m) => m.level === -1)).toBe(true);
  });
});
