import { describe, expect, it } from 'vitest';
import {
  builtLevelAfterToggle,
  builtLevelOf,
  canDecrease,
  canIncrease,
  changeOwnedQuantity,
  hideoutRequiredTotal,
  isHideoutRequirementCompleted,
  isItemCardShown,
  isItemFilterActive,
  isRequirementDone,
  itemsToKeep,
  type KeepItemLike,
  keepProgress,
  keepRequirements,
  matchesItemFilter,
  matchesMode,
  moduleMaxLevel,
  type OwnedEntry,
  ownedQuantity,
  questRequiredTotal,
  requiredTotal,
  setBuiltLevel,
  setOwnedQuantity,
} from './items.ts';

const h = (moduleId: string, level: number, quantity: number, findOnly = false) => ({
  hideoutModuleLevel: { moduleId, level },
  quantity,
  findOnly,
});
const qr = (questId: string, quantity: number, findOnly = false) => ({ questId, quantity, findOnly });

// Shapes of the demo game: a crafting entry mixed with quest entries, hideout-only items, quest items.
const bandage: KeepItemLike = {
  _id: 'bandage',
  itemName: 'Bandage',
  required: [{ itemId: 'cloth', quantity: 2, findOnly: false }, qr('first_aid', 4, true)],
};
const antiseptic: KeepItemLike = {
  _id: 'antiseptic',
  itemName: 'Antiseptic Bottle',
  required: [qr('first_aid', 1), h('medstation', 2, 2)],
};
const steelPipe: KeepItemLike = {
  _id: 'steel_pipe',
  itemName: 'Steel Pipe',
  required: [qr('salt_and_steel', 3), h('workbench', 1, 2), h('water_collector', 2, 4)],
};
const goldBar: KeepItemLike = {
  _id: 'gold_bar',
  itemName: 'Gold Bar',
  required: [qr('the_vault', 2, true), qr('dividends', 3)],
};
const capacitor: KeepItemLike = { _id: 'capacitor', itemName: 'Capacitor', required: [h('generator', 2, 4)] };
const vaccine: KeepItemLike = {
  _id: 'vaccine',
  itemName: 'Vaccine Vial',
  questItem: true,
  required: [qr('cold_chain', 2, true)],
};
const saltpeter: KeepItemLike = { _id: 'saltpeter', itemName: 'Saltpeter', required: [] };
const items = [bandage, antiseptic, steelPipe, goldBar, capacitor, vaccine, saltpeter];

describe('required totals', () => {
  it('ignore findOnly entries in the normal total and count only them in the find-only total', () => {
    expect(questRequiredTotal(goldBar, false)).toBe(3);
    expect(questRequiredTotal(goldBar, true)).toBe(2);
    expect(questRequiredTotal(bandage, false)).toBe(0);
    expect(questRequiredTotal(bandage, true)).toBe(4);
  });
  it('count only quest entries with a non-empty questId, never crafting entries', () => {
    const odd: KeepItemLike = {
      _id: 'odd',
      itemName: 'Odd',
      required: [
        qr('', 5),
        qr('  ', 6),
        { questId: undefined, quantity: 7 },
        { itemId: 'x', quantity: 8 },
        qr('ok', 1),
      ],
    };
    expect(questRequiredTotal(odd, false)).toBe(1);
    expect(keepRequirements(odd, 'all')).toHaveLength(1);
  });
  it('skip completed quests unless told to include them', () => {
    expect(questRequiredTotal(goldBar, false, { completedQuests: ['dividends'] })).toBe(0);
    expect(questRequiredTotal(goldBar, true, { completedQuests: ['dividends'] })).toBe(2);
    expect(
      questRequiredTotal(goldBar, false, { completedQuests: ['dividends'], includeCompleted: true }),
    ).toBe(3);
    expect(questRequiredTotal(goldBar, false, { completedQuests: new Set(['dividends']) })).toBe(0);
  });
  it('sum hideout entries, none of them done without built levels', () => {
    expect(hideoutRequiredTotal(steelPipe, false)).toBe(6);
    expect(hideoutRequiredTotal(steelPipe, true)).toBe(0);
    expect(hideoutRequiredTotal({ _id: 'x', itemName: 'X', required: [h('m', 1, 2, true)] }, true)).toBe(2);
    expect(isHideoutRequirementCompleted(h('workbench', 1, 2))).toBe(false);
  });
  it('count both kinds in the all mode', () => {
    expect(requiredTotal(steelPipe, 'all', false)).toBe(9);
    expect(requiredTotal(steelPipe, 'all', false, { completedQuests: ['salt_and_steel'] })).toBe(6);
  });
  it('handle items without a requirement list', () => {
    expect(requiredTotal({ _id: 'n', itemName: 'N', required: null }, 'all', false)).toBe(0);
  });
});

describe('modes', () => {
  it('quest mode keeps items with a quest requirement, hideout mode those with a hideout one', () => {
    expect(matchesMode(antiseptic, 'quests')).toBe(true);
    expect(matchesMode(antiseptic, 'hideout')).toBe(true);
    expect(matchesMode(capacitor, 'quests')).toBe(false);
    expect(matchesMode(capacitor, 'hideout')).toBe(true);
    expect(matchesMode(goldBar, 'hideout')).toBe(false);
    expect(matchesMode(saltpeter, 'all')).toBe(false);
  });
});

describe('item filter and cards', () => {
  it('applies from 3 characters, case-insensitive', () => {
    expect(isItemFilterActive('ba')).toBe(false);
    expect(isItemFilterActive('ban')).toBe(true);
    expect(matchesItemFilter({ itemName: 'Bandage' }, 'xy')).toBe(true);
    expect(matchesItemFilter({ itemName: 'Bandage' }, 'NDA')).toBe(true);
    expect(matchesItemFilter({ itemName: 'Bandage' }, 'pipe')).toBe(false);
  });
  it('shows a card only with an id and a non-empty name', () => {
    expect(isItemCardShown({ _id: 'a', itemName: 'A' })).toBe(true);
    expect(isItemCardShown({ _id: '', itemName: 'A' })).toBe(false);
    expect(isItemCardShown({ _id: 'a', itemName: ' ' })).toBe(false);
    expect(isItemCardShown({ _id: 'a' })).toBe(false);
  });
});

describe('itemsToKeep', () => {
  const base = { text: '', showCompleted: false, owned: [] as OwnedEntry[] };
  const ids = (rows: { item: KeepItemLike }[]) => rows.map((r) => r.item._id);

  it('excludes quest items and sorts by total required descending', () => {
    const rows = itemsToKeep(items, { ...base, mode: 'quests' });
    expect(ids(rows)).toEqual(['gold_bar', 'bandage', 'steel_pipe', 'antiseptic']);
    expect(rows.map((r) => r.totalRequired)).toEqual([5, 4, 3, 1]);
  });
  it('hideout mode lists hideout needs', () => {
    const rows = itemsToKeep(items, { ...base, mode: 'hideout' });
    expect(ids(rows)).toEqual(['steel_pipe', 'capacitor', 'antiseptic']);
    expect(rows[0].normal).toEqual({ owned: 0, required: 6 });
  });
  it('drops items of completed quests', () => {
    const rows = itemsToKeep(items, { ...base, mode: 'quests', completedQuests: ['first_aid'] });
    expect(ids(rows)).toEqual(['gold_bar', 'steel_pipe']);
  });
  it('hides items owned in full, checking the normal and the in-raid counter separately', () => {
    const owned: OwnedEntry[] = [
      { itemId: 'gold_bar', findOnly: false, quantity: 3 },
      { itemId: 'bandage', findOnly: false, quantity: 9 },
      { itemId: 'antiseptic', findOnly: false, quantity: 1 },
    ];
    const rows = itemsToKeep(items, { ...base, mode: 'quests', owned });
    // gold_bar still needs 2 found in raid; normal bandages do not count for the in-raid need.
    expect(ids(rows)).toEqual(['gold_bar', 'bandage', 'steel_pipe']);
    const all = [...owned, { itemId: 'gold_bar', findOnly: true, quantity: 2 }];
    expect(ids(itemsToKeep(items, { ...base, mode: 'quests', owned: all }))).toEqual([
      'bandage',
      'steel_pipe',
    ]);
    expect(ids(itemsToKeep(items, { ...base, mode: 'quests', owned: all, showCompleted: true }))).toEqual([
      'gold_bar',
      'bandage',
      'steel_pipe',
      'antiseptic',
    ]);
  });
  it('applies the item filter from 3 characters', () => {
    expect(ids(itemsToKeep(items, { ...base, mode: 'quests', text: 'go' }))).toHaveLength(4);
    expect(ids(itemsToKeep(items, { ...base, mode: 'quests', text: 'GOLD' }))).toEqual(['gold_bar']);
  });
  it('skips items without a name', () => {
    const nameless = { ...steelPipe, _id: 'nameless', itemName: '' };
    expect(ids(itemsToKeep([nameless], { ...base, mode: 'quests' }))).toEqual([]);
  });
});

describe('progress and counters', () => {
  const owned: OwnedEntry[] = [
    { itemId: 'gold_bar', findOnly: true, quantity: 1 },
    { itemId: 'gold_bar', findOnly: false, quantity: 3 },
  ];
  it('reads owned quantities per counter', () => {
    expect(ownedQuantity(owned, 'gold_bar', true)).toBe(1);
    expect(ownedQuantity(owned, 'gold_bar', false)).toBe(3);
    expect(ownedQuantity(owned, 'bandage', false)).toBe(0);
  });
  it('reports both counters', () => {
    expect(keepProgress(goldBar, 'quests', owned)).toEqual({
      normal: { owned: 3, required: 3 },
      inRaid: { owned: 1, required: 2 },
      totalRequired: 5,
      complete: false,
    });
  });
  it('allows an increase only below the required total and a decrease only above 0', () => {
    expect(canIncrease({ owned: 2, required: 3 })).toBe(true);
    expect(canIncrease({ owned: 3, required: 3 })).toBe(false);
    expect(canIncrease({ owned: 4, required: 3 })).toBe(false);
    expect(canDecrease({ owned: 1 })).toBe(true);
    expect(canDecrease({ owned: 0 })).toBe(false);
    expect(canDecrease({ owned: -1 })).toBe(false);
  });
  it('ignores an increase at or above the required total', () => {
    const up = changeOwnedQuantity(owned, 'gold_bar', true, 1, 2);
    expect(up).toMatchObject({ quantity: 2, changed: true });
    expect(ownedQuantity(up.owned, 'gold_bar', true)).toBe(2);
    const again = changeOwnedQuantity(up.owned, 'gold_bar', true, 1, 2);
    expect(again).toMatchObject({ quantity: 2, changed: false });
    expect(again.owned).toEqual(up.owned);
  });
  it('creates the entry on the first increase', () => {
    const up = changeOwnedQuantity([], 'bandage', true, 1, 4);
    expect(up.owned).toEqual([{ itemId: 'bandage', findOnly: true, quantity: 1 }]);
  });
  it('ignores a decrease at 0 or below', () => {
    const zero = [{ itemId: 'a', findOnly: false, quantity: 0 }];
    expect(changeOwnedQuantity(zero, 'a', false, -1, 5)).toEqual({
      owned: zero,
      quantity: 0,
      changed: false,
    });
    const down = changeOwnedQuantity(owned, 'gold_bar', false, -1, 3);
    expect(down).toMatchObject({ quantity: 2, changed: true });
    expect(ownedQuantity(down.owned, 'gold_bar', true)).toBe(1);
  });
  it('sets 0 when decrementing a missing entry', () => {
    const res = changeOwnedQuantity([], 'a', true, -1, 5);
    expect(res.owned).toEqual([{ itemId: 'a', findOnly: true, quantity: 0 }]);
    expect(res.quantity).toBe(0);
  });
  it('sets a counter to the server answer', () => {
    expect(setOwnedQuantity(owned, 'gold_bar', true, 7)).toEqual([
      { itemId: 'gold_bar', findOnly: true, quantity: 7 },
      { itemId: 'gold_bar', findOnly: false, quantity: 3 },
    ]);
    expect(setOwnedQuantity([], 'x', false, 2)).toEqual([{ itemId: 'x', findOnly: false, quantity: 2 }]);
  });
});

describe('built hideout levels', () => {
  const built = [
    { moduleId: 'workbench', level: 1 },
    { moduleId: 'water_collector', level: 1 },
  ];

  it('mark a requirement done when its module is built to its level or higher', () => {
    expect(isHideoutRequirementCompleted(h('workbench', 1, 2), built)).toBe(true);
    expect(isHideoutRequirementCompleted(h('water_collector', 2, 4), built)).toBe(false);
    expect(isHideoutRequirementCompleted(h('generator', 1, 4), built)).toBe(false);
    expect(isHideoutRequirementCompleted(h('workbench', 1, 2), new Map([['workbench', 3]]))).toBe(true);
    expect(isHideoutRequirementCompleted(h('workbench', 2, 2), new Map([['workbench', 0]]))).toBe(false);
    // A quest entry is never a built hideout level.
    expect(isHideoutRequirementCompleted(qr('salt_and_steel', 3), built)).toBe(false);
    expect(builtLevelOf(built, 'workbench')).toBe(1);
    expect(builtLevelOf(built, 'generator')).toBe(0);
    expect(builtLevelOf(undefined, 'generator')).toBe(0);
  });

  it('take the entries of built levels out of the hideout total, unless told to include them', () => {
    expect(hideoutRequiredTotal(steelPipe, false, { builtLevels: built })).toBe(4);
    expect(
      hideoutRequiredTotal(steelPipe, false, { builtLevels: [{ moduleId: 'water_collector', level: 2 }] }),
    ).toBe(2);
    expect(hideoutRequiredTotal(steelPipe, false, { builtLevels: built, includeCompleted: true })).toBe(6);
    const allBuilt = new Map([
      ['workbench', 3],
      ['water_collector', 2],
    ]);
    expect(hideoutRequiredTotal(steelPipe, false, { builtLevels: allBuilt })).toBe(0);
  });

  it('drop an item from the hideout list once every level it is needed for is built', () => {
    const base = { text: '', showCompleted: false, owned: [] as OwnedEntry[], mode: 'hideout' as const };
    const ids = (rows: { item: KeepItemLike }[]) => rows.map((r) => r.item._id);
    expect(ids(itemsToKeep(items, { ...base, builtLevels: [{ moduleId: 'generator', level: 2 }] }))).toEqual([
      'steel_pipe',
      'antiseptic',
    ]);
    const shown = itemsToKeep(items, {
      ...base,
      showCompleted: true,
      builtLevels: [{ moduleId: 'generator', level: 2 }],
    });
    // Shown as done with Show completed: nothing more is needed.
    expect(shown.find((r) => r.item._id === 'capacitor')).toMatchObject({
      normal: { owned: 0, required: 0 },
      complete: true,
    });
  });

  it('combine the quest and the hideout need, each without its done entries', () => {
    // Steel Pipe: 3 for Salt and Steel + 2 for Workbench 1 + 4 for Water Collector 2.
    expect(requiredTotal(steelPipe, 'all', false)).toBe(9);
    expect(requiredTotal(steelPipe, 'all', false, { builtLevels: built })).toBe(7);
    expect(
      requiredTotal(steelPipe, 'all', false, { builtLevels: built, completedQuests: ['salt_and_steel'] }),
    ).toBe(4);
    const owned = [{ itemId: 'steel_pipe', findOnly: false, quantity: 4 }];
    const combined = { text: '', showCompleted: false, owned, mode: 'all' as const };
    // 4 owned against 9 needed: still listed; with Workbench 1 built and the quest done, complete.
    expect(itemsToKeep([steelPipe], combined)[0]?.normal).toEqual({ owned: 4, required: 9 });
    expect(
      itemsToKeep([steelPipe], { ...combined, builtLevels: built, completedQuests: ['salt_and_steel'] }),
    ).toEqual([]);
    // Antiseptic: 1 for First Aid + 2 for the Medical Station level 2.
    expect(
      keepProgress(antiseptic, 'all', [], { builtLevels: [{ moduleId: 'medstation', level: 2 }] }),
    ).toMatchObject({ normal: { owned: 0, required: 1 }, totalRequired: 1 });
  });

  it('tell which requirement is done, quest or hideout', () => {
    const options = { builtLevels: built, completedQuests: new Set(['first_aid']) };
    expect(isRequirementDone(qr('first_aid', 1), options)).toBe(true);
    expect(isRequirementDone(qr('salt_and_steel', 3), options)).toBe(false);
    expect(isRequirementDone(h('workbench', 1, 2), options)).toBe(true);
    expect(isRequirementDone(h('workbench', 2, 2), options)).toBe(false);
  });

  it('bound a module by its highest level', () => {
    expect(moduleMaxLevel({ moduleLevels: [{ level: 1 }, { level: 3 }, { level: 2 }] })).toBe(3);
    expect(moduleMaxLevel({ moduleLevels: [] })).toBe(0);
    expect(moduleMaxLevel({})).toBe(0);
  });

  it('set a level in the save, removing the entry at 0 and keeping the ids sorted', () => {
    expect(setBuiltLevel(built, 'generator', 2)).toEqual([
      { moduleId: 'generator', level: 2 },
      { moduleId: 'water_collector', level: 1 },
      { moduleId: 'workbench', level: 1 },
    ]);
    expect(setBuiltLevel(built, 'workbench', 0)).toEqual([{ moduleId: 'water_collector', level: 1 }]);
    expect(setBuiltLevel(built, 'workbench', 3)).toContainEqual({ moduleId: 'workbench', level: 3 });
  });

  it('tick a requirement: build up to its level; un-tick: keep the level below it', () => {
    expect(builtLevelAfterToggle(0, 2, true)).toBe(2);
    expect(builtLevelAfterToggle(3, 2, true)).toBe(3);
    expect(builtLevelAfterToggle(3, 2, false)).toBe(1);
    expect(builtLevelAfterToggle(1, 2, false)).toBe(1);
    expect(builtLevelAfterToggle(1, 1, false)).toBe(0);
  });
});
