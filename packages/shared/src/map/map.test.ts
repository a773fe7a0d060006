import { describe, expect, it } from 'vitest';
import {
  definitionGroup,
  filterLink,
  groupDefinitions,
  iconSize,
  listedDefinitions,
  parseEnabledDefinitions,
} from './definitions.ts';
import { placedCounts } from './marker-data.ts';
import { isQuestMarkerShown, listedQuests } from './quests.ts';
import { mapErrorPath, resolveMap } from './routing.ts';

const def = (id: string, extra: Record<string, unknown> = {}) => ({ _id: id, name: id, ...extra });

describe('definition groups', () => {
  it('groups by upper-cased category with Uncategorized as the default, last', () => {
    const groups = groupDefinitions([
      def('b', { markerCategory: 'Loot' }),
      def('a', { markerCategory: 'loot' }),
      def('x'),
      def('y', { markerCategory: '  ' }),
      def('k', { markerCategory: 'Keys' }),
    ]);
    expect(groups.map((g) => g.name)).toEqual(['KEYS', 'LOOT', 'Uncategorized']);
    expect(groups[1].definitions.map((d) => d._id)).toEqual(['a', 'b']);
    expect(groups[2].definitions.map((d) => d._id)).toEqual(['x', 'y']);
    expect(definitionGroup({ markerCategory: null })).toBe('Uncategorized');
  });

  it('lists only definitions with placed markers unless all are shown, and searches', () => {
    const defs = [def('Loot Cache', { markerCategory: 'Loot' }), def('Door'), def('Boss')];
    const counts = new Map([
      ['Loot Cache', 3],
      ['Boss', 1],
    ]);
    const count = (id: string) => counts.get(id) ?? 0;
    expect(listedDefinitions(defs, count, { showAll: false }).map((d) => d._id)).toEqual([
      'Loot Cache',
      'Boss',
    ]);
    expect(listedDefinitions(defs, count, { showAll: true })).toHaveLength(3);
    expect(listedDefinitions(defs, count, { showAll: true, search: 'loot' }).map((d) => d._id)).toEqual([
      'Loot Cache',
    ]);
    expect(listedDefinitions(defs, count, { showAll: true, search: 'BOS' }).map((d) => d._id)).toEqual([
      'Boss',
    ]);
  });
});

describe('icon sizes', () => {
  it('uses the definition size only when both sides are above 0', () => {
    expect(iconSize(def('s', { markerDefinitionType: 'SVG', width: -1, height: -1 }))).toEqual([30, 36.214]);
    expect(iconSize(def('i', { markerDefinitionType: 'IMAGE' }))).toEqual([35, 35]);
    expect(iconSize(def('i', { markerDefinitionType: 'IMAGE', width: 48, height: 0 }))).toEqual([35, 35]);
    expect(iconSize(def('i', { markerDefinitionType: 'IMAGE', width: 48, height: 40 }))).toEqual([48, 40]);
    expect(iconSize(def('h', { markerDefinitionType: 'HTML' }))).toEqual([30, 36.214]);
  });
});

describe('filter link', () => {
  it('parses the enabled list and builds the link with the other parameters kept', () => {
    expect(parseEnabledDefinitions(' a,b,,a , c ')).toEqual(['a', 'b', 'c']);
    expect(parseEnabledDefinitions(null)).toEqual([]);
    const link = filterLink('https://x.test/game/g/maps/m?minimalNavBar=true&markerDefinitions=old', [
      'loot',
      'door',
    ]);
    expect(link).toBe('https://x.test/game/g/maps/m?minimalNavBar=true&markerDefinitions=door,loot');
    expect(parseEnabledDefinitions(link.split('markerDefinitions=')[1])).toEqual(['door', 'loot']);
    expect(filterLink('https://x.test/m?markerDefinitions=a', [])).toBe('https://x.test/m');
    expect(filterLink('https://x.test/m#top', ['a'])).toBe('https://x.test/m?markerDefinitions=a#top');
  });

  it('counts placed markers per definition', () => {
    const counts = placedCounts({
      definitions: [def('a'), def('b'), def('c')] as never,
      markers: { def: [0, 0, 2] } as never,
    });
    expect([...counts]).toEqual([
      ['a', 2],
      ['b', 0],
      ['c', 1],
    ]);
  });
});

describe('quest visibility', () => {
  const quests = [
    { _id: 'q1', name: 'First steps', questLevel: 1 },
    { _id: 'q2', name: 'Second steps', questLevel: 12, previous: 'q1' },
    { _id: 'q3', name: 'Secret', questLevel: 1, hidden: true },
  ];
  const filter = { text: '', showCompleted: false, showFuture: false };

  it('lists quests by the filters and leaves content-hidden quests out', () => {
    const player = { loggedIn: true, level: 5, completed: ['q1'] };
    expect(listedQuests(quests, filter, player).map((q) => q._id)).toEqual([]);
    expect(listedQuests(quests, { ...filter, showFuture: true }, player).map((q) => q._id)).toEqual(['q2']);
    const guest = { loggedIn: false, level: 0, completed: [] };
    expect(listedQuests(quests, { ...filter, text: 'ste' }, guest).map((q) => q._id)).toEqual(['q1', 'q2']);
    expect(listedQuests(quests, { ...filter, text: 'se' }, guest).map((q) => q._id)).toEqual(['q1', 'q2']);
    expect(listedQuests(quests, { ...filter, text: 'second' }, guest).map((q) => q._id)).toEqual(['q2']);
  });

  it('draws quest markers of listed quests whose eye is open', () => {
    const v = {
      allHidden: false,
      hidden: new Set(['q2']),
      listed: new Set(['q1', 'q2']),
      known: new Set(['q1', 'q2', 'q3']),
    };
    expect(isQuestMarkerShown('q1', v)).toBe(true);
    expect(isQuestMarkerShown('q2', v)).toBe(false);
    expect(isQuestMarkerShown('q3', v)).toBe(false);
    expect(isQuestMarkerShown('other', v)).toBe(true);
    expect(isQuestMarkerShown('', v)).toBe(true);
    expect(isQuestMarkerShown('q1', { ...v, allHidden: true })).toBe(false);
  });
});

describe('map addresses', () => {
  const maps = [
    { _id: 'fz_city_center', categoryId: 'fz_city' },
    { _id: 'fz_city_docks', categoryId: 'fz_city' },
    { _id: 'fz_woods_main', categoryId: 'fz_woods' },
  ];
  it('finds the map, else the first map of a category named in the id, else nothing', () => {
    expect(resolveMap('fz_city_docks', maps, ['fz_city', 'fz_woods'])).toEqual({
      kind: 'found',
      map: maps[1],
    });
    expect(resolveMap('fz_woods_gone', maps, ['fz_city', 'fz_woods'])).toEqual({
      kind: 'category',
      map: maps[2],
    });
    expect(resolveMap('nothing', maps, ['fz_city'])).toEqual({ kind: 'missing' });
    expect(resolveMap('fz_empty_x', maps, ['fz_empty'])).toEqual({ kind: 'missing' });
    expect(mapErrorPath('g 1', 'm')).toBe('/error?gameId=g%201&mapId=m');
  });
});
