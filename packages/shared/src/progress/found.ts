/** Whole per cent of markers found, never 100 before every one is found. */
export function percentFound(found: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(Math.floor((found / total) * 100), found < total ? 99 : 100);
}
