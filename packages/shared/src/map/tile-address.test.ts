import { describe, expect, it } from 'vitest';
import { tileAddress, tileAddressTemplate } from './tile-address.ts';

describe('tile addresses', () => {
  it('encode each part of the pyramid path and carry the version', () => {
    expect(tileAddressTemplate('https://img.example', 'g 1/m#2', 'v 3')).toBe(
      'https://img.example/mapTiles/g%201/m%232/{z}/{x}/{y}.png?v=v%203',
    );
    expect(tileAddressTemplate('', 'g/m')).toBe('/mapTiles/g/m/{z}/{x}/{y}.png');
  });

  it('fill in one tile', () => {
    expect(tileAddress('', 'g/m', 'abc', { z: 3, x: 4, y: 5 })).toBe('/mapTiles/g/m/3/4/5.png?v=abc');
  });
});
