import { pixelToLatLng, polygonAround, toGround, toLatLngPoints } from './geometry.ts';
import type { MapArea } from './markers.ts';
import { createRng } from './rng.ts';
import type { Input } from './types.ts';

/** The contributor whose pending suggestions wait for review; the seed runner creates this user. */
export const DEMO_CONTRIBUTOR = { id: 'demo-contributor', username: 'Cartographer' } as const;

export function themes(): Input<'theme'>[] {
  return [
    {
      _id: 'daylight',
      name: 'Daylight',
      primaryColor: '#2563eb',
      weight: 20,
      colors: {
        background: '#f8fafc',
        surface: '#ffffff',
        text: '#0f172a',
        mutedText: '#475569',
        border: '#e2e8f0',
        navbar: '#ffffff',
        link: '#1d4ed8',
        accent: '#f59e0b',
      },
    },
    {
      _id: 'nightfall',
      name: 'Nightfall',
      primaryColor: '#f59e0b',
      weight: 10,
      colors: {
        background: '#0b1120',
        surface: '#111827',
        text: '#e5e7eb',
        mutedText: '#9ca3af',
        border: '#1f2937',
        navbar: '#030712',
        link: '#fbbf24',
        accent: '#38bdf8',
      },
    },
  ];
}

type Marker = Input<'placedmarker'>;
type Status = 'SAVED' | 'REVIEW_REQUESTED';

const createdAt = (i: number) => new Date(Date.UTC(2025, 0, 10, 9 + i, 15)).toISOString();

/**
 * Pending suggestions of the demo contributor: new, moved and removed markers on several maps, a
 * new quest and a new category. Changes of existing markers are only suggested when the map has
 * markers. Suggested places are moved onto the nearest ground of the map's picture.
 */
export function suggestions(
  markers: readonly Marker[],
  areas: ReadonlyMap<string, MapArea>,
): Input<'suggestion'>[] {
  const areaOf = (mapId: string) => {
    const area = areas.get(mapId);
    if (!area) throw new Error(`suggestion on unknown map ${mapId}`);
    return area;
  };
  /** The pixel on the map's ground nearest to (x, y), with its map coordinates. */
  const place = (mapId: string, x: number, y: number) => {
    const area = areaOf(mapId);
    const p = toGround({ x, y }, area.ground, area.width, area.height);
    return { imageX: p.x, imageY: p.y, ...pixelToLatLng(p.x, p.y, area.maxZoom) };
  };
  const byMap = (mapId: string) =>
    markers.filter((m) => m.mapId === mapId && !m.polygonPoints?.length && !m.questId);
  const result: Input<'suggestion'>[] = [];
  const add = (
    type: Input<'suggestion'>['type'],
    action: Input<'suggestion'>['action'],
    parentId: string,
    data: object,
    status: Status,
  ) =>
    result.push({
      _id: `demo_suggestion_${String(result.length + 1).padStart(2, '0')}`,
      status,
      type,
      action,
      parentId,
      userId: DEMO_CONTRIBUTOR.id,
      username: DEMO_CONTRIBUTOR.username,
      data: JSON.stringify(data),
      imageUrl: '',
      weight: 0,
      createdAt: createdAt(result.length),
    });

  const newMarker = (
    mapId: string,
    n: number,
    definition: string,
    name: string,
    x: number,
    y: number,
    extra: Partial<Marker> = {},
  ): Marker => ({
    _id: `${mapId}_suggested_${n}`,
    mapId,
    markerDefinitionId: definition,
    name,
    description: '',
    ...place(mapId, x, y),
    level: -1,
    ...extra,
  });

  /** A danger zone drawn around the suggested marker, on the map's ground. */
  const collapsedTunnel = (marker: Marker): Marker => {
    const area = areaOf(marker.mapId);
    const center = { x: marker.imageX ?? 0, y: marker.imageY ?? 0 };
    const corners = polygonAround(
      createRng('suggestion:collapsed-tunnel'),
      center,
      110,
      area.width,
      area.height,
      area.ground,
    );
    return { ...marker, polygonPoints: toLatLngPoints(corners, area.maxZoom) };
  };

  add(
    'PLACED_MARKER',
    'ADD',
    'fz_coast_harbor',
    newMarker('fz_coast_harbor', 1, 'fz_loot_cache', 'Weapon crate under the crane', 2210, 1830, {
      description: '<p>Behind the blue container.</p>',
    }),
    'SAVED',
  );
  add(
    'PLACED_MARKER',
    'ADD',
    'fz_city_center',
    newMarker('fz_city_center', 1, 'fz_extract', 'Sewer Hatch', 5120, 4410, {
      description: 'Needs an empty backpack.',
    }),
    'REVIEW_REQUESTED',
  );
  add(
    'PLACED_MARKER',
    'ADD',
    's1_northtown_map',
    newMarker('s1_northtown_map', 1, 's1_customer', 'Kyle Cooley', 3010, 2480, {
      description: '<p>Favourite effects: <b>Munchies</b></p>',
    }),
    'SAVED',
  );
  add(
    'PLACED_MARKER',
    'ADD',
    'fz_north_bunker',
    collapsedTunnel(newMarker('fz_north_bunker', 1, 'fz_danger_zone', 'Collapsed tunnel', 1800, 2000)),
    'REVIEW_REQUESTED',
  );

  const moved = byMap('fz_coast_harbor')[3];
  if (moved?.imageX != null && moved.imageY != null) {
    add(
      'PLACED_MARKER',
      'UPDATE',
      'fz_coast_harbor',
      {
        ...moved,
        name: `${moved.name} (moved)`,
        ...place('fz_coast_harbor', moved.imageX + 120, moved.imageY - 80),
      },
      'REVIEW_REQUESTED',
    );
  }
  const described = byMap('ef_verdant_thornwood')[5];
  if (described) {
    add(
      'PLACED_MARKER',
      'UPDATE',
      'ef_verdant_thornwood',
      {
        ...described,
        description: '<p>Empty since the last patch, but a <b>ghost</b> appears at night.</p>',
      },
      'SAVED',
    );
  }
  const removed = byMap('fz_valley_factory')[7];
  if (removed) add('PLACED_MARKER', 'DELETE', 'fz_valley_factory', removed, 'REVIEW_REQUESTED');

  add(
    'QUEST',
    'ADD',
    'frontier_zone',
    {
      _id: 'frozen_supply_line',
      gameId: 'frontier_zone',
      name: 'Frozen Supply Line',
      objectives: [],
      rewards: [],
      previous: '',
      questLevel: 0,
      location: [],
    },
    'SAVED',
  );
  add(
    'CATEGORY',
    'ADD',
    'frontier_zone',
    { _id: 'eastern_marshes', gameId: 'frontier_zone', name: 'Eastern Marshes' },
    'REVIEW_REQUESTED',
  );
  return result;
}
