import { escapeHtml, list, table } from './builders.ts';
import type { Input } from './types.ts';

export const FZ = 'frontier_zone';
export const fzQuestId = (slug: string) => `fz_q_${slug}`;
export const fzTraderId = (slug: string) => `fz_t_${slug}`;

/** Traders: slug, name. */
export const FZ_TRADERS: readonly (readonly [string, string])[] = [
  ['holt', 'Quartermaster Holt'],
  ['vesna', 'Doc Vesna'],
  ['fence', 'The Fence'],
  ['rook', 'Mechanic Rook'],
  ['ilsa', 'Ranger Ilsa'],
  ['kade', 'Broker Kade'],
];

/** Regions of the Zone (categories): slug, name. */
export const FZ_REGIONS: readonly (readonly [string, string])[] = [
  ['coast', 'Saltmarsh Coast'],
  ['valley', 'Ashen Valley'],
  ['city', 'Kessel City'],
  ['north', 'Northern Reserve'],
];

/**
 * slug | name | trader | level | required quests (+ between several) | regions | objectives | extra reward
 * Each trader has a chain of quests; a few chains start from or join another trader's quest.
 */
const QUESTS = `
supply_run | Supply Run | holt | 1 | - | coast | Find the supply cache near the Harbor Docks warehouse; Extract from Saltmarsh Coast | -
dock_sweep | Dock Sweep | holt | 4 | supply_run | coast | Eliminate 5 raiders on Harbor Docks; Mark the fuel tanks at Pier 3 | Storage Room Key
lighthouse_signal | Lighthouse Signal | holt | 7 | dock_sweep | coast | Reach the lantern room of Lighthouse Point; Place a Signal Flare at the lantern; Survive and extract | -
salt_and_steel | Salt and Steel | holt | 11 | lighthouse_signal | coast;valley | Hand over 3 Steel Pipes; Hand over 2 Salt Packs | 2 Ammo Packs
convoy_escort | Convoy Escort | holt | 16 | salt_and_steel | valley | Clear the road checkpoint at the Old Factory; Mark the convoy trucks in the factory yard | -
quartermasters_trust | Quartermaster's Trust | holt | 22 | convoy_escort | city;valley | Eliminate 10 raiders in Kessel City; Hand over 2 Ammo Packs | Armoured vest
last_line | The Last Line | holt | 30 | quartermasters_trust | north | Locate the command post inside the Cold Bunker; Recover the Defence Plans | -
frontier_marshal | Frontier Marshal | holt | 38 | last_line | - | Reach level 38; Eliminate 3 bosses anywhere in the Zone | Marshal's badge
first_aid | First Aid | vesna | 1 | - | - | Hand over 4 Bandages found in raid; Hand over 1 Antiseptic Bottle | -
clean_water | Clean Water | vesna | 3 | first_aid | coast | Find the pump house on Harbor Docks; Hand over 2 Water Filters found in raid | Field Medkit
ward_rounds | Ward Rounds | vesna | 8 | clean_water | city | Check the pharmacy of Mercy Hospital; Find the Patient Records on the third floor; Extract from Kessel City | -
cold_chain | Cold Chain | vesna | 13 | ward_rounds | city | Locate the freezer room in Mercy Hospital; Hand over 2 Vaccine Vials found in raid | -
field_surgeon | Field Surgeon | vesna | 19 | cold_chain | - | Hand over 1 Field Surgical Kit; Use 5 Field Medkits in raid | Suture Thread x3
outbreak | Outbreak | vesna | 26 | field_surgeon | city;north | Collect 3 Sample Tubes in Mercy Hospital; Collect 2 Sample Tubes in the Cold Bunker | -
cure | The Cure | vesna | 35 | outbreak | north | Deliver the Research Case to the Cold Bunker lab; Survive and extract | Vaccine Vial x2
no_questions_asked | No Questions Asked | fence | 2 | - | - | Hand over 3 Gold Chains found in raid; Hand over 1 Old Wristwatch | -
back_alley | Back Alley | fence | 6 | no_questions_asked | city | Find the stash behind the City Center pawn shop; Extract from Kessel City | -
hot_goods | Hot Goods | fence | 10 | back_alley | city | Steal the Depot Ledger from the Metro Depot office; Hide the ledger under the ticket booth | Office Door key
silent_partner | Silent Partner | fence | 15 | hot_goods | coast;city | Eliminate the smuggler leader on Harbor Docks; Hand over the Smuggler's Key | -
the_vault | The Vault | fence | 24 | silent_partner | city | Open the bank vault in City Center; Hand over 2 Gold Bars found in raid | -
kingpin | Kingpin | fence | 33 | the_vault | - | Hand over 500,000 credits; Reach level 33 | Unlocks the black market
spare_parts | Spare Parts | rook | 2 | - | valley | Hand over 5 Copper Wire; Hand over 2 Duct Tape; Visit the Old Factory workshop | -
power_up | Power Up | rook | 5 | spare_parts | valley | Repair the generator in the Old Factory boiler room; Extract from Ashen Valley | -
wired | Wired | rook | 9 | power_up | city | Find the signal junction in Metro Depot; Hand over 2 Circuit Boards found in raid | Rechargeable Battery
radio_silence | Radio Silence | rook | 14 | wired | coast;north | Install a Radio Module on the Lighthouse Point antenna; Install a Radio Module in the Cold Bunker | -
gunsmith_1 | Gunsmith - Part 1 | rook | 12 | power_up | - | Modify a rifle to reach 60 ergonomics; Hand over the modified rifle | -
gunsmith_2 | Gunsmith - Part 2 | rook | 18 | gunsmith_1 | - | Modify a shotgun with a tactical light; Hand over the modified shotgun | -
gunsmith_3 | Gunsmith - Part 3 | rook | 25 | gunsmith_2 | - | Fit a 4x Rifle Scope to a marksman rifle; Hand over the modified rifle | Toolset
beacon | Beacon | rook | 32 | radio_silence | north | Hand over 1 Signal Beacon; Activate the relay of the Cold Bunker | -
tracks | Tracks in the Snow | ilsa | 5 | - | north | Find the hunter's cabin near the Cold Bunker; Mark the wolf den | -
poacher | The Poacher | ilsa | 9 | tracks | north;valley | Eliminate the poacher in Ashen Valley; Recover the Hunting Rifle | -
wild_harvest | Wild Harvest | ilsa | 13 | poacher | valley | Collect 5 Wild Herbs in the Old Factory garden; Extract from Ashen Valley | Ration Pack x2
high_ground | High Ground | ilsa | 20 | wild_harvest | coast | Reach the cliff lookout on Lighthouse Point; Eliminate 3 scavengers from over 100 m | -
ghost_of_the_reserve | Ghost of the Reserve | ilsa | 28 | high_ground | north | Eliminate the sniper of the Reserve; Survive and extract from Northern Reserve | Ghillie suit
market_research | Market Research | kade | 4 | - | city | Visit the market square in City Center; Hand over 2 Flash Drives | -
insider_info | Insider Info | kade | 11 | market_research | city | Find the broker's laptop in Metro Depot; Upload the data from the City Center bank | -
hostile_takeover | Hostile Takeover | kade | 21 | insider_info+poacher | city;valley | Plant a GPS Tracker on the Old Factory office safe; Eliminate 8 guards in Kessel City | -
dividends | Dividends | kade | 29 | hostile_takeover | - | Hand over 3 Gold Bars; Hand over 1 Encrypted Drive | -
endgame | Endgame | kade | 40 | dividends | north;city | Enter the vault of the Cold Bunker; Extract with the Encrypted Drive found in raid | Frontier Zone ending
`;

/** The quest's `previous` and `requires` from the table's column ('-': none). */
function prerequisites(column: string): { previous: string; requires: string[] } {
  const requires = column === '-' ? [] : column.split('+').map((slug) => fzQuestId(slug.trim()));
  return { previous: requires[0] ?? '', requires };
}

export function shooterQuests(): Input<'quest'>[] {
  const traders = new Map(FZ_TRADERS);
  const regions = new Map(FZ_REGIONS);
  return table(QUESTS).map(([slug, name, trader, level, previous, where, objectives, extra]) => {
    const questLevel = Number(level);
    const traderName = traders.get(trader);
    if (!traderName) throw new Error(`quest ${slug}: unknown trader ${trader}`);
    const location = list(where).map((r) => {
      const region = regions.get(r);
      if (!region) throw new Error(`quest ${slug}: unknown region ${r}`);
      return region;
    });
    const rewards = [
      `+${(questLevel * 850 + 1200).toLocaleString('en-US')} XP`,
      `${traderName} reputation +${(0.02 + (questLevel % 4) * 0.01).toFixed(2)}`,
      `${(questLevel * 4200 + 8000).toLocaleString('en-US')} credits`,
      ...list(extra),
    ];
    return {
      _id: fzQuestId(slug),
      gameId: FZ,
      name,
      description: `<p>${escapeHtml(traderName)} has a job for you: <strong>${escapeHtml(name)}</strong>.</p>`,
      questLevel,
      traderId: fzTraderId(trader),
      ...prerequisites(previous),
      objectives: list(objectives),
      rewards,
      location,
      wikiLink: `https://wiki.example.org/frontier-zone/quests/${slug.replace(/_/g, '-')}`,
      hidden: false,
    };
  });
}
