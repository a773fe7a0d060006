import { describe, expect, it } from 'vitest';
import { boundsFromReferencePoints } from './geojson-content.ts';
import { referencePointsFromText } from './reference-points.ts';

describe('two reference points', () => {
  const size = { width: 4000, height: 2000 };

  it('give the bounds that put both points where they are on the picture', () => {
    const bounds = boundsFromReferencePoints(
      [
        { x: 1000, y: 500, lon: 11, lat: 49 },
        { x: 3000, y: 1500, lon: 13, lat: 47 },
      ],
      size,
    );
    expect(bounds).toEqual({ west: 10, east: 14, north: 50, south: 46 });
  });

  it('give none when they share an x or a y, or mirror the picture', () => {
    const a = { x: 1000, y: 500, lon: 11, lat: 49 };
    expect(boundsFromReferencePoints([a, { ...a, y: 1500, lat: 47 }], size)).toBeUndefined();
    expect(boundsFromReferencePoints([a, { ...a, x: 3000, lon: 13 }], size)).toBeUndefined();
    expect(boundsFromReferencePoints([a, { x: 3000, y: 1500, lon: 9, lat: 47 }], size)).toBeUndefined();
    expect(boundsFromReferencePoints([a, { x: 3000, y: 1500, lon: 13, lat: 51 }], size)).toBeUndefined();
  });

  it('are read from text as fours of numbers, signs and decimals kept', () => {
    expect(referencePointsFromText('1024, 1024, 12.39, 47.91; 3072 3072 -12.5 -47.83')).toEqual([
      { x: 1024, y: 1024, lon: 12.39, lat: 47.91 },
      { x: 3072, y: 3072, lon: -12.5, lat: -47.83 },
    ]);
    expect(referencePointsFromText('1, 2, 3')).toEqual([{ x: 1, y: 2, lon: 3, lat: undefined }]);
    expect(referencePointsFromText('')).toEqual([]);
  });
});
