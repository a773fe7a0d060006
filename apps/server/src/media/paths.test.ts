import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.ts';
import { MediaStorage, safeSegment, safeTilesPath } from './paths.ts';

const storage = new MediaStorage('/srv/data');
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

describe('storage paths', () => {
  it('builds the host paths under the data folder', () => {
    expect(storage.uploadFile('map', 'tarkov_customs', 'mapImage', 'mapImage.png')).toBe(
      path.resolve('/srv/data/uploads/map/tarkov_customs/mapImage/mapImage.png'),
    );
    expect(storage.thumbFile('game', 'g1', 'image', '150x150', 'image.jpg')).toBe(
      path.resolve('/srv/data/thumbs/game/g1/image/150x150/image.jpg'),
    );
    expect(storage.tileFile('g1/m1', 3, 2, 1)).toBe(path.resolve('/srv/data/mapTiles/g1/m1/3/2/1.png'));
    expect(storage.tilesParentDir('g1/m1')).toBe(path.resolve('/srv/data/mapTiles/g1'));
  });

  it.each(bad)('refuses %j in every segment', (segment) => {
    const tries = [
      () => storage.uploadFile(segment, 'id', 'image', 'a.png'),
      () => storage.uploadFile('map', segment, 'image', 'a.png'),
      () => storage.uploadFile('map', 'id', segment, 'a.png'),
      () => storage.uploadFile('map', 'id', 'image', segment),
      () => storage.thumbFile('map', segment, 'image', '150x150', 'a.png'),
      () => storage.tilesDir(`${segment}/m1`),
      () => storage.tilesDir(`g1/${segment}`),
    ];
    for (const attempt of tries) expect(attempt).toThrow(MediaError);
  });

  it('refuses odd tile numbers and tiles paths', () => {
    expect(() => storage.tileFile('g/m', '1e3', 0, 0)).toThrow(MediaError);
    expect(() => storage.tileFile('g/m', 0, '-1', 0)).toThrow(MediaError);
    expect(() => storage.tileFile('g/m', 0, 0, '../1')).toThrow(MediaError);
    expect(() => safeTilesPath('g//m')).toThrow(MediaError);
    expect(() => safeTilesPath('/g/m')).toThrow(MediaError);
    expect(safeTilesPath('g/m')).toEqual(['g', 'm']);
  });

  it('resolves public URLs only inside their root', () => {
    expect(storage.resolvePublic('mapTiles', 'g/m/0/0/0.png')).toBe(
      path.resolve('/srv/data/mapTiles/g/m/0/0/0.png'),
    );
    expect(() => storage.resolvePublic('uploads', 'map/%2e%2e/x')).toThrow(MediaError);
    expect(() => storage.resolvePublic('uploads', 'map/..%2f..%2fetc/passwd')).toThrow(MediaError);
    expect(() => storage.resolvePublic('uploads', 'map/a%00b')).toThrow(MediaError);
    expect(() => storage.resolvePublic('thumbs', '')).toThrow(MediaError);
    expect(safeSegment('0')).toBe('0');
  });
});
