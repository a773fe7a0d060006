import { describe, expect, it } from 'vitest';
import { safeColour, safePalette } from './palette.ts';

describe('colour-blind-safe marker colours', () => {
  it('keeps palette colours and moves others to the nearest palette colour', () => {
    for (const c of safePalette) expect(safeColour(c)).toBe(c);
    expect(safeColour('#ff0000')).toBe('#D55E00');
    expect(safeColour('#22c55e')).toBe('#009E73');
    expect(safeColour('#a855f7')).toBe('#CC79A7');
    expect(safeColour('#1e90ff')).toBe('#56B4E9');
    expect(safeColour('#ffd700')).toBe('#F0E442');
    expect(safeColour('rgb(25, 113, 194)')).toBe('#0072B2');
  });

  it('leaves greys, empty and unreadable colours as they are', () => {
    expect(safeColour('#ffffff')).toBe('#ffffff');
    expect(safeColour('#6b7280')).toBe('#6b7280');
    expect(safeColour('')).toBe('');
    expect(safeColour('not a colour')).toBe('not a colour');
  });
});
