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
   * (low, high word), the effects that have a rule (low, high word) and each one's target by effect
   * index (low, high word).
   */
  fast: {
    baseLo: number;
    baseHi: number;
    fromLo: number;
    fromHi: number;
    toLo: Int32Array;
    toHi: Int32Array;
  }[];
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
    let fromLo = 0;
    let fromHi = 0;
    const toLo = new Int32Array(64);
    const toHi = new Int32Array(64);
    for (const [from, to] of rules) {
      const [fl, fh] = wordBit(from);
      fromLo |= fl;
      fromHi |= fh;
      [toLo[from], toHi[from]] = wordBit(to);
    }
    return { baseLo, baseHi, fromLo, fromHi, toLo, toHi };
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

/**
 * The same step for searches: the resulting mask only, in 32-bit word operations. Only the effects
 * that have a rule are walked, lowest bit (canonical order) first; a source is never touched by an
 * earlier rule of the same step (each effect has at most one rule per ingredient), so only the target
 * needs checking.
 */
export function nextMask(data: MixingData, mask: number, ingredient: number): number {
  const { baseLo, baseHi, fromLo, fromHi, toLo, toHi } = data.fast[ingredient]!;
  const lo0 = mask >>> 0;
  const hi0 = (mask - lo0) / TWO32;
  let lo = lo0 | 0;
  let hi = hi0 | 0;
  let pending = lo0 & fromLo;
  while (pending !== 0) {
    const low = pending & -pending;
    pending ^= low;
    const e = 31 - Math.clz32(low);
    const tl = toLo[e]!;
    const th = toHi[e]!;
    if (((lo & tl) | (hi & th)) !== 0) continue;
    lo = (lo & ~low) | tl;
    hi |= th;
  }
  pending = hi0 & fromHi;
  while (pending !== 0) {
    const low = pending & -pending;
    pending ^= low;
    const e = 63 - Math.clz32(low);
    const tl = toLo[e]!;
    const th = toHi[e]!;
    if (((lo & tl) | (hi & th)) !== 0) continue;
    lo |= tl;
    hi = (hi & ~low) | th;
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
  /**
   * Records `cost` for a set when it is the first or a cheaper one (one probe): true then, false when
   * the set is already known for no more.
   */
  lower(set: number, cost: number): boolean {
    const lo = set | 0;
    const hi = (set - (set >>> 0)) / TWO32;
    const at = this.slot(lo, hi);
    if (this.hi[at] === -1) {
      this.size++;
      this.lo[at] = lo;
      this.hi[at] = hi;
      this.cost[at] = cost;
      if (this.size * 2 > this.mask) this.grow();
      return true;
    }
    if (this.cost[at]! <= cost) return false;
    this.cost[at] = cost;
    return true;
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
  bestCost.lower(start, 0);
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
        if (!bestCost.lower(to, c)) continue;
        visit(to, c, from, usable[k]!, d);
        // Judged now, a state that cannot lead to anything better is not kept for the next depth.
        if (hopeless?.(to, c, depth - d)) continue;
        next.push(states.add(to, c, from, usable[k]!));
      }
    }
    if (!complete) break;
    frontier = next;
    options.onProgress?.(d / depth);
  }
  return { states, complete, evaluated };
}

/** Sums over the effects of a set, read from its five bytes: `table[b * 256 + byte b of the set]`. */
function byteSum(table: Float64Array, mask: number, offset = 0): number {
  const lo = mask >>> 0;
  const hi = (mask - lo) / TWO32;
  return (
    table[offset + (lo & 255)]! +
    table[offset + 256 + ((lo >>> 8) & 255)]! +
    table[offset + 512 + ((lo >>> 16) & 255)]! +
    table[offset + 768 + (lo >>> 24)]! +
    table[offset + 1024 + (hi & 255)]!
  );
}

/** A byte table (5 × 256) of Σ `weight(effect)` over the effects of each byte value. */
function fillByteTable(table: Float64Array, offset: number, effects: number, weight: (e: number) => number) {
  for (let b = 0; b < 5; b++) {
    const at = offset + b * 256;
    for (let v = 1; v < 256; v++) {
      const low = v & -v;
      const e = b * 8 + 31 - Math.clz32(low);
      table[at + v] = table[at + (v ^ low)]! + (e < effects ? weight(e) : 0);
    }
  }
}

/** What the search's upper bound needs, computed once per game data and set of excluded ingredients. */
interface BoundTables {
  /** Usable ingredients: their indexes and prices. */
  usable: number[];
  prices: Float64Array;
  minPrice: number;
  /** `values`: the multipliers of a set (its own value); byte table. */
  values: Float64Array;
  /**
   * `steps[((r × n + i) × 1280) + byte table]`: the best each effect can become when ingredient i is
   * the next step and r − 1 steps follow.
   */
  steps: Float64Array;
  /**
   * `pairs[(i × 1280) + byte table]`, two steps left: the next step is ingredient i, and within each
   * byte the effects share one best second ingredient (tighter than `steps` at r = 2).
   */
  pairs: Float64Array;
  /** `perByte[r]`: the same with every byte taking its own best ingredient (a quicker, looser filter). */
  perByte: Float64Array[];
  /** `added[r][i]`: the best the effect ingredient i adds can become in the r − 1 steps after it. */
  added: Float64Array[];
  /** `later[r][free]`: the most the effects added by the steps after the first can bring. */
  later: Float64Array[];
  /** `perByteAdd[r][free]`: the most added effects can bring, whichever the first ingredient. */
  perByteAdd: Float64Array[];
}

const boundTablesCache = new WeakMap<MixingData, Map<string, BoundTables>>();

function boundTablesOf(data: MixingData, excludedList: readonly number[]): BoundTables {
  const key = [...new Set(excludedList)].sort((a, b) => a - b).join();
  let byData = boundTablesCache.get(data);
  if (!byData) {
    byData = new Map();
    boundTablesCache.set(data, byData);
  }
  const cached = byData.get(key);
  if (cached) return cached;
  const excluded = new Set(excludedList);
  const usable = data.compiled.map((_, i) => i).filter((i) => !excluded.has(i));
  const compiled = usable.map((i) => data.compiled[i]!);
  const n = usable.length;
  const effects = data.ordered.length;
  // reach[r][e]: the most valuable effect e can become in r steps through any rules (or stay).
  const reach: Float64Array[] = [Float64Array.from(data.ordered, (e) => e.multiplier)];
  for (let r = 1; r <= MAX_EFFECTS; r++) {
    const prev = reach[r - 1]!;
    const next = Float64Array.from(prev);
    for (const { rules } of compiled)
      for (const [from, to] of rules) next[from] = Math.max(next[from]!, prev[to]!);
    reach.push(next);
  }
  // slot[r]: the best an effect added with r steps left (the adding step included) can become.
  const slot = reach.map((_, r) =>
    r === 0 ? 0 : Math.max(0, ...compiled.map(({ base }) => reach[r - 1]![base]!)),
  );
  const later = reach.map((_, r) =>
    Float64Array.from({ length: MAX_EFFECTS + 1 }, (_, free) => {
      let sum = 0;
      for (let j = 2; j <= r && j - 1 <= free; j++) sum += slot[r - j + 1]!;
      return sum;
    }),
  );
  const steps = new Float64Array((MAX_EFFECTS + 1) * n * 1280);
  for (let r = 1; r <= MAX_EFFECTS; r++) {
    const after = reach[r - 1]!;
    for (let i = 0; i < n; i++) {
      const target = Int32Array.from({ length: effects }, (_, e) => e);
      for (const [from, to] of compiled[i]!.rules) target[from] = to;
      // With ingredient i an effect either stays (no rule, or its target is there) or moves once.
      fillByteTable(steps, (r * n + i) * 1280, effects, (e) => Math.max(after[e]!, after[target[e]!]!));
    }
  }
  const targets = compiled.map(({ rules }) => {
    const target = Int32Array.from({ length: effects }, (_, e) => e);
    for (const [from, to] of rules) target[from] = to;
    return target;
  });
  const multiplier = reach[0]!;
  const pairs = new Float64Array(n * 1280);
  const row = new Float64Array(1280);
  for (let i = 0; i < n; i++) {
    const ti = targets[i]!;
    for (let j = 0; j < n; j++) {
      const tj = targets[j]!;
      // Each effect: stays, or moves once in either step, or in both.
      fillByteTable(row, 0, effects, (e) =>
        Math.max(multiplier[e]!, multiplier[ti[e]!]!, multiplier[tj[e]!]!, multiplier[tj[ti[e]!]!]!),
      );
      for (let k = 0; k < 1280; k++) pairs[i * 1280 + k] = Math.max(pairs[i * 1280 + k]!, row[k]!);
    }
  }
  const perByte = reach.map((_, r) => {
    const out = new Float64Array(1280);
    if (r === 0) return out;
    for (let i = 0; i < n; i++) {
      const at = (r * n + i) * 1280;
      for (let k = 0; k < 1280; k++) out[k] = Math.max(out[k]!, steps[at + k]!);
    }
    return out;
  });
  const added = reach.map((_, r) =>
    Float64Array.from(compiled, ({ base }) => (r === 0 ? 0 : reach[r - 1]![base]!)),
  );
  const perByteAdd = reach.map((_, r) =>
    Float64Array.from({ length: MAX_EFFECTS + 1 }, (_, free) =>
      free === 0 || r === 0
        ? 0
        : Math.max(later[r]![free]!, ...Array.from(added[r]!, (a) => a + later[r]![free - 1]!)),
    ),
  );
  const values = new Float64Array(1280);
  fillByteTable(values, 0, effects, (e) => reach[0]![e]!);
  const prices = Float64Array.from(usable, (i) => data.ingredients[i]!.price);
  const tables: BoundTables = {
    usable,
    prices,
    minPrice: n > 0 ? Math.min(...prices) : 0,
    values,
    steps,
    pairs,
    perByte,
    added,
    later,
    perByteAdd,
  };
  byData.set(key, tables);
  return tables;
}

/**
 * An upper bound for pruning the best-mix search: whether a product can still reach a score (sell
 * price, or profit) from an effect set with `cost` spent, in one to `remaining` more steps (the set
 * itself has been judged already).
 *
 * The next step is judged per ingredient: with ingredient i, each effect either stays or becomes its
 * rule's target (a step moves an effect at most once and never merges two), and the ingredient's own
 * effect may join when there is room. After that step the remaining steps are relaxed per effect: an
 * effect can at best become the most valuable effect reachable from it through any rules in that many
 * steps, and each later step adds at most one effect (at most 8 in all). The sums per ingredient are
 * read from byte tables (five lookups). With two steps left (where most states are) the second step
 * is not relaxed per effect but shared by the effects of each byte (`pairs`), and what passes has its
 * next step taken for real: 16 steps, each judged by its own value and by the nearly exact one-step
 * bound.
 *
 * The value is an integer, so floor(base × (1 + sum)) + 1 − spent ≥ score exactly when base × (1 +
 * sum) ≥ score − 1 + spent; the + 1 covers the game's float32 sum, which never moves a value by a
 * whole unit.
 */
function boundsOf(data: MixingData, options: SearchOptions) {
  const { usable, prices, minPrice, values, steps, pairs, perByte, added, later, perByteAdd } = boundTablesOf(
    data,
    options.excluded ?? [],
  );
  const n = usable.length;
  const profit = options.objective === 'profit';
  const base = options.product.basePrice;
  const sizeOf = (mask: number) => {
    const lo = mask >>> 0;
    return popcount32(lo) + popcount32((mask - lo) / TWO32);
  };
  /** The per-ingredient bound (first step per ingredient, the rest relaxed). */
  const stepsReach = (mask: number, cost: number, r: number, score: number) => {
    const table = r === 2 ? pairs : steps;
    const first = r === 2 ? 0 : r * n * 1280;
    const free = MAX_EFFECTS - sizeOf(mask);
    // Room left: the first step may add its effect and later steps one each, or only later steps.
    const restAfterAdd = free > 0 ? later[r]![free - 1]! : 0;
    const restOnly = later[r]![free]!;
    const adds = added[r]!;
    const need = score - 1 + (profit ? cost : 0);
    for (let i = 0, at = first; i < n; i++, at += 1280) {
      let sum = byteSum(table, mask, at);
      if (free > 0) sum += Math.max(adds[i]! + restAfterAdd, restOnly);
      if (base * (1 + sum) >= need + (profit ? prices[i]! : 0)) return true;
    }
    return false;
  };
  /** The looser five-lookup filter: any continuation pays at least the cheapest ingredient. */
  const quickReach = (mask: number, cost: number, r: number, score: number) =>
    base * (1 + byteSum(perByte[r]!, mask) + perByteAdd[r]![MAX_EFFECTS - sizeOf(mask)]!) >=
    score - 1 + (profit ? cost + minPrice : 0);
  return (mask: number, cost: number, remaining: number, score: number) => {
    const r = Math.min(remaining, MAX_EFFECTS);
    if (!quickReach(mask, cost, r, score) || !stepsReach(mask, cost, r, score)) return false;
    if (r !== 2) return true;
    for (let i = 0; i < n; i++) {
      const child = nextMask(data, mask, usable[i]!);
      const childCost = cost + prices[i]!;
      // Stopping after this step (for profit, no second ingredient is paid for then) …
      if (profit && base * (1 + byteSum(values, child)) >= score - 1 + childCost) return true;
      // … or one more step.
      if (quickReach(child, childCost, 1, score) && stepsReach(child, childCost, 1, score)) return true;
    }
    return false;
  };
}

/**
 * For required effects: true when some required effect can no longer be on the product within
 * `remaining` steps, whatever the score. A step moves an effect along one rule at most, and an
 * effect can only appear as an ingredient's own effect or a rule's target, so the steps an absent
 * effect needs are at least the shortest rule path to it from an effect of the set, or one step
 * (adding an ingredient's effect) plus the shortest path from that effect (blocked rules and the
 * 8-effect cap only make it longer).
 */
function requirementCheck(data: MixingData, options: SearchOptions, required: readonly number[]) {
  if (required.length === 0) return undefined;
  const excluded = new Set(options.excluded ?? []);
  const usable = data.compiled.filter((_, i) => !excluded.has(i));
  const effects = data.ordered.length;
  const checks = required.map((target) => {
    // Shortest rule paths to the target, walking the rules backwards.
    const dist = new Float64Array(effects).fill(Number.POSITIVE_INFINITY);
    dist[target] = 0;
    for (let d = 0, changed = true; changed; d++) {
      changed = false;
      for (const { rules } of usable) {
        for (const [from, to] of rules) {
          if (dist[to] === d && dist[from]! > d + 1) {
            dist[from] = d + 1;
            changed = true;
          }
        }
      }
    }
    const byAdding = 1 + Math.min(...usable.map(({ base }) => dist[base]!));
    const table = new Float64Array(1280).fill(Number.POSITIVE_INFINITY);
    for (let b = 0; b < 5; b++) {
      for (let v = 1; v < 256; v++) {
        const low = v & -v;
        const e = b * 8 + 31 - Math.clz32(low);
        table[b * 256 + v] = Math.min(
          table[b * 256 + (v ^ low)]!,
          e < effects ? dist[e]! : Number.POSITIVE_INFINITY,
        );
      }
    }
    return { table, byAdding };
  });
  return (mask: number, remaining: number) => {
    const lo = mask >>> 0;
    const hi = (mask - lo) / TWO32;
    for (const { table, byAdding } of checks) {
      const steps = Math.min(
        byAdding,
        table[lo & 255]!,
        table[256 + ((lo >>> 8) & 255)]!,
        table[512 + ((lo >>> 16) & 255)]!,
        table[768 + (lo >>> 24)]!,
        table[1024 + (hi & 255)]!,
      );
      if (steps > remaining) return true;
    }
    return false;
  };
}

function wordsOf(data: MixingData, names: readonly string[]): [number, number] {
  const mask = maskOf(data, names);
  const lo = mask >>> 0;
  return [lo, (mask - lo) / TWO32];
}

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

/** How many states per depth the quick first pass of the best-mix search follows. */
const BEAM_WIDTH = 800;
/** From how many ingredients on the search makes that first pass. */
const BEAM_FROM_DEPTH = 6;

/**
 * A quick first pass for the best-mix search: a beam search that follows only the best-scoring
 * states of each depth. It proves nothing about the optimum, but the `keep` distinct effect sets it
 * meets are real, so the `keep`-th best score among them is a floor the exact search may prune
 * against from its first depth on (instead of from the scores it has met so far, which at the
 * shallow depths are far below the optimum). -Infinity when it met fewer than `keep` sets.
 */
function beamFloor(
  data: MixingData,
  options: SearchOptions,
  keep: number,
  allowed: (mask: number) => boolean,
  valueAt: (mask: number) => number,
): number {
  const excluded = new Set(options.excluded ?? []);
  const usable = data.ingredients.map((_, i) => i).filter((i) => !excluded.has(i));
  const profit = options.objective === 'profit';
  const depth = Math.max(0, Math.min(MAX_EFFECTS, Math.floor(options.maxIngredients)));
  const found = new Map<number, number>();
  let frontier: { mask: number; cost: number; rank: number }[] = [
    { mask: maskOf(data, options.product.baseEffects), cost: 0, rank: 0 },
  ];
  for (let d = 1; d <= depth; d++) {
    if (options.cancelled?.()) return Number.NEGATIVE_INFINITY;
    const cheapest = new Map<number, number>();
    for (const { mask, cost } of frontier) {
      for (const i of usable) {
        const to = nextMask(data, mask, i);
        const c = cost + data.ingredients[i]!.price;
        const known = cheapest.get(to);
        if (known === undefined || c < known) cheapest.set(to, c);
      }
    }
    const next: typeof frontier = [];
    for (const [mask, cost] of cheapest) {
      const price = valueAt(mask);
      const score = profit ? price - cost : price;
      if (allowed(mask) && !((found.get(mask) ?? Number.NEGATIVE_INFINITY) >= score)) found.set(mask, score);
      // Among equal prices the cheaper state is the more promising one.
      next.push({ mask, cost, rank: profit ? score : price - cost / 1000 });
    }
    next.sort((a, b) => b.rank - a.rank);
    frontier = next.slice(0, BEAM_WIDTH);
  }
  if (found.size < keep) return Number.NEGATIVE_INFINITY;
  return [...found.values()].sort((a, b) => b - a)[keep - 1]!;
}

/**
 * The best mix of a product within a number of ingredients: the highest sell price or the highest
 * profit, under optional constraints. Exact: every reachable effect set is judged with its cheapest
 * sequence, and a state is dropped only when a safe upper bound proves nothing it leads to can enter
 * the answer. Ties go to the cheaper, then the shorter sequence.
 */
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
  const allowed = (mask: number) => {
    const lo = mask >>> 0;
    const hi = (mask - lo) / TWO32;
    return (lo & reqLo) >>> 0 === reqLo && (hi & reqHi) === reqHi && (lo & forLo) === 0 && (hi & forHi) === 0;
  };
  // Shallow searches are over before a first pass would pay for itself.
  const floor =
    options.maxIngredients >= BEAM_FROM_DEPTH
      ? beamFloor(data, options, keep, allowed, valueAt)
      : Number.NEGATIVE_INFINITY;
  // A state that can no longer have every required effect, or whose best possible outcome cannot
  // reach the answer's last place (the floor, or the last entry once the list is full and better),
  // is not expanded: branch and bound with a safe bound, so
  // the answer stays exact. Ties are expanded, so ties still go to the cheaper, shorter sequence.
  const unreachable = requirementCheck(
    data,
    options,
    [...new Set(options.required ?? [])].map((name) => effectIndex(data, name)),
  );
  const hopeless = (mask: number, cost: number, remaining: number) => {
    if (unreachable?.(mask, remaining)) return true;
    const last = top.length < keep ? floor : Math.max(floor, top[top.length - 1]!.score);
    return last > Number.NEGATIVE_INFINITY && !bound(mask, cost, remaining, last);
  };
  const better = (a: Top, b: Top) =>
    a.score !== b.score ? a.score > b.score : a.cost !== b.cost ? a.cost < b.cost : a.depth < b.depth;
  const { states, complete, evaluated } = explore(
    data,
    options,
    (mask, cost, parent, ingredient, depth) => {
      if (!allowed(mask)) return;
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
  options: {
    maxIngredients?: number;
    excluded?: readonly number[];
    onProgress?: (share: number) => void;
    cancelled?: () => boolean;
  } = {},
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
      onProgress: options.onProgress,
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
