import { definition, escapeHtml, list, mapRecord, table } from './builders.ts';
import type { GamePack, Input } from './types.ts';

/** A classic fantasy role-playing game with a small quest line and a blacksmith's crafting tree. */
export const EF = 'emberfall';
const questId = (slug: string) => `ef_q_${slug}`;
const itemId = (slug: string) => `ef_i_${slug}`;

const REALM = 'Verdant Realm';
const DEEP = 'The Underdeep';

/** slug | name | giver | level | previous | regions | objectives | rewards */
const QUESTS = `
village_errand | The Village Errand | maren | 1 | - | verdant | Deliver bread to the mill in Silverbrook Village; Talk to the miller | 50 gold; Traveller's cloak
wolves | Wolves at the Gate | maren | 3 | village_errand | verdant | Slay 6 wolves in Thornwood; Bring 3 Wolf Pelts to Elder Maren | 120 gold
lost_amulet | The Lost Amulet | maren | 5 | wolves | verdant | Search the ruined watchtower in Thornwood; Return the Moonstone Amulet | Ring of the Grove
forge_rekindled | Forge Rekindled | gorrim | 6 | - | verdant | Bring 5 Iron Ore to Smith Gorrim; Light the forge in Silverbrook Village | Steel Sword recipe
into_the_deep | Into the Deep | maren | 8 | lost_amulet | deep | Find the entrance to the Crystal Caverns; Light the three braziers | 300 gold
crystal_heart | The Crystal Heart | maren | 12 | into_the_deep | deep | Defeat the Crystal Warden; Take the Crystal Heart | Crystal-bound staff
blade_of_dawn | Blade of Dawn | gorrim | 14 | forge_rekindled | verdant;deep | Forge a Steel Sword; Quench the blade in the Caverns' spring | Blade of Dawn
ember_of_the_dragon | Ember of the Dragon | maren | 20 | crystal_heart | deep | Wake the dragon beneath the Caverns; Claim a Dragon Scale | Title: Dragonfriend
`;

/** slug | name | type | price | quest item | requirements (`c:item*N` crafting, `q:quest*N` quest hand-in) */
const ITEMS = `
iron_ore | Iron Ore | material | 6 | no | q:forge_rekindled*5
coal | Coal | material | 3 | no | -
iron_ingot | Iron Ingot | material | 20 | no | c:iron_ore*2; c:coal*1
steel_ingot | Steel Ingot | material | 55 | no | c:iron_ingot*2; c:coal*2
leather | Leather Strip | material | 9 | no | -
steel_sword | Steel Sword | weapon | 240 | no | c:steel_ingot*3; c:leather*1
healing_herb | Healing Herb | ingredient | 4 | no | -
spring_water | Spring Water | ingredient | 2 | no | -
healing_potion | Healing Potion | potion | 30 | no | c:healing_herb*2; c:spring_water*1
wolf_pelt | Wolf Pelt | material | 15 | no | q:wolves*3
moonstone_amulet | Moonstone Amulet | quest | 0 | yes | q:lost_amulet*1
crystal_heart | Crystal Heart | quest | 0 | yes | q:crystal_heart*1
dragon_scale | Dragon Scale | material | 900 | no | q:ember_of_the_dragon*1
`;

function quests(): Input<'quest'>[] {
  const regions: Record<string, string> = { verdant: REALM, deep: DEEP };
  const givers: Record<string, string> = { maren: 'ef_t_maren', gorrim: 'ef_t_gorrim' };
  return table(QUESTS).map(([slug, name, giver, level, previous, where, objectives, rewards]) => ({
    _id: questId(slug),
    gameId: EF,
    name,
    description: `<p><em>${escapeHtml(name)}</em>: a tale of Emberfall.</p>`,
    questLevel: Number(level),
    traderId: givers[giver],
    previous: previous === '-' ? '' : questId(previous),
    objectives: list(objectives),
    rewards: list(rewards),
    location: list(where).map((r) => regions[r]),
    wikiLink: `https://wiki.example.org/emberfall/${slug.replace(/_/g, '-')}`,
  }));
}

function items(): Input<'item'>[] {
  return table(ITEMS).map(([slug, itemName, type, price, questItem, reqs], i) => ({
    _id: itemId(slug),
    gameId: EF,
    itemName,
    type,
    pricePerUnit: Number(price),
    questItem: questItem === 'yes',
    resultQuantity: 1,
    weight: 50 - i,
    required: list(reqs).map((token) => {
      const [kind, rest] = token.split(':');
      const [ref, quantity] = rest.split('*');
      return kind === 'c'
        ? { itemId: itemId(ref), quantity: Number(quantity) }
        : { questId: questId(ref), quantity: Number(quantity), findOnly: false };
    }),
  }));
}

function markerDefinitions(): Input<'markerdefinition'>[] {
  return [
    {
      _id: 'ef_treasure',
      name: 'Treasure Chest',
      markerCategory: 'Treasure',
      markerDefinitionType: 'SVG' as const,
      backgroundShape: 'CIRCLE' as const,
      wrapperColor: '#92400e',
      innerColor: '#fde68a',
    },
    {
      _id: 'ef_herb',
      name: 'Herb Patch',
      markerCategory: 'Gathering',
      markerDefinitionType: 'IMAGE' as const,
    },
    {
      _id: 'ef_npc',
      // Shown on a first visit (the admin's choice of what a new player sees).
      disabled: false,
      name: 'Character',
      markerCategory: 'Characters',
      markerDefinitionType: 'IMAGE' as const,
      showNameLabel: true,
      completable: false,
    },
    {
      _id: 'ef_monster_camp',
      // Shown on a first visit (the admin's choice of what a new player sees).
      disabled: false,
      name: 'Monster Camp',
      markerCategory: 'Enemies',
      markerDefinitionType: 'SVG' as const,
      backgroundShape: 'CIRCLE' as const,
      wrapperColor: '#450a0a',
      innerColor: '#f87171',
    },
    {
      _id: 'ef_sealed_door',
      name: 'Sealed Door',
      markerCategory: 'Keys',
      markerDefinitionType: 'SVG' as const,
      backgroundShape: 'CIRCLE' as const,
      wrapperColor: '#1e1b4b',
      innerColor: '#a5b4fc',
      door: true,
      key: 'Crypt Key',
    },
    {
      _id: 'ef_shrine',
      // Shown on a first visit (the admin's choice of what a new player sees).
      disabled: false,
      name: 'Shrine',
      description: '<span class="wp-html-marker">&#10022;</span>',
      markerCategory: 'Landmarks',
      markerDefinitionType: 'HTML' as const,
      backgroundShape: 'HTML' as const,
      divIconClassName: 'default_div_icon_classname',
      showNameLabel: true,
    },
    {
      _id: 'ef_cursed_land',
      name: 'Cursed Land',
      markerCategory: 'Regions',
      markerDefinitionType: 'POLYGON' as const,
      polygonColor: '#7e22ce',
      completable: false,
    },
    {
      _id: 'ef_road',
      name: 'Old Road',
      markerCategory: 'Roads',
      markerDefinitionType: 'ROUTE' as const,
      polygonColor: '#a16207',
      completable: false,
    },
  ].map((d) => definition(EF, d));
}

export function rpgGame(): GamePack {
  return {
    game: {
      _id: EF,
      name: 'Emberfall Chronicles',
      description:
        '<p>An open-world fantasy adventure: forests, villages and the crystal depths beneath them.</p>',
      weight: 10,
      additionalFeatures: ['quests'],
      currency: 'gold',
      content:
        '<h2>The realm of Emberfall</h2><p>Follow Elder Maren from a simple errand to the dragon beneath the Caverns, and help Smith Gorrim rekindle his forge.</p>',
    },
    traders: [
      { _id: 'ef_t_maren', gameId: EF, name: 'Elder Maren', weight: 20 },
      { _id: 'ef_t_gorrim', gameId: EF, name: 'Smith Gorrim', weight: 10 },
    ],
    categories: [
      { _id: 'ef_verdant', gameId: EF, name: REALM, weight: 20, preferredMap: 'ef_verdant_thornwood' },
      { _id: 'ef_underdeep', gameId: EF, name: DEEP, weight: 10, preferredMap: 'ef_underdeep_caverns' },
    ],
    maps: [
      mapRecord({
        gameId: EF,
        categoryId: 'ef_verdant',
        id: 'ef_verdant_thornwood',
        name: 'Thornwood',
        width: 6144,
        height: 6144,
        weight: 30,
      }),
      mapRecord({
        gameId: EF,
        categoryId: 'ef_verdant',
        id: 'ef_verdant_silverbrook',
        name: 'Silverbrook Village',
        width: 4096,
        height: 4096,
        weight: 20,
        authorName: 'Quillfeather',
        authorLink: 'https://quillfeather.example.org',
      }),
      mapRecord({
        gameId: EF,
        categoryId: 'ef_underdeep',
        id: 'ef_underdeep_caverns',
        name: 'Crystal Caverns',
        width: 5120,
        height: 4608,
        weight: 10,
        attribution: '<p>Hand-drawn by <a href="https://quillfeather.example.org">Quillfeather</a>.</p>',
      }),
    ],
    quests: quests(),
    items: items(),
    hideoutmodules: [],
    questions: [
      {
        _id: 'ef_question_crypt_key',
        gameId: EF,
        text: 'Where do I find the Crypt Key?',
        maps: ['ef_verdant_thornwood'],
        answers: ['On the ghost in the ruined watchtower'],
      },
    ],
    markerdefinitions: markerDefinitions(),
    markerPlans: [
      {
        definitionId: 'ef_treasure',
        share: 20,
        names: ['Treasure chest', 'Hidden cache', 'Mossy chest'],
        descriptions: ['', '<p>Locked: needs <b>lockpicking 2</b>.</p>'],
        itemIds: ['iron_ore', 'coal', 'leather', 'healing_potion'].map(itemId),
      },
      {
        definitionId: 'ef_herb',
        share: 20,
        names: ['Healing herb', 'Silverleaf', 'Nightshade'],
        itemIds: [itemId('healing_herb')],
      },
      {
        definitionId: 'ef_npc',
        share: 5,
        names: ['Wandering merchant', 'Hermit', 'Bard', 'Guard captain'],
        descriptions: ['<p>Sells <em>potions</em> and maps.</p>', 'Has a side story.'],
      },
      {
        definitionId: 'ef_monster_camp',
        share: 10,
        names: ['Goblin camp', 'Wolf den', 'Bandit hideout', 'Spider nest'],
      },
      {
        definitionId: 'ef_sealed_door',
        share: 3,
        names: ['Crypt door', 'Sealed vault'],
        descriptions: ['Opens with the Crypt Key.'],
      },
      {
        definitionId: 'ef_shrine',
        share: 4,
        names: ['Shrine of Dawn', 'Wayshrine', 'Old altar'],
        descriptions: ['<p>Grants a <b>blessing</b> for ten minutes.</p>'],
      },
      {
        definitionId: 'ef_cursed_land',
        share: 2,
        names: ['Blighted field', 'Haunted grove'],
        descriptions: ['<p>Health drains slowly here.</p>'],
      },
      { definitionId: 'ef_road', share: 1.5, names: ["King's road", 'Pilgrim path', "Smugglers' trail"] },
    ],
    places: [
      'Old Mill',
      'Watchtower',
      'Elder Oak',
      'Bridge',
      'Chapel',
      'Tavern',
      'Lake Shore',
      "Hunter's Lodge",
      'Quarry',
      'Crystal Grotto',
      'Mushroom Hollow',
      'Fallen Gate',
    ],
  };
}
