import { describe, expect, it } from 'vitest';
import { scheduleOneData } from '../schedule-one/data.ts';
import { bestMix, compileMixingData, effectsOf, ingredientIndex, mix, productOf } from './mixing.ts';
import {
  calculatorQuery,
  customersForMix,
  filterRecipes,
  ingredientsAboveRank,
  parseCalculatorLink,
  RANKS,
  rankValue,
} from './schedule-tools.ts';

const data = compileMixingData(
  scheduleOneData.effects,
  scheduleOneData.ingredients,
  scheduleOneData.products,
);
/** A link's query, read the way a browser's URLSearchParams reads it. */
function query(text: string) {
  const entries = text.split('&').map((part) => {
    const [k = '', v = ''] = part.split('=');
    return [k, decodeURIComponent(v.replace(/\+/g, ' '))] as const;
  });
  return new Map(entries);
}
const customers = scheduleOneData.customers as unknown as Parameters<typeof customersForMix>[0];

describe('ranks', () => {
  it('orders the rank names and treats unknown ones as the first', () => {
    expect(RANKS).toHaveLength(55);
    expect(rankValue('Street Rat I')).toBe(0);
    expect(rankValue('Hoodlum II')).toBe(6);
    expect(rankValue('Hustler III')).toBeGreaterThan(rankValue('Peddler V'));
    expect(rankValue('')).toBe(0);
  });

  it('leaves out the ingredients sold from a higher rank', () => {
    const names = (rank: string) => ingredientsAboveRank(data, rank).map((i) => data.ingredients[i]!.name);
    expect(names('Kingpin V')).toEqual([]);
    expect(names('Street Rat I').sort()).toEqual(
      data.ingredients
        .filter((i) => i.unlockRank !== 'Street Rat I')
        .map((i) => i.name)
        .sort(),
    );
    expect(names('Peddler III')).toEqual(
      expect.arrayContaining(['Chili', 'Battery', 'Iodine', 'Addy', 'Horse Semen']),
    );
    expect(names('Peddler III')).not.toContain('Mega Bean');
  });

  it('a rank-limited best mix uses only ingredients the player can buy', () => {
    const product = productOf(data, 'OG Kush')!;
    const excluded = ingredientsAboveRank(data, 'Hoodlum II');
    const found = bestMix(data, { product, maxIngredients: 4, objective: 'profit', excluded });
    for (const i of found.best!.ingredients) expect(excluded).not.toContain(i);
  });
});

describe('calculator links', () => {
  it('reads names in any case and ids, and reports unknown names', () => {
    const link = parseCalculatorLink(data, query('product=og kush&mix=CUKE,banana,megabean,Nope'));
    expect(link.product?.name).toBe('OG Kush');
    expect(link.ingredients.map((i) => data.ingredients[i]!.name)).toEqual(['Cuke', 'Banana', 'Mega Bean']);
    expect(link.unknown).toEqual(['Nope']);
    expect(link.optimize).toBeNull();
  });

  it('reads the finder options with the depth kept within 1–8', () => {
    const q = (s: string) => parseCalculatorLink(data, query(s));
    expect(q('product=meth&optimize=profit&max=5')).toMatchObject({ optimize: 'profit', max: 5 });
    expect(q('product=meth&optimize=price&max=99').max).toBe(8);
    expect(q('product=meth&optimize=price&max=0').max).toBe(1);
    expect(q('product=meth&optimize=price').max).toBe(8);
    expect(q('product=meth&optimize=best').optimize).toBeNull();
  });

  it('writes a link that reads back to the same mix', () => {
    const product = productOf(data, 'Granddaddy Purple')!;
    const steps = ['Horse Semen', 'Cuke', 'Mouth Wash'].map((n) => ingredientIndex(data, n));
    const link = calculatorQuery(data, product, steps);
    expect(link).toBe('product=Granddaddy+Purple&mix=Horse+Semen,Cuke,Mouth+Wash');
    const back = parseCalculatorLink(data, query(link));
    expect(back.product).toBe(product);
    expect(back.ingredients).toEqual(steps);
  });
});

describe('customers of a mix', () => {
  it('ranks the customers who favour its effects, most matches first', () => {
    const product = productOf(data, 'OG Kush')!;
    const result = mix(
      data,
      product,
      ['Cuke', 'Banana'].map((n) => ingredientIndex(data, n)),
    );
    const matches = customersForMix(customers, result.effects, 'weed');
    expect(matches.length).toBeGreaterThan(0);
    for (const m of matches) {
      expect(m.matched.length).toBeGreaterThan(0);
      for (const e of m.matched) expect(result.effects).toContain(e);
    }
    for (let i = 1; i < matches.length; i++) {
      expect(matches[i]!.matched.length).toBeLessThanOrEqual(matches[i - 1]!.matched.length);
    }
    // Nobody matches a mix without effects.
    expect(customersForMix(customers, [], 'weed')).toEqual([]);
  });

  it('breaks ties by product affinity, then spending', () => {
    const c = (name: string, weed: number, max: number) => ({
      name,
      region: 'Docks',
      favouriteEffects: ['Calming'],
      weeklySpend: { min: 0, max },
      productAffinity: { weed },
    });
    const order = customersForMix([c('A', 0, 900), c('B', 0.5, 100), c('C', 0, 1000)], ['Calming'], 'weed');
    expect(order.map((m) => m.customer.name)).toEqual(['B', 'C', 'A']);
  });
});

describe('recipe list', () => {
  const row = (
    name: string,
    productId: string,
    effects: string[],
    price: number,
    cost: number,
    length: number,
  ) => ({
    name,
    productId,
    effects,
    price,
    cost,
    profit: price - cost,
    length,
  });
  const rows = [
    row('a', 'meth', ['Calming', 'Toxic'], 100, 10, 2),
    row('b', 'meth', ['Calming'], 120, 40, 4),
    row('c', 'ogkush', ['Toxic'], 50, 5, 1),
  ];
  it('sorts by profit, price, cost and length', () => {
    const by = (sort: 'profit' | 'price' | 'cost' | 'length') =>
      filterRecipes(rows, { sort }).map((r) => r.name);
    expect(by('profit')).toEqual(['a', 'b', 'c']);
    expect(by('price')).toEqual(['b', 'a', 'c']);
    expect(by('cost')).toEqual(['c', 'a', 'b']);
    expect(by('length')).toEqual(['c', 'a', 'b']);
  });
  it('filters by product and by every chosen effect', () => {
    expect(filterRecipes(rows, { sort: 'profit', productId: 'meth' }).map((r) => r.name)).toEqual(['a', 'b']);
    expect(filterRecipes(rows, { sort: 'profit', effects: ['toxic'] }).map((r) => r.name)).toEqual([
      'a',
      'c',
    ]);
    expect(filterRecipes(rows, { sort: 'profit', effects: ['Toxic', 'Calming'] }).map((r) => r.name)).toEqual(
      ['a'],
    );
  });
  it('the effects of a recipe are the mix’s', () => {
    const product = productOf(data, 'Cocaine')!;
    const found = bestMix(data, { product, maxIngredients: 2, objective: 'price' });
    expect(mix(data, product, found.best!.ingredients).effects).toEqual(effectsOf(data, found.best!.mask));
  });
});
