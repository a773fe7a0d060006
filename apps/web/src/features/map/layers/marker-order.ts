import type { MarkerChunkManifest } from '@waypoint/shared/map/marker-chunks';

export interface DrawOrder {
  drawOrder: Int32Array;
  runs: { start: number; end: number }[];
  tail: Int32Array;
}

/**
 * The order the marker canvas draws and looks markers up in (see `MarkerStore.drawOrder`): the
 * `icons` by y, then x; a chunked map's placed rows as they come, one run a floor; the `tail` by y.
 */
export function drawOrderOf(
  x: Float64Array,
  y: Float64Array,
  icons: number[],
  tail: number[],
  placedRows: number,
  manifest: MarkerChunkManifest | undefined,
): DrawOrder {
  const byPosition = (a: number, b: number) => y[a] - y[b] || x[a] - x[b];
  let drawOrder: Int32Array;
  let runs: { start: number; end: number; level?: number }[];
  if (manifest) {
    // Rows come in draw order (floor by floor): every placed row, whatever it is once loaded.
    drawOrder = new Int32Array(placedRows);
    for (let i = 0; i < placedRows; i++) drawOrder[i] = i;
    runs = [];
    for (const chunk of manifest.chunks) {
      const last = runs.at(-1);
      const end = Math.min(chunk.start + chunk.count, placedRows);
      if (last && last.level === chunk.level) last.end = end;
      else runs.push({ start: chunk.start, end, level: chunk.level });
    }
  } else {
    icons.sort(byPosition);
    drawOrder = Int32Array.from(icons);
    runs = [{ start: 0, end: icons.length }];
  }
  tail.sort(byPosition);
  return { drawOrder, runs, tail: Int32Array.from(tail) };
}
