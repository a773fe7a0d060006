/**
 * Items To Keep rules (specification §4 and §5): required totals, the list filter, the +/- limits
 * and the sort order.
 *
 * An item's `required` list mixes three kinds of entries; only the first two matter here:
 * - quest entries: a non-empty questId (the quantity to hand over for that quest),
 * - hideout entries: a hideoutModuleLevel (the quantity to build that module level),
 * - crafting entries: an itemId (a component of a recipe; see crafting.ts) — ignored here.
 *
 * Every item has two counters: the normal one and the 'in raid' one (found-in-raid items,
 * `findOnly`). The normal total ignores findOnly entries; the in-raid total counts only them.
 *
 * Done requirements no longer count as needed: quest entries of completed quests, and hideout
 * entries of module levels the player has built (a built level of 2 covers levels 1 and 2).
 */
import { constants } from '../constants.ts';
import type { CompletedQuests } from './quests.ts';

export interface ItemRequirementLike {
  quantity: number;
  findOnly?: boolean;
  questId?: string | null;
  hideoutModuleLevel?: { moduleId: string; level: number } | null;
  itemId?: string | null;
}

/** The part of an item these rules need. */
export interface KeepItemLike {
  _id: string;
  itemName: string;
  questItem?: boolean;
  required?: readonly ItemRequirementLike[] | null;
}

/** One counter of the items-to-keep save. */
export interface OwnedEntry {
  itemId: string;
  findOnly: boolean;
  quantity: number;
}

/** 'quests' and 'hideout' are the page's two choices; 'all' counts both kinds of entries. */
export type KeepMode = 'quests' | 'hideout' | 'all';

export function isQuestRequirement(r: ItemRequirementLike): boolean {
  return typeof r.questId === 'string' && r.questId.trim() !== '';
}

export function isHideoutRequirement(r: ItemRequirementLike): boolean {
  return r.hideoutModuleLevel != null && typeof r.hideoutModuleLevel.moduleId === 'string';
}

/** The level a player has built of one hideout module (0: nothing built). */
export interface BuiltLevel {
  moduleId: string;
  level: number;
}

/** Built levels per module id, as a map or as the save's list. */
export type BuiltLevels = ReadonlyMap<string, number> | readonly BuiltLevel[];

function builtMap(levels: BuiltLevels | undefined): ReadonlyMap<string, number> {
  if (!levels) return new Map();
  if (levels instanceof Map) return levels;
  return new Map((levels as readonly BuiltLevel[]).map((b) => [b.moduleId, b.level]));
}

/** The level built of a module (0 when the player has not built it). */
export function builtLevelOf(levels: BuiltLevels | undefined, moduleId: string): number {
  const level = builtMap(levels).get(moduleId);
  return level !== undefined && Number.isFinite(level) && level > 0 ? level : 0;
}

/**
 * A hideout requirement is done once its module is built to its level or higher. Without built
 * levels (guests, or a player who marked nothing) no hideout requirement is done.
 */
export function isHideoutRequirementCompleted(r: ItemRequirementLike, levels?: BuiltLevels): boolean {
  if (!isHideoutRequirement(r) || !levels) return false;
  const { moduleId, level } = r.hideoutModuleLevel!;
  return builtLevelOf(levels, moduleId) >= level;
}

/** The part of a hideout module these rules need. */
export interface HideoutModuleLike {
  moduleLevels?: readonly { level: number }[] | null;
}

/** The highest level of a module (0 for a module without levels): what can be marked built. */
export function moduleMaxLevel(module: HideoutModuleLike): number {
  return (module.moduleLevels ?? []).reduce(
    (max, l) => (Number.isInteger(l.level) && l.level > max ? l.level : max),
    0,
  );
}

/**
 * Sets the built level of one module in a save's list (level 0 removes the entry), keeping the list
 * sorted by module id as the server answers it.
 */
export function setBuiltLevel(levels: readonly BuiltLevel[], moduleId: string, level: number): BuiltLevel[] {
  const rest = levels.filter((b) => b.moduleId !== moduleId);
  if (level > 0) rest.push({ moduleId, level });
  return rest.sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
}

/**
 * The built level after ticking or un-ticking one requirement's level: ticking builds up to it
 * (never lowers), un-ticking leaves the level below it built.
 */
export function builtLevelAfterToggle(current: number, level: number, built: boolean): number {
  if (built) return Math.max(current, level);
  return current >= level ? Math.max(0, level - 1) : current;
}

export function hasQuestRequirement(item: KeepItemLike): boolean {
  return (item.required ?? []).some(isQuestRequirement);
}

export function hasHideoutRequirement(item: KeepItemLike): boolean {
  return (item.required ?? []).some(isHideoutRequirement);
}

export function matchesMode(item: KeepItemLike, mode: KeepMode): boolean {
  if (mode === 'quests') return hasQuestRequirement(item);
  if (mode === 'hideout') return hasHideoutRequirement(item);
  return hasQuestRequirement(item) || hasHideoutRequirement(item);
}

export interface TotalsOptions {
  completedQuests?: CompletedQuests;
  /** Hideout module levels the player has built: their entries are done. */
  builtLevels?: BuiltLevels;
  /** Count done entries too (completed quests, built levels; by default they are skipped). */
  includeCompleted?: boolean;
}

/** Whether one requirement is done for the player: its quest completed or its module level built. */
export function isRequirementDone(r: ItemRequirementLike, options: TotalsOptions = {}): boolean {
  if (isQuestRequirement(r)) return completedSet(options).has(r.questId!.trim());
  return isHideoutRequirementCompleted(r, options.builtLevels);
}

function completedSet(options: TotalsOptions): ReadonlySet<string> {
  const c = options.completedQuests ?? [];
  return c instanceof Set ? c : new Set(c as readonly string[]);
}

/** The requirement entries that count in a mode (quest and/or hideout entries, in list order). */
export function keepRequirements(item: KeepItemLike, mode: KeepMode): ItemRequirementLike[] {
  return (item.required ?? []).filter(
    (r) =>
      ((mode === 'quests' || mode === 'all') && isQuestRequirement(r)) ||
      ((mode === 'hideout' || mode === 'all') && isHideoutRequirement(r)),
  );
}

function quantityOf(r: ItemRequirementLike): number {
  return Number.isFinite(r.quantity) && r.quantity > 0 ? r.quantity : 0;
}

/**
 * The quantity required for one counter: `findOnly` false sums the non-findOnly entries, true sums
 * only the findOnly ones. Entries of completed quests and built hideout levels are skipped unless
 * includeCompleted.
 */
export function requiredTotal(
  item: KeepItemLike,
  mode: KeepMode,
  findOnly: boolean,
  options: TotalsOptions = {},
): number {
  const completed = completedSet(options);
  const built = builtMap(options.builtLevels);
  let total = 0;
  for (const r of keepRequirements(item, mode)) {
    if (Boolean(r.findOnly) !== findOnly) continue;
    if (!options.includeCompleted) {
      if (isQuestRequirement(r) ? completed.has(r.questId!.trim()) : isHideoutRequirementCompleted(r, built))
        continue;
    }
    total += quantityOf(r);
  }
  return total;
}

/** Quest totals only (entries with a non-empty questId). */
export function questRequiredTotal(
  item: KeepItemLike,
  findOnly: boolean,
  options: TotalsOptions = {},
): number {
  return requiredTotal(item, 'quests', findOnly, options);
}

/** Hideout totals only (entries of built levels skipped unless includeCompleted). */
export function hideoutRequiredTotal(
  item: KeepItemLike,
  findOnly: boolean,
  options: TotalsOptions = {},
): number {
  return requiredTotal(item, 'hideout', findOnly, options);
}

/** The owned quantity of one counter (0 when the save has no entry). */
export function ownedQuantity(owned: readonly OwnedEntry[], itemId: string, findOnly: boolean): number {
  const entry = owned.find((o) => o.itemId === itemId && Boolean(o.findOnly) === findOnly);
  return entry && Number.isFinite(entry.quantity) ? entry.quantity : 0;
}

export interface Counter {
  owned: number;
  required: number;
}

export interface KeepProgress {
  normal: Counter;
  inRaid: Counter;
  /** normal.required + inRaid.required */
  totalRequired: number;
  /** Nothing more is needed on either counter. */
  complete: boolean;
}

export function isCounterComplete(c: Counter): boolean {
  return c.owned >= c.required;
}

export function keepProgress(
  item: KeepItemLike,
  mode: KeepMode,
  owned: readonly OwnedEntry[],
  options: TotalsOptions = {},
): KeepProgress {
  const normal = {
    owned: ownedQuantity(owned, item._id, false),
    required: requiredTotal(item, mode, false, options),
  };
  const inRaid = {
    owned: ownedQuantity(owned, item._id, true),
    required: requiredTotal(item, mode, true, options),
  };
  return {
    normal,
    inRaid,
    totalRequired: normal.required + inRaid.required,
    complete: isCounterComplete(normal) && isCounterComplete(inRaid),
  };
}

/** A card is shown only for an item with an id and a non-empty name. */
export function isItemCardShown(item: Partial<Pick<KeepItemLike, '_id' | 'itemName'>>): boolean {
  return Boolean(item._id) && typeof item.itemName === 'string' && item.itemName.trim() !== '';
}

/** The item filter applies from 3 characters (spaces around ignored). */
export function isItemFilterActive(text: string): boolean {
  return text.trim().length >= constants.itemFilterMinChars;
}

/** Case-insensitive name substring match; every item matches while the filter is not active. */
export function matchesItemFilter(item: Pick<KeepItemLike, 'itemName'>, text: string): boolean {
  if (!isItemFilterActive(text)) return true;
  return item.itemName.toLocaleLowerCase().includes(text.trim().toLocaleLowerCase());
}

export interface KeepListOptions extends TotalsOptions {
  mode: KeepMode;
  text: string;
  showCompleted: boolean;
  owned: readonly OwnedEntry[];
}

export interface KeepRow<I extends KeepItemLike = KeepItemLike> extends KeepProgress {
  item: I;
}

/** Order of the list: total required quantity descending, then by name. */
export function compareKeepRows(a: KeepRow, b: KeepRow): number {
  return (
    b.totalRequired - a.totalRequired ||
    a.item.itemName.localeCompare(b.item.itemName) ||
    a.item._id.localeCompare(b.item._id)
  );
}

/**
 * The cards of the Items To Keep page: no quest items, only items with a requirement of the mode,
 * matching the filter and, unless showCompleted, still needed on the normal or the in-raid counter.
 */
export function itemsToKeep<I extends KeepItemLike>(
  items: readonly I[],
  options: KeepListOptions,
): KeepRow<I>[] {
  const rows: KeepRow<I>[] = [];
  for (const item of items) {
    if (!isItemCardShown(item) || item.questItem) continue;
    if (!matchesMode(item, options.mode) || !matchesItemFilter(item, options.text)) continue;
    const progress = keepProgress(item, options.mode, options.owned, options);
    if (!options.showCompleted && progress.complete) continue;
    rows.push({ item, ...progress });
  }
  return rows.sort(compareKeepRows);
}

/** An increase is allowed only while owned is below the required total. */
export function canIncrease(counter: Counter): boolean {
  return counter.owned < counter.required;
}

/** A decrease is allowed only above 0. */
export function canDecrease(counter: Pick<Counter, 'owned'>): boolean {
  return counter.owned > 0;
}

export interface QuantityChange {
  owned: OwnedEntry[];
  /** The counter's quantity after the change. */
  quantity: number;
  /** The quantity changed (false when the change was ignored). */
  changed: boolean;
}

/**
 * Applies +1 or -1 to one counter of the save, following the limits: an increase is ignored when
 * owned is at or above the required total; a decrease is ignored at 0 or below; decrementing a
 * counter that has no entry yet creates it with quantity 0.
 */
export function changeOwnedQuantity(
  owned: readonly OwnedEntry[],
  itemId: string,
  findOnly: boolean,
  delta: 1 | -1,
  required: number,
): QuantityChange {
  const index = owned.findIndex((o) => o.itemId === itemId && Boolean(o.findOnly) === findOnly);
  const current = index >= 0 ? owned[index].quantity : 0;
  if (delta === 1) {
    if (current >= required) return { owned: [...owned], quantity: current, changed: false };
    return {
      owned: setEntry(owned, index, { itemId, findOnly, quantity: current + 1 }),
      quantity: current + 1,
      changed: true,
    };
  }
  if (index < 0) return { owned: [...owned, { itemId, findOnly, quantity: 0 }], quantity: 0, changed: false };
  if (current <= 0) return { owned: [...owned], quantity: current, changed: false };
  return {
    owned: setEntry(owned, index, { itemId, findOnly, quantity: current - 1 }),
    quantity: current - 1,
    changed: true,
  };
}

/** Sets one counter to a quantity (no limits: used to apply the server's answer). */
export function setOwnedQuantity(
  owned: readonly OwnedEntry[],
  itemId: string,
  findOnly: boolean,
  quantity: number,
): OwnedEntry[] {
  const index = owned.findIndex((o) => o.itemId === itemId && Boolean(o.findOnly) === findOnly);
  return setEntry(owned, index, { itemId, findOnly, quantity });
}

function setEntry(owned: readonly OwnedEntry[], index: number, entry: OwnedEntry): OwnedEntry[] {
  if (index < 0) return [...owned, entry];
  const next = [...owned];
  next[index] = entry;
  return next;
}
