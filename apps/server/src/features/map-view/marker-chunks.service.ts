import { createHash } from 'node:crypto';
import {
  type ChunkRow,
  chunkSize,
  encodeMarkerChunk,
  type MarkerChunkManifest,
} from '@waypoint/shared/map/marker-chunks';
import { emptyMarkerColumns, type MapMarkerData } from '@waypoint/shared/map/marker-data';
import type { Db } from '../../db/database.ts';
import type { MapRow } from './map-view.repository.ts';
import { mapMarkerPage } from './map-view.repository.ts';
import { levelInfos, mapDefinitions } from './map-view.service.ts';

/** A large map's markers, cut into binary chunks once per content write. */
export interface ChunkSet {
  data: MapMarkerData;
  bodies: Buffer[];
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Rows read from the database at a time while a chunk set is built. */
const PAGE = 50_000;

/**
 * The definitions, the manifest and the binary chunks of a map: its markers in draw order (top of
 * the map first; on a map with floors, floor by floor), cut into runs of at most `size` rows. The rows are read page by page into columns (no
 * object per marker is kept), so a million-marker map is built in a bounded amount of memory.
 */
export async function buildChunkSet(db: Db, map: MapRow, size = chunkSize): Promise<ChunkSet> {
  const [definitions, levels] = await Promise.all([mapDefinitions(db, map), levelInfos(db, map)]);
  const index = new Map(definitions.map((d, i) => [d._id, i]));
  const perDefinition = new Array<number>(definitions.length).fill(0);
  const ids: string[] = [];
  const names: string[] = [];
  const defs: number[] = [];
  const lats: number[] = [];
  const lngs: number[] = [];
  const reports: number[] = [];
  const levelOf = new Map<number, number>();
  const quests = new Map<number, [string, string]>();
  const points = new Map<number, [number, number][]>();
  for (let after = ''; ; ) {
    const page = await mapMarkerPage(db, map._id, after, PAGE);
    for (const r of page) {
      const def = index.get(r.markerDefinitionId);
      // A marker whose definition belongs to another game cannot be drawn.
      if (def === undefined) continue;
      const i = ids.length;
      perDefinition[def]++;
      ids.push(r._id);
      names.push(r.name);
      defs.push(def);
      lats.push(round6(r.lat));
      lngs.push(round6(r.lng));
      reports.push(r.reportCount);
      if (levels.length > 0 && r.level !== -1) levelOf.set(i, r.level);
      if (r.questId || r.questObjective) quests.set(i, [r.questId, r.questObjective]);
      if (r.polygonPoints?.length)
        points.set(
          i,
          r.polygonPoints.map(([a, b]) => [round6(a), round6(b)]),
        );
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]._id;
  }
  const count = ids.length;
  const order = Array.from({ length: count }, (_, i) => i);
  const floorOf = (i: number) => levelOf.get(i) ?? -1;
  // Floor first (so a floor's rows are chunks of their own), then draw order; rows at one spot keep
  // the order of their ids (the pages came by id).
  order.sort((a, b) => floorOf(a) - floorOf(b) || lats[b] - lats[a] || lngs[a] - lngs[b] || a - b);
  const rowAt = (k: number): ChunkRow => {
    const i = order[k];
    const quest = quests.get(i);
    return {
      id: ids[i],
      def: defs[i],
      lat: lats[i],
      lng: lngs[i],
      name: names[i],
      questId: quest?.[0] ?? '',
      questObjective: quest?.[1] ?? '',
      reportCount: reports[i],
      points: points.get(i) ?? null,
      level: levelOf.get(i) ?? -1,
    };
  };
  const chunks: MarkerChunkManifest['chunks'] = [];
  const bodies: Buffer[] = [];
  for (let start = 0; start < count; ) {
    // A chunk ends at `size` rows or where the next floor's rows begin.
    const floor = floorOf(order[start]);
    let end = Math.min(count, start + size);
    if (levels.length > 0) {
      let k = start + 1;
      while (k < end && floorOf(order[k]) === floor) k++;
      end = k;
    }
    const n = end - start;
    chunks.push({
      start,
      count: n,
      latMax: lats[order[start]],
      latMin: lats[order[end - 1]],
      ...(levels.length > 0 ? { level: floor } : {}),
    });
    const rows = Array.from({ length: n }, (_, k) => rowAt(start + k));
    bodies.push(Buffer.from(encodeMarkerChunk(rows, start)));
    start = end;
  }
  const hash = createHash('sha1');
  for (const body of bodies) hash.update(body);
  for (const d of definitions) hash.update(d._id);
  const manifest: MarkerChunkManifest = {
    version: hash.digest('base64url').slice(0, 16),
    chunks,
    perDefinition,
  };
  return {
    bodies,
    data: {
      mapId: map._id,
      count,
      definitions,
      chunks: manifest,
      ...(levels.length > 0 ? { levels } : {}),
      markers: emptyMarkerColumns(),
    },
  };
}

/**
 * Chunk sets of the large maps asked for lately, made once per content write (`version`, the
 * response cache's) however many requests ask at once; a few maps are kept.
 */
export class ChunkSets {
  private sets = new Map<string, { version: number; set: Promise<ChunkSet> }>();

  constructor(private readonly keep = 4) {}

  get(mapId: string, version: number, build: () => Promise<ChunkSet>): Promise<ChunkSet> {
    const held = this.sets.get(mapId);
    if (held && held.version === version) {
      this.sets.delete(mapId);
      this.sets.set(mapId, held);
      return held.set;
    }
    const set = build();
    this.sets.delete(mapId);
    this.sets.set(mapId, { version, set });
    set.catch(() => {
      if (this.sets.get(mapId)?.set === set) this.sets.delete(mapId);
    });
    for (const key of this.sets.keys()) {
      if (this.sets.size <= this.keep) break;
      this.sets.delete(key);
    }
    return set;
  }
}
