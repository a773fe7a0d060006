import { createHash } from 'node:crypto';
import {
  type ChunkRow,
  chunkInfos,
  chunkSize,
  compareDrawOrder,
  encodeMarkerChunk,
  type MarkerChunkManifest,
} from '@waypoint/shared/map/marker-chunks';
import type { MapMarkerData } from '@waypoint/shared/map/marker-data';
import type { Db } from '../../db/database.ts';
import type { MapRow } from './map-view.repository.ts';
import { mapMarkers } from './map-view.repository.ts';
import { mapDefinitions } from './map-view.service.ts';

/** A large map's markers, cut into binary chunks once per content write. */
export interface ChunkSet {
  data: MapMarkerData;
  bodies: Buffer[];
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The definitions, the manifest and the binary chunks of a map: its markers in draw order (top of
 * the map first), cut into runs of `size` rows.
 */
export async function buildChunkSet(db: Db, map: MapRow, size = chunkSize): Promise<ChunkSet> {
  const [definitions, records] = await Promise.all([mapDefinitions(db, map), mapMarkers(db, map._id)]);
  const index = new Map(definitions.map((d, i) => [d._id, i]));
  const perDefinition = new Array<number>(definitions.length).fill(0);
  const rows: ChunkRow[] = [];
  for (const r of records) {
    const def = index.get(r.markerDefinitionId);
    // A marker whose definition belongs to another game cannot be drawn.
    if (def === undefined) continue;
    perDefinition[def]++;
    rows.push({
      id: r._id,
      def,
      lat: round6(r.lat),
      lng: round6(r.lng),
      name: r.name,
      questId: r.questId,
      questObjective: r.questObjective,
      reportCount: r.reportCount,
      points: r.polygonPoints?.length ? r.polygonPoints.map(([a, b]) => [round6(a), round6(b)]) : null,
    });
  }
  rows.sort((a, b) => compareDrawOrder(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const chunks = chunkInfos(
    rows.map((r) => r.lat),
    rows.length,
    size,
  );
  const bodies = chunks.map((c) =>
    Buffer.from(encodeMarkerChunk(rows.slice(c.start, c.start + c.count), c.start)),
  );
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
      count: rows.length,
      definitions,
      chunks: manifest,
      markers: {
        id: [],
        def: [],
        lat: [],
        lng: [],
        name: [],
        questId: [],
        questObjective: [],
        reportCount: [],
        points: {},
      },
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
