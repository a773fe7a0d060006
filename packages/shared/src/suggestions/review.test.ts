import { describe, expect, it } from 'vitest';
import { reviewCell } from './review.ts';

describe('reviewCell', () => {
  it('cuts text past 30 characters with ... and shows lists as their count', () => {
    expect(reviewCell('a'.repeat(30))).toBe('a'.repeat(30));
    expect(reviewCell('b'.repeat(31))).toBe(`${'b'.repeat(30)}...`);
    expect(reviewCell(['x', 'y', 'z'])).toBe('3');
    expect(reviewCell([])).toBe('0');
    expect(reviewCell(12.5)).toBe('12.5');
    expect(reviewCell(null)).toBe('');
    expect(reviewCell({ a: 'long value that goes on and on' })).toBe('{"a":"long value that goes on ...');
  });
});
