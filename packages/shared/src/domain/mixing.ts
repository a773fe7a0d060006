/**
 * Schedule I mixing, as the game computes it: one ingredient per step, replacement rules walked in the
 * canonical effect order (a rule fires only if its target is not on the product at that moment, seeing
 * the replacements already made in the step), the ingredient's own effect added when absent and there
 * are fewer than 8 effects, and the market value summed in 32-bit floats and rounded half to even.
 *
 * Effect sets are kept as bit masks over the canonical order (35 effects fit in a double's 53 bits),
 * so a step is a few integer operations and the best-mix search can key its states on one number.
 */

export const MAX_EFFECTS = 8;

export interface MixEffect {
  name: string;
  /** Canonical order: the game keeps a product's effects sorted by it. */
  order: number;
  multiplier: number;
  color?: string;
}

export interface MixIngredient {
  id: string;
  name: string;
  price: number;
  baseEffect: string;
  /** Rank name from which the ingredient is sold ('Street Rat I' …). */
  unlockRank?: string;
  /** Replacement rules in the order the game evaluates them. */
  rules: { from: string; to: string }[];
}

export interface MixProduct {
  id: string;
  name: string;
  basePrice: number;
  baseEffects: string[];
}

/** The game data a calculator works on, compiled once: effect indexes, rules as index pairs. */
export interface MixingData {
  effects: MixEffect[];
  ingredients: MixIngredient[];
  products: MixProduct[];
  /** Effects in canonical order. */
  ordered: MixEffect[];
  indexOf: Map<string, number>;
  /** Per ingredient: its own effect's index and its rules as [from, to] indexes in evaluation order. */
  compiled: { base: number; rules: [number, number][] }[];
  /**
   * The same as bit masks over two 32-bit words, for the fast step: per ingredient the base effect
   * (low, high word) and per rule (from low, from high, to low, to high).
   */
  fast: { baseLo: number; baseHi: number; rules: Int32Array }[];
}

const TWO32 = 4294967296;
const bit = (i: number) => 2 ** i;
/** Bit `i` of a mask (masks are whole numbers below 2^53, handled as two 32-bit words). */
const has = (mask: number, i: number) =>
  i < 32 ? ((mask >>> i) & 1) === 1 : ((((mask - (mask >>> 0)) / TWO32) >>> (i - 32)) & 1) === 1;
const wordBit = (i: number): [number, number] => (i < 32 ? [1 << i, 0] : [0, 1 << (i - 32)]);

function popcount32(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function compileMixingData(
  effects: MixEffect[],
  ingredients: MixIngredient[],
  products: MixProduct[],
): MixingData {
  const ordered = [...effects].sort((a, b) => a.order - b.order);
  const indexOf = new Map<string, number>();
  ordered.forEach((e, i) => {
    indexOf.set(e.name.toLowerCase(), i);
  });
  const idx = (name: string) => {
    const i = indexOf.get(name.toLowerCase());
    if (i === undefined) throw new Error(`Unknown effect: ${name}`);
    return i;
  };
  const compiled = ingredients.map((ing) => ({
    base: idx(ing.baseEffect),
    rules: ing.rules
      .map((r) => [idx(r.from), idx(r.to)] as [number, number])
      // Evaluation walks the product's effects in canonical order.
      .sort((a, b) => a[0] - b[0]),
  }));
  const fast = compiled.map(({ base, rules }) => {
    const [baseLo, baseHi] = wordBit(base);
    const flat = new Int32Array(rules.length * 4);
    rules.forEach(([from, to], k) => {
      const [fl, fh] = wordBit(from);
      const [tl, th] = wordBit(to);
      flat.set([fl, fh, tl, th], k * 4);
    });
    return { baseLo, baseHi, rules: flat };
  });
  return { effects, ingredients, products, ordered, indexOf, compiled, fast };
}

export function effectIndex(data: MixingData, name: string): number {
  const i = data.indexOf.get(name.toLowerCase());
  if (i === undefined) throw new Error(`Unknown effect: ${name}`);
  return i;
}

export function maskOf(data: MixingData, names: readonly string[]): number {
  let mask = 0;
  for (const name of names) {
    const i = effectIndex(data, name);
    if (!has(mask, i)) mask += bit(i);
  }
  return mask;
}

/** Effect names of a mask, in canonical order. */
export function effectsOf(data: MixingData, mask: number): string[] {
  const out: string[] = [];
  let rest = mask;
  for (let i = 0; rest > 0; i++) {
    if (rest % 2 === 1) out.push(data.ordered[i]!.name);
    rest = Math.floor(rest / 2);
  }
  return out;
}

export interface StepResult {
  mask: number;
  /** Replacements made in this step, in the order they happened. */
  replaced: { from: string; to: string }[];
  /** The ingredient's own effect, when it was added. */
  added: string | null;
}

/** One mixing step: the product's effects (a mask) with one ingredient (its index). */
export function mixStep(data: MixingData, mask: number, ingredient: number, detail = false): StepResult {
  const { base, rules } = data.compiled[ingredient]!;
  let next = mask;
  const replaced: StepResult['replaced'] = [];
  // Rules whose source is on the product before the step, recorded first, then applied in order.
  for (const [from, to] of rules) {
    if (!has(mask, from)) continue;
    if (has(next, to)) continue;
    if (!has(next, from)) continue;
    next = next - bit(from) + bit(to);
    if (detail) replaced.push({ from: data.ordered[from]!.name, to: data.ordered[to]!.name });
  }
  let added: string | null = null;
  const size = popcount32(next >>> 0) + popcount32((next - (next >>> 0)) / TWO32);
  if (!has(next, base) && size < MAX_EFFECTS) {
    next += bit(base);
    added = data.ordered[base]!.name;
  }
  return { mask: next, replaced, added };
}

/** The same step for searches: the resulting mask only, in 32-bit word operations. */
export function nextMask(data: MixingData, mask: number, ingredient: number): number {
  const { baseLo, baseHi, rules } = data.fast[ingredient]!;
  const lo0 = mask >>> 0;
  const hi0 = (mask - lo0) / TWO32;
  let lo = lo0;
  let hi = hi0;
  for (let k = 0; k < rules.length; k += 4) {
    const fl = rules[k]!;
    const fh = rules[k + 1]!;
    if (((lo0 & fl) | (hi0 & fh)) === 0) continue;
    const tl = rules[k + 2]!;
    const th = rules[k + 3]!;
    if (((lo & tl) | (hi & th)) !== 0) continue;
    if (((lo & fl) | (hi & fh)) === 0) continue;
    lo = (lo & ~fl) | tl;
    hi = (hi & ~fh) | th;
  }
  if (((lo & baseLo) | (hi & baseHi)) === 0 && popcount32(lo) + popcount32(hi) < MAX_EFFECTS) {
    lo |= baseLo;
    hi |= baseHi;
  }
  return (hi >>> 0) * TWO32 + (lo >>> 0);
}

/** Rounds half to even, as the game's Mathf.RoundToInt does. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Market value of a product with these effects: the game's float32 sum, rounded half to even. */
export function marketValue(data: MixingData, basePrice: number, mask: number): number {
  const f = Math.fround;
  const base = f(basePrice);
  let value = base;
  // Effects in canonical order: lowest bit first, low word then high word.
  let lo = mask >>> 0;
  let hi = (mask - lo) / TWO32;
  while (lo !== 0) {
    const low = lo & -lo;
    value = f(value + f(base * f(data.ordered[31 - Math.clz32(low)]!.multiplier)));
    lo ^= low;
  }
  while (hi !== 0) {
    const low = hi & -hi;
    value = f(value + f(base * f(data.ordered[63 - Math.clz32(low)]!.multiplier)));
    hi ^= low;
  }
  return roundHalfEven(value);
}

export interface MixStepView {
  ingredient: string;
  effects: string[];
  replaced: { from: string; to: string }[];
  added: string | null;
  price: number;
  cost: number;
  profit: number;
}

export interface MixResult {
  product: string;
  effects: string[];
  price: number;
  cost: number;
  profit: number;
  /** Profit over cost, as a ratio (0 when nothing was spent). */
  markup: number;
  steps: MixStepView[];
}

export function ingredientIndex(data: MixingData, nameOrId: string): number {
  const key = nameOrId.trim().toLowerCase();
  return data.ingredients.findIndex((i) => i.id.toLowerCase() === key || i.name.toLowerCase() === key);
}

export function productOf(data: MixingData, nameOrId: string): MixProduct | undefined {
  const key = nameOrId.trim().toLowerCase();
  return data.products.find((p) => p.id.toLowerCase() === key || p.name.toLowerCase() === key);
}

/** A whole mix, step by step, as the calculator shows it. */
export function mix(data: MixingData, product: MixProduct, ingredients: readonly number[]): MixResult {
  let mask = maskOf(data, product.baseEffects);
  let cost = 0;
  const steps: MixStepView[] = [];
  for (const index of ingredients) {
    const step = mixStep(data, mask, index, true);
    mask = step.mask;
    cost += data.ingredients[index]!.price;
    const price = marketValue(data, product.basePrice, mask);
    steps.push({
      ingredient: data.ingredients[index]!.name,
      effects: effectsOf(data, mask),
      replaced: step.replaced,
      added: step.added,
      price,
      cost,
      profit: price - cost,
    });
  }
  const price = marketValue(data, product.basePrice, mask);
  return {
    product: product.name,
    effects: effectsOf(data, mask),
    price,
    cost,
    profit: price - cost,
    markup: cost > 0 ? (price - cost) / cost : 0,
    steps,
  };
}

export type MixObjective = 'price' | 'profit';

export interface SearchOptions {
  product: MixProduct;
  /** At most this many ingredients (1–8). */
  maxIngredients: number;
  objective: MixObjective;
  /** Effects the result must have. */
  required?: readonly string[];
  /** Effects the result must not have. */
  forbidden?: readonly string[];
  /** Ingredients (indexes) the search may not use. */
  excluded?: readonly number[];
  /** How many runners-up to answer besides the best. */
  runnersUp?: number;
  /** Called during the search with the share of depths done (0–1, rising; 1 at the end). */
  onProgress?: (share: number) => void;
  /** Polled during the search; true stops it (it answers what it has found so far, `complete: false`). */
  cancelled?: () => boolean;
}

export interface FoundMix {
  ingredients: number[];
  mask: number;
  price: number;
  cost: number;
  profit: number;
}

export interface SearchResult {
  best: FoundMix | null;
  runnersUp: FoundMix[];
  /** Effect-set states the search expanded or evaluated. */
  states: number;
  complete: boolean;
}

/**
 * The cheapest known cost of each effect set: an open-addressing hash table over typed arrays (a
 * `Map` with millions of non-small-integer keys spends most of the search's time hashing and
 * collecting garbage).
 */
class CostTable {
  private lo = new Int32Array(0);
  private hi = new Int32Array(0);
  private cost = new Int32Array(0);
  private size = 0;
  private mask = 0;
  constructor(capacity = 1 << 16) {
    this.allocate(capacity);
  }
  private allocate(capacity: number) {
    this.lo = new Int32Array(capacity);
    this.hi = new Int32Array(capacity).fill(-1);
    this.cost = new Int32Array(capacity);
    this.mask = capacity - 1;
  }
  private slot(lo: number, hi: number): number {
    let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1);
    h ^= h >>> 15;
    let at = h & this.mask;
    while (this.hi[at] !== -1 && (this.lo[at] !== lo || this.hi[at] !== hi)) at = (at + 1) & this.mask;
    return at;
  }
  /** The stored cost of a set, or -1. */
  get(set: number): number {
    const lo = set | 0;
    const hi = (set - (set >>> 0)) / TWO32;
    const at = this.slot(lo, hi);
    return this.hi[at] === -1 ? -1 : this.cost[at]!;
  }
  set(set: number, cost: number) {
    const lo = set | 0;
    const hi = (set - (set >>> 0)) / TWO32;
    const at = this.slot(lo, hi);
    if (this.hi[at] === -1) {
      this.size++;
      this.lo[at] = lo;
      this.hi[at] = hi;
      this.cost[at] = cost;
      if (this.size * 2 > this.mask) this.grow();
      return;
    }
    this.cost[at] = cost;
  }
  private grow() {
    const { lo, hi, cost } = this;
    this.allocate((this.mask + 1) * 2);
    this.size = 0;
    for (let i = 0; i < lo.length; i++) {
      if (hi[i] === -1) continue;
      const at = this.slot(lo[i]!, hi[i]!);
      this.lo[at] = lo[i]!;
      this.hi[at] = hi[i]!;
      this.cost[at] = cost[i]!;
      this.size++;
    }
  }
}

/** Search states: effect set, cost and the step that led there, in parallel arrays. */
class States {
  mask: number[] = [];
  cost: number[] = [];
  parent: number[] = [];
  ingredient: number[] = [];
  add(mask: number, cost: number, parent: number, ingredient: number): number {
    this.mask.push(mask);
    this.cost.push(cost);
    this.parent.push(parent);
    this.ingredient.push(ingredient);
    return this.mask.length - 1;
  }
  path(index: number, last = -1): number[] {
    const out: number[] = last >= 0 ? [last] : [];
    for (let at = index; at > 0; at = this.parent[at]!) out.push(this.ingredient[at]!);
    return out.reverse();
  }
}

/**
 * Breadth first over effect sets, for `visit` to judge every (set, cost) reached within `depth`
 * steps. A step's result depends only on the set, so a set reached again at the same or a later
 * depth for no less money is dominated and dropped: the earlier path can do everything the later one
 * can, with as many steps left or more. What remains is exact. The last depth is judged without being
 * stored (it is the largest and leads nowhere).
 */
function explore(
  data: MixingData,
  options: SearchOptions,
  visit: (mask: number, cost: number, parent: number, ingredient: number, depth: number) => void,
  /** True when nothing reachable from this state in `remaining` steps can matter: it is not expanded. */
  hopeless?: (mask: number, cost: number, remaining: number) => boolean,
  /** Asked before each depth: true ends the search there (a complete answer, unlike a cancel). */
  enough?: () => boolean,
) {
  const excluded = new Set(options.excluded ?? []);
  const usable = data.ingredients.map((_, i) => i).filter((i) => !excluded.has(i));
  const prices = usable.map((i) => data.ingredients[i]!.price);
  const states = new States();
  const bestCost = new CostTable();
  const start = maskOf(data, options.product.baseEffects);
  states.add(start, 0, -1, -1);
  bestCost.set(start, 0);
  let frontier = [0];
  let evaluated = 1;
  const depth = Math.max(0, Math.min(MAX_EFFECTS, Math.floor(options.maxIngredients)));
  let complete = true;
  for (let d = 1; d <= depth && frontier.length > 0; d++) {
    if (enough?.()) break;
    if (options.cancelled?.()) {
      complete = false;
      break;
    }
    const last = d === depth;
    const next: number[] = [];
    for (let f = 0; f < frontier.length; f++) {
      // Within a depth, report and poll every few thousand states: the last depths take seconds.
      if ((f & 2047) === 2047) {
        if (options.cancelled?.()) {
          complete = false;
          break;
        }
        options.onProgress?.((d - 1 + f / frontier.length) / depth);
      }
      const from = frontier[f]!;
      const mask = states.mask[from]!;
      const cost = states.cost[from]!;
      if (hopeless?.(mask, cost, depth - d + 1)) continue;
      for (let k = 0; k < usable.length; k++) {
        const to = nextMask(data, mask, usable[k]!);
        const c = cost + prices[k]!;
        evaluated++;
        // The last depth is judged, not stored: a dominated result there simply scores no better.
        if (last) {
          visit(to, c, from, usable[k]!, d);
          continue;
        }
        const known = bestCost.get(to);
        if (known >= 0 && known <= c) continue;
        bestCost.set(to, c);
        const index = states.add(to, c, from, usable[k]!);
        visit(to, c, from, usable[k]!, d);
        next.push(index);
      }
    }
    if (!complete) break;
    frontier = next;
    options.onProgress?.(d / depth);
  }
  return { states, complete, evaluated };
}

/**
 * An upper bound of the market value a product can reach from an effect set in `remaining` more steps.
 * A step keeps an effect or replaces it by a rule's target, so after r steps an effect's multiplier is
 * at most `reach[r][effect]`; each step adds at most one effect (an ingredient's own), which the
 * remaining steps may transform too; and a product holds at most 8 effects.
 */
function boundsOf(data: MixingData, options: SearchOptions) {
  const excluded = new Set(options.excluded ?? []);
  const usable = data.compiled.filter((_, i) => !excluded.has(i));
  const reach: Float64Array[] = [Float64Array.from(data.ordered, (e) => e.multiplier)];
  for (let r = 1; r <= MAX_EFFECTS; r++) {
    const prev = reach[r - 1]!;
    const next = Float64Array.from(prev);
    for (const { rules } of usable)
      for (const [from, to] of rules) next[from] = Math.max(next[from]!, prev[to]!);
    reach.push(next);
  }
  // The best an added effect can become with r - 1 steps after the one that adds it.
  const slot = reach.map((_, r) =>
    r === 0 ? 0 : Math.max(0, ...usable.map(({ base }) => reach[r - 1]![base]!)),
  );
  const base = options.product.basePrice;
  return (mask: number, remaining: number) => {
    const r = Math.min(remaining, MAX_EFFECTS);
    const row = reach[r]!;
    let sum = 0;
    let size = 0;
    let lo = mask >>> 0;
    let hi = (mask - lo) / TWO32;
    while (lo !== 0) {
      const low = lo & -lo;
      sum += row[31 - Math.clz32(low)]!;
      size++;
      lo ^= low;
    }
    while (hi !== 0) {
      const low = hi & -hi;
      sum += row[63 - Math.clz32(low)]!;
      size++;
      hi ^= low;
    }
    sum += Math.min(r, Math.max(0, MAX_EFFECTS - size)) * slot[r]!;
    // One more than the exact sum: float32 rounding can never make the real value exceed it.
    return Math.floor(base * (1 + sum)) + 1;
  };
}

function wordsOf(data: MixingData, names: readonly string[]): [number, number] {
  const mask = maskOf(data, names);
  const lo = mask >>> 0;
  return [lo, (mask - lo) / TWO32];
}

/**
 * The best mix of a product within a number of ingredients: the highest sell price or the highest
 * profit, under optional constraints. Exact: every reachable effect set is judged with its cheapest
 * sequence. Ties go to the cheaper, then the shorter sequence.
 */
/**
 * Market value for the search: the multipliers summed through byte tables (five lookups per set)
 * in double precision, then the game's float32 sum only where it could round differently (a value
 * within 0.01 of a half).
 */
function fastValuer(data: MixingData, basePrice: number) {
  const tables = Array.from({ length: 5 }, (_, b) =>
    Float64Array.from({ length: 256 }, (_, v) => {
      let sum = 0;
      for (let k = 0; k < 8; k++) if (v & (1 << k)) sum += data.ordered[b * 8 + k]?.multiplier ?? 0;
      return sum;
    }),
  );
  const [t0, t1, t2, t3, t4] = tables as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  return (mask: number) => {
    const lo = mask >>> 0;
    const hi = (mask - lo) / TWO32;
    const sum =
      t0[lo & 255]! + t1[(lo >>> 8) & 255]! + t2[(lo >>> 16) & 255]! + t3[lo >>> 24]! + t4[hi & 255]!;
    const value = basePrice * (1 + sum);
    const frac = value - Math.floor(value);
    if (Math.abs(frac - 0.5) < 0.01) return marketValue(data, basePrice, mask);
    return Math.round(value);
  };
}

export function bestMix(data: MixingData, options: SearchOptions): SearchResult {
  const [reqLo, reqHi] = wordsOf(data, options.required ?? []);
  const [forLo, forHi] = wordsOf(data, options.forbidden ?? []);
  const keep = 1 + (options.runnersUp ?? 5);
  const base = options.product.basePrice;
  interface Top {
    mask: number;
    cost: number;
    parent: number;
    ingredient: number;
    depth: number;
    price: number;
    score: number;
  }
  const top: Top[] = [];
  const bound = boundsOf(data, options);
  const valueAt = fastValuer(data, base);
  // Once the list is full, a state whose best possible outcome cannot beat its last entry is not
  // expanded (branch and bound; the bound is safe, so the answer stays exact).
  const hopeless = (mask: number, cost: number, remaining: number) => {
    if (top.length < keep) return false;
    const best = bound(mask, remaining) - (options.objective === 'profit' ? cost : 0);
    return best < top[top.length - 1]!.score;
  };
  const better = (a: Top, b: Top) =>
    a.score !== b.score ? a.score > b.score : a.cost !== b.cost ? a.cost < b.cost : a.depth < b.depth;
  const { states, complete, evaluated } = explore(
    data,
    options,
    (mask, cost, parent, ingredient, depth) => {
      const lo = mask >>> 0;
      const hi = (mask - lo) / TWO32;
      if ((lo & reqLo) >>> 0 !== reqLo || (hi & reqHi) !== reqHi) return;
      if ((lo & forLo) !== 0 || (hi & forHi) !== 0) return;
      const price = valueAt(mask);
      const score = options.objective === 'price' ? price : price - cost;
      const worst = top[top.length - 1];
      if (top.length >= keep && worst && score < worst.score) return;
      const entry = { mask, cost, parent, ingredient, depth, price, score };
      const same = top.findIndex((t) => t.mask === mask);
      if (same >= 0) {
        if (!better(entry, top[same]!)) return;
        top.splice(same, 1);
      }
      let at = top.length;
      while (at > 0 && better(entry, top[at - 1]!)) at--;
      top.splice(at, 0, entry);
      if (top.length > keep) top.pop();
    },
    hopeless,
  );
  const found = top.map((t) => ({
    ingredients: states.path(t.parent, t.ingredient),
    mask: t.mask,
    price: t.price,
    cost: t.cost,
    profit: t.price - t.cost,
  }));
  return { best: found[0] ?? null, runnersUp: found.slice(1), states: evaluated, complete };
}

/**
 * "How do I get these effects?": the shortest sequence (then the cheapest) that gives the product
 * every target effect, within `maxIngredients` steps (8 by default); null when none does.
 */
export function reachEffects(
  data: MixingData,
  product: MixProduct,
  target: readonly string[],
  options: { maxIngredients?: number; excluded?: readonly number[]; cancelled?: () => boolean } = {},
): FoundMix | null {
  const [wantLo, wantHi] = wordsOf(data, target);
  let best: { mask: number; cost: number; parent: number; ingredient: number; depth: number } | null = null;
  const start = maskOf(data, product.baseEffects);
  const startLo = start >>> 0;
  if ((startLo & wantLo) >>> 0 === wantLo && (((start - startLo) / TWO32) & wantHi) === wantHi) {
    const price = marketValue(data, product.basePrice, start);
    return { ingredients: [], mask: start, price, cost: 0, profit: price };
  }
  const { states } = explore(
    data,
    {
      product,
      objective: 'profit',
      maxIngredients: options.maxIngredients ?? MAX_EFFECTS,
      excluded: options.excluded,
      cancelled: options.cancelled,
    },
    (mask, cost, parent, ingredient, depth) => {
      const lo = mask >>> 0;
      const hi = (mask - lo) / TWO32;
      if ((lo & wantLo) >>> 0 !== wantLo || (hi & wantHi) !== wantHi) return;
      if (!best || depth < best.depth || (depth === best.depth && cost < best.cost)) {
        best = { mask, cost, parent, ingredient, depth };
      }
    },
    undefined,
    // The first depth that reaches the target is the answer: stop after it.
    () => best !== null,
  );
  if (!best) return null;
  const b = best as { mask: number; cost: number; parent: number; ingredient: number };
  const price = marketValue(data, product.basePrice, b.mask);
  return {
    ingredients: states.path(b.parent, b.ingredient),
    mask: b.mask,
    price,
    cost: b.cost,
    profit: price - b.cost,
  };
}
