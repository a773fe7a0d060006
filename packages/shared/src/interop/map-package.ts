/**
 * A map package: one zip archive with everything a map needs, written by one Waypoint site and read
 * by another (or by the same one, as a per-map backup). Entries:
 * - `manifest.json`: format, version, the site it came from, the map's id and the pictures it holds;
 * - `content.json`: the records, as the site stores them (the map, its floors, its category, the
 *   marker definitions its markers use, the placed markers, the quests they belong to and those
 *   quests' traders);
 * - `pictures/{model}/{id}/{field}.{ext}`: the original pictures (the map's, each floor's, each
 *   definition's icon), never the tiles: the reading site cuts its own.
 * Records keep their ids, so importing the same package again updates what it brought before.
 */

import { z } from 'zod';
import { prerequisiteIds } from '../domain/quests.ts';
import { zId } from '../models/fields.ts';

type Rec = Record<string, unknown>;

export const mapPackageFormat = 'waypoint-map-package';
/** The version this site writes and reads. */
export const mapPackageVersion = 1;
export const manifestEntry = 'manifest.json';
export const contentEntry = 'content.json';

/**
 * Bounds a package is checked against before anything in it is unpacked: the archive's own size,
 * the number of entries, and the size of all entries unpacked (a zip bomb is refused, not unpacked).
 */
export const mapPackageLimits = {
  maxArchiveBytes: 200 * 1024 * 1024,
  maxEntries: 5000,
  maxUnpackedBytes: 512 * 1024 * 1024,
} as const;

/** The models a package carries, in the order their records are staged and accepted. */
export const packageModels = [
  'category',
  'map',
  'maplevel',
  'markerdefinition',
  'trader',
  'quest',
  'placedmarker',
] as const;
export type PackageModel = (typeof packageModels)[number];

/** The picture fields a package carries, by model. */
export const packagePictureFields = {
  map: 'mapImage',
  maplevel: 'levelImage',
  markerdefinition: 'image',
} as const satisfies Partial<Record<PackageModel, string>>;
export type PicturedModel = keyof typeof packagePictureFields;

const zPictureEntry = z.object({
  model: z.enum(Object.keys(packagePictureFields) as [PicturedModel, ...PicturedModel[]]),
  id: zId,
  /** The entry's name in the archive. */
  path: z.string().min(1).max(400),
});
export type PictureEntry = z.infer<typeof zPictureEntry>;

export const zMapPackageManifest = z.object({
  format: z.literal(mapPackageFormat),
  version: z.literal(mapPackageVersion),
  /** The site that wrote the package (its public address or name). */
  site: z.string().max(300),
  mapId: zId,
  /** The game the map belongs to there (the command line imports into the game of this id by default). */
  gameId: zId.optional(),
  exportedAt: z.string().max(40),
  pictures: z.array(zPictureEntry).max(mapPackageLimits.maxEntries),
});
export type MapPackageManifest = z.infer<typeof zMapPackageManifest>;

const zRecord = z.looseObject({ _id: zId });
export const zMapPackageContent = z.object({
  map: zRecord,
  categories: z.array(zRecord),
  levels: z.array(zRecord),
  definitions: z.array(zRecord),
  traders: z.array(zRecord),
  quests: z.array(zRecord),
  markers: z.array(zRecord),
});
export type MapPackageContent = z.infer<typeof zMapPackageContent>;

/** Where each model's records stand in `content.json`. */
export const contentListOf = {
  category: 'categories',
  map: 'map',
  maplevel: 'levels',
  markerdefinition: 'definitions',
  trader: 'traders',
  quest: 'quests',
  placedmarker: 'markers',
} as const satisfies Record<PackageModel, keyof MapPackageContent>;

/** A problem of a package: the entry, the record in it and the field. */
export interface PackageProblem {
  /** `manifest.json`, `content.json markers[3]`, `pictures/map/m1/mapImage.png`. */
  record: string;
  field: string;
  message: string;
}

export class MapPackageError extends Error {
  constructor(readonly problems: PackageProblem[]) {
    super(problems.map((p) => `${p.record}${p.field ? ` ${p.field}` : ''}: ${p.message}`).join('; '));
  }
}

/** What a package is read into: records by model (each as the file carries it), pictures, notes. */
export interface ReadPackage {
  manifest: MapPackageManifest;
  records: Record<PackageModel, Rec[]>;
  pictures: Array<PictureEntry & { field: string; data: Uint8Array }>;
  notes: Array<{ record: string; field: string; note: string }>;
  /**
   * References to records the package does not carry, cleared in `records` (and noted), with the
   * value they had: the importing site puts back those naming records its game has.
   */
  outside: Array<{ model: PackageModel; id: string; field: string; value: unknown }>;
}

/** Whether an entry name stays inside the archive's folder: relative, no `..`, no backslashes. */
export function isSafeEntryName(name: string): boolean {
  if (name === '' || name.length > 400) return false;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\') || name.includes('\0'))
    return false;
  return name.split('/').every((part) => part !== '..' && part !== '.');
}

/** The picture entry name of a record's field (`pictures/map/m1/mapImage.png`). */
export function pictureEntryName(model: PicturedModel, id: string, fileName: string): string {
  return `pictures/${model}/${id}/${fileName}`;
}

function zodProblems(record: string, error: z.ZodError): PackageProblem[] {
  return error.issues.map((issue) => ({
    record,
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/**
 * A package's entries by name: the `.json` entries as text (UTF-8 decoded by the unpacker), the
 * pictures as bytes.
 */
export type PackageEntries = ReadonlyMap<string, Uint8Array | string>;

function parseJsonEntry(files: PackageEntries, name: string): unknown {
  const data = files.get(name);
  if (data === undefined)
    throw new MapPackageError([{ record: name, field: '', message: 'Missing from the archive' }]);
  if (typeof data !== 'string')
    throw new MapPackageError([{ record: name, field: '', message: 'Not UTF-8 text' }]);
  try {
    return JSON.parse(data);
  } catch (error) {
    throw new MapPackageError([
      { record: name, field: '', message: `Not JSON (${(error as Error).message})` },
    ]);
  }
}

/**
 * Reads the unpacked entries of a package for a game of this site: checks the manifest, the records
 * (ids unique per model, references inside the package, markers on the map's picture and on its
 * floors) and the pictures it names. Every problem is collected; any problem throws and nothing is read.
 */
export function readMapPackage(files: PackageEntries, target: { gameId: string }): ReadPackage {
  const rawManifest = parseJsonEntry(files, manifestEntry) as Rec | null;
  // A package of another version is named as such, whatever else its manifest holds.
  const version = typeof rawManifest === 'object' && rawManifest ? rawManifest.version : undefined;
  if (
    rawManifest?.format === mapPackageFormat &&
    typeof version === 'number' &&
    version !== mapPackageVersion
  )
    throw new MapPackageError([
      {
        record: manifestEntry,
        field: 'version',
        message: `Version ${version} is not read here (this site reads version ${mapPackageVersion})`,
      },
    ]);
  const manifestResult = zMapPackageManifest.safeParse(rawManifest);
  if (!manifestResult.success) throw new MapPackageError(zodProblems(manifestEntry, manifestResult.error));
  const manifest = manifestResult.data;
  const contentResult = zMapPackageContent.safeParse(parseJsonEntry(files, contentEntry));
  if (!contentResult.success) throw new MapPackageError(zodProblems(contentEntry, contentResult.error));
  const content = contentResult.data;
  const problems: PackageProblem[] = [];
  const notes: ReadPackage['notes'] = [];
  const outside: ReadPackage['outside'] = [];
  const at = (model: PackageModel, index?: number) =>
    `${contentEntry} ${contentListOf[model]}${index === undefined ? '' : `[${index}]`}`;
  const records = {} as Record<PackageModel, Rec[]>;
  const ids = {} as Record<PackageModel, Set<string>>;
  for (const model of packageModels) {
    const list = model === 'map' ? [content.map] : (content[contentListOf[model]] as Rec[]);
    ids[model] = new Set();
    records[model] = [];
    list.forEach((raw, index) => {
      const id = String(raw._id);
      if (ids[model].has(id)) {
        problems.push({ record: at(model, index), field: '_id', message: `Duplicate id "${id}"` });
        return;
      }
      ids[model].add(id);
      // Images are stored by this site when the pictures are; the game is the one imported into.
      const { images: _images, ...record } = { ...raw } as Rec;
      if ('gameId' in record) record.gameId = target.gameId;
      records[model].push(record);
    });
  }
  const map = content.map;
  const mapId = String(map._id);
  if (mapId !== manifest.mapId)
    problems.push({ record: at('map'), field: '_id', message: `Not the manifest's map "${manifest.mapId}"` });
  const picture = (map.images as Rec | undefined)?.mapImage as Rec | undefined;
  const width = Number(picture?.imageWidth ?? 0);
  const height = Number(picture?.imageHeight ?? 0);
  const maxZoom = Number(map.maxZoom ?? 0);
  const levels = new Set(records.maplevel.map((l) => Number(l.level)));
  const check = (model: PackageModel, index: number, field: string, ok: boolean, message: string) => {
    if (!ok) problems.push({ record: at(model, index), field, message });
  };
  const inside = (lat: unknown, lng: unknown) => {
    if (!width || !height) return true;
    const unit = 2 ** maxZoom;
    const x = Number(lng) * unit;
    const y = -Number(lat) * unit;
    return Number.isFinite(x) && Number.isFinite(y) && x >= 0 && y >= 0 && x <= width && y <= height;
  };
  const offMap = `Outside the map: positions are within its picture of ${width} × ${height} pixels`;
  records.maplevel.forEach((l, i) => {
    check('maplevel', i, 'mapId', l.mapId === mapId, `Not a floor of the map "${mapId}"`);
  });
  // References a marker or a quest makes to records the package does not carry are cleared (and noted).
  const clear = (model: PackageModel, record: Rec, field: string, why: string) => {
    if (!record[field]) return;
    notes.push({ record: `${model} ${String(record._id)}`, field, note: why });
    outside.push({ model, id: String(record._id), field, value: record[field] });
    record[field] = '';
  };
  if (map.categoryId && !ids.category.has(String(map.categoryId)))
    clear('map', records.map[0] as Rec, 'categoryId', 'Its category is not in the package');
  for (const c of records.category)
    if (c.preferredMap && c.preferredMap !== mapId)
      clear('category', c, 'preferredMap', 'Another map: not in the package');
  for (const q of records.quest) {
    // Prerequisites without a marker on this map are not carried; `previous` stays the first kept.
    const wanted = prerequisiteIds(q as Parameters<typeof prerequisiteIds>[0]);
    const kept = wanted.filter((id) => ids.quest.has(id));
    if (kept.length < wanted.length) {
      notes.push({
        record: `quest ${String(q._id)}`,
        field: 'previous',
        note: `Quests it requires with no marker on this map are not in the package: ${wanted.filter((id) => !ids.quest.has(id)).join(', ')}`,
      });
      outside.push(
        { model: 'quest', id: String(q._id), field: 'requires', value: wanted },
        { model: 'quest', id: String(q._id), field: 'previous', value: q.previous },
      );
      q.requires = kept;
      q.previous = kept[0] ?? '';
    }
    if (q.traderId && !ids.trader.has(String(q.traderId)))
      clear('quest', q, 'traderId', 'Its trader is not in the package');
  }
  records.placedmarker.forEach((m, i) => {
    check('placedmarker', i, 'mapId', m.mapId === mapId, `Not a marker of the map "${mapId}"`);
    check(
      'placedmarker',
      i,
      'markerDefinitionId',
      ids.markerdefinition.has(String(m.markerDefinitionId)),
      `Definition "${String(m.markerDefinitionId)}" is not in the package`,
    );
    const level = Number(m.level ?? -1);
    check(
      'placedmarker',
      i,
      'level',
      level === -1 || levels.has(level),
      `Floor ${level} is not in the package`,
    );
    check('placedmarker', i, 'lat', inside(m.lat, m.lng), offMap);
    const points = Array.isArray(m.polygonPoints) ? (m.polygonPoints as unknown[]) : [];
    check(
      'placedmarker',
      i,
      'polygonPoints',
      points.every((p) => Array.isArray(p) && inside(p[0], p[1])),
      offMap,
    );
    if (m.questId && !ids.quest.has(String(m.questId)))
      problems.push({
        record: at('placedmarker', i),
        field: 'questId',
        message: `Quest "${String(m.questId)}" is not in the package`,
      });
    if (m.itemId) clear('placedmarker', m, 'itemId', 'Items are not carried by a map package');
  });
  const pictures: ReadPackage['pictures'] = [];
  manifest.pictures.forEach((p, i) => {
    const record = `${manifestEntry} pictures[${i}]`;
    if (!ids[p.model].has(p.id)) {
      problems.push({ record, field: 'id', message: `No ${p.model} "${p.id}" in the package` });
      return;
    }
    const data = files.get(p.path);
    if (data === undefined || typeof data === 'string') {
      problems.push({ record, field: 'path', message: `Missing from the archive: ${p.path}` });
      return;
    }
    pictures.push({ ...p, field: packagePictureFields[p.model], data });
  });
  if (problems.length > 0) throw new MapPackageError(problems);
  return { manifest, records, pictures, notes, outside };
}

/** What a package is written from: the records as stored (with their `images`), the pictures' bytes. */
export interface PackageSource {
  site: string;
  exportedAt: string;
  content: MapPackageContent;
  pictures: Array<{ model: PicturedModel; id: string; fileName: string; data: Uint8Array }>;
}

/** The entries of a package (name → bytes), to be zipped. */
export function writeMapPackage(src: PackageSource): Map<string, Uint8Array | string> {
  const encode = (value: unknown) => JSON.stringify(value, null, 1);
  const pictures = src.pictures.map((p) => ({
    model: p.model,
    id: p.id,
    path: pictureEntryName(p.model, p.id, p.fileName),
    data: p.data,
  }));
  const manifest: MapPackageManifest = {
    format: mapPackageFormat,
    version: mapPackageVersion,
    site: src.site,
    mapId: String(src.content.map._id),
    gameId: String(src.content.map.gameId),
    exportedAt: src.exportedAt,
    pictures: pictures.map(({ data: _data, ...entry }) => entry),
  };
  const files = new Map<string, Uint8Array | string>([
    [manifestEntry, encode(manifest)],
    [contentEntry, encode(src.content)],
  ]);
  for (const p of pictures) files.set(p.path, p.data);
  return files;
}
