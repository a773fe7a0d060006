import { describe, expect, it } from 'vitest';
import {
  baseMaterials,
  type CraftItemLike,
  type CraftItemNode,
  type CraftNode,
  componentPrice,
  craftableItems,
  craftingProblems,
  craftingTree,
  craftVersusBuy,
  formatPrice,
  formatQuantity,
  isCraftable,
  maxCraftDepth,
  recipeOf,
  resultQuantityOf,
  roundPrice,
  scaledQuantity,
  treeDepth,
} from './crafting.ts';

const item = (
  _id: string,
  itemName: string,
  pricePerUnit: number,
  required: CraftItemLike['required'] = [],
  resultQuantity = 1,
): CraftItemLike => ({ _id, itemName, pricePerUnit, resultQuantity, required });

// The medical recipes of the demo game. Bandage mixes a crafting entry with a quest entry.
const cloth = item('cloth', 'Cloth Scrap', 900, [
  { hideoutModuleLevel: { moduleId: 'medstation', level: 1 }, quantity: 4 } as never,
]);
const antiseptic = item('antiseptic', 'Antiseptic Bottle', 4200);
const bandage = item(
  'bandage',
  'Bandage',
  2600,
  [{ itemId: 'cloth', quantity: 2 }, { questId: 'first_aid', quantity: 4, findOnly: true } as never],
  2,
);
const medkit = item('medkit', 'Field Medkit', 14500, [
  { itemId: 'bandage', quantity: 3 },
  { itemId: 'antiseptic', quantity: 1 },
]);
const suture = item('suture', 'Suture Thread', 5200);
const surgicalKit = item('surgical_kit', 'Field Surgical Kit', 48000, [
  { itemId: 'medkit', quantity: 2 },
  { itemId: 'suture', quantity: 2 },
]);
const medical = [cloth, antiseptic, bandage, medkit, suture, surgicalKit];

const asItem = (n: CraftNode): CraftItemNode => {
  if (n.kind !== 'item') throw new Error(`expected an item node, got ${n.reason} for ${n.itemId}`);
  return n;
};
const child = (n: CraftNode, id: string) => asItem(asItem(n).children.find((c) => c.itemId === id)!);

describe('recipes', () => {
  it('use only the entries with an itemId', () => {
    expect(recipeOf(bandage)).toEqual([{ itemId: 'cloth', quantity: 2 }]);
    expect(isCraftable(bandage)).toBe(true);
    expect(isCraftable(cloth)).toBe(false);
  });
  it('yield at least one unit per craft', () => {
    expect(resultQuantityOf({ resultQuantity: 60 })).toBe(60);
    expect(resultQuantityOf({ resultQuantity: 0 })).toBe(1);
    expect(resultQuantityOf({})).toBe(1);
  });
  it('scale a component by parent quantity over result quantity', () => {
    expect(scaledQuantity(2, 3, 2)).toBe(3);
    expect(componentPrice(900, 2, 3, 2)).toBe(2700);
    expect(scaledQuantity(2, 1, 3)).toBeCloseTo(2 / 3, 12);
  });
});

describe('craftingTree — hand-computed 3-level recipe (Field Medkit → Bandage → Cloth Scrap)', () => {
  // One Field Medkit (yields 1):
  //   Bandage           3 × 1 ÷ 1 = 3     × 2,600 =  7,800
  //     Cloth Scrap     2 × 3 ÷ 2 = 3     ×   900 =  2,700   (a Bandage craft yields 2)
  //   Antiseptic Bottle 1 × 1 ÷ 1 = 1     × 4,200 =  4,200
  // Components of the medkit: 7,800 + 4,200 = 12,000; raw materials: 2,700 + 4,200 = 6,900.
  const tree = craftingTree('medkit', medical);

  it('has three levels', () => {
    expect(treeDepth(tree)).toBe(2);
    expect(craftingProblems(tree)).toEqual([]);
  });
  it('scales quantities through the tree', () => {
    const root = asItem(tree);
    expect(root.quantity).toBe(1);
    expect(root.totalPrice).toBe(14500);
    expect(child(tree, 'bandage')).toMatchObject({ quantity: 3, recipeQuantity: 3, crafts: 1.5, depth: 1 });
    expect(child(tree, 'antiseptic')).toMatchObject({ quantity: 1, totalPrice: 4200 });
    expect(child(child(tree, 'bandage'), 'cloth')).toMatchObject({
      quantity: 3,
      recipeQuantity: 2,
      depth: 2,
    });
  });
  it('prices every component and sums them', () => {
    expect(child(tree, 'bandage').totalPrice).toBe(7800);
    expect(child(tree, 'bandage').componentsPrice).toBe(2700);
    expect(child(child(tree, 'bandage'), 'cloth').totalPrice).toBe(2700);
    expect(asItem(tree).componentsPrice).toBe(12000);
    expect(baseMaterials(tree).map((m) => [m.item._id, m.quantity, m.totalPrice])).toEqual([
      ['antiseptic', 1, 4200],
      ['cloth', 3, 2700],
    ]);
  });
  it('compares crafting with buying: 14,500 to buy, 12,000 in components, 2,500 saved', () => {
    expect(craftVersusBuy(tree)).toEqual({ buy: 14500, craft: 12000, saving: 2500 });
    // One bandage craft yields 2: buying them is 2 × 2,600; crafting takes 2 cloth scraps × 900.
    expect(craftVersusBuy(craftingTree('bandage', medical))).toEqual({
      buy: 5200,
      craft: 1800,
      saving: 3400,
    });
    // A raw material has nothing to compare.
    expect(craftVersusBuy(craftingTree('cloth', medical))).toBeUndefined();
  });
  it('scales with the wanted quantity', () => {
    const two = craftingTree('medkit', medical, { quantity: 2 });
    expect(child(child(two, 'bandage'), 'cloth').quantity).toBe(6);
    expect(asItem(two).componentsPrice).toBe(24000);
  });
});

describe('craftingTree — four levels (Field Surgical Kit)', () => {
  it('multiplies down every branch', () => {
    // Medkit 2; Bandage 3 × 2 = 6; Cloth 2 × 6 ÷ 2 = 6; Antiseptic 2; Suture 2.
    const tree = craftingTree('surgical_kit', new Map(medical.map((i) => [i._id, i])));
    expect(treeDepth(tree)).toBe(3);
    const mk = child(tree, 'medkit');
    expect(mk.quantity).toBe(2);
    expect(child(mk, 'bandage').quantity).toBe(6);
    expect(child(child(mk, 'bandage'), 'cloth')).toMatchObject({ quantity: 6, totalPrice: 5400 });
    expect(asItem(tree).componentsPrice).toBe(29000 + 10400);
    expect(baseMaterials(tree).reduce((s, m) => s + m.totalPrice, 0)).toBe(10400 + 8400 + 5400);
  });
});

describe('craftingTree — batches and fractions', () => {
  const saltpeter = item('saltpeter', 'Saltpeter', 1500);
  const charcoal = item('charcoal', 'Charcoal', 800);
  const gunpowder = item(
    'gunpowder',
    'Grey Gunpowder',
    7200,
    [
      { itemId: 'saltpeter', quantity: 3 },
      { itemId: 'charcoal', quantity: 1 },
    ],
    2,
  );
  const brass = item('brass', 'Brass Casings', 120);
  const ammo = item(
    'ammo',
    'Ammo Pack',
    340,
    [
      { itemId: 'gunpowder', quantity: 2 },
      { itemId: 'brass', quantity: 60 },
    ],
    60,
  );
  const all = [saltpeter, charcoal, gunpowder, brass, ammo];

  it('defaults to one craft of the root', () => {
    const tree = craftingTree('ammo', all);
    expect(asItem(tree)).toMatchObject({ quantity: 60, totalPrice: 20400, crafts: 1 });
    expect(child(tree, 'gunpowder').quantity).toBe(2);
    expect(child(child(tree, 'gunpowder'), 'saltpeter')).toMatchObject({ quantity: 3, totalPrice: 4500 });
    expect(child(tree, 'brass').totalPrice).toBe(7200);
  });
  it('keeps raw numbers for sums and rounds only for display', () => {
    // One single round of ammo: gunpowder 2 × 1 ÷ 60 = 1/30; saltpeter 3 × (1/30) ÷ 2 = 0.05.
    const tree = craftingTree('ammo', all, { quantity: 1 });
    const gp = child(tree, 'gunpowder');
    expect(gp.quantity).toBeCloseTo(1 / 30, 12);
    expect(gp.totalPrice).toBeCloseTo(240, 9);
    expect(child(gp, 'saltpeter').totalPrice).toBeCloseTo(75, 9);
    expect(child(gp, 'charcoal').totalPrice).toBeCloseTo(800 / 60, 12);
    expect(formatPrice(child(gp, 'charcoal').totalPrice)).toBe('13.33');
    expect(formatQuantity(gp.quantity)).toBe('0.03');
    // 75 + 13.333… = 88.333…; the two rounded parts would give the same, the raw sum keeps precision.
    expect(gp.componentsPrice).toBeCloseTo(75 + 800 / 60, 12);
  });
});

describe('craftingTree — broken data', () => {
  it('reports a cycle instead of looping', () => {
    const a = item('a', 'A', 1, [{ itemId: 'b', quantity: 1 }]);
    const b = item('b', 'B', 1, [{ itemId: 'c', quantity: 2 }]);
    const c = item('c', 'C', 1, [{ itemId: 'a', quantity: 1 }]);
    const tree = craftingTree('a', [a, b, c]);
    const problems = craftingProblems(tree);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      kind: 'error',
      reason: 'cycle',
      itemId: 'a',
      path: ['a', 'b', 'c', 'a'],
    });
    expect(problems[0].quantity).toBe(2);
  });
  it('reports an item that needs itself', () => {
    const self = item('s', 'S', 1, [{ itemId: 's', quantity: 1 }]);
    expect(craftingProblems(craftingTree('s', [self]))).toMatchObject([
      { reason: 'cycle', path: ['s', 's'] },
    ]);
  });
  it('allows the same component in two branches (not a cycle)', () => {
    const leaf = item('leaf', 'Leaf', 10);
    const left = item('left', 'Left', 1, [{ itemId: 'leaf', quantity: 1 }]);
    const right = item('right', 'Right', 1, [{ itemId: 'leaf', quantity: 2 }]);
    const top = item('top', 'Top', 1, [
      { itemId: 'left', quantity: 1 },
      { itemId: 'right', quantity: 1 },
    ]);
    const tree = craftingTree('top', [leaf, left, right, top]);
    expect(craftingProblems(tree)).toEqual([]);
    expect(baseMaterials(tree)).toMatchObject([{ item: { _id: 'leaf' }, quantity: 3, totalPrice: 30 }]);
  });
  it('reports missing components and a missing root', () => {
    const x = item('x', 'X', 5, [
      { itemId: 'gone', quantity: 2 },
      { itemId: 'cloth', quantity: 1 },
    ]);
    const tree = craftingTree('x', [x, cloth]);
    expect(craftingProblems(tree)).toMatchObject([{ reason: 'missing', itemId: 'gone', quantity: 2 }]);
    expect(asItem(tree).componentsPrice).toBe(900);
    expect(craftingTree('nope', [x])).toMatchObject({ kind: 'error', reason: 'missing' });
  });
  it('stops at the maximum depth', () => {
    const chain = Array.from({ length: maxCraftDepth + 5 }, (_, i) =>
      item(`i${i}`, `I${i}`, 1, [{ itemId: `i${i + 1}`, quantity: 1 }]),
    );
    expect(craftingProblems(craftingTree('i0', chain))[0]).toMatchObject({ reason: 'depth' });
  });
  it('treats a missing price as 0', () => {
    const free = { _id: 'f', itemName: 'F' };
    expect(asItem(craftingTree('f', [free])).totalPrice).toBe(0);
  });
});

describe('display helpers', () => {
  it('round prices to 2 decimals', () => {
    expect(roundPrice(1.005)).toBe(1.01);
    expect(roundPrice(2.675)).toBe(2.68);
    expect(roundPrice(1 / 3)).toBe(0.33);
    expect(roundPrice(Number.NaN)).toBe(0);
    expect(formatPrice(29000)).toBe('29,000');
    expect(formatPrice(0.1 + 0.2)).toBe('0.30');
    expect(formatPrice(12.5)).toBe('12.50');
    expect(formatQuantity(3)).toBe('3');
    expect(formatQuantity(1.5)).toBe('1.5');
  });
  it('show prices with the game currency: symbols before or after, words after', () => {
    expect(formatPrice(1200, '$')).toBe('$1,200');
    expect(formatPrice(-35, '$')).toBe('-$35');
    expect(formatPrice(1200, '₽')).toBe('1,200₽');
    expect(formatPrice(7.25, 'gold')).toBe('7.25 gold');
    expect(formatPrice(7, ' ')).toBe('7');
  });

  it('lists craftable items sorted by name, filtered from 3 characters', () => {
    expect(craftableItems(medical).map((i) => i._id)).toEqual(['bandage', 'medkit', 'surgical_kit']);
    expect(craftableItems(medical, 'fi').map((i) => i._id)).toHaveLength(3);
    expect(craftableItems(medical, 'FIELD').map((i) => i._id)).toEqual(['medkit', 'surgical_kit']);
  });
});
