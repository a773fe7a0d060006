import { getModel, type ModelKey, serverMessages, type TStoredImage } from '@waypoint/shared';
import {
  type MapPackageContent,
  MapPackageError,
  manifestEntry,
  type PackageModel,
  type PackageSource,
  type PicturedModel,
  packageModels,
  packagePictureFields,
  readMapPackage,
  writeMapPackage,
} from '@waypoint/shared/interop/map-package';
import type { AppContext } from '../../context.ts';
import type { ModelRecord } from '../../db/rows.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { mediaKeys } from '../../media/paths.ts';
import type { Actor } from '../audit/audit.ts';
import type { ImageService } from '../images/images.service.ts';
import { checkRecords, keepToTarget, type StagedSummary, stageChecked } from '../imports/staging.ts';
import { findRecord, findRecordsBy, findRecordsByIds } from '../models/models.repository.ts';
import { unzipEntries, zipEntries } from './package-zip.ts';

type Ctx = Pick<AppContext, 'db' | 'store'> & { cacheBus: { changed(): void } };
type Pictures = Pick<ImageService, 'stageFromBytes' | 'discardStaged' | 'storedDigest'>;

export interface PackageStageResult {
  mapId: string;
  /** Records staged for review, by model (new, changed or gone). */
  staged: Record<PackageModel, number>;
  unchanged: number;
  gone: number;
  editedHere: number;
  pictures: number;
  notes: Array<{ record: string; field: string; note: string }>;
}

function packageBadRequest(error: MapPackageError): never {
  const first = error.problems[0];
  throw badRequest(
    `Invalid ${first?.record ?? 'package'}${first?.field ? ` ${first.field}` : ''}: ${first?.message ?? 'bad input'}`,
    error.problems.map((p) => ({ field: p.field ? `${p.record} ${p.field}` : p.record, message: p.message })),
  );
}

/** A record as a package carries it: its own fields (the read-only ones are the site's own). */
function carried(key: ModelKey, record: ModelRecord, keepImages = false): ModelRecord {
  const model = getModel(key);
  const out: ModelRecord = {};
  for (const [name, value] of Object.entries(record))
    if ((model.fields[name] && !model.fields[name].readOnly) || (keepImages && name === 'images'))
      out[name] = value;
  return out;
}

/**
 * One map with everything it needs as a zip: the map (with its picture's size), its floors and
 * category, the definitions its markers use, its markers, the quests they belong to and their
 * traders, and the original pictures of the map, its floors and the definitions.
 */
export async function exportPackage(ctx: Ctx, mapId: string, site: string): Promise<Uint8Array> {
  const db = ctx.db.kysely;
  const map = await findRecord(db, getModel('map'), mapId);
  if (!map) throw notFound(serverMessages.notFound('Map', mapId));
  const [levels, markers] = await Promise.all([
    findRecordsBy(db, getModel('maplevel'), 'mapId', mapId),
    findRecordsBy(db, getModel('placedmarker'), 'mapId', mapId),
  ]);
  const ids = (list: ModelRecord[], field: string) => [
    ...new Set(list.map((r) => String(r[field] ?? '')).filter((id) => id !== '')),
  ];
  const definitions = [
    ...(
      await findRecordsByIds(db, getModel('markerdefinition'), ids(markers, 'markerDefinitionId'))
    ).values(),
  ];
  const quests = [...(await findRecordsByIds(db, getModel('quest'), ids(markers, 'questId'))).values()];
  const traders = [...(await findRecordsByIds(db, getModel('trader'), ids(quests, 'traderId'))).values()];
  const categories = [
    ...(await findRecordsByIds(db, getModel('category'), ids([map], 'categoryId'))).values(),
  ];
  const content: MapPackageContent = {
    map: carried('map', map, true) as MapPackageContent['map'],
    categories: categories.map((r) => carried('category', r)),
    levels: levels.map((r) => carried('maplevel', r)),
    definitions: definitions.map((r) => carried('markerdefinition', r)),
    traders: traders.map((r) => carried('trader', r)),
    quests: quests.map((r) => carried('quest', r)),
    markers: markers.map((r) => carried('placedmarker', r)),
  } as MapPackageContent;
  const pictures: PackageSource['pictures'] = [];
  const pictured: Array<[PicturedModel, ModelRecord[]]> = [
    ['map', [map]],
    ['maplevel', levels],
    ['markerdefinition', definitions],
  ];
  for (const [model, records] of pictured) {
    const field = packagePictureFields[model];
    for (const record of records) {
      const image = (record.images as Record<string, TStoredImage> | undefined)?.[field];
      if (!image) continue;
      const id = String(record._id);
      const file = await ctx.store.get(mediaKeys.uploadFile(model, id, field, image.fileName));
      if (file) pictures.push({ model, id, fileName: image.fileName, data: await bodyOf(file) });
    }
  }
  return zipEntries(writeMapPackage({ site, exportedAt: new Date().toISOString(), content, pictures }));
}

async function bodyOf(file: NonNullable<Awaited<ReturnType<Ctx['store']['get']>>>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function gameOfManifest(files: Map<string, Uint8Array | string>): string {
  let gameId: unknown;
  try {
    gameId = (JSON.parse(String(files.get(manifestEntry) ?? '{}')) as { gameId?: unknown }).gameId;
  } catch {
    gameId = undefined;
  }
  if (typeof gameId === 'string' && gameId) return gameId;
  throw new MapPackageError([
    { record: manifestEntry, field: 'gameId', message: 'Missing: name the game to import into' },
  ]);
}

/**
 * Reads a package into a game of this site and stages what differs from the stored records for the
 * import review; pictures are decoded and kept staged, and land on their records when those are
 * accepted. Importing the same package again stages only what changed (a marker the package no longer
 * has is staged as gone). Bad input stages nothing: a 400 names the entry, the record and the field.
 */
export async function stagePackage(
  ctx: Ctx,
  pictures: Pictures,
  input: { gameId?: string; bytes: Uint8Array },
  actor: Actor,
): Promise<PackageStageResult> {
  const db = ctx.db.kysely;
  let read: ReturnType<typeof readMapPackage>;
  try {
    const files = unzipEntries(input.bytes);
    // Without a game named, the one the map belonged to where it was exported (a backup put back).
    const gameId = input.gameId ?? gameOfManifest(files);
    if (!(await findRecord(db, getModel('game'), gameId)))
      throw notFound(serverMessages.notFound('Game', gameId));
    read = readMapPackage(files, { gameId });
  } catch (error) {
    if (error instanceof MapPackageError) packageBadRequest(error);
    throw error;
  }
  const gameId = String(read.records.map[0]?.gameId);
  await referencesKeptHere(db, read, gameId);
  // Ids of another game's or map's records here are imported as copies: the package's map is this
  // game's own (a copy when its id is another game's map here).
  const copies = await keepToTarget(db, packageModels, read.records);
  const copyOf = (model: ModelKey, id: string) => copies.get(model)?.get(id) ?? id;
  const mapId = String(read.records.map[0]?._id);
  // A floor the map already has (same level number) is the one the package's floor updates.
  const storedLevels = await findRecordsBy(db, getModel('maplevel'), 'mapId', mapId);
  const levelIds = new Map<string, string>();
  for (const level of read.records.maplevel) {
    const same = storedLevels.find((l) => l.level === level.level);
    if (same && same._id !== level._id) {
      levelIds.set(String(level._id), String(same._id));
      level._id = same._id;
    }
  }
  const { checked, problems } = checkRecords(packageModels, read.records);
  if (problems.length > 0)
    packageBadRequest(
      new MapPackageError(problems.map((p) => ({ ...p, record: `content.json ${p.record}` }))),
    );

  const source = `${read.manifest.site}#${read.manifest.mapId}`;
  // Pictures are decoded before anything is staged: a picture that is not one stages nothing.
  const byRecord = new Map<string, Record<string, TStoredImage>>();
  const stagedImages: TStoredImage[] = [];
  let result: StagedSummary;
  try {
    for (const picture of read.pictures) {
      const copied = copyOf(picture.model, picture.id);
      const id = picture.model === 'maplevel' ? (levelIds.get(copied) ?? copied) : copied;
      const stored = await findRecord(db, getModel(picture.model), id);
      const current = (stored?.images as Record<string, TStoredImage> | undefined)?.[picture.field];
      const image = await pictures.stageFromBytes(picture.field, Buffer.from(picture.data), picture.path);
      stagedImages.push(image);
      // The same bytes as the record's picture here: nothing to change.
      if (
        current &&
        (await pictures.storedDigest(picture.model, id, picture.field, current)) === image.digest
      )
        continue;
      byRecord.set(`${picture.model} ${id}`, { [picture.field]: image });
    }
    result = await stageChecked(
      ctx,
      {
        models: packageModels,
        checked,
        source,
        scope: mapId,
        goneModels: ['placedmarker'],
        wholeMap: true,
        audit: { recordId: mapId, format: 'package' },
        attached: (key, id) => {
          const images = byRecord.get(`${key} ${id}`);
          return images ? { pictures: images } : undefined;
        },
      },
      actor,
    );
  } catch (error) {
    await pictures.discardStaged(stagedImages).catch(() => undefined);
    throw error;
  }
  // Pictures of records that turned out unchanged are not needed.
  const used = new Set([...byRecord.values()].flatMap((p) => Object.values(p)));
  await pictures.discardStaged(stagedImages.filter((i) => !used.has(i))).catch(() => undefined);
  return {
    mapId,
    ...result,
    staged: result.staged as PackageStageResult['staged'],
    pictures: used.size,
    notes: read.notes,
  };
}

/** What a reference a package clears names, by model and field. */
const outsideTargets: Record<string, ModelKey> = {
  'map categoryId': 'category',
  'category preferredMap': 'map',
  'quest requires': 'quest',
  'quest traderId': 'trader',
  'placedmarker itemId': 'item',
};

/**
 * Puts back the references a package cleared (to records it does not carry) that name records this
 * game has: a package imported into its own site keeps its quests' prerequisites, its categories'
 * preferred maps and its markers' items. What this game lacks stays cleared (and noted).
 */
async function referencesKeptHere(
  db: Ctx['db']['kysely'],
  read: ReturnType<typeof readMapPackage>,
  gameId: string,
) {
  const wanted = new Map<ModelKey, Set<string>>();
  for (const o of read.outside) {
    const target = outsideTargets[`${o.model} ${o.field}`];
    if (!target) continue;
    const ids = wanted.get(target) ?? new Set<string>();
    for (const id of Array.isArray(o.value) ? o.value : [o.value]) ids.add(String(id));
    wanted.set(target, ids);
  }
  const here = new Map<ModelKey, Set<string>>();
  for (const [model, ids] of wanted) {
    const found = await findRecordsByIds(db, getModel(model), [...ids]);
    here.set(
      model,
      new Set([...found.values()].filter((r) => r.gameId === gameId).map((r) => String(r._id))),
    );
  }
  const kept = new Set<string>();
  for (const o of read.outside) {
    const target = outsideTargets[`${o.model} ${o.field}`];
    const record = read.records[o.model].find((r) => String(r._id) === o.id);
    if (!target || !record) continue;
    const known = here.get(target) ?? new Set();
    if (o.field === 'requires') {
      const carried = new Set((record.requires as string[] | undefined) ?? []);
      const requires = (o.value as string[]).filter((id) => carried.has(id) || known.has(id));
      if (requires.length === carried.size) continue;
      const previous = read.outside.find(
        (x) => x.model === 'quest' && x.id === o.id && x.field === 'previous',
      )?.value;
      record.requires = requires;
      record.previous = requires.includes(String(previous)) ? previous : (requires[0] ?? '');
      if (requires.length === (o.value as string[]).length) kept.add(`${o.model} ${o.id} previous`);
    } else if (known.has(String(o.value))) {
      record[o.field] = o.value;
      kept.add(`${o.model} ${o.id} ${o.field}`);
    }
  }
  read.notes = read.notes.filter((n) => !kept.has(`${n.record} ${n.field}`));
}
