import { describe, expect, it } from 'vitest';
import { percentFound } from './found.ts';

describe('percentFound', () => {
  it('rounds down, and says 100 only when everything is found', () => {
    expect(percentFound(0, 0)).toBe(0);
    expect(percentFound(1, 3)).toBe(33);
    expect(percentFound(19_999, 20_000)).toBe(99);
    expect(percentFound(20_000, 20_000)).toBe(100);
  });
});
