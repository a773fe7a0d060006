import { ChunkFlag, type MarkerChunk } from '@waypoint/shared/map/marker-chunks';
import type { MapMarkerColumns } from '@waypoint/shared/map/marker-data';

/**
 * Writes a decoded chunk into the map's columns (rows `chunk.start` on); the columns of a chunked
 * map are made full length when its manifest arrives (`emptyColumns`).
 */
export function fillColumns(m: MapMarkerColumns, chunk: MarkerChunk) {
  const { start, count } = chunk;
  for (let k = 0; k < count; k++) {
    const i = start + k;
    m.id[i] = chunk.ids[k];
    m.name[i] = chunk.names[k] ?? '';
    m.def[i] = chunk.def[k];
    m.lat[i] = chunk.lat[k];
    m.lng[i] = chunk.lng[k];
    m.reportCount[i] = chunk.flags[k] & ChunkFlag.Reported;
  }
  const { questId, questObjective, points, level } = chunk.extras;
  if (level && m.level) for (let k = 0; k < count; k++) m.level[start + k] = level[k] ?? -1;
  for (const k in questId) m.questId[start + Number(k)] = questId[Number(k)];
  for (const k in questObjective) m.questObjective[start + Number(k)] = questObjective[Number(k)];
  for (const k in points) m.points[start + Number(k)] = points[Number(k)];
}

/**
 * An array of `count` times `value`, grown by pushing: `new Array(n)` beyond 100,000 elements makes
 * a dictionary-backed array, many times slower to read and write.
 */
function filled<T>(count: number, value: T): T[] {
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(value);
  return out;
}

/**
 * Full-length columns for `count` rows not loaded yet. The numeric columns are typed arrays behind
 * the `number[]` type: they read and write the same, and suggest mode copies them with `Array.from`.
 */
export function emptyColumns(count: number, levels = false): MapMarkerColumns {
  const numbers = (array: Float64Array | Int32Array | Uint32Array | Int16Array) =>
    array as unknown as number[];
  return {
    // A map with floors: every row on every floor until its chunk says otherwise.
    ...(levels ? { level: numbers(new Int16Array(count).fill(-1)) } : {}),
    id: filled(count, ''),
    def: numbers(new Int32Array(count)),
    lat: numbers(new Float64Array(count)),
    lng: numbers(new Float64Array(count)),
    name: filled(count, ''),
    questId: filled(count, ''),
    questObjective: filled(count, ''),
    reportCount: numbers(new Uint32Array(count)),
    points: {},
  };
}
