import { getModel, type ModelKey, serverMessages } from '@waypoint/shared';
import {
  type ContentImport,
  type DataMapsFragment,
  type ExportSource,
  InteropError,
  type MappingNote,
  readDataMaps,
  writeDataMaps,
} from '@waypoint/shared/interop/datamaps';
import {
  boundsFromReferencePoints,
  type GeoJsonCoordinates,
  type GeoJsonReadOptions,
  geoBoundsOf,
  type ReferencePoint,
  readGeoJsonContent,
  writeGeoJsonContent,
} from '@waypoint/shared/interop/geojson-content';
import {
  copyId,
  followCopies,
  type IdChanges,
  ownedElsewhere,
  targetOf,
} from '@waypoint/shared/interop/ownership';
import type { ContentFormat } from '@waypoint/shared/interop/requests';
import { mapPictureSize } from '@waypoint/shared/map/pixels';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { type ImportMeta, importMetaKey, stagedRowsOf, writeStaged } from '../admin/imports.ts';
import { type Actor, recordAudit } from '../audit/audit.ts';
import { findRecord, findRecordsBy, findRecordsByIds } from '../models/models.repository.ts';
import { sanitizeHtmlFields, withoutReadOnly } from '../models/models.service.ts';
import { changedFields } from './compare.ts';
import { importStatesById, importStatesOf } from './import-state.repository.ts';

type Ctx = Pick<AppContext, 'db'> & { cacheBus: { changed(): void } };

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

export function interopBadRequest(error: InteropError): never {
  const first = error.problems[0];
  throw badRequest(
    `Invalid ${first?.record ?? 'file'}${first?.field ? ` ${first.field}` : ''}: ${first?.message ?? 'bad input'}`,
    error.problems.map((p) => ({ field: p.field ? `${p.record}.${p.field}` : p.record, message: p.message })),
  );
}

/** Whether every field the import carries equals the stored record's. */
function sameAsStored(key: ModelKey, data: ModelRecord, stored: ModelRecord | undefined): boolean {
  if (!stored) return false;
  return changedFields(key, data, stored).length === 0;
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

/**
 * Keeps a source's records in the game or map they are imported into: a record whose id belongs to
 * another game or map here is imported as a copy with an id of its own (the same copy each time the
 * source comes into the same target), and the source's references to it follow the copy. The
 * records are changed in place; the answer lists each copy's source id, by model.
 */
export async function keepToTarget(
  db: Executor,
  models: readonly ModelKey[],
  records: Partial<Record<ModelKey, Record<string, unknown>[]>>,
): Promise<IdChanges> {
  const changes: IdChanges = new Map();
  for (const key of models) {
    const model = getModel(key);
    const list = records[key] ?? [];
    for (const record of list) followCopies(key, record, changes);
    const stored = await findRecordsByIds(
      db,
      model,
      list.map((r) => String(r._id)),
    );
    const elsewhere = list.filter((r) => ownedElsewhere(key, r, stored.get(String(r._id))));
    const copies = new Map<string, string>();
    if (elsewhere.length > 0) {
      const first = elsewhere.map((r) => copyId(String(r._id), targetOf(key, r)));
      const storedCopies = await findRecordsByIds(db, model, first);
      for (const [i, record] of elsewhere.entries()) {
        const id = String(record._id);
        let next = first[i] as string;
        let found = storedCopies.get(next);
        // A copy id taken by a record of yet another target (written by hand): the next attempt.
        for (let attempt = 1; found && ownedElsewhere(key, record, found); attempt++) {
          next = copyId(id, targetOf(key, record), attempt);
          found = await findRecord(db, model, next);
        }
        copies.set(id, next);
        record._id = next;
      }
    }
    changes.set(key, copies);
  }
  // References to records that come later in staging order (a category's preferred map).
  for (const key of models) for (const record of records[key] ?? []) followCopies(key, record, changes);
  return changes;
}

/** What staging a source's records gives, before the format's notes are added. */
export interface StagedSummary {
  staged: Record<string, number>;
  unchanged: number;
  gone: number;
  editedHere: number;
}

type StagedRecords = Partial<Record<ModelKey, ModelRecord[]>>;

/** Where a source's records are staged from and to, and how the import is audited. */
interface StageTarget {
  models: readonly ModelKey[];
  source: string;
  scope: string;
  goneModels: readonly ModelKey[];
  /**
   * The source is a whole map's export (a package, a DataMaps page or GeoJSON file written for this map): any marker
   * of the map it lacks is gone, not only those it brought before.
   */
  wholeMap?: boolean;
  /** Records the source still has but that were not staged (skipped for a problem): never gone. */
  notGone?: ReadonlySet<string>;
  audit: { recordId: string; format: string };
}

/**
 * A source's records checked with the registry's schemas: of each, the fields it carries, parsed
 * and sanitized; and every problem, named by record (`<model> <id>`) and field.
 */
export function checkRecords(
  models: readonly ModelKey[],
  records: Partial<Record<ModelKey, Record<string, unknown>[]>>,
): { checked: StagedRecords; problems: InteropError['problems'] } {
  const checked: StagedRecords = {};
  const problems: InteropError['problems'] = [];
  for (const key of models) {
    const model = getModel(key);
    checked[key] = [];
    for (const record of records[key] ?? []) {
      const result = model.schema.safeParse(withoutReadOnly(model, record));
      if (!result.success) {
        for (const issue of result.error.issues)
          problems.push({
            record: `${key} ${record._id}`,
            field: issue.path.map(String).join('.'),
            message: issue.message,
          });
        continue;
      }
      const parsed = result.data as ModelRecord;
      // Only the fields the file carries are compared and staged; the rest keep their stored values.
      const carried = Object.fromEntries(
        Object.keys(record).map((name) => [name, parsed[name]]),
      ) as ModelRecord;
      checked[key]?.push(sanitizeHtmlFields(model, carried));
    }
  }
  return { checked, problems };
}

/**
 * Checks a source's records with the registry's schemas (any problem: a 400 naming each record and
 * field, nothing staged) and stages, in one transaction, what differs from the stored records: new,
 * changed, and (for `goneModels`) the records this source brought into `scope` (a map, or a game)
 * before and no longer has. Records edited here since the source's last import are flagged.
 */
export async function stageRecords(
  ctx: Ctx,
  input: StageTarget & { records: Partial<Record<ModelKey, Record<string, unknown>[]>> },
  actor: Actor,
): Promise<StagedSummary> {
  const { checked, problems } = checkRecords(input.models, input.records);
  if (problems.length > 0) interopBadRequest(new InteropError(problems));
  return stageChecked(ctx, { ...input, checked }, actor);
}

/**
 * Stages checked records (see `stageRecords`) in one transaction. A record `attached` gives
 * something to (a map package's pictures) is staged even when its fields are unchanged, and what is
 * attached rides with it until it is accepted.
 */
export async function stageChecked(
  ctx: Ctx,
  input: StageTarget & {
    checked: StagedRecords;
    attached?: (key: ModelKey, id: string) => Partial<ImportMeta> | undefined;
  },
  actor: Actor,
): Promise<StagedSummary> {
  const staged: Record<string, number> = Object.fromEntries(input.models.map((key) => [key, 0]));
  let unchanged = 0;
  let gone = 0;
  let editedHere = 0;
  const meta = (extra: Partial<ImportMeta> = {}): ImportMeta => ({
    source: input.source,
    mapId: input.scope,
    ...extra,
  });
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const copies = await keepToTarget(trx, input.models, input.checked);
    for (const key of input.models) {
      const records = input.checked[key] ?? [];
      const ids = records.map((r) => String(r._id));
      const copyOf = new Map([...(copies.get(key) ?? [])].map(([from, to]) => [to, from]));
      const attached = (id: string) => input.attached?.(key, copyOf.get(id) ?? id);
      const stored = await findRecordsByIds(trx, getModel(key), ids);
      const changed = records.filter(
        (r) => attached(String(r._id)) || !sameAsStored(key, r, stored.get(String(r._id))),
      );
      unchanged += records.length - changed.length;
      // A changed record whose stored fields differ from what this source last brought was edited here.
      const states = await importStatesById(
        trx,
        key,
        changed.map((r) => String(r._id)),
      );
      const rows: ModelRecord[] = changed.map((record) => {
        const id = String(record._id);
        const state = states.get(id);
        const edited = Boolean(
          state && !sameAsStored(key, JSON.parse(state.data) as ModelRecord, stored.get(id)),
        );
        if (edited) editedHere += 1;
        const copied = copyOf.get(id);
        return {
          ...record,
          [importMetaKey]: meta({
            ...(edited ? { editedHere: true } : {}),
            ...(copied ? { copyOf: copied } : {}),
            ...attached(id),
          }),
        };
      });
      // Records this source brought to the scope before and no longer has: staged as gone.
      if (input.goneModels.includes(key)) {
        const read = new Set(ids);
        // A skipped record's copy in this scope is not gone either.
        const kept = new Set([...(input.notGone ?? [])].flatMap((id) => [id, copyId(id, input.scope)]));
        const brought = (await importStatesOf(trx, input.source, input.scope, key)).map((s) => s.recordId);
        const onMap =
          input.wholeMap && key === 'placedmarker'
            ? (await findRecordsBy(trx, getModel(key), 'mapId', input.scope)).map((r) => String(r._id))
            : [];
        const missing = [...new Set([...brought, ...onMap])].filter((id) => !read.has(id) && !kept.has(id));
        const present = await findRecordsByIds(trx, getModel(key), missing);
        for (const id of missing)
          if (present.has(id)) rows.push({ _id: id, [importMetaKey]: meta({ gone: true }) });
        gone += rows.length - changed.length;
      }
      staged[key] = rows.length;
      await writeStaged(trx, stagedRowsOf(key, rows));
    }
    await recordAudit(trx, {
      actor,
      model: 'importedcrudmodel',
      recordId: input.audit.recordId,
      action: 'import',
      after: { format: input.audit.format, source: input.source, ...staged, unchanged, gone, editedHere },
    });
  });
  ctx.cacheBus.changed();
  return { staged, unchanged, gone, editedHere };
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
