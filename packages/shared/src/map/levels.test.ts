import { describe, expect, it } from 'vitest';
import {
  chosenLevel,
  defaultLevel,
  everyLevel,
  isLevelPreparing,
  isOnLevel,
  levelButtonText,
  stepLevel,
} from './levels.ts';

const hospital = [
  { level: 2, isDefault: false, shortLabel: '2' },
  { level: 0, isDefault: false, shortLabel: 'B' },
  { level: 1, isDefault: true, shortLabel: '' },
];

describe('which markers a floor shows', () => {
  const known = new Set([0, 1, 2]);
  it('shows a marker of -1 on every floor', () => {
    for (const floor of [0, 1, 2]) expect(isOnLevel(everyLevel, floor, known)).toBe(true);
  });
  it('shows a marker of a floor on that floor only', () => {
    expect(isOnLevel(1, 1, known)).toBe(true);
    expect(isOnLevel(1, 0, known)).toBe(false);
    expect(isOnLevel(2, 1, known)).toBe(false);
  });
  it('shows every marker on a map without levels', () => {
    expect(isOnLevel(3, undefined, new Set())).toBe(true);
    expect(isOnLevel(0, undefined, new Set())).toBe(true);
  });
  it('shows a marker naming a floor the map does not have on every floor rather than nowhere', () => {
    expect(isOnLevel(7, 0, known)).toBe(true);
    expect(isOnLevel(7, 2, known)).toBe(true);
  });
});

describe('the floor a visit opens on', () => {
  it('is the floor flagged default, else the lowest', () => {
    expect(defaultLevel(hospital)).toBe(1);
    expect(defaultLevel(hospital.map((l) => ({ ...l, isDefault: false })))).toBe(0);
    expect(defaultLevel([])).toBeUndefined();
    // Several flagged: the lowest of them.
    expect(defaultLevel(hospital.map((l) => ({ ...l, isDefault: l.level !== 0 })))).toBe(1);
  });
  it('is the one the address names when the map has it', () => {
    expect(chosenLevel(hospital, '2')).toBe(2);
    expect(chosenLevel(hospital, '0')).toBe(0);
    expect(chosenLevel(hospital, '5')).toBe(1);
    expect(chosenLevel(hospital, 'x')).toBe(1);
    expect(chosenLevel(hospital, '-1')).toBe(1);
    expect(chosenLevel(hospital, null)).toBe(1);
    expect(chosenLevel([], '2')).toBeUndefined();
  });
});

describe('the floor control', () => {
  it('steps up and down between the floors and stops at the top and bottom', () => {
    expect(stepLevel(hospital, 1, 1)).toBe(2);
    expect(stepLevel(hospital, 2, 1)).toBe(2);
    expect(stepLevel(hospital, 1, -1)).toBe(0);
    expect(stepLevel(hospital, 0, -1)).toBe(0);
    expect(stepLevel([], 0, 1)).toBeUndefined();
  });
  it('labels a floor by its short label, else by its number', () => {
    expect(levelButtonText({ level: 0, shortLabel: 'B' })).toBe('B');
    expect(levelButtonText({ level: 1, shortLabel: ' ' })).toBe('1');
  });
});

describe('isLevelPreparing', () => {
  it('is true while the floor picture is queued, cut, or declared and not yet drawn', () => {
    expect(isLevelPreparing({ imageProcessStatus: 'PENDING', version: 'v1', picture: true })).toBe(true);
    expect(isLevelPreparing({ imageProcessStatus: 'PROCESSING', version: 'v1', picture: true })).toBe(true);
    expect(isLevelPreparing({ imageProcessStatus: 'NONE', version: '', picture: true })).toBe(true);
  });

  it('is false for a floor without a picture, a picture never processed, a done or failed one', () => {
    expect(isLevelPreparing({ imageProcessStatus: 'NONE', version: '', picture: false })).toBe(false);
    expect(isLevelPreparing({ imageProcessStatus: 'NONE', version: 'v1', picture: true })).toBe(false);
    expect(isLevelPreparing({ imageProcessStatus: 'DONE', version: 'v1', picture: true })).toBe(false);
    expect(isLevelPreparing({ imageProcessStatus: 'ERROR', version: 'v1', picture: true })).toBe(false);
  });
});
