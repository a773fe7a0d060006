import { type ChunkRow, chunkInfos, encodeMarkerChunk } from '@waypoint/shared/map/marker-chunks';
import {
  emptyMarkerColumns,
  type MapMarkerData,
  type MapMarkerDefinition,
} from '@waypoint/shared/map/marker-data';
import { describe, expect, it } from 'vitest';
import { ChunkLoader, chunkLoaderOf, prepareMarkerData } from './chunk-loader.ts';
import { MarkerStore } from './layers/marker-store.ts';

const definition = (id: string, type = 'SVG'): MapMarkerDefinition =>
  ({ _id: id, name: id, markerDefinitionType: type }) as MapMarkerDefinition;

/** A chunked answer of `n` rows (two per latitude step), chunks of `size`, and their bytes. */
function chunkedMap(n: number, size: number) {
  const rows: ChunkRow[] = Array.from({ length: n }, (_, i) => ({
    id: `pm_${i}`,
    def: i % 2,
    lat: -Math.floor(i / 2),
    lng: i % 2,
    name: `Spot ${i}`,
    questId: i === 3 ? 'q1' : '',
    questObjective: '',
    reportCount: i === 1 ? 1 : 0,
    points: null,
  }));
  const chunks = chunkInfos(
    rows.map((r) => r.lat),
    n,
    size,
  );
  const bodies = chunks.map((c) => {
    const bytes = encodeMarkerChunk(rows.slice(c.start, c.start + c.count), c.start);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  });
  const answer: MapMarkerData = {
    mapId: 'm',
    count: n,
    definitions: [definition('a'), definition('b')],
    chunks: { version: 'v1', chunks, perDefinition: [Math.ceil(n / 2), Math.floor(n / 2)] },
    markers: emptyMarkerColumns(),
  };
  const asked: number[] = [];
  const data = prepareMarkerData(
    answer,
    async (c, version) => {
      expect(version).toBe('v1');
      asked.push(c);
      return bodies[c];
    },
    null,
    0,
  );
  return { data, asked, loader: chunkLoaderOf(data) as ChunkLoader };
}

/** A 10-row map in chunks of 4 whose first chunk is loaded, and a store made then. */
async function storeAfterFirstChunk() {
  const { data, loader } = chunkedMap(10, 4);
  await loader.load(
    [0],
    () => undefined,
    () => false,
  );
  return { loader, store: new MarkerStore(data, loader.isLoaded) };
}

describe('chunked marker answers', () => {
  it('ask for the first chunks at once, from the middle of the map outwards', async () => {
    const asked: number[] = [];
    const { data } = chunkedMap(10, 4);
    prepareMarkerData(
      { ...data, chunks: data.chunks && { ...data.chunks } },
      async (c) => {
        asked.push(c);
        return new ArrayBuffer(0);
      },
      null,
      1,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([1]);
  });

  it('leave small answers as they are', () => {
    const data = { mapId: 'm', count: 0, definitions: [], markers: { id: [] } } as unknown as MapMarkerData;
    expect(prepareMarkerData(data, async () => new ArrayBuffer(0))).toBe(data);
    expect(chunkLoaderOf(data)).toBeUndefined();
  });

  it('load the chunks in view first, each once, into the columns and the store', async () => {
    const { data, asked, loader } = chunkedMap(10, 4);
    expect(data.markers.id).toHaveLength(10);
    const store = new MarkerStore(data, loader.isLoaded);
    store.applyVisibility((i) => store.def[i] === 0 || store.def[i] === 1);
    store.applyCompleted(new Set(['pm_5']));
    expect(store.visible.every((v) => v === 0)).toBe(true);
    // The view shows latitudes -2 to -3: the second chunk's band (rows 4 to 7).
    const order = loader.order(-2, -3);
    expect(order[0]).toBe(1);
    const seen: number[] = [];
    await loader.load(
      order.slice(0, 1),
      (chunk) => {
        seen.push(chunk.start);
        store.fillChunk(chunk, true);
      },
      () => false,
    );
    expect(seen).toEqual([4]);
    expect([...store.visible]).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 0, 0]);
    expect(store.completed[5]).toBe(1);
    expect(store.indexOf('pm_6')).toBe(6);
    expect(store.indexOf('pm_0')).toBe(-1);
    await loader.load(
      order,
      (chunk) => store.fillChunk(chunk, true),
      () => false,
    );
    expect(asked.sort()).toEqual([0, 1, 2]);
    expect(loader.complete).toBe(true);
    expect(store.visible.every((v) => v === 1)).toBe(true);
    expect(store.indexOf('pm_0')).toBe(0);
    expect(store.reported[1]).toBe(1);
    expect(store.questId(3)).toBe('q1');
    expect(store.latLng(9)).toEqual([-4, 1]);
    // Rows keep draw order: y (= -lat) never decreases along the draw order.
    const ys = [...store.drawOrder].map((i) => store.y[i]);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });

  it('give a store made later the chunks already loaded', async () => {
    const { store } = await storeAfterFirstChunk();
    expect([...store.loaded]).toEqual([1, 1, 1, 1, 0, 0, 0, 0, 0, 0]);
    // Rows not loaded yet wait at the top of their band, so that the order holds.
    expect(store.y[4]).toBe(2);
    store.applyVisibility(() => true);
    expect(store.visible[0]).toBe(1);
    expect(store.visible[4]).toBe(0);
  });

  it('mark completed rows as they arrive, and clear them all when nothing is completed', async () => {
    const { loader, store } = await storeAfterFirstChunk();
    // pm_6 is in a chunk still on its way: its flag comes with it.
    expect(store.applyCompleted(new Set(['pm_1', 'pm_6']))).toBe(true);
    expect([...store.completed]).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(store.applyCompleted(new Set(['pm_1', 'pm_6']))).toBe(false);
    await loader.load(
      loader.order(0, -4),
      (chunk) => store.fillChunk(chunk, true),
      () => false,
    );
    expect([...store.completed]).toEqual([0, 1, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(store.applyCompleted(new Set())).toBe(true);
    expect(store.completed.every((c) => c === 0)).toBe(true);
    expect(store.applyCompleted(new Set())).toBe(false);
  });

  it('stop handing chunks over once stopped, and reject a chunk out of step', async () => {
    const { loader } = chunkedMap(10, 4);
    let stopped = false;
    const used: number[] = [];
    await loader.load(
      [0, 1, 2],
      (c) => {
        used.push(c.start);
        stopped = true;
      },
      () => stopped,
      1,
    );
    expect(used).toEqual([0]);
    const wrong = new ChunkLoader(loader.data, async () => {
      const bytes = encodeMarkerChunk([], 0);
      return bytes.buffer as ArrayBuffer;
    });
    await expect(
      wrong.load(
        [0],
        () => undefined,
        () => false,
      ),
    ).rejects.toThrow();
  });

  it('on a map with floors, load the floor shown first and keep each floor a run sorted by y', async () => {
    // Every floor (-1): pm_0, pm_1; floor 0: pm_2, pm_3; floor 1: pm_4, pm_5 (the server's order).
    const floors = [-1, -1, 0, 0, 1, 1];
    const lats = [0, -2, -1, -3, 0.5, -1.5];
    const rows: ChunkRow[] = floors.map((level, i) => ({
      id: `pm_${i}`,
      def: 0,
      lat: lats[i],
      lng: i,
      name: '',
      questId: '',
      questObjective: '',
      reportCount: 0,
      points: null,
      level,
    }));
    const chunks = [0, 2, 4].map((start) => ({
      start,
      count: 2,
      latMax: lats[start],
      latMin: lats[start + 1],
      level: floors[start],
    }));
    const level = (n: number, name: string) => ({
      _id: name,
      level: n,
      name,
      shortLabel: '',
      isDefault: n === 0,
      tilesPath: '',
      version: '',
      imageProcessStatus: 'DONE',
    });
    const asked: number[] = [];
    const data = prepareMarkerData(
      {
        mapId: 'm',
        count: 6,
        definitions: [definition('a')],
        chunks: { version: 'v1', chunks, perDefinition: [6] },
        levels: [level(0, 'Ground'), level(1, 'Upper')],
        markers: emptyMarkerColumns(),
      },
      async (c) => {
        asked.push(c);
        const bytes = encodeMarkerChunk(rows.slice(c * 2, c * 2 + 2), c * 2);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
      '1',
      2,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    // `?level=1`: the every-floor rows and the upper floor's come first.
    expect(asked.sort()).toEqual([0, 2]);
    const loader = chunkLoaderOf(data) as ChunkLoader;
    expect(loader.order(0, -3, 0).slice(0, 2).sort()).toEqual([0, 1]);
    expect(loader.order(0, -3, 0)[2]).toBe(2);
    await loader.load(
      [0, 1, 2],
      () => undefined,
      () => false,
    );
    const store = new MarkerStore(data, loader.isLoaded);
    expect(store.runs).toEqual([
      { start: 0, end: 2, level: -1 },
      { start: 2, end: 4, level: 0 },
      { start: 4, end: 6, level: 1 },
    ]);
    for (const run of store.runs) {
      const ys = [...store.drawOrder.slice(run.start, run.end)].map((i) => store.y[i]);
      expect(ys).toEqual([...ys].sort((a, b) => a - b));
    }
    // The map's extent covers every floor's bands.
    expect(store.extent()).toMatchObject({ minY: -0.5, maxY: 3 });
  });
});
