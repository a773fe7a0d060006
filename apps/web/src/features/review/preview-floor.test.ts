import type { ReviewDetail } from '@waypoint/shared/suggestions/review';
import { describe, expect, it } from 'vitest';
import { floorOf, previewTilesPath } from './preview-floor.ts';

const preview: NonNullable<ReviewDetail['preview']> = {
  map: {
    _id: 'm1',
    gameId: 'g1',
    name: 'Hospital',
    tilesPath: 'g1/m1/v1',
    maxZoom: 4,
    width: 4096,
    height: 4096,
  },
  levels: [
    { level: 0, name: 'Basement', tilesPath: 'g1/m1--b/v2' },
    { level: 2, name: 'Upper floor', tilesPath: '' },
  ],
  definitions: {},
};

describe('the review preview on floors', () => {
  it("draws a marker on a floor over that floor's tiles", () => {
    expect(floorOf(preview, { level: 0 })?.name).toBe('Basement');
    expect(previewTilesPath(preview, { level: 0 })).toBe('g1/m1--b/v2');
  });

  it("draws a marker on every floor, or on a floor not cut yet, over the map's tiles", () => {
    expect(floorOf(preview, { level: -1 })).toBeUndefined();
    expect(previewTilesPath(preview, { level: -1 })).toBe('g1/m1/v1');
    expect(previewTilesPath(preview, {})).toBe('g1/m1/v1');
    expect(floorOf(preview, { level: 2 })?.name).toBe('Upper floor');
    expect(previewTilesPath(preview, { level: 2 })).toBe('g1/m1/v1');
    expect(previewTilesPath({ ...preview, map: { ...preview.map, tilesPath: '' } }, { level: 7 })).toBe(
      'g1/m1',
    );
  });
});
