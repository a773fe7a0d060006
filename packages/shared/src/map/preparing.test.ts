import { describe, expect, it } from 'vitest';
import { isMapPreparing, mapTilesReady } from './preparing.ts';

describe('a map being prepared', () => {
  it('is one whose tiles are queued or being cut, or whose picture is not drawn yet', () => {
    const drawn = { mapImage: { version: 'v1' } };
    expect(isMapPreparing({ imageProcessStatus: 'PENDING', images: drawn })).toBe(true);
    expect(isMapPreparing({ imageProcessStatus: 'PROCESSING', images: drawn })).toBe(true);
    expect(isMapPreparing({ imageProcessStatus: 'NONE', images: { mapImage: { version: '' } } })).toBe(true);
    expect(isMapPreparing({ imageProcessStatus: 'DONE', images: drawn })).toBe(false);
    expect(isMapPreparing({ imageProcessStatus: 'ERROR', images: drawn })).toBe(false);
    // No picture at all, or one uploaded and never processed: nothing is on its way.
    expect(isMapPreparing({ imageProcessStatus: 'NONE', images: {} })).toBe(false);
    expect(isMapPreparing({ imageProcessStatus: 'NONE', images: drawn })).toBe(false);
  });
});

describe('a map whose tiles are asked for', () => {
  it('is any map with something on its way or done, not one that was never processed', () => {
    expect(mapTilesReady({ imageProcessStatus: 'DONE' })).toBe(true);
    expect(mapTilesReady({ imageProcessStatus: 'PROCESSING' })).toBe(true);
    expect(mapTilesReady({ imageProcessStatus: 'NONE', tilesPath: 'g/m' })).toBe(true);
    expect(mapTilesReady({ imageProcessStatus: 'NONE', images: { mapImage: { version: '' } } })).toBe(true);
    // A map accepted from a suggestion: no picture, or one never processed.
    expect(mapTilesReady({ imageProcessStatus: 'NONE' })).toBe(false);
    expect(mapTilesReady({ imageProcessStatus: 'NONE', images: { mapImage: { version: 'v1' } } })).toBe(
      false,
    );
  });
});
