import { definition, mapRecord } from './builders.ts';
import { createRng } from './rng.ts';
import { BASES, EFFECTS, GT, INGREDIENTS, gtItemId as itemId, mixPrice, RECIPES } from './schedule-mixing.ts';
import type { GamePack, Input } from './types.ts';

export { GREENHOUSE_MIXING, mixEffects, mixPrice } from './schedule-mixing.ts';
/** Greenhouse Tycoon, a business sim in the Schedule I style: grow base products, mix them with ingredients, sell. */
export { GT };

function items(): Input<'item'>[] {
  const record = (
    slug: string,
    itemName: string,
    type: string,
    price: number,
    weight: number,
  ): Input<'item'> => ({
    _id: itemId(slug),
    gameId: GT,
    itemName,
    type,
    pricePerUnit: price,
    resultQuantity: 1,
    required: [],
    weight,
  });
  return [
    ...BASES.map(([slug, name, price]) => record(slug, name, 'product', price, 90)),
    ...RECIPES.map(([slug, name, base, ingredients]) => ({
      ...record(slug, name, 'product', mixPrice(itemId(base), ingredients.map(itemId)), 80),
      required: [base, ...ingredients].map((part) => ({ itemId: itemId(part), quantity: 1 })),
    })),
    ...INGREDIENTS.map(([slug, name, cost]) => record(slug, name, 'ingredient', cost, 50)),
    ...EFFECTS.map(([slug, name, multiplier]) => record(slug, name, 'effect', multiplier, 10)),
  ];
}

const FIRST = [
  'Ada',
  'Bram',
  'Cleo',
  'Dario',
  'Edda',
  'Finn',
  'Greta',
  'Hugo',
  'Iris',
  'Jonas',
  'Kira',
  'Lev',
];
const LAST = [
  'Fenwick',
  'Marlowe',
  'Quill',
  'Ashdown',
  'Pell',
  'Rooke',
  'Tamsin',
  'Voss',
  'Whitlock',
  'Yarrow',
];

/** Customer names with their favourite effects and weekly budget, shown in the marker popup. */
function customers(): { names: string[]; descriptions: string[] } {
  const rng = createRng('greenhouse-customers');
  const names = FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`));
  const descriptions = Array.from({ length: 24 }, () => {
    const likes = rng.shuffle(EFFECTS).slice(0, 3);
    return `<p>Favourite effects: ${likes.map(([, n]) => `<b>${n}</b>`).join(', ')}</p><p>Weekly budget: ${rng.int(2, 12) * 50}</p>`;
  });
  return { names: rng.shuffle(names).slice(0, 60), descriptions };
}

export function scheduleGame(): GamePack {
  const c = customers();
  const definitions = [
    {
      _id: 'gt_customer',
      name: 'Customer',
      markerCategory: 'Customers',
      markerDefinitionType: 'SVG' as const,
      backgroundShape: 'CIRCLE' as const,
      wrapperColor: '#0ea5e9',
      innerColor: '#e0f2fe',
      showNameLabel: true,
    },
    {
      _id: 'gt_dealer',
      name: 'Dealer',
      markerCategory: 'Dealers',
      markerDefinitionType: 'IMAGE' as const,
      showNameLabel: true,
      completable: false,
    },
    {
      _id: 'gt_shop',
      name: 'Shop',
      markerCategory: 'Shops',
      markerDefinitionType: 'IMAGE' as const,
      completable: false,
    },
    {
      _id: 'gt_supplier',
      name: 'Supplier',
      markerCategory: 'Shops',
      markerDefinitionType: 'SVG' as const,
      backgroundShape: 'CIRCLE' as const,
      wrapperColor: '#65a30d',
      innerColor: '#ecfccb',
    },
    {
      _id: 'gt_warehouse_gate',
      name: 'Warehouse Gate',
      markerCategory: 'Keys',
      markerDefinitionType: 'SVG' as const,
      backgroundShape: 'CIRCLE' as const,
      wrapperColor: '#334155',
      innerColor: '#fbbf24',
      door: true,
      key: 'Warehouse Gate Key',
    },
    {
      _id: 'gt_hotspot',
      name: 'Sales Hotspot',
      description: '<span class="wp-html-marker">&#9733;</span>',
      markerCategory: 'Hotspots',
      markerDefinitionType: 'HTML' as const,
      backgroundShape: 'HTML' as const,
      divIconClassName: 'default_div_icon_classname',
    },
    {
      _id: 'gt_property',
      name: 'Property',
      markerCategory: 'Properties',
      markerDefinitionType: 'POLYGON' as const,
      polygonColor: '#22c55e',
      completable: false,
    },
    {
      _id: 'gt_delivery_route',
      name: 'Delivery Route',
      markerCategory: 'Routes',
      markerDefinitionType: 'ROUTE' as const,
      polygonColor: '#f97316',
      completable: false,
    },
  ].map((d) => definition(GT, d));
  const categories: Input<'category'>[] = [
    { _id: 'gt_millbrook', gameId: GT, name: 'Millbrook', weight: 20, preferredMap: 'gt_millbrook_town' },
    {
      _id: 'gt_westbrook',
      gameId: GT,
      name: 'Westbrook Suburbs',
      weight: 10,
      preferredMap: 'gt_westbrook_suburbs',
    },
  ];
  return {
    game: {
      _id: GT,
      name: 'Greenhouse Tycoon',
      description:
        '<p>Grow herbal brews in your greenhouse, mix them into best-sellers and build a delivery empire.</p>',
      weight: 20,
      additionalFeatures: [
        'schedule_I_mixing_calculator',
        'schedule_I_recipe_list',
        'schedule_I_customers',
        'schedule_I_items',
      ],
      content: `<h2>Mix, sell, expand</h2><p>Every base product has an effect. Each ingredient you mix in adds its own effect and may
<em>transform</em> an existing one. More valuable effects mean a higher price: try the <strong>mixing calculator</strong>.</p>
<p>Customers around town have favourite effects; find them on the map.</p>`,
    },
    traders: [],
    categories,
    maps: [
      mapRecord({
        gameId: GT,
        categoryId: 'gt_millbrook',
        id: 'gt_millbrook_town',
        name: 'Millbrook Town',
        width: 6144,
        height: 5120,
        weight: 20,
      }),
      mapRecord({
        gameId: GT,
        categoryId: 'gt_westbrook',
        id: 'gt_westbrook_suburbs',
        name: 'Westbrook Suburbs',
        width: 5120,
        height: 4096,
        weight: 10,
        maxZoom: 4,
        authorName: 'Greenhouse Fans',
        authorLink: 'https://greenhouse-fans.example.org',
      }),
    ],
    quests: [],
    items: items(),
    hideoutmodules: [],
    questions: [],
    markerdefinitions: definitions,
    markerPlans: [
      { definitionId: 'gt_customer', share: 40, names: c.names, descriptions: c.descriptions },
      {
        definitionId: 'gt_dealer',
        share: 5,
        names: ['Benji', 'Marisol', 'Otto', 'Rhea', 'Silas'],
        descriptions: ['<p>Takes a <b>20%</b> cut.</p>'],
      },
      {
        definitionId: 'gt_shop',
        share: 9,
        names: ['Corner Store', 'Hardware Shop', 'Garden Centre', 'Pharmacy', 'Fruit Stand'],
        descriptions: ['Open 06:00-22:00.', ''],
      },
      {
        definitionId: 'gt_supplier',
        share: 6,
        names: ['Seed Supplier', 'Bottle Supplier', 'Soil Merchant'],
        itemIds: INGREDIENTS.map(([slug]) => itemId(slug)),
      },
      {
        definitionId: 'gt_warehouse_gate',
        share: 3,
        names: ['Warehouse gate', 'Back gate'],
        descriptions: ['Opens with the Warehouse Gate Key.'],
      },
      {
        definitionId: 'gt_hotspot',
        share: 8,
        names: ['Busy corner', 'Night market', 'Bus stop crowd'],
        descriptions: ['<p>Sells best <em>after dark</em>.</p>'],
      },
      {
        definitionId: 'gt_property',
        share: 4,
        names: ['Greenhouse plot', 'Storage unit', 'Laundromat', 'Car wash'],
        descriptions: ['<p>Price: <b>12,000</b></p>', '<p>Price: <b>4,500</b></p>'],
      },
      { definitionId: 'gt_delivery_route', share: 2, names: ['Morning route', 'Evening route'] },
    ],
    places: [
      'Town Square',
      'Riverside Park',
      'Market Street',
      'Motel Row',
      'Car Wash',
      'Taco Stand',
      'Old Mill',
      'Docks',
      'School',
      'Church',
      'Gas Station',
      'Supermarket',
      'Trailer Park',
      'Greenhouses',
    ],
  };
}
