import type { ReviewDetail } from '@waypoint/shared/suggestions/review';
import { describe, expect, it } from 'vitest';
import { floorOf, previewTiles } from './preview-floor.ts';

const preview: NonNullable<ReviewDetail['preview']> = {
  map: {
    _id: 'm1',
    gameId: 'g1',
    name: 'Hospital',
    tilesPath: 'g1/m1/v1',
    version: 'mv',
    maxZoom: 4,
    width: 4096,
    height: 4096,
  },
  levels: [
    { level: 0, name: 'Basement', tilesPath: 'g1/m1--b/v2', version: 'bv' },
    { level: 2, name: 'Upper floor', tilesPath: '', version: '' },
  ],
  definitions: {},
};

describe('the review preview on floors', () => {
  it("draws a marker on a floor over that floor's tiles", () => {
    expect(floorOf(preview, { level: 0 })?.name).toBe('Basement');
    expect(previewTiles(preview, { level: 0 })).toEqual({ tilesPath: 'g1/m1--b/v2', version: 'bv' });
  });

  it("draws a marker on every floor, or on a floor not cut yet, over the map's tiles", () => {
    expect(floorOf(preview, { level: -1 })).toBeUndefined();
    expect(previewTiles(preview, { level: -1 })).toEqual({ tilesPath: 'g1/m1/v1', version: 'mv' });
    expect(previewTiles(preview, {})).toEqual({ tilesPath: 'g1/m1/v1', version: 'mv' });
    expect(floorOf(preview, { level: 2 })?.name).toBe('Upper floor');
    expect(previewTiles(preview, { level: 2 })).toEqual({ tilesPath: 'g1/m1/v1', version: 'mv' });
    expect(previewTiles({ ...preview, map: { ...preview.map, tilesPath: '' } }, { level: 7 })).toEqual({
      tilesPath: 'g1/m1',
      version: 'mv',
    });
  });
});
