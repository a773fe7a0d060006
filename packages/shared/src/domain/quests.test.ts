import { describe, expect, it } from 'vitest';
import {
  compareQuests,
  completedDependents,
  defaultQuestFilter,
  filterQuests,
  isFutureQuest,
  isQuestFilterActive,
  isQuestUnlocked,
  isQuestVisible,
  isReadyToComplete,
  matchesQuestFilter,
  missingPrerequisites,
  objectivesDone,
  prerequisiteIds,
  type QuestLike,
  questAncestors,
  questChain,
  questFollowers,
  questLocations,
  questStatus,
  questsUnlockedBy,
  syncQuestPrerequisites,
  withObjectiveTick,
} from './quests.ts';

const q = (_id: string, questLevel: number, previous = '', name = _id): QuestLike => ({
  _id,
  name,
  questLevel,
  previous,
});

// A chain with a branch: spare_parts → power_up → { wired → radio_silence, gunsmith_1 → gunsmith_2 }
const quests: QuestLike[] = [
  q('spare_parts', 2, '', 'Spare Parts'),
  q('power_up', 5, 'spare_parts', 'Power Up'),
  q('wired', 9, 'power_up', 'Wired'),
  q('radio_silence', 14, 'wired', 'Radio Silence'),
  q('gunsmith_1', 12, 'power_up', 'Gunsmith - Part 1'),
  q('gunsmith_2', 18, 'gunsmith_1', 'Gunsmith - Part 2'),
  q('first_aid', 1, '', 'First Aid'),
  q('no_level', -1, '', 'Anytime Errand'),
];

describe('isQuestUnlocked', () => {
  it('is unlocked without a previous quest', () => {
    expect(isQuestUnlocked({ previous: '' }, [])).toBe(true);
    expect(isQuestUnlocked({ previous: undefined }, [])).toBe(true);
    expect(isQuestUnlocked({ previous: null }, [])).toBe(true);
    expect(isQuestUnlocked({ previous: '  ' }, [])).toBe(true);
  });
  it('is unlocked only once the previous quest is completed', () => {
    expect(isQuestUnlocked({ previous: 'a' }, [])).toBe(false);
    expect(isQuestUnlocked({ previous: 'a' }, ['b'])).toBe(false);
    expect(isQuestUnlocked({ previous: 'a' }, ['a'])).toBe(true);
    expect(isQuestUnlocked({ previous: 'a' }, new Set(['a']))).toBe(true);
  });
});

describe('questStatus', () => {
  it('is completed, unlocked or locked', () => {
    expect(questStatus(quests[0], [])).toBe('unlocked');
    expect(questStatus(quests[1], [])).toBe('locked');
    expect(questStatus(quests[1], ['spare_parts'])).toBe('unlocked');
    expect(questStatus(quests[0], ['spare_parts'])).toBe('completed');
    // A completed quest whose previous one is not completed still counts as completed.
    expect(questStatus(quests[1], ['power_up'])).toBe('completed');
  });
});

describe('quest filter', () => {
  it('applies only to text longer than 2 characters', () => {
    expect(isQuestFilterActive('')).toBe(false);
    expect(isQuestFilterActive('ab')).toBe(false);
    expect(isQuestFilterActive('  ab  ')).toBe(false);
    expect(isQuestFilterActive('abc')).toBe(true);
    expect(matchesQuestFilter({ name: 'Power Up' }, 'zz')).toBe(true);
  });
  it('matches a case-insensitive name substring', () => {
    expect(matchesQuestFilter({ name: 'Gunsmith - Part 1' }, 'SMITH')).toBe(true);
    expect(matchesQuestFilter({ name: 'Gunsmith - Part 1' }, 'part 1')).toBe(true);
    expect(matchesQuestFilter({ name: 'Gunsmith - Part 1' }, 'part 2')).toBe(false);
    expect(matchesQuestFilter({ name: 'Power Up' }, ' power ')).toBe(true);
  });
});

describe('quest filter on items, trader and map', () => {
  const delivery: QuestLike = {
    _id: 'delivery',
    name: 'Special Delivery',
    questLevel: 4,
    traderId: 'kade',
    objectives: ['Hand over 2 Flash Drives', 'Visit the market square'],
    rewards: ['+4,600 XP', 'Ration Pack x2'],
    location: ['City Center', 'Metro Depot'],
  };
  const hunt: QuestLike = {
    _id: 'hunt',
    name: 'The Poacher',
    questLevel: 9,
    traderId: 'ilsa',
    objectives: ['Recover the Hunting Rifle'],
    location: ['Ashen Valley'],
  };
  const all = { text: '', showCompleted: true, showFuture: true };
  const player = { loggedIn: false, level: 0, completed: [] };
  const ids = (filter: Partial<typeof all> & { traderId?: string; location?: string }) =>
    filterQuests([delivery, hunt], { ...all, ...filter }, player).map((x) => x._id);

  it('matches items named in objectives and rewards, not only quest names', () => {
    expect(matchesQuestFilter(delivery, 'flash drive')).toBe(true);
    expect(matchesQuestFilter(delivery, 'RATION')).toBe(true);
    expect(matchesQuestFilter(hunt, 'hunting rifle')).toBe(true);
    expect(matchesQuestFilter(hunt, 'flash drive')).toBe(false);
    expect(ids({ text: 'rifle' })).toEqual(['hunt']);
  });
  it('filters by trader and by map, together with the text', () => {
    expect(ids({ traderId: 'kade' })).toEqual(['delivery']);
    expect(ids({ location: 'Ashen Valley' })).toEqual(['hunt']);
    expect(ids({ location: 'Metro Depot', traderId: 'ilsa' })).toEqual([]);
    expect(ids({ traderId: '', location: '' })).toEqual(['delivery', 'hunt']);
    expect(ids({ location: 'City Center', text: 'market' })).toEqual(['delivery']);
  });
  it('lists the maps quests take place on, once each', () => {
    expect(questLocations([delivery, hunt, delivery])).toEqual([
      'City Center',
      'Metro Depot',
      'Ashen Valley',
    ]);
  });
});

describe('future quests', () => {
  it('are quests above the player level; quests without a level never are', () => {
    expect(isFutureQuest({ questLevel: 10 }, 9)).toBe(true);
    expect(isFutureQuest({ questLevel: 10 }, 10)).toBe(false);
    expect(isFutureQuest({ questLevel: 1 }, 0)).toBe(true);
    expect(isFutureQuest({ questLevel: -1 }, 0)).toBe(false);
  });
});

describe('isQuestVisible / filterQuests', () => {
  const all = { text: '', showCompleted: true, showFuture: true };
  const player = { loggedIn: true, level: 9, completed: ['spare_parts'] };

  it('shows everything with both flags on', () => {
    expect(filterQuests(quests, all, player)).toHaveLength(quests.length);
  });
  it('hides completed quests when show completed is off', () => {
    const ids = filterQuests(quests, { ...all, showCompleted: false }, player).map((x) => x._id);
    expect(ids).not.toContain('spare_parts');
    expect(ids).toHaveLength(quests.length - 1);
  });
  it('hides quests above the player level for a logged-in player when show future is off', () => {
    const ids = filterQuests(quests, { ...all, showFuture: false }, player).map((x) => x._id);
    expect(ids).toEqual(['no_level', 'first_aid', 'spare_parts', 'power_up', 'wired']);
  });
  it('keeps locked quests at or below the player level (they show a lock)', () => {
    expect(isQuestVisible(quests[2], { ...all, showFuture: false }, { ...player, completed: [] })).toBe(true);
  });
  it('never hides by level for guests', () => {
    const guest = { loggedIn: false, level: 0, completed: [] };
    expect(filterQuests(quests, { ...all, showFuture: false }, guest)).toHaveLength(quests.length);
  });
  it('combines with the text filter', () => {
    const ids = filterQuests(quests, { text: 'gun', showCompleted: true, showFuture: true }, player).map(
      (x) => x._id,
    );
    expect(ids).toEqual(['gunsmith_1', 'gunsmith_2']);
  });
  it('sorts by level, then name', () => {
    const shuffled = [quests[3], quests[0], q('b', 2, '', 'Beta'), q('a', 2, '', 'Alpha')];
    expect([...shuffled].sort(compareQuests).map((x) => x._id)).toEqual([
      'a',
      'b',
      'spare_parts',
      'radio_silence',
    ]);
  });
});

describe('defaultQuestFilter', () => {
  it('hides completed and future quests for logged-in players', () => {
    expect(defaultQuestFilter({ loggedIn: true, quests })).toEqual({
      text: '',
      showCompleted: false,
      showFuture: false,
    });
  });
  it('shows both for guests', () => {
    expect(defaultQuestFilter({ loggedIn: false, quests })).toEqual({
      text: '',
      showCompleted: true,
      showFuture: true,
    });
  });
  it('shows both and filters by name for a valid questId', () => {
    expect(defaultQuestFilter({ loggedIn: true, questId: 'wired', quests })).toEqual({
      text: 'Wired',
      showCompleted: true,
      showFuture: true,
    });
  });
  it('ignores an unknown questId', () => {
    expect(defaultQuestFilter({ loggedIn: true, questId: 'nope', quests }).showCompleted).toBe(false);
  });
});

describe('quest chains', () => {
  it('lists followers', () => {
    expect(questFollowers('power_up', quests).map((x) => x._id)).toEqual(['wired', 'gunsmith_1']);
    expect(questFollowers('radio_silence', quests)).toEqual([]);
  });
  it('lists the quests a completion unlocks', () => {
    expect(questsUnlockedBy('power_up', quests, ['gunsmith_1']).map((x) => x._id)).toEqual(['wired']);
  });
  it('lists ancestors nearest first', () => {
    expect(questAncestors('radio_silence', quests).map((x) => x._id)).toEqual([
      'wired',
      'power_up',
      'spare_parts',
    ]);
    expect(questAncestors('spare_parts', quests)).toEqual([]);
  });
  it('builds the whole chain with depth, status and role of each quest', () => {
    const chain = questChain('wired', quests, ['spare_parts'])!;
    expect(chain.rootId).toBe('spare_parts');
    expect(chain.cycle).toBe(false);
    expect(chain.completedCount).toBe(1);
    expect(chain.nodes.map((n) => [n.quest._id, n.depth, n.status])).toEqual([
      ['spare_parts', 0, 'completed'],
      ['power_up', 1, 'unlocked'],
      ['wired', 2, 'locked'],
      ['gunsmith_1', 2, 'locked'],
      ['radio_silence', 3, 'locked'],
      ['gunsmith_2', 3, 'locked'],
    ]);
    const role = (id: string) => {
      const n = chain.nodes.find((x) => x.quest._id === id)!;
      return [n.focus, n.prerequisite, n.follower];
    };
    expect(role('wired')).toEqual([true, false, false]);
    expect(role('power_up')).toEqual([false, true, false]);
    expect(role('radio_silence')).toEqual([false, false, true]);
    expect(role('gunsmith_1')).toEqual([false, false, false]);
    expect(chain.edges).toContainEqual({ from: 'power_up', to: 'gunsmith_1' });
    expect(chain.edges).toHaveLength(5);
  });
  it('is a single node for a quest without previous or followers', () => {
    const chain = questChain('first_aid', quests, [])!;
    expect(chain.nodes).toHaveLength(1);
    expect(chain.edges).toEqual([]);
  });
  it('returns undefined for an unknown quest', () => {
    expect(questChain('nope', quests, [])).toBeUndefined();
  });
  it('detects loops and never follows them twice', () => {
    const looped = [q('a', 1, 'c'), q('b', 2, 'a'), q('c', 3, 'b'), q('d', 4, 'c')];
    const chain = questChain('b', looped, [])!;
    expect(chain.cycle).toBe(true);
    expect(chain.nodes.map((n) => n.quest._id).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(questAncestors('b', looped).map((x) => x._id)).toEqual(['a', 'c']);
    const self = [q('s', 1, 's')];
    expect(questChain('s', self, [])!.cycle).toBe(true);
    expect(questAncestors('s', self)).toEqual([]);
  });
  it('starts at a quest whose previous quest is missing', () => {
    const chain = questChain('x', [q('x', 1, 'gone'), q('y', 2, 'x')], [])!;
    expect(chain.rootId).toBe('x');
    expect(chain.nodes.map((n) => n.status)).toEqual(['locked', 'locked']);
  });
});

describe('keeping chains consistent', () => {
  it('lists the missing prerequisites of a locked quest, first to do first', () => {
    expect(missingPrerequisites('radio_silence', quests, []).map((x) => x._id)).toEqual([
      'spare_parts',
      'power_up',
      'wired',
    ]);
    expect(missingPrerequisites('radio_silence', quests, ['spare_parts']).map((x) => x._id)).toEqual([
      'power_up',
      'wired',
    ]);
    expect(missingPrerequisites('spare_parts', quests, [])).toEqual([]);
    expect(missingPrerequisites('wired', quests, ['spare_parts', 'power_up'])).toEqual([]);
  });

  it('lists the completed quests that depend on a quest, through every branch', () => {
    const done = ['spare_parts', 'power_up', 'wired', 'gunsmith_1', 'gunsmith_2', 'first_aid'];
    expect(completedDependents('power_up', quests, done).map((x) => x._id)).toEqual([
      'wired',
      'gunsmith_1',
      'gunsmith_2',
    ]);
    expect(completedDependents('wired', quests, done)).toEqual([]);
    expect(completedDependents('first_aid', quests, done)).toEqual([]);
  });

  it('stops at loops', () => {
    const loop = [q('a', 1, 'b'), q('b', 1, 'a')];
    expect(completedDependents('a', loop, ['a', 'b']).map((x) => x._id)).toEqual(['b']);
    expect(missingPrerequisites('a', loop, []).map((x) => x._id)).toEqual(['b']);
  });
});

describe('objective ticks', () => {
  const quest = { _id: 'q', objectives: ['Find the cache', 'Mark the truck', 'Survive'] };

  it('shows the ticked objectives, and all of them once the quest is completed', () => {
    expect(objectivesDone(quest, { q: [0, 2] }, [])).toEqual([true, false, true]);
    expect(objectivesDone(quest, {}, [])).toEqual([false, false, false]);
    expect(objectivesDone(quest, {}, ['q'])).toEqual([true, true, true]);
    // Ticks past the end of a list that became shorter are ignored.
    expect(objectivesDone({ _id: 'q', objectives: ['Only one'] }, { q: [0, 4] }, [])).toEqual([true]);
    expect(objectivesDone({ _id: 'q' }, { q: [0] }, ['q'])).toEqual([]);
  });

  it('offers completion only when every objective is ticked and the quest is not completed', () => {
    expect(isReadyToComplete(quest, { q: [0, 1, 2] }, [])).toBe(true);
    expect(isReadyToComplete(quest, { q: [0, 1] }, [])).toBe(false);
    expect(isReadyToComplete(quest, { q: [0, 1, 2] }, ['q'])).toBe(false);
    expect(isReadyToComplete({ _id: 'q', objectives: [] }, {}, [])).toBe(false);
  });

  it('ticks and unticks one objective, keeping the indexes ascending and the rest untouched', () => {
    const ticks = { q: [2], other: [1] };
    expect(withObjectiveTick(ticks, 'q', 0, true)).toEqual({ q: [0, 2], other: [1] });
    expect(withObjectiveTick(ticks, 'q', 2, true)).toEqual({ q: [2], other: [1] });
    expect(withObjectiveTick(ticks, 'q', 2, false)).toEqual({ other: [1] });
    expect(withObjectiveTick({}, 'new', 3, true)).toEqual({ new: [3] });
    expect(ticks).toEqual({ q: [2], other: [1] });
  });
});

describe('parsePlayerLevel', () => {
  it('takes whole numbers from 0 to the maximum and refuses the rest whole, never dropping letters', async () => {
    const { parsePlayerLevel, maxPlayerLevel } = await import('./quests.ts');
    expect(parsePlayerLevel(' 12 ')).toEqual({ ok: true, level: 12 });
    expect(parsePlayerLevel(String(maxPlayerLevel))).toEqual({ ok: true, level: maxPlayerLevel });
    for (const text of ['abc', '1e5-', '1.5', '', '12a'])
      expect(parsePlayerLevel(text)).toEqual({ ok: false, reason: 'notANumber' });
    expect(parsePlayerLevel('-1')).toEqual({ ok: false, reason: 'range' });
    expect(parsePlayerLevel('1001')).toEqual({ ok: false, reason: 'range' });
  });
});

describe('quests with several prerequisites', () => {
  // Debut → { Shootout Picnic, Delivery From the Past } → Bad Rep Evidence (needs both), → Ambulance
  const needs = (_id: string, questLevel: number, requires: string[]): QuestLike => ({
    _id,
    name: _id,
    questLevel,
    previous: requires[0] ?? '',
    requires,
  });
  const web = [
    needs('debut', 1, []),
    needs('picnic', 3, ['debut']),
    needs('delivery', 4, ['debut']),
    needs('bad_rep', 6, ['picnic', 'delivery']),
    needs('ambulance', 8, ['bad_rep']),
  ];

  it('is unlocked only when every required quest is completed', () => {
    expect(isQuestUnlocked(web[3]!, ['debut', 'picnic'])).toBe(false);
    expect(isQuestUnlocked(web[3]!, ['debut', 'delivery'])).toBe(false);
    expect(isQuestUnlocked(web[3]!, ['picnic', 'delivery'])).toBe(true);
    expect(questStatus(web[3]!, ['picnic'])).toBe('locked');
  });
  it('reads a quest written with only its previous quest', () => {
    expect(prerequisiteIds({ previous: 'a' })).toEqual(['a']);
    expect(prerequisiteIds({ previous: 'a', requires: ['a', 'b', 'b'] })).toEqual(['a', 'b']);
    expect(prerequisiteIds({ previous: '', requires: [] })).toEqual([]);
  });
  it('unlocks a follower only with the last of its prerequisites', () => {
    expect(questsUnlockedBy('picnic', web, ['debut'])).toEqual([]);
    expect(questsUnlockedBy('picnic', web, ['debut', 'delivery']).map((x) => x._id)).toEqual(['bad_rep']);
    expect(questFollowers('delivery', web).map((x) => x._id)).toEqual(['bad_rep']);
  });
  it('completes every missing prerequisite, each after its own', () => {
    expect(missingPrerequisites('ambulance', web, ['delivery']).map((x) => x._id)).toEqual([
      'debut',
      'picnic',
      'bad_rep',
    ]);
    expect(questAncestors('bad_rep', web).map((x) => x._id)).toEqual(['picnic', 'delivery', 'debut']);
  });
  it('un-completes what depends on any of its prerequisites', () => {
    const all = ['debut', 'picnic', 'delivery', 'bad_rep', 'ambulance'];
    expect(completedDependents('delivery', web, all).map((x) => x._id)).toEqual(['bad_rep', 'ambulance']);
  });
  it('shows a quest needing two quests once in the chain, naming the other one', () => {
    const chain = questChain('bad_rep', web, ['debut', 'picnic'])!;
    expect(chain.cycle).toBe(false);
    expect(chain.rootIds).toEqual(['debut']);
    expect(chain.nodes.map((n) => [n.quest._id, n.depth])).toEqual([
      ['debut', 0],
      ['picnic', 1],
      ['delivery', 1],
      ['bad_rep', 2],
      ['ambulance', 3],
    ]);
    const badRep = chain.nodes.find((n) => n.quest._id === 'bad_rep')!;
    expect(badRep.alsoRequires).toEqual(['delivery']);
    expect(badRep.status).toBe('locked');
    expect(chain.nodes.find((n) => n.quest._id === 'delivery')!.prerequisite).toBe(true);
    expect(chain.edges).toHaveLength(4);
  });
  it('starts a chain at every first quest above the focus', () => {
    const two = [needs('a', 1, []), needs('b', 1, []), needs('c', 2, ['b', 'a'])];
    const chain = questChain('c', two, [])!;
    expect(chain.rootIds).toEqual(['a', 'b']);
    expect(chain.nodes.map((n) => n.quest._id)).toEqual(['a', 'c', 'b']);
    expect(chain.nodes.find((n) => n.quest._id === 'c')!.alsoRequires).toEqual(['b']);
  });
  it('finds a loop through a second prerequisite', () => {
    const looped = [needs('a', 1, []), needs('b', 2, ['a', 'c']), needs('c', 3, ['b'])];
    const chain = questChain('c', looped, [])!;
    expect(chain.cycle).toBe(true);
    expect(chain.nodes.map((n) => n.quest._id).sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('keeping previous and requires in step on writes', () => {
  it('lets requires decide on create, else previous', () => {
    expect(syncQuestPrerequisites({ previous: 'x', requires: ['a', 'b'] })).toEqual({
      previous: 'a',
      requires: ['a', 'b'],
    });
    expect(syncQuestPrerequisites({ previous: 'x', requires: [] })).toEqual({
      previous: 'x',
      requires: ['x'],
    });
    expect(syncQuestPrerequisites({ previous: '', requires: [] })).toEqual({ previous: '', requires: [] });
  });
  it('on update: requires named decides; previous alone replaces the first; neither changes nothing', () => {
    const stored = { previous: 'a', requires: ['a', 'b'] };
    expect(syncQuestPrerequisites({ ...stored, requires: ['c'] }, new Set(['requires']))).toEqual({
      previous: 'c',
      requires: ['c'],
    });
    expect(syncQuestPrerequisites({ ...stored, previous: 'z' }, new Set(['previous']))).toEqual({
      previous: 'z',
      requires: ['z', 'b'],
    });
    expect(syncQuestPrerequisites({ ...stored, previous: 'b' }, new Set(['previous']))).toEqual({
      previous: 'b',
      requires: ['b'],
    });
    expect(syncQuestPrerequisites({ ...stored, previous: '' }, new Set(['previous']))).toEqual({
      previous: '',
      requires: [],
    });
    expect(syncQuestPrerequisites(stored, new Set(['name']))).toEqual({});
  });
});
