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
