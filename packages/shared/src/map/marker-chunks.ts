/**
 * Large maps' markers in binary chunks. Above `chunkedAbove` markers, `GET /api/map/{mapId}/markers`
 * answers the definitions and a manifest instead of the columns; the markers then come as binary
 * chunks (`GET /api/map/{mapId}/markers/chunks/{n}`), fetched in parallel, those in view first.
 *
 * The map's markers are ordered top of the map first (lat descending, then lng ascending), which is
 * also the order they are drawn in, and cut into runs of `chunkSize`: each chunk is a horizontal
 * band of the map, and the rows sorted by latitude are an index of their own (a view's rows are one
 * range, found by binary search). On a map with floors the rows are ordered by floor first (every
 * floor's, -1, then each floor's), no chunk spans two floors, and each floor's rows are one such
 * sorted run.
 *
 * One chunk, little-endian:
 * - header (24 bytes): magic `WPM1`, count, then the byte lengths of ids, names and extras (u32 each)
 *   and the index of its first row in the map (u32)
 * - lat: Float32 × count; lng: Float32 × count (a Float32 keeps far below a pixel at any zoom)
 * - def: Uint16 × count (index into the definitions); flags: Uint8 × count (`ChunkFlag`), padded to 4
 * - ids, then names: UTF-8 text, rows separated by NUL (which no stored text can hold)
 * - extras: UTF-8 JSON of the rare columns, `ChunkExtras`, keyed by row within the chunk (the level
 *   column, on a map with floors, as a list: most rows have one)
 */

/** Maps with more markers than this load in chunks; smaller maps keep the one JSON answer. */
export const chunkedAbove = 50_000;
/** Rows per chunk. */
export const chunkSize = 16_384;

export const ChunkFlag = { Reported: 1 } as const;

export interface MarkerChunkInfo {
  /** First row of the chunk in the map. */
  start: number;
  count: number;
  /** Latitude range of its rows (the band it covers): top first. */
  latMax: number;
  latMin: number;
  /**
   * On a map with floors, the floor of all its rows (-1: on every floor): the rows are ordered by
   * floor first, so that the floor shown loads first; absent on a map without floors.
   */
  level?: number;
}

export interface MarkerChunkManifest {
  /** Changes with every write to the map's markers (part of the chunk addresses). */
  version: string;
  chunks: MarkerChunkInfo[];
  /** Placed markers per definition, in the order of `definitions`. */
  perDefinition: number[];
}

/** Quest and polygon columns, only for the rows that have them (row index within the chunk). */
export interface ChunkExtras {
  questId?: Record<number, string>;
  questObjective?: Record<number, string>;
  points?: Record<number, [number, number][]>;
  /** Each row's level, when any row of the chunk is on a floor (-1: every floor). */
  level?: number[];
}

export interface ChunkRow {
  id: string;
  def: number;
  lat: number;
  lng: number;
  name: string;
  questId: string;
  questObjective: string;
  reportCount: number;
  points: [number, number][] | null;
  /** -1 (every floor) unless the map has floors. */
  level?: number;
}

export interface MarkerChunk {
  start: number;
  count: number;
  lat: Float32Array;
  lng: Float32Array;
  def: Uint16Array;
  flags: Uint8Array;
  ids: string[];
  names: string[];
  extras: ChunkExtras;
}

// Both the browser and Node have these; the shared package is compiled without either's types.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

const MAGIC = 0x314d5057; // 'WPM1' little-endian
const HEADER = 24;
const pad4 = (n: number) => (n + 3) & ~3;
const SEP = '\u0000';

/** Rows in draw order: top of the map first, then left to right. */
export function compareDrawOrder(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  return b.lat - a.lat || a.lng - b.lng;
}

/** The manifest entries of rows already in draw order. */
export function chunkInfos(lat: ArrayLike<number>, count: number, size = chunkSize): MarkerChunkInfo[] {
  const out: MarkerChunkInfo[] = [];
  for (let start = 0; start < count; start += size) {
    const n = Math.min(size, count - start);
    out.push({ start, count: n, latMax: lat[start], latMin: lat[start + n - 1] });
  }
  return out;
}

export function encodeMarkerChunk(rows: readonly ChunkRow[], start: number): Uint8Array {
  const n = rows.length;
  const encoder = new TextEncoder();
  const clean = (s: string) => (s.includes(SEP) ? s.replaceAll(SEP, '') : s);
  const ids = encoder.encode(rows.map((r) => clean(r.id)).join(SEP));
  const names = encoder.encode(rows.map((r) => clean(r.name)).join(SEP));
  const questId: Record<number, string> = {};
  const questObjective: Record<number, string> = {};
  const points: Record<number, [number, number][]> = {};
  rows.forEach((r, i) => {
    if (r.questId) questId[i] = r.questId;
    if (r.questObjective) questObjective[i] = r.questObjective;
    if (r.points && r.points.length > 0) points[i] = r.points;
  });
  const extras: ChunkExtras = {};
  if (Object.keys(questId).length > 0) extras.questId = questId;
  if (Object.keys(questObjective).length > 0) extras.questObjective = questObjective;
  if (Object.keys(points).length > 0) extras.points = points;
  if (rows.some((r) => r.level !== undefined && r.level !== -1))
    extras.level = rows.map((r) => r.level ?? -1);
  const extra = encoder.encode(Object.keys(extras).length > 0 ? JSON.stringify(extras) : '');
  const fixed = pad4(HEADER + n * 11);
  const out = new Uint8Array(fixed + ids.length + names.length + extra.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, n, true);
  view.setUint32(8, ids.length, true);
  view.setUint32(12, names.length, true);
  view.setUint32(16, extra.length, true);
  view.setUint32(20, start, true);
  const lat = new Float32Array(out.buffer, HEADER, n);
  const lng = new Float32Array(out.buffer, HEADER + n * 4, n);
  const def = new Uint16Array(out.buffer, HEADER + n * 8, n);
  const flags = out.subarray(HEADER + n * 10, HEADER + n * 11);
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    lat[i] = r.lat;
    lng[i] = r.lng;
    def[i] = r.def;
    flags[i] = r.reportCount > 0 ? ChunkFlag.Reported : 0;
  }
  out.set(ids, fixed);
  out.set(names, fixed + ids.length);
  out.set(extra, fixed + ids.length + names.length);
  return out;
}

export function decodeMarkerChunk(buffer: ArrayBuffer): MarkerChunk {
  const view = new DataView(buffer);
  if (buffer.byteLength < HEADER || view.getUint32(0, true) !== MAGIC) {
    throw new Error('Not a marker chunk');
  }
  const n = view.getUint32(4, true);
  const idBytes = view.getUint32(8, true);
  const nameBytes = view.getUint32(12, true);
  const extraBytes = view.getUint32(16, true);
  const start = view.getUint32(20, true);
  const fixed = pad4(HEADER + n * 11);
  const decoder = new TextDecoder();
  const text = (from: number, length: number) => decoder.decode(new Uint8Array(buffer, from, length));
  const split = (s: string) => (n === 0 ? [] : s.split(SEP));
  const extra = text(fixed + idBytes + nameBytes, extraBytes);
  return {
    start,
    count: n,
    lat: new Float32Array(buffer, HEADER, n),
    lng: new Float32Array(buffer, HEADER + n * 4, n),
    def: new Uint16Array(buffer, HEADER + n * 8, n),
    flags: new Uint8Array(buffer, HEADER + n * 10, n),
    ids: split(text(fixed, idBytes)),
    names: split(text(fixed + idBytes, nameBytes)),
    extras: extra ? (JSON.parse(extra) as ChunkExtras) : {},
  };
}
