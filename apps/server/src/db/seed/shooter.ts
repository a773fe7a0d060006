import { definition, mapRecord } from './builders.ts';
import { FZ_LOOT_ITEMS, FZ_VALUABLE_ITEMS, fzItemId, shooterItems, shooterModules } from './shooter-items.ts';
import { FZ, FZ_REGIONS, FZ_TRADERS, fzTraderId, shooterQuests } from './shooter-quests.ts';
import type { GamePack, Input } from './types.ts';

export { FZ };

/** The id of the marker definition that marks quest objectives (SPEC §3). */
export const QUEST_OBJECTIVE_ID = 'quest_objective';

const categoryId = (slug: string) => `fz_${slug}`;
const MAPWRIGHT = { authorName: 'Mapwright Guild', authorLink: 'https://mapwright.example.org' };

/** Maps per region: the first of each region is its preferred map. */
const MAPS = [
  {
    region: 'coast',
    slug: 'harbor',
    name: 'Harbor Docks',
    width: 6144,
    height: 4608,
    // Game coordinates in metres, 4 map pixels to the metre, the origin at the picture's centre.
    coords: { scale: 4, offsetX: 3072, offsetY: 2304, rotation: 0, unit: 'm' },
  },
  { region: 'coast', slug: 'lighthouse', name: 'Lighthouse Point', width: 4096, height: 5120, ...MAPWRIGHT },
  { region: 'valley', slug: 'factory', name: 'Old Factory', width: 5120, height: 5120 },
  { region: 'city', slug: 'center', name: 'City Center', width: 6144, height: 6144 },
  {
    region: 'city',
    slug: 'metro',
    name: 'Metro Depot',
    width: 5632,
    height: 4096,
    authorName: 'Tunnel Rat',
    authorLink: 'https://tunnelrat.example.org/maps',
  },
  { region: 'city', slug: 'hospital', name: 'Mercy Hospital', width: 4608, height: 4608, ...MAPWRIGHT },
  {
    region: 'north',
    slug: 'bunker',
    name: 'Cold Bunker',
    width: 4096,
    height: 4096,
    attribution:
      '<p>Survey data by <a href="https://mapwright.example.org">Mapwright Guild</a>, shared under CC BY 4.0.</p>',
  },
] as const;

/**
 * Floors of two maps: the hospital with a basement, a ground floor and an upper floor; the bunker's
 * surface over two underground levels. Level numbers go bottom to top.
 */
const FLOORS: Record<string, [slug: string, name: string, short: string, isDefault?: boolean][]> = {
  fz_city_hospital: [
    ['basement', 'Basement', 'B'],
    ['ground', 'Ground floor', 'G', true],
    ['upper', 'Upper floor', '1'],
  ],
  fz_north_bunker: [
    ['lower', 'Lower bunker', 'B2'],
    ['upper', 'Upper bunker', 'B1'],
    ['surface', 'Surface', 'S', true],
  ],
};

function mapLevels(maps: Input<'map'>[]): Input<'maplevel'>[] {
  return maps.flatMap((map) =>
    (FLOORS[map._id] ?? []).map(([slug, name, shortLabel, isDefault], level) => {
      const picture = map.images?.mapImage;
      return {
        _id: `${map._id}_${slug}`,
        mapId: map._id,
        level,
        name,
        shortLabel,
        isDefault: isDefault ?? false,
        images: picture ? { levelImage: { ...picture, fileName: `${slug}.png`, version: '' } } : undefined,
      };
    }),
  );
}

const GAME_DESCRIPTION =
  '<p>A hardcore extraction shooter: enter the <strong>Zone</strong>, find loot, finish trader jobs and get out alive.</p>';

const GAME_CONTENT = `<h2>Welcome to the Frontier Zone</h2>
<p>Every raid starts at a spawn point and ends at an <em>extraction point</em>. Use the maps to plan your route,
find loot caches, locked doors and the keys that open them.</p>
<h3>Getting started</h3>
<ul>
<li>Open the <strong>Quests</strong> tool to follow the trader chains from level 1 to 40.</li>
<li>Track what to keep with <strong>Items To Keep</strong>: quest hand-ins and hideout upgrades.</li>
<li>Switch on suggest mode on a map to propose new markers.</li>
</ul>`;

function markerDefinitions(): Input<'markerdefinition'>[] {
  return [
    definition(FZ, {
      _id: QUEST_OBJECTIVE_ID,
      // Shown on a first visit (the admin's choice of what a new player sees).
      disabled: false,
      name: 'Quest Objective',
      description: 'A place where a quest objective is done.',
      quest: true,
      markerCategory: 'Quests',
      markerDefinitionType: 'SVG',
      backgroundShape: 'CIRCLE',
      wrapperColor: '#7c3aed',
      innerColor: '#ffffff',
      completable: true,
    }),
    definition(FZ, {
      _id: 'fz_loot_cache',
      name: 'Loot Cache',
      markerCategory: 'Loot',
      markerDefinitionType: 'SVG',
      backgroundShape: 'CIRCLE',
      wrapperColor: '#1f2937',
      innerColor: '#f59e0b',
    }),
    definition(FZ, {
      _id: 'fz_valuables',
      name: 'Valuables',
      markerCategory: 'Loot',
      markerDefinitionType: 'SVG',
      backgroundShape: 'CIRCLE',
      wrapperColor: '#78350f',
      innerColor: '#facc15',
    }),
    definition(FZ, {
      _id: 'fz_extract',
      // Shown on a first visit (the admin's choice of what a new player sees).
      disabled: false,
      name: 'Extraction Point',
      markerCategory: 'Extracts',
      markerDefinitionType: 'IMAGE',
      showNameLabel: true,
      width: 35,
      height: 35,
      completable: false,
    }),
    definition(FZ, {
      _id: 'fz_spawn',
      // Shown on a first visit (the admin's choice of what a new player sees).
      disabled: false,
      name: 'Player Spawn',
      markerCategory: 'Spawns',
      markerDefinitionType: 'SVG',
      backgroundShape: 'NONE',
      wrapperColor: '#16a34a',
      innerColor: '#dcfce7',
      completable: false,
    }),
    definition(FZ, {
      _id: 'fz_door_storage',
      name: 'Storage Room Door',
      markerCategory: 'Keys',
      markerDefinitionType: 'SVG',
      backgroundShape: 'CIRCLE',
      wrapperColor: '#0f172a',
      innerColor: '#38bdf8',
      door: true,
      key: 'Storage Room Key',
    }),
    definition(FZ, {
      _id: 'fz_door_office',
      name: 'Office Door',
      markerCategory: 'Keys',
      markerDefinitionType: 'IMAGE',
      door: true,
      key: "Manager's Office Key",
    }),
    definition(FZ, {
      _id: 'fz_intel',
      name: 'Intel Note',
      description: '<span class="wp-html-marker" title="Intel">&#9998;</span>',
      markerCategory: 'Intel',
      markerDefinitionType: 'HTML',
      backgroundShape: 'HTML',
      divIconClassName: 'default_div_icon_classname',
    }),
    definition(FZ, {
      _id: 'fz_boss',
      // Shown on a first visit (the admin's choice of what a new player sees).
      disabled: false,
      name: 'Boss Spawn',
      markerCategory: 'Bosses',
      markerDefinitionType: 'IMAGE',
      showNameLabel: true,
      width: 48,
      height: 48,
      completable: false,
    }),
    definition(FZ, {
      _id: 'fz_danger_zone',
      name: 'Danger Zone',
      markerCategory: 'Zones',
      markerDefinitionType: 'POLYGON',
      polygonColor: '#dc2626',
      completable: false,
    }),
    definition(FZ, {
      _id: 'fz_patrol_route',
      name: 'Patrol Route',
      markerCategory: 'Routes',
      markerDefinitionType: 'ROUTE',
      polygonColor: '#2563eb',
      completable: false,
    }),
  ];
}

const PLACES = [
  'North Warehouse',
  'Pier 3',
  'Old Depot',
  'Checkpoint Bravo',
  'Radio Tower',
  'Pump House',
  'Garages',
  'Crane Yard',
  'Ticket Hall',
  'Boiler Room',
  'Chapel Ruins',
  'Water Tower',
  'Motel',
  'Sawmill',
  'Substation',
  'Fuel Station',
];

export function shooterGame(): GamePack {
  const categories: Input<'category'>[] = FZ_REGIONS.map(([slug, name], i) => ({
    _id: categoryId(slug),
    gameId: FZ,
    name,
    weight: (FZ_REGIONS.length - i) * 10,
    preferredMap: `${categoryId(slug)}_${MAPS.find((m) => m.region === slug)?.slug}`,
  }));
  const maps = MAPS.map((m, i) =>
    mapRecord({
      ...m,
      gameId: FZ,
      categoryId: categoryId(m.region),
      id: `${categoryId(m.region)}_${m.slug}`,
      weight: 100 - i,
    }),
  );
  return {
    maplevels: mapLevels(maps),
    game: {
      _id: FZ,
      name: 'Frontier Zone',
      description: GAME_DESCRIPTION,
      weight: 30,
      additionalFeatures: ['quests', 'tarkov-items-to-keep', 'crafting'],
      currency: '₽',
      content: GAME_CONTENT,
    },
    traders: FZ_TRADERS.map(([slug, name], i) => ({
      _id: fzTraderId(slug),
      gameId: FZ,
      name,
      weight: 60 - i * 10,
      // A portrait the image step draws (see features/images/demo-images.ts).
      images: { image: { fileName: 'portrait.png', imageWidth: 128, imageHeight: 128, version: '' } },
    })),
    categories,
    maps,
    quests: shooterQuests(),
    items: shooterItems(),
    hideoutmodules: shooterModules(),
    questions: [
      {
        _id: 'fz_question_harbor_extract',
        gameId: FZ,
        text: 'Which extraction points on Harbor Docks are always open?',
        maps: ['fz_coast_harbor'],
        answers: ['Pier Exit', 'Boat Launch', 'Rail Bridge'],
      },
      {
        _id: 'fz_question_storage_key',
        gameId: FZ,
        text: 'Where is the Storage Room Key most often found?',
        maps: ['fz_valley_factory', 'fz_city_metro'],
        answers: ['In the boiler room lockers', 'On raiders near the depot'],
      },
      {
        _id: 'fz_question_bunker_boss',
        gameId: FZ,
        text: 'Does the boss of the Cold Bunker spawn every raid?',
        maps: ['fz_north_bunker'],
        answers: ['No, roughly one raid in three'],
      },
    ],
    markerdefinitions: markerDefinitions(),
    markerPlans: [
      {
        definitionId: 'fz_loot_cache',
        share: 34,
        names: [
          'Weapon crate',
          'Supply cache',
          'Medical bag',
          'Toolbox',
          'Filing cabinet',
          'Ration crate',
          'Jacket',
        ],
        descriptions: ['', '', 'Respawns every raid.', '<p>Often holds <b>electronics</b>.</p>'],
        itemIds: FZ_LOOT_ITEMS,
      },
      {
        definitionId: 'fz_valuables',
        share: 8,
        names: ['Safe', 'Jewellery box', 'Cash register', 'Hidden stash'],
        descriptions: ['<p>Needs a few seconds to open. <em>Loud.</em></p>', ''],
        itemIds: FZ_VALUABLE_ITEMS,
      },
      {
        definitionId: 'fz_extract',
        share: 3,
        names: ['Pier Exit', 'Boat Launch', 'Tunnel Exit', 'Gate 4', 'Rail Bridge', 'Drainage Pipe'],
        descriptions: [
          'Always open.',
          '<p>Open only with a <strong>flare</strong>.</p>',
          'Costs 7,000 credits.',
        ],
      },
      { definitionId: 'fz_spawn', share: 8, names: ['Player spawn', 'Group spawn'] },
      {
        definitionId: 'fz_door_storage',
        share: 4,
        names: ['Storage room', 'Locked shed', 'Supply closet'],
        descriptions: ['Opens with the Storage Room Key.'],
        itemIds: [fzItemId('storage_key')],
      },
      {
        definitionId: 'fz_door_office',
        share: 3,
        names: ["Manager's office", 'Admin office'],
        descriptions: ['<p>Behind the desk: a <b>safe</b> and a filing cabinet.</p>'],
        itemIds: [fzItemId('office_key')],
      },
      {
        definitionId: 'fz_intel',
        share: 6,
        names: ['Scribbled note', 'Radio log', 'Torn map', 'Diary page'],
        descriptions: [
          '<p>&ldquo;They moved the crates to the <em>north side</em> last night.&rdquo;</p>',
          '<p>Frequencies: <code>142.5</code>, <code>151.2</code></p>',
        ],
      },
      {
        definitionId: 'fz_boss',
        share: 1,
        names: ['The Warden', 'Brute Sergeant', 'Old Vulture'],
        descriptions: ['<p>Spawn chance about <b>30%</b>. Comes with two guards.</p>'],
      },
      {
        definitionId: 'fz_danger_zone',
        share: 2.5,
        names: ['Minefield', 'Sniper coverage', 'Radiation pocket', 'Gas leak'],
        descriptions: [
          '<p><b>Do not enter</b> without a gas mask.</p>',
          'Deadly after the first ten minutes.',
        ],
      },
      {
        definitionId: 'fz_patrol_route',
        share: 1.5,
        names: ['Raider patrol', 'Convoy route', 'Guard rounds'],
        descriptions: ['Patrols every 5 minutes.'],
      },
    ],
    questObjectiveShare: 0.06,
    places: PLACES,
  };
}
