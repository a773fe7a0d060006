import { describe, expect, it } from 'vitest';
import type { MapMarkerData, MapMarkerDefinition } from './marker-data.ts';
import {
  type MarkerSuggestion,
  mergeSuggestions,
  suggestionAuthors,
  Tint,
  tintColors,
} from './suggested-markers.ts';

const definition = (id: string, type: MapMarkerDefinition['markerDefinitionType'] = 'SVG') =>
  ({ _id: id, name: id, markerDefinitionType: type }) as MapMarkerDefinition;

function data(): MapMarkerData {
  return {
    mapId: 'm1',
    count: 3,
    definitions: [definition('loot'), definition('zone', 'POLYGON')],
    markers: {
      id: ['a', 'b', 'z'],
      def: [0, 0, 1],
      lat: [-10, -20, -30],
      lng: [10, 20, 30],
      name: ['A', 'B', 'Zone'],
      questId: ['', '', ''],
      questObjective: ['', '', ''],
      reportCount: [0, 0, 0],
      points: {
        2: [
          [-30, 30],
          [-31, 31],
          [-32, 30],
        ],
      },
    },
  };
}

const suggestion = (
  id: string,
  action: MarkerSuggestion['action'],
  element: Record<string, unknown>,
  extra: Partial<MarkerSuggestion> = {},
): MarkerSuggestion => ({
  _id: id,
  action,
  status: 'SAVED',
  type: 'PLACED_MARKER',
  parentId: 'm1',
  username: 'ann',
  targetId: String(element._id ?? ''),
  data: JSON.stringify(element),
  ...extra,
});

describe('mergeSuggestions', () => {
  it('keeps the markers untinted when there are no suggestions', () => {
    const merged = mergeSuggestions(data(), []);
    expect(merged.markers.id).toEqual(['a', 'b', 'z']);
    expect(merged.markers.tint).toEqual([0, 0, 0]);
    expect(merged.markers.suggestionId).toEqual(['', '', '']);
  });

  it('adds an ADD as an extra green row named by the suggestion id', () => {
    const merged = mergeSuggestions(data(), [
      suggestion('sg_1', 'ADD', {
        _id: 'pm_new',
        markerDefinitionId: 'loot',
        lat: -5,
        lng: 6,
        name: 'Crate',
      }),
    ]);
    const m = merged.markers;
    expect(m.id).toEqual(['a', 'b', 'z', 'sg_1']);
    expect([m.def[3], m.lat[3], m.lng[3], m.name[3]]).toEqual([0, -5, 6, 'Crate']);
    expect(m.tint[3]).toBe(Tint.Add);
    expect(m.suggestionId[3]).toBe('sg_1');
    expect(m.suggestionUser[3]).toBe('ann');
    expect(tintColors[Tint.Add]).toBe('#00ff00');
  });

  it('draws an UPDATE at the suggested position and shape, tinted yellow', () => {
    const shape = [
      [-1, 1],
      [-2, 2],
    ];
    const merged = mergeSuggestions(data(), [
      suggestion('sg_2', 'UPDATE', { _id: 'b', lat: -21, lng: 22 }),
      suggestion('sg_3', 'UPDATE', { _id: 'z', polygonPoints: shape, name: 'Bigger zone' }),
    ]);
    const m = merged.markers;
    expect(m.id).toEqual(['a', 'b', 'z']);
    expect([m.lat[1], m.lng[1], m.name[1], m.tint[1], m.suggestionId[1]]).toEqual([
      -21,
      22,
      'B',
      Tint.Update,
      'sg_2',
    ]);
    expect(m.points[2]).toEqual(shape);
    expect(m.name[2]).toBe('Bigger zone');
    expect(m.tint[2]).toBe(Tint.Update);
    expect(tintColors[Tint.Update]).toBe('#ffff00');
  });

  it('tints a DELETE red and keeps the marker where it is', () => {
    const merged = mergeSuggestions(data(), [suggestion('sg_4', 'DELETE', { _id: 'a' })]);
    const m = merged.markers;
    expect([m.lat[0], m.lng[0], m.tint[0], m.suggestionId[0]]).toEqual([-10, 10, Tint.Delete, 'sg_4']);
    expect(tintColors[Tint.Delete]).toBe('#ff0000');
  });

  it('gives further suggestions about one marker rows of their own', () => {
    const merged = mergeSuggestions(data(), [
      suggestion('sg_5', 'UPDATE', { _id: 'a', lat: -11 }, { username: 'ann' }),
      suggestion('sg_6', 'UPDATE', { _id: 'a', lat: -12 }, { username: 'bob' }),
      suggestion('sg_7', 'DELETE', { _id: 'a' }, { username: 'cy' }),
    ]);
    const m = merged.markers;
    expect(m.id).toEqual(['a', 'b', 'z', 'sg_6', 'sg_7']);
    expect(m.lat[0]).toBe(-11);
    expect(m.lat[3]).toBe(-12);
    expect(m.lat[4]).toBe(-10);
    expect(m.tint.slice(3)).toEqual([Tint.Update, Tint.Delete]);
    expect(m.suggestionUser.slice(3)).toEqual(['bob', 'cy']);
  });

  it('uses the element id when the suggestion has no target id', () => {
    const merged = mergeSuggestions(data(), [
      suggestion('sg_8', 'DELETE', { _id: 'b' }, { targetId: undefined }),
    ]);
    expect(merged.markers.tint[1]).toBe(Tint.Delete);
  });

  it('leaves out decided suggestions, other types, unknown markers, unknown definitions and broken data', () => {
    const merged = mergeSuggestions(data(), [
      suggestion('sg_9', 'DELETE', { _id: 'a' }, { status: 'ACCEPTED' }),
      suggestion('sg_10', 'DELETE', { _id: 'a' }, { status: 'REJECTED' }),
      suggestion('sg_11', 'UPDATE', { _id: 'a', name: 'x' }, { type: 'QUEST' }),
      suggestion('sg_12', 'UPDATE', { _id: 'gone', lat: 1 }),
      suggestion('sg_13', 'ADD', { _id: 'pm_x', markerDefinitionId: 'nope' }),
      { ...suggestion('sg_14', 'ADD', {}), data: '{broken' },
    ]);
    expect(merged.markers.id).toEqual(['a', 'b', 'z']);
    expect(merged.markers.tint).toEqual([0, 0, 0]);
  });

  it('counts REVIEW_REQUESTED as open and takes an element given as an object', () => {
    const merged = mergeSuggestions(data(), [
      {
        _id: 'sg_15',
        action: 'ADD',
        status: 'REVIEW_REQUESTED',
        data: { markerDefinitionId: 'zone', polygonPoints: '[[-1,1],[-2,2]]', lat: -1, lng: 1 },
      },
    ]);
    expect(merged.markers.id.at(-1)).toBe('sg_15');
    expect(merged.markers.points[3]).toEqual([
      [-1, 1],
      [-2, 2],
    ]);
  });

  it('does not change its input', () => {
    const input = data();
    const before = JSON.stringify(input);
    mergeSuggestions(input, [
      suggestion('sg_16', 'UPDATE', { _id: 'z', polygonPoints: [[0, 0]] }),
      suggestion('sg_17', 'ADD', { markerDefinitionId: 'loot' }),
    ]);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('merges 20,000 markers with 2,000 suggestions (its speed is in bench:suggestions)', () => {
    const n = 20_000;
    const big: MapMarkerData = {
      mapId: 'm1',
      count: n,
      definitions: [definition('loot')],
      markers: {
        id: Array.from({ length: n }, (_, i) => `m${i}`),
        def: new Array(n).fill(0),
        lat: Array.from({ length: n }, (_, i) => -i / 100),
        lng: Array.from({ length: n }, (_, i) => i / 100),
        name: new Array(n).fill(''),
        questId: new Array(n).fill(''),
        questObjective: new Array(n).fill(''),
        reportCount: new Array(n).fill(0),
        points: {},
      },
    };
    const list = Array.from({ length: 2_000 }, (_, k) =>
      k % 3 === 0
        ? suggestion(`s${k}`, 'ADD', { markerDefinitionId: 'loot', lat: -1, lng: 1 })
        : suggestion(`s${k}`, k % 3 === 1 ? 'UPDATE' : 'DELETE', { _id: `m${k * 7}`, lat: -2 }),
    );
    const merged = mergeSuggestions(big, list);
    expect(merged.markers.tint.filter((t) => t !== 0)).toHaveLength(2_000);
  });
});

describe('suggestionAuthors', () => {
  it('groups open suggestions by user with counts per action, most first', () => {
    const authors = suggestionAuthors([
      suggestion('1', 'ADD', {}, { username: 'bob' }),
      suggestion('2', 'DELETE', { _id: 'a' }, { username: 'ann' }),
      suggestion('3', 'UPDATE', { _id: 'a' }, { username: 'bob' }),
      suggestion('4', 'ADD', {}, { username: 'bob', status: 'ACCEPTED' }),
      suggestion('5', 'ADD', {}, { username: 'cy' }),
    ]);
    expect(authors.map((a) => a.username)).toEqual(['bob', 'ann', 'cy']);
    expect(authors[0]).toEqual({
      username: 'bob',
      ids: ['1', '3'],
      counts: { ADD: 1, UPDATE: 1, DELETE: 0 },
    });
    expect(authors[1].counts).toEqual({ ADD: 0, UPDATE: 0, DELETE: 1 });
  });
});

describe('suggestions on a map with floors', () => {
  it('put a new marker on its floor, keep a moved one on its own, and follow a changed floor', () => {
    const floors = data();
    floors.markers.level = [0, 1, -1];
    const merged = mergeSuggestions(floors, [
      suggestion('s_add', 'ADD', { markerDefinitionId: 'loot', lat: -5, lng: 5, level: 1 }),
      suggestion('s_move', 'UPDATE', { _id: 'a', lat: -11, lng: 11 }),
      suggestion('s_floor', 'UPDATE', { _id: 'b', level: 0 }),
    ]);
    const at = (id: string) => merged.markers.level?.[merged.markers.suggestionId.indexOf(id)];
    expect(at('s_add')).toBe(1);
    expect(at('s_move')).toBe(0);
    expect(at('s_floor')).toBe(0);
    // A map without floors gets no level column.
    expect(
      mergeSuggestions(data(), [suggestion('s', 'ADD', { markerDefinitionId: 'loot' })]).markers.level,
    ).toBe(undefined);
  });
});
