import { describe, expect, it } from 'vitest';
import { scheduleOneData } from '../schedule-one/data.ts';
import {
  bestMix,
  compileMixingData,
  effectsOf,
  ingredientIndex,
  MAX_EFFECTS,
  marketValue,
  maskOf,
  mix,
  mixStep,
  nextMask,
  productOf,
  reachEffects,
  roundHalfEven,
} from './mixing.ts';

const data = compileMixingData(
  scheduleOneData.effects,
  scheduleOneData.ingredients,
  scheduleOneData.products,
);

const run = (product: string, ingredients: string[]) =>
  mix(
    data,
    productOf(data, product)!,
    ingredients.map((n) => {
      const i = ingredientIndex(data, n);
      if (i < 0) throw new Error(`unknown ingredient ${n}`);
      return i;
    }),
  );
const sorted = (list: string[]) => [...list].sort();

describe('Schedule I mixing: the data README worked examples', () => {
  it('OG Kush alone is 38 (38.5 rounds half to even)', () => {
    expect(run('OG Kush', [])).toMatchObject({ effects: ['Calming'], price: 38 });
  });
  it('OG Kush + Gasoline', () => {
    const r = run('OG Kush', ['Gasoline']);
    expect(sorted(r.effects)).toEqual(['Calming', 'Toxic']);
    expect(r.price).toBe(38);
  });
  it('OG Kush + Cuke, Banana', () => {
    const r = run('OG Kush', ['Cuke', 'Banana']);
    expect(sorted(r.effects)).toEqual(['Gingeritis', 'Sneaky', 'Thought-Provoking']);
    expect(r.price).toBe(66);
  });
  it('OG Kush + Banana, Cuke: order matters', () => {
    const r = run('OG Kush', ['Banana', 'Cuke']);
    expect(sorted(r.effects)).toEqual(['Energizing', 'Paranoia', 'Thought-Provoking']);
    expect(r.price).toBe(58);
  });
  it('OG Kush + Cuke, Flu Medicine, Gasoline', () => {
    const r = run('OG Kush', ['Cuke', 'Flu Medicine', 'Gasoline']);
    expect(sorted(r.effects)).toEqual(['Bright-Eyed', 'Euphoric', 'Sedating', 'Toxic']);
    expect(r.price).toBe(64);
  });
  it('Cocaine with eight ingredients: 735, cost 42, profit 693', () => {
    const r = run('Cocaine', [
      'Motor Oil',
      'Cuke',
      'Paracetamol',
      'Gasoline',
      'Cuke',
      'Horse Semen',
      'Battery',
      'Mega Bean',
    ]);
    expect(sorted(r.effects)).toEqual(
      sorted([
        'Anti-gravity',
        'Bright-Eyed',
        'Cyclopean',
        'Foggy',
        'Glowing',
        'Long faced',
        'Tropic Thunder',
        'Zombifying',
      ]),
    );
    expect(r).toMatchObject({ price: 735, cost: 42, profit: 693 });
  });
  it('prices in float32: Green Crack + Mega Bean, Viagor, Horse Semen is 101', () => {
    expect(run('Green Crack', ['Mega Bean', 'Viagor', 'Horse Semen']).price).toBe(101);
  });
});

/**
 * Mixes worked out by hand from the data README's rules and the JSON data (rules per ingredient,
 * canonical order, multipliers, prices): each names what happens at each step. Value = base price ×
 * (1 + Σ multipliers), rounded half to even.
 */
const COCAINE_EIGHT = [
  'Motor Oil',
  'Cuke',
  'Paracetamol',
  'Gasoline',
  'Cuke',
  'Horse Semen',
  'Battery',
  'Mega Bean',
];
const handMixes: {
  name: string;
  product: string;
  mix: string[];
  effects: string[];
  price: number;
  cost: number;
}[] = [
  {
    name: 'Cuke has no rule for Calming and adds Energizing (35 × 1.32 = 46.2)',
    product: 'OG Kush',
    mix: ['Cuke'],
    effects: ['Calming', 'Energizing'],
    price: 46,
    cost: 2,
  },
  {
    name: 'Banana turns Calming into Sneaky and adds Gingeritis (35 × 1.44 = 50.4)',
    product: 'OG Kush',
    mix: ['Banana'],
    effects: ['Gingeritis', 'Sneaky'],
    price: 50,
    cost: 2,
  },
  {
    name: 'Mouth Wash turns Calming into Anti-gravity and adds Balding (35 × 1.84 = 64.4)',
    product: 'OG Kush',
    mix: ['Mouth Wash'],
    effects: ['Anti-gravity', 'Balding'],
    price: 64,
    cost: 4,
  },
  {
    name: 'Mega Bean turns Calming into Glowing and adds Foggy (35 × 1.84)',
    product: 'OG Kush',
    mix: ['Mega Bean'],
    effects: ['Foggy', 'Glowing'],
    price: 64,
    cost: 7,
  },
  {
    name: 'Iodine turns Calming into Balding and adds Jennerising (35 × 1.72 = 60.2; the wiki prints $25)',
    product: 'OG Kush',
    mix: ['Iodine'],
    effects: ['Balding', 'Jennerising'],
    price: 60,
    cost: 8,
  },
  {
    name: 'half to even: Calming and Bright-Eyed make 35 × 1.5 = 52.5, which rounds to 52',
    product: 'OG Kush',
    mix: ['Battery'],
    effects: ['Bright-Eyed', 'Calming'],
    price: 52,
    cost: 8,
  },
  {
    name: 'half to even: Calorie-Dense and Energizing make 52.5, which rounds to 52',
    product: 'Green Crack',
    mix: ['Donut'],
    effects: ['Calorie-Dense', 'Energizing'],
    price: 52,
    cost: 3,
  },
  {
    name: 'half to even: Refreshing and Foggy make 52.5, which rounds to 52',
    product: 'Sour Diesel',
    mix: ['Mega Bean'],
    effects: ['Foggy', 'Refreshing'],
    price: 52,
    cost: 7,
  },
  {
    name: 'Gasoline turns Energizing into Euphoric and adds Toxic (35 × 1.18 = 41.3)',
    product: 'Green Crack',
    mix: ['Gasoline'],
    effects: ['Euphoric', 'Toxic'],
    price: 41,
    cost: 5,
  },
  {
    name: 'chain: Cuke turns Euphoric into Laxative first, then Toxic into the freed Euphoric (35 × 1.4)',
    product: 'Green Crack',
    mix: ['Gasoline', 'Cuke'],
    effects: ['Energizing', 'Euphoric', 'Laxative'],
    price: 49,
    cost: 7,
  },
  {
    name: 'chain: Flu Medicine turns Euphoric into Toxic, then Laxative into the freed Euphoric (35 × 1.66)',
    product: 'Green Crack',
    mix: ['Gasoline', 'Cuke', 'Flu Medicine'],
    effects: ['Energizing', 'Euphoric', 'Sedating', 'Toxic'],
    price: 58,
    cost: 12,
  },
  {
    name: 'blocked: Cuke cannot turn Gingeritis into Thought-Provoking, which is there (35 × 1.86 = 65.1)',
    product: 'Green Crack',
    mix: ['Banana', 'Cuke'],
    effects: ['Energizing', 'Gingeritis', 'Thought-Provoking'],
    price: 65,
    cost: 4,
  },
  {
    name: 'Iodine turns Refreshing into Thought-Provoking and adds Jennerising (35 × 1.86)',
    product: 'Sour Diesel',
    mix: ['Iodine'],
    effects: ['Jennerising', 'Thought-Provoking'],
    price: 65,
    cost: 8,
  },
  {
    name: 'Addy turns Sedating into Gingeritis and adds Thought-Provoking (35 × 1.64 = 57.4)',
    product: 'Granddaddy Purple',
    mix: ['Addy'],
    effects: ['Gingeritis', 'Thought-Provoking'],
    price: 57,
    cost: 9,
  },
  {
    name: 'Energy Drink turns Sedating into Munchies and adds Athletic (35 × 1.44)',
    product: 'Granddaddy Purple',
    mix: ['Energy Drink'],
    effects: ['Athletic', 'Munchies'],
    price: 50,
    cost: 6,
  },
  {
    name: "an ingredient with no rule for the product's effects whose own effect is there changes nothing",
    product: 'OG Kush',
    mix: ['Paracetamol', 'Paracetamol'],
    effects: ['Slippery', 'Sneaky'],
    price: 55,
    cost: 6,
  },
  {
    name: 'meth: Gasoline on nothing adds only Toxic, worth nothing (70)',
    product: 'Meth',
    mix: ['Gasoline'],
    effects: ['Toxic'],
    price: 70,
    cost: 5,
  },
  {
    name: 'chain: Gasoline turns Euphoric into Spicy, then Energizing into the freed Euphoric (70 × 1.56 = 109.2)',
    product: 'Meth',
    mix: ['Gasoline', 'Cuke', 'Gasoline'],
    effects: ['Euphoric', 'Spicy', 'Toxic'],
    price: 109,
    cost: 12,
  },
  {
    name: 'chain: Energy Drink turns Euphoric into Energizing, then Spicy into the freed Euphoric (70 × 1.72)',
    product: 'Meth',
    mix: ['Gasoline', 'Cuke', 'Gasoline', 'Energy Drink'],
    effects: ['Athletic', 'Energizing', 'Euphoric', 'Toxic'],
    price: 120,
    cost: 18,
  },
  {
    name: 'cocaine: Cuke adds Energizing (150 × 1.22 = 183)',
    product: 'Cocaine',
    mix: ['Cuke'],
    effects: ['Energizing'],
    price: 183,
    cost: 2,
  },
  {
    name: 'blocked: Mega Bean cannot turn Energizing into Cyclopean, which is there (150 × 2.14)',
    product: 'Cocaine',
    mix: ['Mega Bean', 'Cuke', 'Mega Bean'],
    effects: ['Cyclopean', 'Energizing', 'Foggy'],
    price: 321,
    cost: 16,
  },
  {
    name: 'shroom: Cuke adds Energizing (65 × 1.22 = 79.3)',
    product: 'Shroom',
    mix: ['Cuke'],
    effects: ['Energizing'],
    price: 79,
    cost: 2,
  },
  {
    name: 'shroom: Horse Semen adds Long faced (65 × 1.52 = 98.8)',
    product: 'Shroom',
    mix: ['Horse Semen'],
    effects: ['Long faced'],
    price: 99,
    cost: 9,
  },
  {
    name: 'the 8-effect cap and a blocked rule: Cuke cannot turn Foggy into Cyclopean nor add Energizing',
    product: 'Cocaine',
    mix: [...COCAINE_EIGHT, 'Cuke'],
    effects: [
      'Anti-gravity',
      'Bright-Eyed',
      'Cyclopean',
      'Foggy',
      'Glowing',
      'Long faced',
      'Tropic Thunder',
      'Zombifying',
    ],
    price: 735,
    cost: 44,
  },
  {
    name: 'the 8-effect cap: Banana still turns Cyclopean and Long faced, but adds no Gingeritis (150 × 4.18)',
    product: 'Cocaine',
    mix: [...COCAINE_EIGHT, 'Banana'],
    effects: [
      'Anti-gravity',
      'Bright-Eyed',
      'Energizing',
      'Foggy',
      'Glowing',
      'Refreshing',
      'Tropic Thunder',
      'Zombifying',
    ],
    price: 627,
    cost: 44,
  },
];

describe('Schedule I mixing: mixes worked out by hand from the rules', () => {
  for (const m of handMixes) {
    it(`${m.product} + ${m.mix.join(', ')}: ${m.name}`, () => {
      const r = run(m.product, m.mix);
      expect(sorted(r.effects)).toEqual(sorted(m.effects));
      expect(r).toMatchObject({ price: m.price, cost: m.cost, profit: m.price - m.cost });
    });
  }

  it('Meth + Banana, Cuke, Paracetamol, Gasoline, Cuke, Battery, Horse Semen, Mega Bean, step by step', () => {
    const r = run('Meth', [
      'Banana',
      'Cuke',
      'Paracetamol',
      'Gasoline',
      'Cuke',
      'Battery',
      'Horse Semen',
      'Mega Bean',
    ]);
    const expected = [
      // Banana adds Gingeritis: 70 × 1.2.
      { effects: ['Gingeritis'], price: 84, cost: 2 },
      // Cuke: Gingeritis → Thought-Provoking, adds Energizing: 70 × 1.66 = 116.2.
      { effects: ['Energizing', 'Thought-Provoking'], price: 116, cost: 4 },
      // Paracetamol: Energizing → Paranoia, adds Sneaky: 70 × 1.68 = 117.6.
      { effects: ['Paranoia', 'Sneaky', 'Thought-Provoking'], price: 118, cost: 7 },
      // Gasoline: Paranoia → Calming, Sneaky → Tropic Thunder, adds Toxic: 70 × 2.
      { effects: ['Calming', 'Thought-Provoking', 'Toxic', 'Tropic Thunder'], price: 140, cost: 12 },
      // Cuke: Toxic → Euphoric, adds Energizing: 70 × 2.4.
      {
        effects: ['Calming', 'Energizing', 'Euphoric', 'Thought-Provoking', 'Tropic Thunder'],
        price: 168,
        cost: 14,
      },
      // Battery: Euphoric → Zombifying, adds Bright-Eyed: 70 × 3.2.
      {
        effects: [
          'Bright-Eyed',
          'Calming',
          'Energizing',
          'Thought-Provoking',
          'Tropic Thunder',
          'Zombifying',
        ],
        price: 224,
        cost: 22,
      },
      // Horse Semen: Thought-Provoking → Electrifying, adds Long faced: 70 × 3.78 = 264.6.
      {
        effects: [
          'Bright-Eyed',
          'Calming',
          'Electrifying',
          'Energizing',
          'Long faced',
          'Tropic Thunder',
          'Zombifying',
        ],
        price: 265,
        cost: 31,
      },
      // Mega Bean: Calming → Glowing, Energizing → Cyclopean, adds Foggy as the 8th: 70 × 4.86 = 340.2.
      {
        effects: [
          'Bright-Eyed',
          'Cyclopean',
          'Electrifying',
          'Foggy',
          'Glowing',
          'Long faced',
          'Tropic Thunder',
          'Zombifying',
        ],
        price: 340,
        cost: 38,
      },
    ];
    expect(r.steps.map((s) => ({ effects: sorted(s.effects), price: s.price, cost: s.cost }))).toEqual(
      expected.map((e) => ({ ...e, effects: sorted(e.effects) })),
    );
    // The README's best meth mix for profit at 8 ingredients.
    expect(r.profit).toBe(302);
  });

  it('names the replacements of each step in the order they happen', () => {
    const r = run('Green Crack', ['Gasoline', 'Cuke', 'Flu Medicine']);
    expect(r.steps.map((s) => ({ replaced: s.replaced, added: s.added }))).toEqual([
      { replaced: [{ from: 'Energizing', to: 'Euphoric' }], added: 'Toxic' },
      {
        replaced: [
          { from: 'Euphoric', to: 'Laxative' },
          { from: 'Toxic', to: 'Euphoric' },
        ],
        added: 'Energizing',
      },
      {
        replaced: [
          { from: 'Euphoric', to: 'Toxic' },
          { from: 'Laxative', to: 'Euphoric' },
        ],
        added: 'Sedating',
      },
    ]);
    const blocked = run('Green Crack', ['Banana', 'Cuke']).steps[1]!;
    expect(blocked).toMatchObject({ replaced: [], added: 'Energizing' });
  });
});

describe('Schedule I mixing rules', () => {
  it('rounds half to even', () => {
    expect([0.5, 1.5, 2.5, 38.5, 39.5, 38.49, 38.51].map(roundHalfEven)).toEqual([0, 2, 2, 38, 40, 38, 39]);
  });

  it('walks rules in canonical order and lets a chain fire (B → C frees B for A → B)', () => {
    // Cuke: Toxic → Euphoric and Euphoric → Laxative; Euphoric comes first in canonical order.
    const step = mixStep(data, maskOf(data, ['Euphoric', 'Toxic']), ingredientIndex(data, 'Cuke'), true);
    expect(sorted(effectsOf(data, step.mask))).toEqual(['Energizing', 'Euphoric', 'Laxative']);
    expect(step.replaced).toEqual([
      { from: 'Euphoric', to: 'Laxative' },
      { from: 'Toxic', to: 'Euphoric' },
    ]);
  });

  it('blocks a replacement whose target is already present', () => {
    // Cuke turns Toxic into Euphoric, but Euphoric is there and Laxative too (so Euphoric stays).
    const step = mixStep(
      data,
      maskOf(data, ['Euphoric', 'Laxative', 'Toxic']),
      ingredientIndex(data, 'Cuke'),
      true,
    );
    expect(step.replaced).toEqual([]);
    expect(sorted(effectsOf(data, step.mask))).toEqual(['Energizing', 'Euphoric', 'Laxative', 'Toxic']);
  });

  it("does not add an ingredient's own effect that is already there", () => {
    const step = mixStep(data, maskOf(data, ['Energizing']), ingredientIndex(data, 'Cuke'), true);
    expect(step.added).toBeNull();
    expect(effectsOf(data, step.mask)).toEqual(['Energizing']);
  });

  it('caps at 8 effects: the ingredient still converts but adds nothing', () => {
    const eight = ['Calming', 'Focused', 'Refreshing', 'Smelly', 'Sedating', 'Athletic', 'Balding', 'Spicy'];
    const step = mixStep(data, maskOf(data, eight), ingredientIndex(data, 'Cuke'), true);
    expect(step.added).toBeNull();
    expect(effectsOf(data, step.mask)).toHaveLength(MAX_EFFECTS);
  });

  it('prices meth and cocaine from their own base prices', () => {
    expect(marketValue(data, 70, 0)).toBe(70);
    expect(marketValue(data, 150, 0)).toBe(150);
    expect(run('Meth', ['Cuke']).price).toBe(
      roundHalfEven(Math.fround(70 + Math.fround(70 * Math.fround(0.22)))),
    );
  });

  it("the search's fast step gives the same effects as the detailed step on random effect sets", () => {
    let seed = 12345;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let k = 0; k < 5000; k++) {
      const names = new Set<string>();
      const size = random(MAX_EFFECTS + 1);
      while (names.size < size) names.add(data.ordered[random(data.ordered.length)]!.name);
      const mask = maskOf(data, [...names]);
      for (let i = 0; i < data.ingredients.length; i++) {
        expect(nextMask(data, mask, i)).toBe(mixStep(data, mask, i).mask);
      }
    }
  });

  it('takes ingredient and product names or ids, ignoring case', () => {
    expect(ingredientIndex(data, 'mega bean')).toBe(ingredientIndex(data, 'megabean'));
    expect(productOf(data, 'og kush')?.id).toBe('ogkush');
  });
});

describe('best mix (exact search over effect sets)', () => {
  /** Every sequence of exactly `depth` ingredients, by brute force. */
  function bruteForce(product: string, depth: number) {
    const p = productOf(data, product)!;
    const start = maskOf(data, p.baseEffects);
    let bestPrice = -Infinity;
    let bestProfit = -Infinity;
    const walk = (mask: number, cost: number, left: number) => {
      if (left === 0) {
        const price = marketValue(data, p.basePrice, mask);
        bestPrice = Math.max(bestPrice, price);
        bestProfit = Math.max(bestProfit, price - cost);
        return;
      }
      for (let i = 0; i < data.ingredients.length; i++) {
        walk(nextMask(data, mask, i), cost + data.ingredients[i]!.price, left - 1);
      }
    };
    walk(start, 0, depth);
    return { bestPrice, bestProfit };
  }

  it('finds the same optimum as brute force for 1 to 4 ingredients on every product, both objectives', () => {
    for (const product of data.products) {
      let price = -Infinity;
      let profit = -Infinity;
      for (let depth = 1; depth <= 4; depth++) {
        const brute = bruteForce(product.name, depth);
        price = Math.max(price, brute.bestPrice);
        profit = Math.max(profit, brute.bestProfit);
        const byPrice = bestMix(data, { product, maxIngredients: depth, objective: 'price' });
        const byProfit = bestMix(data, { product, maxIngredients: depth, objective: 'profit' });
        expect(byPrice.best?.price, `${product.name} price ≤${depth}`).toBe(price);
        expect(byProfit.best?.profit, `${product.name} profit ≤${depth}`).toBe(profit);
        // The answered sequence really gives what it claims.
        const check = mix(data, product, byProfit.best!.ingredients);
        expect(check).toMatchObject({ price: byProfit.best!.price, cost: byProfit.best!.cost });
        expect(byProfit.best!.ingredients.length).toBeLessThanOrEqual(depth);
      }
    }
  }, 60_000);

  /**
   * The optimum at 5 to 8 ingredients, as recorded from the search (brute force is out of reach
   * there): [sell price, cost] of the best by price (ties to the cheaper) and [profit, cost] of the
   * best by profit. A faster search must find exactly these; a changed figure means a changed answer.
   */
  const recordedOptima: Record<string, Record<'price' | 'profit', [number, number][]>> = {
    'OG Kush': {
      price: [
        [136, 31],
        [154, 40],
        [170, 41],
        [176, 49],
      ],
      profit: [
        [108, 19],
        [120, 24],
        [136, 28],
        [140, 31],
      ],
    },
    'Sour Diesel': {
      price: [
        [136, 32],
        [152, 36],
        [170, 45],
        [175, 52],
      ],
      profit: [
        [105, 27],
        [117, 34],
        [129, 38],
        [130, 31],
      ],
    },
    'Green Crack': {
      price: [
        [136, 39],
        [153, 33],
        [172, 42],
        [176, 44],
      ],
      profit: [
        [109, 25],
        [120, 33],
        [132, 34],
        [140, 31],
      ],
    },
    'Granddaddy Purple': {
      price: [
        [132, 39],
        [151, 41],
        [168, 38],
        [174, 54],
      ],
      profit: [
        [104, 24],
        [117, 27],
        [130, 33],
        [134, 31],
      ],
    },
    Meth: {
      price: [
        [239, 31],
        [274, 40],
        [309, 47],
        [343, 42],
      ],
      profit: [
        [214, 24],
        [242, 27],
        [274, 33],
        [302, 38],
      ],
    },
    Cocaine: {
      price: [
        [513, 31],
        [588, 40],
        [663, 47],
        [735, 42],
      ],
      profit: [
        [486, 24],
        [549, 27],
        [624, 33],
        [693, 42],
      ],
    },
    Shroom: {
      price: [
        [222, 31],
        [255, 40],
        [287, 47],
        [318, 42],
      ],
      profit: [
        [197, 24],
        [223, 27],
        [252, 33],
        [278, 38],
      ],
    },
  };

  it('finds the recorded optimum for 5 to 8 ingredients on every product, both objectives', () => {
    for (const product of data.products) {
      for (const objective of ['price', 'profit'] as const) {
        for (let depth = 5; depth <= 8; depth++) {
          const found = bestMix(data, { product, maxIngredients: depth, objective }).best!;
          const label = `${product.name} ${objective} ≤${depth}`;
          expect([objective === 'price' ? found.price : found.profit, found.cost], label).toEqual(
            recordedOptima[product.name]![objective][depth - 5],
          );
          expect(mix(data, product, found.ingredients), label).toMatchObject({
            price: found.price,
            cost: found.cost,
          });
        }
      }
    }
  }, 180_000);

  it('honours required and forbidden effects and excluded ingredients', () => {
    const product = productOf(data, 'OG Kush')!;
    const free = bestMix(data, { product, maxIngredients: 3, objective: 'profit' });
    const athletic = bestMix(data, {
      product,
      maxIngredients: 3,
      objective: 'profit',
      required: ['Athletic'],
    });
    expect(effectsOf(data, athletic.best!.mask)).toContain('Athletic');
    expect(athletic.best!.profit).toBeLessThanOrEqual(free.best!.profit);
    expect(
      bestMix(data, { product, maxIngredients: 2, objective: 'profit', required: ['Lethal'] }).best,
    ).toBeNull();
    // Nothing produces Lethal: the search proves it from the start instead of walking 8 steps.
    const lethal = bestMix(data, { product, maxIngredients: 8, objective: 'price', required: ['Lethal'] });
    expect(lethal).toMatchObject({ best: null, complete: true });
    expect(lethal.states).toBeLessThan(100);
    // Shrinking comes only from Focused with Energy Drink: answered, and with Shrinking.
    const shrinking = bestMix(data, {
      product,
      maxIngredients: 5,
      objective: 'profit',
      required: ['Shrinking'],
    });
    expect(effectsOf(data, shrinking.best!.mask)).toContain('Shrinking');
    const noToxic = bestMix(data, { product, maxIngredients: 3, objective: 'price', forbidden: ['Toxic'] });
    expect(effectsOf(data, noToxic.best!.mask)).not.toContain('Toxic');
    const cuke = ingredientIndex(data, 'Cuke');
    const noCuke = bestMix(data, { product, maxIngredients: 3, objective: 'price', excluded: [cuke] });
    expect(noCuke.best!.ingredients).not.toContain(cuke);
    expect(noCuke.runnersUp.length).toBe(5);
    for (const r of noCuke.runnersUp) expect(r.price).toBeLessThanOrEqual(noCuke.best!.price);
  });

  it('finds the shortest, then cheapest, way to a set of effects', () => {
    const product = productOf(data, 'OG Kush')!;
    const target = ['Gingeritis', 'Sneaky', 'Thought-Provoking'];
    const found = reachEffects(data, product, target)!;
    // Cuke then Banana gives exactly these (a worked example); nothing shorter does.
    expect(found.ingredients).toHaveLength(2);
    expect(effectsOf(data, found.mask)).toEqual(expect.arrayContaining(target));
    const replay = mix(data, product, found.ingredients);
    expect(replay.cost).toBe(found.cost);
    expect(replay.effects).toEqual(expect.arrayContaining(target));
    expect(reachEffects(data, product, ['Calming'])!.ingredients).toEqual([]);
    expect(reachEffects(data, product, ['Lethal'], { maxIngredients: 3 })).toBeNull();
  });

  it('reports rising progress up to 1 and stops when cancelled, answering what it found', () => {
    const product = productOf(data, 'Meth')!;
    const shares: number[] = [];
    const full = bestMix(data, {
      product,
      maxIngredients: 7,
      objective: 'profit',
      onProgress: (share) => shares.push(share),
    });
    expect(full.complete).toBe(true);
    expect(shares.length).toBeGreaterThan(5);
    expect(shares.at(-1)).toBe(1);
    for (let i = 1; i < shares.length; i++) expect(shares[i]!).toBeGreaterThanOrEqual(shares[i - 1]!);
    let polls = 0;
    const stopped = bestMix(data, {
      product,
      maxIngredients: 5,
      objective: 'profit',
      cancelled: () => ++polls > 3,
    });
    expect(stopped.complete).toBe(false);
    expect(stopped.states).toBeLessThan(full.states);
    // What it found so far is real, never better than the optimum.
    if (stopped.best) expect(stopped.best.profit).toBeLessThanOrEqual(full.best!.profit);
  }, 60_000);

  it('answers distinct runners-up in order, each with its real figures', () => {
    const product = productOf(data, 'Green Crack')!;
    const found = bestMix(data, { product, maxIngredients: 4, objective: 'profit', runnersUp: 8 });
    const all = [found.best!, ...found.runnersUp];
    expect(all).toHaveLength(9);
    expect(new Set(all.map((m) => m.mask)).size).toBe(9);
    for (let i = 1; i < all.length; i++) expect(all[i]!.profit).toBeLessThanOrEqual(all[i - 1]!.profit);
    for (const m of all) {
      const replay = mix(data, product, m.ingredients);
      expect(replay).toMatchObject({ price: m.price, cost: m.cost, profit: m.profit });
    }
  });

  it('finds the cheapest of the shortest ways, not the first one met', () => {
    const product = productOf(data, 'OG Kush')!;
    const found = reachEffects(data, product, ['Energizing'])!;
    // One step suffices (Cuke adds Energizing), and no one-step way is cheaper than its $2.
    expect(found.ingredients).toHaveLength(1);
    expect(found.cost).toBe(2);
  });
});
