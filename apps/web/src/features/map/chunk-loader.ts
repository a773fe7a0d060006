import { chosenLevel, isOnLevel } from '@waypoint/shared/map/levels';
import {
  decodeMarkerChunk,
  type MarkerChunk,
  type MarkerChunkManifest,
} from '@waypoint/shared/map/marker-chunks';
import type { MapMarkerData } from '@waypoint/shared/map/marker-data';
import { emptyColumns, fillColumns } from './layers/marker-columns.ts';

/** A chunk's bytes, by number and manifest version (an HTTP GET in the page). */
export type FetchChunk = (n: number, version: string) => Promise<ArrayBuffer>;

/**
 * The loading state of one chunked map answer: which chunks are in its columns, and the fetches
 * under way (shared by every store drawn from the answer, so no chunk is fetched twice).
 */
export class ChunkLoader {
  readonly loaded: Uint8Array;
  private loadedCount = 0;
  private pending = new Map<number, Promise<MarkerChunk>>();

  constructor(
    readonly data: MapMarkerData & { chunks: MarkerChunkManifest },
    private readonly fetchChunk: FetchChunk,
  ) {
    this.loaded = new Uint8Array(data.chunks.chunks.length);
  }

  get complete() {
    return this.loadedCount === this.loaded.length;
  }

  isLoaded = (n: number) => this.loaded[n] === 1;

  /**
   * Chunk numbers: on a map with floors, those whose rows show on `level` (the floor shown) first;
   * then those whose band crosses the latitudes in view, then by distance from the view's middle.
   */
  order(latTop: number, latBottom: number, level?: number): number[] {
    const middle = (latTop + latBottom) / 2;
    const { chunks } = this.data.chunks;
    const known = new Set((this.data.levels ?? []).map((l) => l.level));
    const distance = (n: number) => {
      const c = chunks[n];
      const inView = c.latMin <= latTop && c.latMax >= latBottom;
      const onFloor = c.level === undefined || isOnLevel(c.level, level, known);
      return (onFloor ? 0 : 2e12) + (inView ? 0 : 1e12) + Math.abs((c.latMax + c.latMin) / 2 - middle);
    };
    return chunks.map((_, n) => n).sort((a, b) => distance(a) - distance(b));
  }

  /** One chunk, fetched once and written into the answer's columns. */
  private chunk(n: number): Promise<MarkerChunk> {
    let pending = this.pending.get(n);
    if (!pending) {
      pending = this.fetchChunk(n, this.data.chunks.version).then((bytes) => {
        const chunk = decodeMarkerChunk(bytes);
        const info = this.data.chunks.chunks[n];
        if (chunk.start !== info.start || chunk.count !== info.count) throw new Error('Chunk out of step');
        if (!this.loaded[n]) {
          fillColumns(this.data.markers, chunk);
          this.loaded[n] = 1;
          this.loadedCount++;
        }
        return chunk;
      });
      this.pending.set(n, pending);
      pending.catch(() => this.pending.delete(n));
    }
    return pending;
  }

  /**
   * Loads the chunks not loaded yet in `order`, `parallel` at a time, and hands each to `use` as
   * it arrives (unless `stopped()` by then). Rejects with the first failed fetch.
   */
  async load(
    order: readonly number[],
    use: (chunk: MarkerChunk) => void,
    stopped: () => boolean,
    parallel = 3,
  ): Promise<void> {
    const queue = order.filter((n) => !this.loaded[n]);
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined && !stopped(); n = queue.shift()) {
        const chunk = await this.chunk(n);
        if (!stopped()) use(chunk);
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  }
}

const loaders = new WeakMap<MarkerChunkManifest, ChunkLoader>();

/**
 * Prepares a marker answer: a chunked map's columns are made full length, to be filled by its
 * loader (kept with the manifest, which merged copies of the answer share). The first chunks are
 * asked for at once (the floor `askedLevel` opens, from the middle of the map outwards) while the
 * page is still being drawn; the map view then asks for the rest, those of its floor and view first.
 */
export function prepareMarkerData(
  data: MapMarkerData,
  fetchChunk: FetchChunk,
  askedLevel: string | null = null,
  prefetch = 3,
): MapMarkerData {
  if (!data.chunks) return data;
  data.markers = emptyColumns(data.count, Boolean(data.levels?.length));
  const loader = new ChunkLoader(data as MapMarkerData & { chunks: MarkerChunkManifest }, fetchChunk);
  loaders.set(data.chunks, loader);
  const { chunks } = data.chunks;
  if (prefetch > 0 && chunks.length > 0) {
    const middle = (chunks[0].latMax + chunks[chunks.length - 1].latMin) / 2;
    const first = loader.order(middle, middle, chosenLevel(data.levels ?? [], askedLevel)).slice(0, prefetch);
    // Failures are reported by the map view's own load of the same chunks.
    loader
      .load(
        first,
        () => undefined,
        () => false,
        prefetch,
      )
      .catch(() => undefined);
  }
  return data;
}

/** The loader of a chunked marker answer (or of a copy of it), if any. */
export function chunkLoaderOf(data: MapMarkerData | undefined): ChunkLoader | undefined {
  return data?.chunks ? loaders.get(data.chunks) : undefined;
}
