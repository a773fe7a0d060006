/** Above this many markers in view, the list is not sorted by name (collating a million names takes seconds). */
export const nameSortedUpTo = 20_000;

/**
 * The marker list's order: by definition, then by name (natural, case-insensitive), then by row. A
 * list longer than `nameSortedUpTo` keeps each definition's markers in row order (top of the map
 * first on a large map), so that opening the list over a whole large map stays quick.
 */
export function listOrder(
  rows: number[],
  def: ArrayLike<number>,
  label: (i: number) => string,
  collator: Intl.Collator,
): number[] {
  if (rows.length > nameSortedUpTo) return rows.sort((a, b) => def[a] - def[b] || a - b);
  return rows.sort((a, b) => def[a] - def[b] || collator.compare(label(a), label(b)) || a - b);
}
