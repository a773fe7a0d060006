import { describe, expect, it } from 'vitest';
import { listOrder, nameSortedUpTo } from './list-order.ts';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

describe('marker list order', () => {
  it('sorts by definition, then by name naturally, then by row', () => {
    const def = [1, 0, 0, 0, 1];
    const names = ['b', 'Marker 10', 'marker 9', 'Marker 9', 'a'];
    expect(listOrder([0, 1, 2, 3, 4], def, (i) => names[i], collator)).toEqual([2, 3, 1, 4, 0]);
  });

  it('keeps rows in order within a definition past the name-sorted length', () => {
    const n = nameSortedUpTo + 2;
    const def = Array.from({ length: n }, (_, i) => i % 2);
    const rows = Array.from({ length: n }, (_, i) => n - 1 - i);
    let asked = 0;
    const order = listOrder(
      rows,
      def,
      () => {
        asked++;
        return '';
      },
      collator,
    );
    expect(asked).toBe(0);
    expect(order.slice(0, 3)).toEqual([0, 2, 4]);
    expect(order[n / 2]).toBe(1);
  });
});
