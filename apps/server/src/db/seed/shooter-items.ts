import { list, table } from './builders.ts';
import { FZ, fzQuestId } from './shooter-quests.ts';
import type { Input } from './types.ts';

export const fzItemId = (slug: string) => `fz_i_${slug}`;
export const fzModuleId = (slug: string) => `fz_h_${slug}`;

/** Hideout modules: slug | title | one description per level. */
const MODULES = `
generator | Generator | Powers the hideout lights; Runs the workbench tools; Keeps every module powered at once
medstation | Medical Station | Treats light wounds between raids; Crafts bandages and medkits; Surgical bay for field kits
workbench | Workbench | Basic repairs and ammo reloading; Weapon modding bench; Precision tooling for optics
water_collector | Water Collector | Collects rain water; Filters water for the whole hideout
stash | Stash | Larger stash; Even larger stash; Maximum stash size
intel_center | Intelligence Center | Reads field radio chatter; Decodes trader offers; Unlocks scouting reports
`;

/**
 * slug | name | type | price per unit | flags | requirements
 * flags: `quest` (quest item, not tracked in items to keep), `xN` (a craft yields N).
 * requirements: `q:quest*N` (for a quest, `!` = found in raid), `h:module.level*N` (hideout upgrade),
 * `c:item*N` (crafting component).
 */
const ITEMS = `
cloth | Cloth Scrap | barter | 900 | - | h:medstation.1*4
antiseptic | Antiseptic Bottle | medical | 4200 | - | q:first_aid*1; h:medstation.2*2
bandage | Bandage | medical | 2600 | x2 | c:cloth*2; q:first_aid*4!
medkit | Field Medkit | medical | 14500 | - | c:bandage*3; c:antiseptic*1
suture | Suture Thread | medical | 5200 | - | h:medstation.2*3; h:medstation.3*5
surgical_kit | Field Surgical Kit | medical | 48000 | - | c:medkit*2; c:suture*2; q:field_surgeon*1
water_filter | Water Filter | barter | 9800 | - | q:clean_water*2!; h:water_collector.1*2
salt_pack | Salt Pack | barter | 3100 | - | q:salt_and_steel*2
steel_pipe | Steel Pipe | barter | 6400 | - | q:salt_and_steel*3; h:workbench.1*2; h:water_collector.2*4
duct_tape | Duct Tape | barter | 2800 | - | q:spare_parts*2; h:workbench.1*3; h:stash.2*2
copper_wire | Copper Wire | electronics | 1900 | - | q:spare_parts*5; h:generator.1*6
capacitor | Capacitor | electronics | 3700 | - | h:generator.2*4
circuit_board | Circuit Board | electronics | 21000 | - | c:copper_wire*4; c:capacitor*2; q:wired*2!
battery | Rechargeable Battery | electronics | 8800 | - | h:generator.2*2; h:intel_center.1*1
radio_module | Radio Module | electronics | 56000 | - | c:circuit_board*2; c:battery*1; q:radio_silence*2
antenna | Folding Antenna | electronics | 12500 | - | h:intel_center.2*1
signal_beacon | Signal Beacon | electronics | 135000 | - | c:radio_module*1; c:antenna*1; c:battery*2; q:beacon*1
saltpeter | Saltpeter | barter | 1500 | - | -
charcoal | Charcoal | barter | 800 | - | h:generator.1*2
gunpowder | Grey Gunpowder | barter | 7200 | x2 | c:saltpeter*3; c:charcoal*1
brass_casings | Brass Casings | barter | 120 | - | -
ammo_pack | Ammo Pack | ammo | 340 | x60 | c:gunpowder*2; c:brass_casings*60; q:quartermasters_trust*2
sugar | Sugar Sack | provisions | 4100 | - | -
ethanol | Purified Ethanol | provisions | 16000 | - | c:sugar*2; c:water_filter*1
fuel_canister | Fuel Canister | barter | 31000 | - | c:ethanol*2; c:steel_pipe*1
gold_chain | Gold Chain | valuables | 22000 | - | q:no_questions_asked*3!
wristwatch | Old Wristwatch | valuables | 18000 | - | q:no_questions_asked*1
gold_bar | Gold Bar | valuables | 240000 | - | q:the_vault*2!; q:dividends*3
flash_drive | Flash Drive | electronics | 27000 | - | q:market_research*2; h:intel_center.1*2
encrypted_drive | Encrypted Drive | electronics | 310000 | quest | q:dividends*1; q:endgame*1!
vaccine_vial | Vaccine Vial | medical | 62000 | quest | q:cold_chain*2!
sample_tube | Sample Tube | medical | 15000 | quest | q:outbreak*5!
research_case | Research Case | quest | 0 | quest | q:cure*1!
patient_records | Patient Records | quest | 0 | quest | q:ward_rounds*1!
smuggler_key | Smuggler's Key | keys | 88000 | quest | q:silent_partner*1
ledger | Depot Ledger | quest | 0 | quest | q:hot_goods*1!
defence_plans | Defence Plans | quest | 0 | quest | q:last_line*1!
hunting_rifle | Hunting Rifle | quest | 0 | quest | q:poacher*1!
signal_flare | Signal Flare | barter | 9500 | - | q:lighthouse_signal*1
herbs | Wild Herbs | provisions | 2400 | - | q:wild_harvest*5!
tracker | GPS Tracker | electronics | 45000 | - | q:hostile_takeover*1; h:intel_center.3*2
bolts | Bolts | barter | 1100 | - | h:workbench.1*10; h:stash.1*6
nuts | Screw Nuts | barter | 900 | - | h:workbench.2*8
toolset | Toolset | barter | 34000 | - | c:bolts*4; c:nuts*4; c:duct_tape*1
paracord | Paracord | barter | 2200 | - | h:stash.1*3; h:stash.3*6
mre | Ration Pack | provisions | 7600 | - | h:stash.2*2
weapon_parts | Weapon Parts | barter | 12000 | - | h:workbench.2*5; h:workbench.3*8
rifle_scope | 4x Rifle Scope | weapon mod | 74000 | - | c:weapon_parts*3; c:circuit_board*1; q:gunsmith_3*1
storage_key | Storage Room Key | keys | 16000 | - | -
office_key | Manager's Office Key | keys | 41000 | - | q:hot_goods*1
`;

export function shooterModules(): Input<'hideoutmodule'>[] {
  return table(MODULES).map(([slug, title, levels]) => ({
    _id: fzModuleId(slug),
    gameId: FZ,
    moduleTitle: title,
    moduleLevels: list(levels).map((description, i) => ({ level: i + 1, description })),
  }));
}

type Requirement = NonNullable<Input<'item'>['required']>[number];

function requirement(token: string, item: string): Requirement {
  const match = /^([qhc]):([a-z0-9_]+)(?:\.(\d+))?\*(\d+)(!?)$/.exec(token);
  if (!match) throw new Error(`item ${item}: bad requirement ${token}`);
  const [, kind, ref, level, quantity, found] = match;
  if (kind === 'c') return { itemId: fzItemId(ref), quantity: Number(quantity) };
  if (kind === 'q') return { questId: fzQuestId(ref), quantity: Number(quantity), findOnly: found === '!' };
  return {
    hideoutModuleLevel: { moduleId: fzModuleId(ref), level: Number(level ?? 1) },
    quantity: Number(quantity),
    findOnly: false,
  };
}

export function shooterItems(): Input<'item'>[] {
  return table(ITEMS).map(([slug, itemName, type, price, flags, reqs], index) => {
    const flagList = flags.split(/\s+/);
    const yields = flagList.find((f) => /^x\d+$/.test(f));
    return {
      _id: fzItemId(slug),
      gameId: FZ,
      itemName,
      type,
      questItem: flagList.includes('quest'),
      owned: 0,
      required: list(reqs).map((token) => requirement(token, slug)),
      pricePerUnit: Number(price),
      resultQuantity: yields ? Number(yields.slice(1)) : 1,
      weight: 100 - index,
    };
  });
}

/** Items a loot container may hold (the popup's 'Item spawn:'). */
export const FZ_LOOT_ITEMS = [
  'cloth',
  'antiseptic',
  'bandage',
  'water_filter',
  'steel_pipe',
  'duct_tape',
  'copper_wire',
  'capacitor',
  'battery',
  'saltpeter',
  'charcoal',
  'sugar',
  'bolts',
  'nuts',
  'paracord',
  'mre',
  'weapon_parts',
].map(fzItemId);

export const FZ_VALUABLE_ITEMS = ['gold_chain', 'wristwatch', 'gold_bar', 'flash_drive'].map(fzItemId);
