import { getModel, type ModelKey, serverMessages } from '@waypoint/shared';
import { type DataMapsFragment, readDataMaps, writeDataMaps } from '@waypoint/shared/interop/datamaps';
import {
  type ContentImport,
  type ExportSource,
  InteropError,
  type MappingNote,
} from '@waypoint/shared/interop/format';
import {
  boundsFromReferencePoints,
  type GeoJsonCoordinates,
  type GeoJsonReadOptions,
  geoBoundsOf,
  type ReferencePoint,
  readGeoJsonContent,
  writeGeoJsonContent,
} from '@waypoint/shared/interop/geojson-content';
import type { ContentFormat } from '@waypoint/shared/interop/requests';
import { mapPictureSize } from '@waypoint/shared/map/pixels';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Actor } from '../audit/audit.ts';
import { type StagingContext as Ctx, interopBadRequest, stageRecords } from '../imports/staging.ts';
import { findRecord, findRecordsBy, findRecordsByIds } from '../models/models.repository.ts';

/** Staging order: what a record refers to comes first (floors and definitions before markers). */
const stagedModels = ['maplevel', 'markerdefinition', 'placedmarker'] as const satisfies readonly ModelKey[];

export interface ContentStageResult {
  /** Records staged for review, by model (new, changed or gone). */
  staged: Record<(typeof stagedModels)[number], number>;
  /** Records the same as the stored ones: not staged. */
  unchanged: number;
  /** Of the staged: markers the source no longer has (accepting removes them). */
  gone: number;
  /** Of the staged: records edited here since the source's last import (accepting overwrites the edit). */
  editedHere: number;
  notes: MappingNote[];
}

async function mapOf(ctx: Ctx, mapId: string) {
  const map = await findRecord(ctx.db.kysely, getModel('map'), mapId);
  if (!map) throw notFound(serverMessages.notFound('Map', mapId));
  return map;
}

/**
 * Reads a DataMaps page into a map and stages what differs from the stored records for the
 * import review (nothing live changes). Bad input stages nothing: a 400 names each record and field.
 */
export async function stageContent(
  ctx: Ctx,
  input: {
    mapId: string;
    format: ContentFormat;
    content: string;
    source: string;
    articleUrl?: string;
    /** DataMaps: the pages the page may include. */
    fragments?: DataMapsFragment[];
    /** GeoJSON without Waypoint definitions: the property naming them, the default definition. */
    definitionProperty?: string;
    defaultDefinition?: string;
    /** GeoJSON in degrees: two reference points placing it instead of the map's bounds. */
    referencePoints?: [ReferencePoint, ReferencePoint];
  },
  actor: Actor,
): Promise<ContentStageResult> {
  const map = await mapOf(ctx, input.mapId);
  const size = mapPictureSize(map as Parameters<typeof mapPictureSize>[0]);
  // Reference points place a degrees file; the other formats carry pixels.
  const points = input.format === 'geojson' ? input.referencePoints : undefined;
  const bounds = points ? boundsFromReferencePoints(points, size) : geoBoundsOf(map);
  if (points && !bounds)
    throw badRequest(
      'Invalid referencePoints: the two points must differ in x and in y, with longitude growing to the right and latitude upwards',
      [
        {
          field: 'body.referencePoints',
          message:
            'The two points must differ in x and in y, with longitude growing to the right and latitude upwards',
        },
      ],
    );
  const target = {
    gameId: String(map.gameId),
    mapId: input.mapId,
    maxZoom: Number(map.maxZoom ?? 0),
    ...size,
    source: input.source,
    articleUrl: input.articleUrl,
    bounds,
  };
  let read: ContentImport & { skipped?: string[] };
  try {
    if (input.format === 'geojson') {
      const definitions = await findRecordsBy(
        ctx.db.kysely,
        getModel('markerdefinition'),
        'gameId',
        target.gameId,
      );
      // Names matched case-blind; the first definition of a name wins (ordered by id, as stored).
      const byName = new Map<string, string>();
      for (const d of definitions) {
        const name = String(d.name ?? '').toLowerCase();
        if (name && !byName.has(name)) byName.set(name, String(d._id));
      }
      const options: GeoJsonReadOptions = {
        definitionProperty: input.definitionProperty,
        defaultDefinition: input.defaultDefinition,
        definitionsByName: byName,
      };
      read = readGeoJsonContent(
        input.content,
        target,
        new Set(definitions.map((d) => String(d._id))),
        options,
      );
    } else read = readDataMaps(input.content, target, input.fragments);
  } catch (error) {
    if (error instanceof InteropError) interopBadRequest(error);
    throw error;
  }
  // A floor the map already has (same level number) is the one the page's background updates.
  const storedLevels = await findRecordsBy(ctx.db.kysely, getModel('maplevel'), 'mapId', input.mapId);
  for (const level of read.records.maplevel) {
    const same = storedLevels.find((l) => l.level === level.level);
    if (same) level._id = same._id;
  }
  const result = await stageRecords(
    ctx,
    {
      models: stagedModels,
      records: read.records,
      source: input.source,
      scope: input.mapId,
      goneModels: ['placedmarker'],
      wholeMap: read.wholeMapOf === input.mapId,
      // Features skipped for a problem are still in the source: their markers are not gone.
      notGone: new Set(read.skipped ?? []),
      audit: { recordId: input.mapId, format: input.format },
    },
    actor,
  );
  return { ...result, staged: result.staged as ContentStageResult['staged'], notes: read.notes };
}

/** What an export of a map reads: the map, its floors, its markers and the definitions they use. */
async function exportSource(ctx: Ctx, mapId: string): Promise<ExportSource> {
  const map = await mapOf(ctx, mapId);
  const db = ctx.db.kysely;
  const [levels, markers] = await Promise.all([
    findRecordsBy(db, getModel('maplevel'), 'mapId', mapId),
    findRecordsBy(db, getModel('placedmarker'), 'mapId', mapId),
  ]);
  const definitionIds = [...new Set(markers.map((m) => String(m.markerDefinitionId)))];
  const definitions = await findRecordsByIds(db, getModel('markerdefinition'), definitionIds);
  return {
    map,
    ...mapPictureSize(map as Parameters<typeof mapPictureSize>[0]),
    maxZoom: Number(map.maxZoom ?? 0),
    levels,
    definitions: [...definitions.values()],
    markers,
  };
}

/**
 * A map's content in a format (DataMaps: a v17.4 page; GeoJSON: a FeatureCollection in map pixels,
 * or in longitude/latitude through the map's geographic bounds).
 */
export async function exportContent(
  ctx: Ctx,
  mapId: string,
  format: ContentFormat,
  coordinates: GeoJsonCoordinates = 'pixels',
): Promise<unknown> {
  const source = await exportSource(ctx, mapId);
  if (format !== 'geojson') return writeDataMaps(source).page;
  const bounds = geoBoundsOf(source.map);
  if (coordinates === 'lonlat' && !bounds)
    throw badRequest(
      "Invalid coords: set the map's geographic bounds first (geoWest, geoSouth, geoEast, geoNorth)",
      [{ field: 'query.coords', message: "Set the map's geographic bounds first" }],
    );
  return writeGeoJsonContent(source, { coordinates, bounds });
}
