import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { safeSegment, safeTilesPath, mediaKeys as storage } from './paths.ts';

const bad = [
  '..',
  '.',
  '../x',
  'a/b',
  'a\\b',
  'a\0b',
  '/etc',
  'C:\\x',
  '',
  '.hidden',
  '-x',
  'a..b',
  '%2e%2e',
];

describe('storage keys', () => {
  it('builds the host keys', () => {
    expect(storage.uploadFile('map', 'tarkov_customs', 'mapImage', 'mapImage.png')).toBe(
      'uploads/map/tarkov_customs/mapImage/mapImage.png',
    );
    expect(storage.thumbFile('game', 'g1', 'image', '150x150', 'image.jpg')).toBe(
      'thumbs/game/g1/image/150x150/image.jpg',
    );
    expect(storage.tileFile('g1/m1/v9', 3, 2, 1)).toBe('mapTiles/g1/m1/v9/3/2/1.png');
    expect(storage.recordPrefixes('map', 'm1')).toEqual(['uploads/map/m1', 'thumbs/map/m1']);
  });

  it.each(bad)('refuses %j in every segment', (segment) => {
    const tries = [
      () => storage.uploadFile(segment, 'id', 'image', 'a.png'),
      () => storage.uploadFile('map', segment, 'image', 'a.png'),
      () => storage.uploadFile('map', 'id', segment, 'a.png'),
      () => storage.uploadFile('map', 'id', 'image', segment),
      () => storage.thumbFile('map', segment, 'image', '150x150', 'a.png'),
      () => storage.tilesDir(`${segment}/m1/v1`),
      () => storage.tilesDir(`g1/${segment}/v1`),
      () => storage.tilesDir(`g1/m1/${segment}`),
    ];
    for (const attempt of tries) expect(attempt).toThrow(MediaError);
  });

  it('refuses odd tile numbers and tiles paths', () => {
    expect(() => storage.tileFile('g/m', '1e3', 0, 0)).toThrow(MediaError);
    expect(() => storage.tileFile('g/m', 0, '-1', 0)).toThrow(MediaError);
    expect(() => storage.tileFile('g/m', 0, 0, '../1')).toThrow(MediaError);
    expect(() => safeTilesPath('g//m')).toThrow(MediaError);
    expect(() => safeTilesPath('/g/m')).toThrow(MediaError);
    expect(() => safeTilesPath('g/m/v/x')).toThrow(MediaError);
    expect(safeTilesPath('g/m')).toEqual(['g', 'm']);
    expect(safeTilesPath('g/m/v1')).toEqual(['g', 'm', 'v1']);
  });

  it('resolves public URLs only inside their root', () => {
    expect(storage.resolvePublic('mapTiles', 'g/m/0/0/0.png')).toBe('mapTiles/g/m/0/0/0.png');
    expect(() => storage.resolvePublic('uploads', 'map/%2e%2e/x')).toThrow(MediaError);
    expect(() => storage.resolvePublic('uploads', 'map/..%2f..%2fetc/passwd')).toThrow(MediaError);
    expect(() => storage.resolvePublic('uploads', 'map/a%00b')).toThrow(MediaError);
    expect(() => storage.resolvePublic('thumbs', '')).toThrow(MediaError);
    expect(safeSegment('0')).toBe('0');
  });
});
