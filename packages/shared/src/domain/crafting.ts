/**
 * Crafting (specification §2.1 /crafting and §5): the nested component tree of an item with
 * quantities and prices.
 *
 * A recipe is the list of `required` entries that carry an itemId (quest and hideout entries of the
 * same list are ignored). One craft of an item yields its resultQuantity (at least 1). A component
 * needed `q` times per craft of a parent needed `p` times is needed `q × p ÷ resultQuantity(parent)`
 * times; its price is its unit price times that quantity. Sums use the raw numbers; only display
 * rounds to 2 decimals.
 */
import { numberFormat } from '../i18n/number-format.ts';
import { isItemCardShown, matchesItemFilter } from './items.ts';

export interface CraftRequirementLike {
  quantity: number;
  itemId?: string | null;
}

export interface CraftItemLike {
  _id: string;
  itemName: string;
  pricePerUnit?: number | null;
  resultQuantity?: number | null;
  required?: readonly CraftRequirementLike[] | null;
}

export type CraftErrorReason = 'cycle' | 'missing' | 'depth';

export interface CraftItemNode<I extends CraftItemLike = CraftItemLike> {
  kind: 'item';
  itemId: string;
  item: I;
  /** Units of this item needed at this place of the tree. */
  quantity: number;
  /** Quantity per craft of the parent, as written in the recipe (the root: undefined). */
  recipeQuantity?: number;
  unitPrice: number;
  /** unitPrice × quantity */
  totalPrice: number;
  /** Sum of the children's totalPrice (0 when the item is not crafted from components). */
  componentsPrice: number;
  /** How many crafts make `quantity` units (quantity ÷ resultQuantity). */
  crafts: number;
  resultQuantity: number;
  depth: number;
  children: CraftNode<I>[];
}

export interface CraftErrorNode {
  kind: 'error';
  reason: CraftErrorReason;
  itemId: string;
  quantity: number;
  recipeQuantity?: number;
  depth: number;
  /** For a cycle: the item ids from the root to the repeated item (included twice). */
  path: string[];
}

export type CraftNode<I extends CraftItemLike = CraftItemLike> = CraftItemNode<I> | CraftErrorNode;

/** Maximum depth of a tree; deeper branches are reported instead of followed. */
export const maxCraftDepth = 32;

/** The component entries of an item's recipe. */
export function recipeOf(item: Pick<CraftItemLike, 'required'>): { itemId: string; quantity: number }[] {
  const out: { itemId: string; quantity: number }[] = [];
  for (const r of item.required ?? []) {
    if (typeof r.itemId === 'string' && r.itemId !== '') out.push({ itemId: r.itemId, quantity: r.quantity });
  }
  return out;
}

export function isCraftable(item: Pick<CraftItemLike, 'required'>): boolean {
  return recipeOf(item).length > 0;
}

/** Units one craft yields (at least 1). */
export function resultQuantityOf(item: Pick<CraftItemLike, 'resultQuantity'>): number {
  const r = item.resultQuantity;
  return typeof r === 'number' && Number.isFinite(r) && r >= 1 ? r : 1;
}

export function unitPriceOf(item: Pick<CraftItemLike, 'pricePerUnit'>): number {
  const p = item.pricePerUnit;
  return typeof p === 'number' && Number.isFinite(p) && p > 0 ? p : 0;
}

/** Quantity of a component: recipe quantity × parent quantity ÷ parent result quantity. */
export function scaledQuantity(
  recipeQuantity: number,
  parentQuantity: number,
  parentResultQuantity: number,
): number {
  return (recipeQuantity * parentQuantity) / Math.max(parentResultQuantity || 1, 1);
}

/** Price of a component: unit price × its scaled quantity. */
export function componentPrice(
  unitPrice: number,
  recipeQuantity: number,
  parentQuantity: number,
  parentResultQuantity: number,
): number {
  return unitPrice * scaledQuantity(recipeQuantity, parentQuantity, parentResultQuantity);
}

/** Rounds to 2 decimals (1.005 → 1.01). */
export function roundPrice(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Number((value * 100).toPrecision(15))) / 100;
}

/** Currency symbols written before the amount; other symbols and words follow it. */
const leadingSymbols: ReadonlySet<string> = new Set(['$', '£', '€', '¥']);

/**
 * A price as shown: thousands separators, no needless decimals (2 only when there is a fraction),
 * and the game's currency: '$1,200', '1,200₽', '1,200 gold' (in English; `locale` sets the separators).
 */
export function formatPrice(value: number, currency = '', locale = 'en-US'): string {
  const rounded = roundPrice(value);
  const digits = Number.isInteger(rounded) ? 0 : 2;
  const amount = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(rounded);
  const unit = currency.trim();
  if (!unit) return amount;
  if (leadingSymbols.has(unit)) return rounded < 0 ? `-${unit}${amount.slice(1)}` : `${unit}${amount}`;
  return [...unit].length === 1 ? `${amount}${unit}` : `${amount} ${unit}`;
}

/**
 * Crafting against buying, for the quantity of a tree: what buying costs at the item's own price,
 * what its components cost, and how much crafting saves (negative: buying is cheaper). Undefined
 * when the item has no price or no priced components to compare.
 */
export function craftVersusBuy(tree: CraftNode): { buy: number; craft: number; saving: number } | undefined {
  if (tree.kind !== 'item' || tree.totalPrice <= 0 || tree.componentsPrice <= 0) return undefined;
  return {
    buy: tree.totalPrice,
    craft: tree.componentsPrice,
    saving: tree.totalPrice - tree.componentsPrice,
  };
}

/** A quantity as shown: whole numbers as they are, fractions with up to 2 decimals. */
export function formatQuantity(value: number, locale = 'en-US'): string {
  return numberFormat(locale, { maximumFractionDigits: 2 }).format(roundPrice(value));
}

type ItemSource<I extends CraftItemLike> = ReadonlyMap<string, I> | readonly I[];

function toMap<I extends CraftItemLike>(items: ItemSource<I>): ReadonlyMap<string, I> {
  return items instanceof Map ? items : new Map((items as readonly I[]).map((i) => [i._id, i]));
}

/**
 * The component tree of an item at any depth. `quantity` is the number of units wanted at the root
 * (default: one craft, i.e. the item's resultQuantity). A component that is missing, that repeats an
 * item of its own branch (a cycle) or that lies deeper than maxCraftDepth becomes an error node;
 * the tree never loops. Returns an error node when the root item itself is missing.
 */
export function craftingTree<I extends CraftItemLike>(
  itemId: string,
  items: ItemSource<I>,
  options: { quantity?: number } = {},
): CraftNode<I> {
  const byId = toMap(items);
  const root = byId.get(itemId);
  const quantity = options.quantity ?? (root ? resultQuantityOf(root) : 1);
  return build(itemId, quantity, undefined, 0, [], byId);
}

function build<I extends CraftItemLike>(
  itemId: string,
  quantity: number,
  recipeQuantity: number | undefined,
  depth: number,
  path: readonly string[],
  byId: ReadonlyMap<string, I>,
): CraftNode<I> {
  const error = (reason: CraftErrorReason, p: string[] = []): CraftErrorNode => ({
    kind: 'error',
    reason,
    itemId,
    quantity,
    recipeQuantity,
    depth,
    path: p,
  });
  if (path.includes(itemId)) return error('cycle', [...path, itemId]);
  const item = byId.get(itemId);
  if (!item) return error('missing');
  if (depth > maxCraftDepth) return error('depth');

  const resultQuantity = resultQuantityOf(item);
  const unitPrice = unitPriceOf(item);
  const childPath = [...path, itemId];
  const children = recipeOf(item).map((c) =>
    build(
      c.itemId,
      scaledQuantity(c.quantity, quantity, resultQuantity),
      c.quantity,
      depth + 1,
      childPath,
      byId,
    ),
  );
  let componentsPrice = 0;
  for (const c of children) if (c.kind === 'item') componentsPrice += c.totalPrice;
  return {
    kind: 'item',
    itemId,
    item,
    quantity,
    recipeQuantity,
    unitPrice,
    totalPrice: unitPrice * quantity,
    componentsPrice,
    crafts: quantity / resultQuantity,
    resultQuantity,
    depth,
    children,
  };
}

/** Every error node of a tree, in tree order. */
export function craftingProblems(node: CraftNode): CraftErrorNode[] {
  if (node.kind === 'error') return [node];
  return node.children.flatMap(craftingProblems);
}

export interface BaseMaterial<I extends CraftItemLike = CraftItemLike> {
  item: I;
  quantity: number;
  totalPrice: number;
}

/**
 * The raw materials of a tree (its leaves: components that are not crafted), summed per item and
 * sorted by total price descending. The sum of their prices is the cost of crafting everything
 * from scratch.
 */
export function baseMaterials<I extends CraftItemLike>(node: CraftNode<I>): BaseMaterial<I>[] {
  const sums = new Map<string, BaseMaterial<I>>();
  const walk = (n: CraftNode<I>, isRoot: boolean) => {
    if (n.kind === 'error') return;
    if (n.children.length > 0) {
      for (const c of n.children) walk(c, false);
      return;
    }
    if (isRoot) return;
    const s = sums.get(n.itemId);
    if (s) {
      s.quantity += n.quantity;
      s.totalPrice += n.totalPrice;
    } else sums.set(n.itemId, { item: n.item, quantity: n.quantity, totalPrice: n.totalPrice });
  };
  walk(node, true);
  return [...sums.values()].sort(
    (a, b) => b.totalPrice - a.totalPrice || a.item.itemName.localeCompare(b.item.itemName),
  );
}

/** Number of levels below the root (0 for an item without components). */
export function treeDepth(node: CraftNode): number {
  if (node.kind === 'error' || node.children.length === 0) return 0;
  return 1 + Math.max(...node.children.map(treeDepth));
}

/** Craftable items of a list, sorted by name; `text` filters by name from 3 characters. */
export function craftableItems<I extends CraftItemLike>(items: readonly I[], text = ''): I[] {
  return items
    .filter((i) => isItemCardShown(i) && isCraftable(i) && matchesItemFilter(i, text))
    .sort((a, b) => a.itemName.localeCompare(b.itemName) || a._id.localeCompare(b._id));
}
