import { scheduleOneData } from '@waypoint/shared/schedule-one/data';
import { definition, escapeHtml, mapRecord } from './builders.ts';
import type { GamePack, Input } from './types.ts';

/** Schedule I (TVGS, 2025): grow and cook products, mix them with ingredients, sell to customers. */
export const SCHEDULE_ONE = 'schedule_one';
const G = SCHEDULE_ONE;

/** The town's regions in the order the game opens them: the game's map categories. */
export const REGIONS = ['Northtown', 'Westville', 'Downtown', 'Docks', 'Suburbia', 'Uptown'] as const;
const regionId = (region: string) => `s1_${region.toLowerCase()}`;
/** Regions with a demo map (the others are categories that admins can give maps). */
const MAPPED = { Northtown: 's1_northtown_map', Westville: 's1_westville_map' } as const;

/** A record of the data file without its own bookkeeping: `id` becomes `_id`, the game is added. */
function content<T extends { id: string }>(entry: T): Omit<T, 'id'> & { _id: string; gameId: string } {
  const { id, ...rest } = entry;
  return { _id: id, gameId: G, ...rest };
}

/**
 * Known recipes: the data's worked examples and the exact best mixes of each product (highest profit
 * within 4 ingredients, highest sell price within 8), as ingredient ids in mixing order.
 */
const RECIPES: readonly [id: string, name: string, product: string, ingredients: string][] = [
  ['s1r_og_gasoline', 'Toxic Kush', 'ogkush', 'gasoline'],
  ['s1r_og_cuke_banana', 'Sneaky Kush', 'ogkush', 'cuke,banana'],
  ['s1r_og_banana_cuke', 'Paranoid Kush', 'ogkush', 'banana,cuke'],
  ['s1r_og_bright', 'Bright-Eyed Kush', 'ogkush', 'cuke,flumedicine,gasoline'],
  ['s1r_og_profit4', 'OG Kush: best profit in 4', 'ogkush', 'viagor,megabean,banana,cuke'],
  [
    's1r_og_price8',
    'OG Kush: best price in 8',
    'ogkush',
    'banana,iodine,megabean,motoroil,cuke,battery,horsesemen,megabean',
  ],
  ['s1r_sd_profit4', 'Sour Diesel: best profit in 4', 'sourdiesel', 'cuke,megabean,iodine,motoroil'],
  ['s1r_gc_profit4', 'Green Crack: best profit in 4', 'greencrack', 'gasoline,cuke,viagor,megabean'],
  [
    's1r_gdp_profit4',
    'Granddaddy Purple: best profit in 4',
    'granddaddypurple',
    'banana,cuke,horsesemen,megabean',
  ],
  ['s1r_meth_profit4', 'Meth: best profit in 4', 'meth', 'banana,cuke,horsesemen,megabean'],
  [
    's1r_meth_price8',
    'Meth: best price in 8',
    'meth',
    'motoroil,cuke,paracetamol,gasoline,cuke,battery,horsesemen,megabean',
  ],
  ['s1r_coke_profit4', 'Cocaine: best profit in 4', 'cocaine', 'banana,cuke,horsesemen,megabean'],
  [
    's1r_coke_eight',
    'Cocaine: eight-ingredient classic',
    'cocaine',
    'motoroil,cuke,paracetamol,gasoline,cuke,horsesemen,battery,megabean',
  ],
  ['s1r_shroom_profit4', 'Shroom: best profit in 4', 'shroom', 'banana,cuke,horsesemen,megabean'],
];

function recipes(): Input<'mixrecipe'>[] {
  return RECIPES.map(([_id, name, productId, ingredients], i) => ({
    _id,
    gameId: G,
    name,
    productId,
    ingredients: ingredients.split(','),
    authorName: 'Waypoint',
    weight: RECIPES.length - i,
  }));
}

/** A customer marker's popup: who they are and what they like. */
function customerDescription(c: Record<string, unknown>): string {
  const likes = (c.favouriteEffects as string[]).map((e) => `<b>${escapeHtml(e)}</b>`).join(', ');
  const spend = c.weeklySpend as { min: number; max: number };
  return `<p>Favourite effects: ${likes || '–'}</p><p>Standards: ${escapeHtml(String(c.standards))} · spends $${spend.min}–$${spend.max} a week</p>`;
}

export function scheduleGame(): GamePack {
  const data = scheduleOneData;
  const definitions = [
    {
      _id: 's1_customer',
      disabled: false,
      name: 'Customer',
      markerCategory: 'Customers',
      markerDefinitionType: 'SVG' as const,
      backgroundShape: 'CIRCLE' as const,
      wrapperColor: '#0ea5e9',
      innerColor: '#e0f2fe',
      showNameLabel: true,
    },
    {
      _id: 's1_dealer',
      disabled: false,
      name: 'Dealer',
      markerCategory: 'Dealers',
      markerDefinitionType: 'IMAGE' as const,
      showNameLabel: true,
      completable: false,
    },
    {
      _id: 's1_shop',
      disabled: false,
      name: 'Shop',
      markerCategory: 'Shops',
      markerDefinitionType: 'IMAGE' as const,
      completable: false,
    },
    {
      _id: 's1_supplier',
      disabled: false,
      name: 'Supplier',
      markerCategory: 'Shops',
      markerDefinitionType: 'SVG' as const,
      backgroundShape: 'CIRCLE' as const,
      wrapperColor: '#65a30d',
      innerColor: '#ecfccb',
    },
    {
      _id: 's1_locked_door',
      name: 'Locked Door',
      markerCategory: 'Keys',
      markerDefinitionType: 'SVG' as const,
      backgroundShape: 'CIRCLE' as const,
      wrapperColor: '#334155',
      innerColor: '#fbbf24',
      door: true,
      key: 'Warehouse Key',
    },
    {
      _id: 's1_hotspot',
      disabled: false,
      name: 'Cash Stash',
      description: '<span class="wp-html-marker">&#9733;</span>',
      markerCategory: 'Hotspots',
      markerDefinitionType: 'HTML' as const,
      backgroundShape: 'HTML' as const,
      divIconClassName: 'default_div_icon_classname',
    },
    {
      _id: 's1_property',
      disabled: false,
      name: 'Property',
      markerCategory: 'Properties',
      markerDefinitionType: 'POLYGON' as const,
      polygonColor: '#22c55e',
      completable: false,
    },
    {
      _id: 's1_delivery_route',
      name: 'Delivery Route',
      markerCategory: 'Routes',
      markerDefinitionType: 'ROUTE' as const,
      polygonColor: '#f97316',
      completable: false,
    },
  ].map((d) => definition(G, d));

  const categories: Input<'category'>[] = REGIONS.map((region, i) => ({
    _id: regionId(region),
    gameId: G,
    name: region,
    weight: (REGIONS.length - i) * 10,
    preferredMap: (MAPPED as Record<string, string>)[region] ?? '',
  }));

  const customerPlans = Object.entries(MAPPED).map(([region, mapId]) => {
    const here = data.customers.filter((c) => c.region === region);
    return {
      definitionId: 's1_customer',
      share: 0,
      oneEach: true,
      names: here.map((c) => String(c.name)),
      descriptions: here.map(customerDescription),
      mapIds: [mapId],
    };
  });

  return {
    game: {
      _id: G,
      name: 'Schedule I',
      description:
        '<p>Grow, cook and mix your own products in Hyland Point, then sell them to the town&#39;s customers.</p>',
      weight: 20,
      additionalFeatures: [
        'schedule_I_mixing_calculator',
        'schedule_I_recipe_list',
        'schedule_I_customers',
        'schedule_I_items',
      ],
      content: `<h2>Mix, sell, expand</h2><p>Every product starts with its own effects. Each ingredient you mix in adds its effect and may
<em>transform</em> the ones already there, in a fixed order. More valuable effects mean a higher price: the <strong>mixing calculator</strong>
shows exactly what the game gives, and finds the best mix.</p>
<p>Customers around town have favourite effects; find them on the map.</p>`,
    },
    traders: [],
    categories,
    maps: [
      mapRecord({
        gameId: G,
        categoryId: regionId('Northtown'),
        id: MAPPED.Northtown,
        name: 'Northtown',
        width: 6144,
        height: 5120,
        weight: 20,
      }),
      mapRecord({
        gameId: G,
        categoryId: regionId('Westville'),
        id: MAPPED.Westville,
        name: 'Westville',
        width: 5120,
        height: 4096,
        weight: 10,
        maxZoom: 4,
        authorName: 'Hyland Point Cartographers',
        authorLink: 'https://hyland-point-maps.example.org',
      }),
    ],
    quests: [],
    items: [],
    hideoutmodules: [],
    questions: [],
    markerdefinitions: definitions,
    mixeffects: data.effects.map((e) => content(e as typeof e & { id: string })) as Input<'mixeffect'>[],
    mixingredients: data.ingredients.map(content) as Input<'mixingredient'>[],
    mixproducts: data.products.map((p, i) => ({
      ...content(p),
      weight: data.products.length - i,
    })) as Input<'mixproduct'>[],
    customers: data.customers.map((c) => content(c as typeof c & { id: string })) as Input<'customer'>[],
    mixrecipes: recipes(),
    markerPlans: [
      ...customerPlans,
      {
        definitionId: 's1_dealer',
        share: 5,
        names: ['Benji Coleman', 'Molly Presley', 'Brad Crosby', 'Jane Lucero'],
        descriptions: ['<p>Takes a <b>20%</b> cut.</p>'],
      },
      {
        definitionId: 's1_shop',
        share: 9,
        names: ["Dan's Hardware", 'Gas-Mart', 'Handy Hank', 'Thrifty Threads', 'Taco Ticklers'],
        descriptions: ['Open 06:00-22:00.', ''],
      },
      {
        definitionId: 's1_supplier',
        share: 6,
        names: ['Albert Hoover', 'Shirley Watts', 'Salvador Moreno'],
      },
      {
        definitionId: 's1_locked_door',
        share: 3,
        names: ['Warehouse door', 'Back gate'],
        descriptions: ['Opens with the Warehouse Key.'],
      },
      {
        definitionId: 's1_hotspot',
        share: 8,
        names: ['Cash stash', 'Dead drop', 'Bus stop crowd'],
        descriptions: ['<p>Check it <em>after dark</em>.</p>'],
      },
      {
        definitionId: 's1_property',
        share: 4,
        names: ['Motel room', 'Sweatshop', 'Storage unit', 'Laundromat', 'Car wash'],
        descriptions: ['<p>Price: <b>$12,000</b></p>', '<p>Price: <b>$4,500</b></p>'],
      },
      { definitionId: 's1_delivery_route', share: 2, names: ['Morning route', 'Evening route'] },
    ],
    places: [
      'Motel',
      'Taco Ticklers',
      'Gas-Mart',
      'Car Wash',
      'Laundromat',
      'Post Office',
      'Pawn Shop',
      'Church',
      'Town Hall',
      'Bus Stop',
      'Docks',
      'Warehouse',
      'Sewer Entrance',
      'RV',
    ],
  };
}
