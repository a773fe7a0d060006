/** Mixing data of Greenhouse Tycoon: products, ingredients, effects, transformation rules and prices. */
export const GT = 'greenhouse_tycoon';
export const gtItemId = (slug: string) => `gt_i_${slug}`;
const itemId = gtItemId;

/** Effects: slug, name, price multiplier added to a product's base price. */
export const EFFECTS: readonly (readonly [string, string, number])[] = [
  ['calming', 'Calming', 0.1],
  ['energizing', 'Energizing', 0.22],
  ['refreshing', 'Refreshing', 0.14],
  ['spicy', 'Spicy', 0.38],
  ['glowing', 'Glowing', 0.48],
  ['sneaky', 'Sneaky', 0.24],
  ['focused', 'Focused', 0.16],
  ['euphoric', 'Euphoric', 0.18],
  ['bright_eyed', 'Bright-Eyed', 0.4],
  ['gingery', 'Gingery', 0.34],
  ['sleepy', 'Sleepy', 0.12],
  ['tropical', 'Tropical', 0.3],
];

/** Ingredients: slug, name, unit cost, effect it adds to a mix. */
export const INGREDIENTS: readonly (readonly [string, string, number, string])[] = [
  ['honeycomb', 'Honeycomb', 4, 'calming'],
  ['mint_sprig', 'Mint Sprig', 3, 'refreshing'],
  ['chili_flakes', 'Chili Flakes', 5, 'spicy'],
  ['energy_drink', 'Energy Drink', 6, 'energizing'],
  ['banana', 'Banana', 2, 'tropical'],
  ['cucumber', 'Cucumber', 2, 'refreshing'],
  ['ginger_root', 'Ginger Root', 4, 'gingery'],
  ['lemon', 'Lemon', 3, 'bright_eyed'],
  ['cocoa', 'Cocoa Nibs', 5, 'euphoric'],
  ['lavender', 'Lavender', 6, 'sleepy'],
  ['coffee_beans', 'Coffee Beans', 4, 'focused'],
  ['glow_moss', 'Glow Moss', 8, 'glowing'],
];

/** Base products: slug, name, base price, the effect it starts with. */
export const BASES: readonly (readonly [string, string, number, string])[] = [
  ['moonleaf_tea', 'Moonleaf Tea', 35, 'calming'],
  ['ember_brew', 'Ember Brew', 60, 'energizing'],
  ['crystal_tonic', 'Crystal Tonic', 80, 'focused'],
  ['forest_kombucha', 'Forest Kombucha', 45, 'refreshing'],
];

/** Mixing an ingredient into a product that already has `from` turns that effect into `to`. */
const TRANSFORMS: readonly (readonly [string, string, string])[] = [
  ['chili_flakes', 'calming', 'sneaky'],
  ['energy_drink', 'sleepy', 'euphoric'],
  ['lemon', 'calming', 'refreshing'],
  ['ginger_root', 'refreshing', 'spicy'],
  ['cocoa', 'focused', 'glowing'],
  ['coffee_beans', 'sleepy', 'bright_eyed'],
  ['banana', 'energizing', 'sneaky'],
];

/** The mixing rules of the game, as used by the mixing calculator. */
export const GREENHOUSE_MIXING = {
  maxEffects: 8,
  effects: EFFECTS.map(([slug, name, multiplier]) => ({ id: itemId(slug), name, multiplier })),
  bases: BASES.map(([slug, name, price, effect]) => ({
    id: itemId(slug),
    name,
    price,
    effect: itemId(effect),
  })),
  ingredients: INGREDIENTS.map(([slug, name, cost, effect]) => ({
    id: itemId(slug),
    name,
    cost,
    effect: itemId(effect),
  })),
  transforms: TRANSFORMS.map(([ingredient, from, to]) => ({
    ingredient: itemId(ingredient),
    from: itemId(from),
    to: itemId(to),
  })),
} as const;

/** Effects of a base product mixed with ingredients in order: transforms first, then the ingredient's own effect. */
export function mixEffects(baseId: string, ingredientIds: readonly string[]): string[] {
  const base = GREENHOUSE_MIXING.bases.find((b) => b.id === baseId);
  if (!base) throw new Error(`unknown base product ${baseId}`);
  let effects: string[] = [base.effect];
  for (const id of ingredientIds) {
    const ingredient = GREENHOUSE_MIXING.ingredients.find((i) => i.id === id);
    if (!ingredient) throw new Error(`unknown ingredient ${id}`);
    effects = effects.map((e) => {
      const rule = GREENHOUSE_MIXING.transforms.find((t) => t.ingredient === id && t.from === e);
      return rule && !effects.includes(rule.to) ? rule.to : e;
    });
    if (!effects.includes(ingredient.effect) && effects.length < GREENHOUSE_MIXING.maxEffects) {
      effects.push(ingredient.effect);
    }
  }
  return effects;
}

/** Sale price of a mix: base price times one plus the effects' multipliers. */
export function mixPrice(baseId: string, ingredientIds: readonly string[]): number {
  const base = GREENHOUSE_MIXING.bases.find((b) => b.id === baseId);
  const multiplier = mixEffects(baseId, ingredientIds).reduce(
    (sum, e) => sum + (GREENHOUSE_MIXING.effects.find((x) => x.id === e)?.multiplier ?? 0),
    0,
  );
  return Math.round((base?.price ?? 0) * (1 + multiplier));
}

/** Known recipes: slug, name, base product, ingredients in mixing order. */
export const RECIPES: readonly (readonly [string, string, string, readonly string[]])[] = [
  ['honey_moonleaf', 'Honey Moonleaf', 'moonleaf_tea', ['honeycomb']],
  ['sunrise_moonleaf', 'Sunrise Moonleaf', 'moonleaf_tea', ['energy_drink', 'lemon']],
  ['firestorm_ember', 'Firestorm Ember', 'ember_brew', ['chili_flakes']],
  ['tropical_ember', 'Tropical Ember', 'ember_brew', ['cocoa', 'banana']],
  ['lavender_crystal', 'Lavender Crystal', 'crystal_tonic', ['lavender']],
  ['glacier_crystal', 'Glacier Crystal', 'crystal_tonic', ['mint_sprig', 'cucumber', 'ginger_root']],
  ['banana_kombucha', 'Banana Kombucha', 'forest_kombucha', ['banana']],
  ['wake_up_kombucha', 'Wake-Up Kombucha', 'forest_kombucha', ['coffee_beans', 'ginger_root', 'glow_moss']],
];
