import type { Locator } from '@playwright/test';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two rectangles share any area (touching edges do not count). */
export function overlap(a: Box | null, b: Box | null): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The points of an element (a grid over its box, inset by `inset` px: rounded corners are not the
 * element's) where something else is on top, each named by what covers it; and points outside the
 * window. Empty when the element is wholly seen.
 */
export function coveredPoints(
  target: Locator,
  columns = 6,
  rows = 4,
  inset = 4,
  /** What else counts as the element's own (a popup's × lies over its content's corner). */
  whole = '',
): Promise<string[]> {
  return target.evaluate(
    (el, [cols, lines, pad, own]) => {
      const mine = (own && el.closest(own)) || el;
      const r = el.getBoundingClientRect();
      const out: string[] = [];
      for (let i = 0; i < cols; i++) {
        for (let j = 0; j < lines; j++) {
          const x = r.left + pad + ((r.width - 2 * pad) * i) / Math.max(1, cols - 1);
          const y = r.top + pad + ((r.height - 2 * pad) * j) / Math.max(1, lines - 1);
          if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
            out.push(`${Math.round(x)},${Math.round(y)} outside the window`);
            continue;
          }
          const hit = document.elementFromPoint(x, y);
          if (hit && mine.contains(hit)) continue;
          const owner = hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
          const who = hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)} in ${owner}` : 'nothing';
          out.push(`${Math.round(x)},${Math.round(y)} under ${who}`);
        }
      }
      return out;
    },
    [columns, rows, inset, whole] as const,
  );
}
