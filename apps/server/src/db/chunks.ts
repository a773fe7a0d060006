/**
 * How many values one `in (…)` list or multi-row insert carries: SQLite binds at most 32,766
 * parameters per statement (PostgreSQL 65,535), and a bounded list keeps each statement's plan cheap.
 */
export const IN_LIST_SIZE = 500;

/** `values` in consecutive parts of at most `size`, for statements that take them a part at a time. */
export function inChunks<T>(values: readonly T[], size = IN_LIST_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}
