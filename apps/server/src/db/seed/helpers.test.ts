import { mulberry32 } from '@waypoint/shared/random';
import { describe, expect, it } from 'vitest';
import { pixelToLatLng } from './geometry.ts';
import { apportion } from './markers.ts';
import { createRng, slug } from './rng.ts';

describe('seed helpers', () => {
  it('mulberry32 repeats its sequence for a seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    for (const n of first) expect(n >= 0 && n < 1).toBe(true);
    expect(createRng('x').int(1, 1)).toBe(1);
  });

  it('makes ids from names', () => {
    expect(slug("Quartermaster's Trust")).toBe('quartermaster_s_trust');
    expect(slug('  Eastern Marshes ')).toBe('eastern_marshes');
  });

  it('converts image pixels to CRS.Simple coordinates', () => {
    expect(pixelToLatLng(64, 32, 5)).toEqual({ lat: -1, lng: 2 });
    expect(pixelToLatLng(0, 0, 0)).toEqual({ lat: -0, lng: 0 });
  });

  it('apportions exactly', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(300, [34, 8, 3, 1.5]).reduce((a, b) => a + b, 0)).toBe(300);
    expect(apportion(0, [1, 2])).toEqual([0, 0]);
  });
});
