/**
 * Rules of the Schedule I tools around the mixing itself: ranks, the calculator's shareable link,
 * which customers like a mix, and the recipe list's sorting.
 */
import { ingredientIndex, type MixingData, type MixProduct, productOf } from './mixing.ts';

/** The game's rank titles, lowest first; each has five tiers (I–V). */
export const RANK_TITLES = [
  'Street Rat',
  'Hoodlum',
  'Peddler',
  'Hustler',
  'Bagman',
  'Enforcer',
  'Shot Caller',
  'Block Boss',
  'Underlord',
  'Baron',
  'Kingpin',
] as const;
const ROMAN = ['I', 'II', 'III', 'IV', 'V'] as const;

/** Every rank name in order ('Street Rat I' … 'Kingpin V'). */
export const RANKS: readonly string[] = RANK_TITLES.flatMap((t) => ROMAN.map((r) => `${t} ${r}`));

/** A rank's position (0 = Street Rat I); an empty or unknown rank is 0 (sold from the start). */
export function rankValue(rank: string | undefined): number {
  const i = RANKS.indexOf((rank ?? '').trim().replace(/\s+/g, ' '));
  return Math.max(0, i);
}

/** Indexes of the ingredients a player below `rank` cannot use (for the best-mix rank limit). */
export function ingredientsAboveRank(data: MixingData, rank: string): number[] {
  const limit = rankValue(rank);
  return data.ingredients.flatMap((ing, i) => (rankValue(ing.unlockRank) > limit ? [i] : []));
}

/** What a calculator link says: `?product=&mix=` (names or ids, any case) and the finder's options. */
export interface CalculatorLink {
  product: MixProduct | undefined;
  ingredients: number[];
  /** Names in the link that match no ingredient (or product). */
  unknown: string[];
  optimize: 'price' | 'profit' | null;
  max: number;
}

/** The query of a link (a `URLSearchParams` in the browser). */
export interface QueryParams {
  get(name: string): string | null | undefined;
}

/** Reads a calculator link's query. The best-mix depth defaults to 8 and is kept within 1–8. */
export function parseCalculatorLink(data: MixingData, params: QueryParams): CalculatorLink {
  const unknown: string[] = [];
  const productName = params.get('product')?.trim() ?? '';
  const product = productName ? productOf(data, productName) : undefined;
  if (productName && !product) unknown.push(productName);
  const ingredients: number[] = [];
  for (const part of (params.get('mix') ?? '').split(',')) {
    const name = part.trim();
    if (!name) continue;
    const i = ingredientIndex(data, name);
    if (i < 0) unknown.push(name);
    else ingredients.push(i);
  }
  const goal = params.get('optimize');
  const optimize = goal === 'price' || goal === 'profit' ? goal : null;
  const raw = Number.parseInt(params.get('max') ?? '', 10);
  const max = Number.isFinite(raw) ? Math.min(8, Math.max(1, raw)) : 8;
  return { product, ingredients, unknown, optimize, max };
}

/** Form-encodes a value, keeping it readable: spaces as '+'. */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/** The link of a mix: product and ingredients by the names the game shows, commas between steps. */
export function calculatorQuery(
  data: MixingData,
  product: MixProduct,
  ingredients: readonly number[],
): string {
  const query = `product=${formEncode(product.name)}`;
  if (ingredients.length === 0) return query;
  return `${query}&mix=${ingredients.map((i) => formEncode(data.ingredients[i]!.name)).join(',')}`;
}

export interface CustomerLike {
  name: string;
  region: string;
  favouriteEffects: string[];
  weeklySpend: { min: number; max: number };
  productAffinity?: Record<string, number>;
}

export interface CustomerMatch<C extends CustomerLike> {
  customer: C;
  /** The mix's effects the customer favours. */
  matched: string[];
}

/**
 * The customers who like a mix: those who favour at least one of its effects, most matches first,
 * then the ones who like the product's type most, then the biggest spenders, then by name.
 */
export function customersForMix<C extends CustomerLike>(
  customers: readonly C[],
  effects: readonly string[],
  productType = '',
): CustomerMatch<C>[] {
  const wanted = new Set(effects.map((e) => e.toLowerCase()));
  const affinity = (c: C) => c.productAffinity?.[productType] ?? 0;
  return customers
    .map((customer) => ({
      customer,
      matched: customer.favouriteEffects.filter((e) => wanted.has(e.toLowerCase())),
    }))
    .filter((m) => m.matched.length > 0)
    .sort(
      (a, b) =>
        b.matched.length - a.matched.length ||
        affinity(b.customer) - affinity(a.customer) ||
        b.customer.weeklySpend.max - a.customer.weeklySpend.max ||
        a.customer.name.localeCompare(b.customer.name),
    );
}

export type RecipeSort = 'profit' | 'price' | 'cost' | 'length';

export interface RecipeFigures {
  name: string;
  productId: string;
  effects: string[];
  price: number;
  cost: number;
  profit: number;
  length: number;
}

/**
 * The recipe list's rows: of one product (or all when empty), having every chosen effect, sorted
 * (profit, price: highest first; cost, length: lowest first; then by name).
 */
export function filterRecipes<R extends RecipeFigures>(
  rows: readonly R[],
  options: { productId?: string; effects?: readonly string[]; sort: RecipeSort },
): R[] {
  const need = (options.effects ?? []).map((e) => e.toLowerCase());
  const descending = options.sort === 'profit' || options.sort === 'price';
  return rows
    .filter((r) => !options.productId || r.productId === options.productId)
    .filter((r) => {
      const has = new Set(r.effects.map((e) => e.toLowerCase()));
      return need.every((e) => has.has(e));
    })
    .sort((a, b) => {
      const d = descending ? b[options.sort] - a[options.sort] : a[options.sort] - b[options.sort];
      return d || a.name.localeCompare(b.name);
    });
}
