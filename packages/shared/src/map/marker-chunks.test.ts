import { describe, expect, it } from 'vitest';
import {
  type ChunkRow,
  chunkInfos,
  compareDrawOrder,
  decodeMarkerChunk,
  encodeMarkerChunk,
} from './marker-chunks.ts';

const row = (i: number, fields: Partial<ChunkRow> = {}): ChunkRow => ({
  id: `pm_${i}`,
  def: i % 3,
  lat: 10 - i * 1.5,
  lng: i * 0.25,
  name: `Marker ${i}`,
  questId: '',
  questObjective: '',
  reportCount: 0,
  points: null,
  ...fields,
});

describe('marker chunks', () => {
  it('round-trips positions, definitions, flags, ids, names and the rare columns', () => {
    const rows = [
      row(0, { name: 'Größe 🌲', reportCount: 2 }),
      row(1, { questId: 'q1', questObjective: 'Find it' }),
      row(2, {
        name: '',
        points: [
          [-1, 2],
          [-3, 4.5],
        ],
      }),
      row(3, { id: 'pm_with\u0000nul' }),
    ];
    const bytes = encodeMarkerChunk(rows, 32);
    const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const chunk = decodeMarkerChunk(copy);
    expect(chunk.start).toBe(32);
    expect(chunk.count).toBe(4);
    expect([...chunk.lat]).toEqual([10, 8.5, 7, 5.5]);
    expect([...chunk.lng]).toEqual([0, 0.25, 0.5, 0.75]);
    expect([...chunk.def]).toEqual([0, 1, 2, 0]);
    expect([...chunk.flags]).toEqual([1, 0, 0, 0]);
    expect(chunk.ids).toEqual(['pm_0', 'pm_1', 'pm_2', 'pm_withnul']);
    expect(chunk.names).toEqual(['Größe 🌲', 'Marker 1', '', 'Marker 3']);
    expect(chunk.extras).toEqual({
      questId: { 1: 'q1' },
      questObjective: { 1: 'Find it' },
      points: {
        2: [
          [-1, 2],
          [-3, 4.5],
        ],
      },
    });
  });

  it('keeps positions within a Float32 of the stored value and encodes an empty chunk', () => {
    const chunk = decodeMarkerChunk(
      encodeMarkerChunk([row(0, { lat: -123.456789, lng: 98.7654321 })], 0).buffer as ArrayBuffer,
    );
    expect(Math.abs(chunk.lat[0] + 123.456789)).toBeLessThan(1e-5);
    expect(Math.abs(chunk.lng[0] - 98.7654321)).toBeLessThan(1e-5);
    const empty = decodeMarkerChunk(encodeMarkerChunk([], 0).buffer as ArrayBuffer);
    expect(empty.count).toBe(0);
    expect(empty.ids).toEqual([]);
  });

  it("carries each row's floor when any row of the chunk is on one, and nothing otherwise", () => {
    const floors = decodeMarkerChunk(
      encodeMarkerChunk([row(0, { level: 2 }), row(1, { level: -1 }), row(2)], 0).buffer as ArrayBuffer,
    );
    expect(floors.extras.level).toEqual([2, -1, -1]);
    const flat = decodeMarkerChunk(
      encodeMarkerChunk([row(0, { level: -1 }), row(1)], 0).buffer as ArrayBuffer,
    );
    expect(flat.extras.level).toBeUndefined();
  });

  it('refuses bytes that are not a chunk', () => {
    expect(() => decodeMarkerChunk(new ArrayBuffer(30))).toThrow();
  });

  it('orders rows top first then left to right, and cuts them into bands', () => {
    const rows = [row(0, { lat: -5, lng: 1 }), row(1, { lat: -1, lng: 9 }), row(2, { lat: -1, lng: 2 })];
    rows.sort(compareDrawOrder);
    expect(rows.map((r) => r.id)).toEqual(['pm_2', 'pm_1', 'pm_0']);
    expect(chunkInfos([10, 9, 8, 7, 6], 5, 2)).toEqual([
      { start: 0, count: 2, latMax: 10, latMin: 9 },
      { start: 2, count: 2, latMax: 8, latMin: 7 },
      { start: 4, count: 1, latMax: 6, latMin: 6 },
    ]);
  });
});
