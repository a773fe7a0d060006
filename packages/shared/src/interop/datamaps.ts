/**
 * MediaWiki DataMaps map pages (the JSON of the wiki.gg map extension, schema versions 16 to 17.4)
 * in and out of a Waypoint map. Reading gives the records the importer stages for review (the map's
 * floors, marker definitions and placed markers) with a mapping summary of what has no place here;
 * writing gives a v17.4 page that carries every Waypoint field it has room for, the rest in the
 * page's `custom.waypoint` block (for gadgets) so a page exported here comes back unchanged.
 */
import { htmlToWikitext, wikitextToHtml, wikitextToPlain } from './wikitext.ts';

/** Largest DataMaps page read (the wiki itself stores pages of a few megabytes at most). */
export const dataMapsMaxBytes = 30 * 1024 * 1024;

/** The schema revisions read, as named by the page's `$schema` address (…/schemas/v17.4.json). */
export const dataMapsVersions = ['v16', 'v17', 'v17.1', 'v17.2', 'v17.3', 'v17.4'] as const;
export const dataMapsSchemaUrl = 'https://wiki.gg/extensions/DataMaps/schemas/v17.4.json';

type Rec = Record<string, unknown>;

export interface InteropProblem {
  /** Where in the file: `$schema`, `groups.ore`, `markers["ore cave bg:1"][3]`. */
  record: string;
  field: string;
  message: string;
}

/** What was read but has no place in Waypoint (listed for the admin, never dropped silently). */
export interface MappingNote {
  record: string;
  field: string;
  note: string;
}

export class InteropError extends Error {
  constructor(readonly problems: InteropProblem[]) {
    super(problems.map((p) => `${p.record}${p.field ? ` ${p.field}` : ''}: ${p.message}`).join('; '));
  }
}

/** The staged records of one import, by model. */
export interface ContentRecords {
  maplevel: Rec[];
  markerdefinition: Rec[];
  placedmarker: Rec[];
}

export interface ContentImport {
  records: ContentRecords;
  notes: MappingNote[];
}

export interface ImportTarget {
  gameId: string;
  mapId: string;
  /** The map's picture in pixels and zoom depth: positions are stored as both. */
  width: number;
  height: number;
  maxZoom: number;
  /** Names the source (a wiki page, a file): with each record's id in it, it keys re-imports. */
  source: string;
  /** The wiki's article address (`https://x.wiki.gg/wiki/`): internal links become links to it. */
  articleUrl?: string;
}

/** A short stable hash (FNV-1a, two rounds) for ids made from text of any length. */
export function shortHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(36) + b.toString(36);
}

/** A record id from a source and a source id: readable when it can be, hashed when it cannot. */
export function sourceRecordId(source: string, kind: string, sourceId: string): string {
  const slug =
    source
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'source';
  const prefix = `${slug}-${shortHash(source).slice(0, 6)}.${kind}.`;
  const safe = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,79}$/.test(sourceId)
    ? sourceId
    : `${sourceId.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 40)}-${shortHash(sourceId)}`;
  return prefix + safe;
}

const isObject = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function hexColour(value: unknown): string {
  if (typeof value === 'string' && /^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value))
    return value;
  if (Array.isArray(value) && value.length >= 3) {
    const hex = value
      .slice(0, 3)
      .map((n) =>
        Math.max(0, Math.min(255, Math.round(Number(n) || 0)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('');
    const alpha = value.length > 3 ? Math.round(Math.max(0, Math.min(1, Number(value[3]))) * 255) : 255;
    return `#${hex}${alpha === 255 ? '' : alpha.toString(16).padStart(2, '0')}`;
  }
  return '';
}

/** The schema revision a page names in `$schema`, or a problem. */
function schemaVersion(page: Rec): (typeof dataMapsVersions)[number] {
  const url = page.$schema;
  const problem = (message: string) => new InteropError([{ record: '(page)', field: '$schema', message }]);
  if (typeof url !== 'string')
    throw problem('Missing: a DataMaps page names its schema (…/schemas/v17.4.json)');
  const version = /\/(v[\d.]+)\.json$/.exec(url)?.[1];
  const known = dataMapsVersions.find((v) => v === version);
  if (!known)
    throw problem(`Unsupported schema version ${version ?? url}: use ${dataMapsVersions.join(', ')}`);
  return known;
}

interface Frame {
  /** Box corners as [y, x] (normalised from the page's order). */
  top: number;
  left: number;
  bottom: number;
  right: number;
  bottomOrigin: boolean;
  xyOrder: boolean;
}

function pointOf(v: unknown, xy: boolean): [number, number] | null {
  if (Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n)))
    return xy ? [v[1] as number, v[0] as number] : [v[0] as number, v[1] as number];
  if (isObject(v) && typeof v.x === 'number' && typeof v.y === 'number') return [v.y, v.x];
  return null;
}

/** The page's coordinate frame: `crs` box (or legacy object), order and origin corner. */
function frameOf(page: Rec, problems: InteropProblem[]): Frame {
  const coords = isObject(page.coordinates) ? page.coordinates : {};
  const crs = page.crs;
  const legacy = isObject(crs) ? crs : {};
  const order = String(coords.order ?? legacy.order ?? page.coordinateOrder ?? 'yx');
  const xyOrder = order === 'xy' || order === 'lonlat';
  const box = Array.isArray(crs) ? crs : [legacy.topLeft ?? [0, 0], legacy.bottomRight ?? [100, 100]];
  const tl = pointOf(box[0] ?? [0, 0], xyOrder);
  const br = pointOf(box[1] ?? [100, 100], xyOrder);
  if (!tl || !br || tl[0] === br[0] || tl[1] === br[1]) {
    problems.push({ record: '(page)', field: 'crs', message: 'Not a box of two different corners' });
    return { top: 0, left: 0, bottom: 100, right: 100, bottomOrigin: false, xyOrder };
  }
  if (coords.rotation || legacy.rotation)
    problems.push({
      record: '(page)',
      field: 'crs.rotation',
      message: 'Rotated coordinate systems are not read',
    });
  return {
    top: tl[0],
    left: tl[1],
    bottom: br[0],
    right: br[1],
    bottomOrigin: coords.origin === 'bottomLeft',
    xyOrder,
  };
}

export function pixelToLatLngOf(x: number, y: number, maxZoom: number) {
  const unit = 2 ** maxZoom;
  // No negative zero on the top edge: stored and compared as JSON, it would read back as 0.
  return { lat: y === 0 ? 0 : -y / unit, lng: x / unit };
}

interface Background {
  index: number;
  name: string;
  layer: string;
  image: string;
  overlays: unknown[];
}

function backgroundsOf(page: Rec): Background[] {
  const list: unknown[] = Array.isArray(page.backgrounds)
    ? page.backgrounds
    : page.background !== undefined
      ? [typeof page.background === 'string' ? { image: page.background } : page.background]
      : [];
  return list.map((raw, index) => {
    const bg = isObject(raw) ? raw : {};
    return {
      index,
      name: typeof bg.name === 'string' && bg.name.trim() ? bg.name : `Background ${index + 1}`,
      layer: `bg:${typeof bg.associatedLayer === 'string' ? bg.associatedLayer : index}`,
      image: typeof bg.image === 'string' ? bg.image : Array.isArray(bg.tiles) ? '(tiled background)' : '',
      overlays: Array.isArray(bg.overlays) ? bg.overlays : [],
    };
  });
}

/** The Waypoint side of an exported page (its `custom.waypoint` block), when there is one. */
interface WaypointCustom {
  levels?: Record<string, { id: string; level: number; shortLabel?: string; isDefault?: boolean }>;
  groups?: Record<string, Rec>;
  markers?: Record<string, { level?: number }>;
  paths?: Record<string, { id: string; definition: string; kind: 'ROUTE' | 'POLYGON'; description?: string }>;
  /** Route and area definitions (DataMaps groups hold only point markers). */
  pathDefinitions?: Record<string, Rec>;
}

const definitionFields = [
  'markerDefinitionType',
  'backgroundShape',
  'wrapperColor',
  'innerColor',
  'polygonColor',
  'width',
  'height',
  'showNameLabel',
  'markerCategory',
  'key',
  'quest',
  'door',
] as const;

/**
 * Reads a DataMaps page as the records to stage on a map. Bad input throws an InteropError naming
 * each bad record and field; nothing is returned half.
 */
export function readDataMaps(text: string, target: ImportTarget): ContentImport {
  if (text.length > dataMapsMaxBytes)
    throw new InteropError([
      { record: '(file)', field: '', message: `Too large: at most ${dataMapsMaxBytes / 1024 / 1024} MB` },
    ]);
  let page: unknown;
  try {
    page = JSON.parse(text);
  } catch (error) {
    throw new InteropError([
      { record: '(file)', field: '', message: `Not JSON (${(error as Error).message})` },
    ]);
  }
  if (!isObject(page))
    throw new InteropError([{ record: '(file)', field: '', message: 'Not a DataMaps page (a JSON object)' }]);
  const version = schemaVersion(page);
  const problems: InteropProblem[] = [];
  const notes: MappingNote[] = [];
  const frame = frameOf(page, problems);
  const custom: WaypointCustom =
    isObject(page.custom) && isObject(page.custom.waypoint) ? page.custom.waypoint : {};
  const fromWaypoint = isObject(page.custom) && isObject(page.custom.waypoint);
  const idOf = (kind: string, sourceId: string) =>
    fromWaypoint ? sourceId : sourceRecordId(target.source, kind, sourceId);
  const html = (v: unknown) =>
    wikitextToHtml(Array.isArray(v) ? v.map(String).join('\n') : String(v ?? ''), target.articleUrl);

  for (const key of ['include', 'settings', 'disclaimer', '$fragment'] as const)
    if (page[key] !== undefined && page[key] !== false)
      notes.push({ record: '(page)', field: key, note: 'Not carried: Waypoint has no such map setting' });
  if (isObject(page.custom))
    for (const key of Object.keys(page.custom))
      if (key !== 'waypoint') notes.push({ record: '(page)', field: `custom.${key}`, note: 'Not carried' });

  // Backgrounds: the map picture and, when there are several, one floor each.
  const backgrounds = backgroundsOf(page);
  if (backgrounds.length === 0) problems.push({ record: '(page)', field: 'backgrounds', message: 'Missing' });
  const levelOfLayer = new Map<string, number>();
  const maplevel: Rec[] = [];
  if (backgrounds.length > 1 || custom.levels) {
    for (const bg of backgrounds) {
      const kept = custom.levels?.[String(bg.index)];
      const level = kept?.level ?? bg.index;
      levelOfLayer.set(bg.layer, level);
      const record: Rec = {
        _id: kept?.id ?? idOf('level', String(bg.index)),
        mapId: target.mapId,
        level,
        name: bg.name.slice(0, 100),
      };
      // Button label and default floor exist only in pages written here.
      if (kept)
        Object.assign(record, { shortLabel: kept.shortLabel ?? '', isDefault: kept.isDefault ?? false });
      maplevel.push(record);
    }
  } else if (backgrounds[0]) levelOfLayer.set(backgrounds[0].layer, -1);
  for (const bg of backgrounds)
    if (bg.image)
      notes.push({
        record: `backgrounds[${bg.index}]`,
        field: 'image',
        note: `Picture "${bg.image}" is not fetched: upload it as the ${maplevel.length ? 'floor' : 'map'} picture`,
      });

  // Categories (legacy: layers) become the definitions' marker category.
  const categories = isObject(page.categories) ? page.categories : isObject(page.layers) ? page.layers : {};
  const categoryField = isObject(page.categories) ? 'categories' : 'layers';
  const categoryName = (id: string) => {
    const c = categories[id];
    return isObject(c) && typeof c.name === 'string' && c.name ? c.name : id;
  };
  for (const [id, c] of Object.entries(categories))
    if (isObject(c))
      for (const field of ['subtleText', 'overrideIcon'])
        if (c[field]) notes.push({ record: `${categoryField}.${id}`, field, note: 'Not carried' });

  // Groups become marker definitions.
  const groups = isObject(page.groups) ? page.groups : {};
  const definitions = new Map<string, Rec>();
  for (const [groupId, raw] of Object.entries(groups)) {
    const record = `groups.${groupId}`;
    if (!isObject(raw)) {
      problems.push({ record, field: '', message: 'Not an object' });
      continue;
    }
    if (typeof raw.name !== 'string' || raw.name.trim() === '') {
      problems.push({ record, field: 'name', message: 'Missing' });
      continue;
    }
    const size = Array.isArray(raw.size) ? raw.size : isObject(raw.size) ? [raw.size.x, raw.size.y] : null;
    const side = typeof raw.size === 'number' ? raw.size : undefined;
    const def: Rec = {
      _id: idOf('group', groupId),
      gameId: target.gameId,
      name: wikitextToPlain(raw.name) || groupId,
      description: raw.description ? html(raw.description) : '',
      completable: raw.isCollectible !== undefined && raw.isCollectible !== false,
      // A group hidden until a reader turns it on starts turned off here too.
      disabled: raw.isDefault === false,
      markerCategory: '',
    };
    if (raw.fillColor !== undefined) {
      Object.assign(def, {
        markerDefinitionType: 'SVG',
        backgroundShape: 'CIRCLE',
        innerColor: hexColour(raw.fillColor),
        wrapperColor: hexColour(raw.strokeColor),
        width: side ?? 12.5,
        height: side ?? 12.5,
      });
    } else if (raw.pinColor !== undefined) {
      Object.assign(def, {
        markerDefinitionType: 'SVG',
        backgroundShape: 'NONE',
        wrapperColor: hexColour(raw.pinColor),
        innerColor: hexColour(raw.strokeColor),
        width: side ?? 32,
        height: side ?? 32,
      });
    } else if (typeof raw.icon === 'string') {
      Object.assign(def, {
        markerDefinitionType: 'IMAGE',
        backgroundShape: 'NONE',
        width: Number(size?.[0] ?? side ?? 32),
        height: Number(size?.[1] ?? side ?? 32),
      });
    } else {
      problems.push({ record, field: 'fillColor', message: 'A group needs fillColor, pinColor or icon' });
      continue;
    }
    if (typeof raw.icon === 'string')
      notes.push({
        record,
        field: 'icon',
        note: `Icon "${raw.icon}" is not fetched: upload it as the definition's image`,
      });
    if (raw.isCollectible === 'group' || raw.isCollectible === 'globalGroup')
      notes.push({
        record,
        field: 'isCollectible',
        note: `"${raw.isCollectible}" is read as per-marker completion`,
      });
    for (const field of [
      'article',
      'static',
      'isSwitchable',
      'autoNumberInChecklist',
      'extraMinZoomSize',
      'strokeWidth',
    ])
      if (raw[field] !== undefined) notes.push({ record, field, note: 'Not carried' });
    if (raw.canSearchFor === false) notes.push({ record, field: 'canSearchFor', note: 'Not carried' });
    const kept = custom.groups?.[groupId];
    if (kept) for (const f of definitionFields) if (kept[f] !== undefined) def[f] = kept[f];
    definitions.set(groupId, def);
  }

  // Markers, keyed by "group category… bg:layer".
  const placedmarker: Rec[] = [];
  const ids = new Map<string, string>();
  const categoriesOfGroup = new Map<string, Set<string>>();
  const markers = isObject(page.markers) ? page.markers : {};
  for (const [key, list] of Object.entries(markers)) {
    const [groupId = '', ...layers] = key.trim().split(/\s+/);
    const where = `markers["${key}"]`;
    const def = definitions.get(groupId);
    if (!def) {
      if (!(groupId in groups))
        problems.push({ record: where, field: 'group', message: `Unknown group "${groupId}"` });
      continue;
    }
    let level = -1;
    const cats: string[] = [];
    let layerOk = true;
    for (const layer of layers) {
      if (layer.startsWith('bg:')) {
        const l = levelOfLayer.get(layer);
        if (l === undefined) {
          problems.push({ record: where, field: 'bg', message: `No background has the layer "${layer}"` });
          layerOk = false;
        } else level = l;
      } else if (!(layer in categories)) {
        problems.push({
          record: where,
          field: 'category',
          message: `Unknown ${categoryField.slice(0, -1)} "${layer}"`,
        });
        layerOk = false;
      } else cats.push(layer);
    }
    if (!layerOk) continue;
    if (!Array.isArray(list)) {
      problems.push({ record: where, field: '', message: 'Not a list of markers' });
      continue;
    }
    const seen = categoriesOfGroup.get(groupId) ?? new Set<string>();
    for (const c of cats) seen.add(categoryName(c));
    categoriesOfGroup.set(groupId, seen);
    list.forEach((raw, i) => {
      const record = `${where}[${i}]`;
      if (!isObject(raw)) {
        problems.push({ record, field: '', message: 'Not a marker object' });
        return;
      }
      const y = typeof raw.y === 'number' ? raw.y : raw.lat;
      const x = typeof raw.x === 'number' ? raw.x : raw.lon;
      if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
        problems.push({ record, field: 'x', message: 'Needs x and y (or lat and lon) numbers' });
        return;
      }
      const fx = (x - frame.left) / (frame.right - frame.left);
      const fyRaw = (y - frame.top) / (frame.bottom - frame.top);
      const fy = frame.bottomOrigin ? 1 - fyRaw : fyRaw;
      if (fx < 0 || fx > 1 || fy < 0 || fy > 1) {
        problems.push({
          record: raw.id !== undefined ? `${record} (id ${raw.id})` : record,
          field: fx < 0 || fx > 1 ? 'x' : 'y',
          message: 'Outside the map box (crs)',
        });
        return;
      }
      const sourceId =
        raw.id !== undefined && raw.id !== null ? String(raw.id) : `${groupId}-${cats.join('-')}-${x}-${y}`;
      const earlier = ids.get(sourceId);
      if (earlier) {
        problems.push({ record, field: 'id', message: `Duplicate id "${sourceId}" (also ${earlier})` });
        return;
      }
      ids.set(sourceId, record);
      const px = fx * target.width;
      const py = fy * target.height;
      const kept = custom.markers?.[sourceId];
      placedmarker.push({
        _id: idOf('marker', sourceId),
        mapId: target.mapId,
        markerDefinitionId: def._id,
        name: typeof raw.name === 'string' ? wikitextToPlain(raw.name) : '',
        description: raw.description !== undefined ? html(raw.description) : '',
        ...pixelToLatLngOf(px, py, target.maxZoom),
        imageX: px,
        imageY: py,
        polygonPoints: [],
        level: kept?.level ?? level,
      });
      for (const field of ['icon', 'image', 'article', 'searchKeywords', 'scale'])
        if (raw[field] !== undefined) notes.push({ record, field, note: 'Not carried' });
      if (raw.canSearchFor === false) notes.push({ record, field: 'canSearchFor', note: 'Not carried' });
    });
  }
  for (const [groupId, cats] of categoriesOfGroup) {
    const def = definitions.get(groupId);
    if (def && !custom.groups?.[groupId]?.markerCategory)
      def.markerCategory = [...cats].join(', ').slice(0, 500);
  }

  // Overlays: polylines become routes, boxes areas; image overlays have no place.
  let routeDef: Rec | undefined;
  let areaDef: Rec | undefined;
  const pathDef = (kind: 'ROUTE' | 'POLYGON') => {
    if (kind === 'ROUTE')
      routeDef ??= {
        _id: idOf('group', 'overlay-routes'),
        gameId: target.gameId,
        name: 'Routes',
        markerDefinitionType: 'ROUTE',
        completable: false,
        disabled: false,
      };
    else
      areaDef ??= {
        _id: idOf('group', 'overlay-areas'),
        gameId: target.gameId,
        name: 'Areas',
        markerDefinitionType: 'POLYGON',
        completable: false,
        disabled: false,
      };
    return (kind === 'ROUTE' ? routeDef : areaDef) as Rec;
  };
  const toPixel = (p: [number, number]) => {
    const fx = (p[1] - frame.left) / (frame.right - frame.left);
    const fyRaw = (p[0] - frame.top) / (frame.bottom - frame.top);
    const fy = frame.bottomOrigin ? 1 - fyRaw : fyRaw;
    return { x: fx * target.width, y: fy * target.height, inside: fx >= 0 && fx <= 1 && fy >= 0 && fy <= 1 };
  };
  for (const [id, kept] of Object.entries(custom.pathDefinitions ?? {}))
    definitions.set(`\u0000${id}`, { ...kept, _id: id, gameId: target.gameId });
  for (const bg of backgrounds) {
    bg.overlays.forEach((raw, i) => {
      const record = `backgrounds[${bg.index}].overlays[${i}]`;
      if (!isObject(raw)) return;
      const kept = custom.paths?.[`${bg.index}.${i}`];
      let points: Array<[number, number]> | null = null;
      let kind: 'ROUTE' | 'POLYGON' = 'ROUTE';
      if (Array.isArray(raw.path)) {
        points = raw.path
          .map((p) => pointOf(p, frame.xyOrder))
          .filter((p): p is [number, number] => p !== null);
        kind = kept?.kind ?? 'ROUTE';
      } else if (Array.isArray(raw.at) && raw.image === undefined) {
        const a = pointOf(raw.at[0], frame.xyOrder);
        const b = pointOf(raw.at[1], frame.xyOrder);
        if (a && b) points = [a, [a[0], b[1]], b, [b[0], a[1]]];
        kind = 'POLYGON';
      } else {
        notes.push({ record, field: 'image', note: 'Image overlays are not carried' });
        return;
      }
      if (!points || points.length < 2) {
        problems.push({ record, field: 'path', message: 'Needs at least two points' });
        return;
      }
      const pixels = points.map(toPixel);
      if (pixels.some((p) => !p.inside)) {
        problems.push({ record, field: raw.path ? 'path' : 'at', message: 'Outside the map box (crs)' });
        return;
      }
      const latLngs = pixels.map((p) => {
        const ll = pixelToLatLngOf(p.x, p.y, target.maxZoom);
        return [ll.lat, ll.lng] as [number, number];
      });
      const first = pixels[0] as { x: number; y: number };
      const definition =
        kept?.definition && definitions.has(`\u0000${kept.definition}`)
          ? kept.definition
          : (pathDef(kind)._id as string);
      placedmarker.push({
        _id: kept?.id ?? idOf('overlay', `${bg.index}-${i}`),
        mapId: target.mapId,
        markerDefinitionId: definition,
        name: typeof raw.name === 'string' ? wikitextToPlain(raw.name) : '',
        description: kept?.description ?? '',
        ...pixelToLatLngOf(first.x, first.y, target.maxZoom),
        imageX: first.x,
        imageY: first.y,
        polygonPoints: latLngs,
        level: levelOfLayer.get(bg.layer) ?? -1,
      });
      for (const field of ['color', 'borderColor', 'thickness', 'reduceGaps'])
        if (raw[field] !== undefined && !kept) notes.push({ record, field, note: 'Not carried' });
    });
  }
  if (routeDef) definitions.set('\u0001routes', routeDef);
  if (areaDef) definitions.set('\u0001areas', areaDef);

  if (problems.length > 0) throw new InteropError(problems);
  if (version === 'v16' && isObject(page.layers))
    notes.push({ record: '(page)', field: 'layers', note: 'Legacy layers read as categories' });
  return { records: { maplevel, markerdefinition: [...definitions.values()], placedmarker }, notes };
}

export interface ExportSource {
  map: Rec;
  width: number;
  height: number;
  maxZoom: number;
  levels: Rec[];
  definitions: Rec[];
  markers: Rec[];
}

const slug = (s: string) =>
  s
    .trim()
    .replace(/[^\w\d\-._]+/g, '_')
    .slice(0, 80) || 'category';

/**
 * A Waypoint map as a DataMaps v17.4 page: pixel coordinates (`crs` the picture's box, y down), one
 * background per floor, a group per definition in use, markers keyed by group, category and floor.
 * What DataMaps cannot hold is listed in the notes and kept in `custom.waypoint`.
 */
export function writeDataMaps(src: ExportSource): { page: Rec; notes: MappingNote[] } {
  const notes: MappingNote[] = [];
  const levels = [...src.levels].sort((a, b) => Number(a.level) - Number(b.level));
  const custom: WaypointCustom = { groups: {}, markers: {}, paths: {} };
  const layerOf = new Map<number, string>();
  const backgrounds: Rec[] = (levels.length > 0 ? levels : [null]).map((l, index) => {
    const name = l ? String(l.name) : String(src.map.name ?? 'Map');
    const bg: Rec = {
      name,
      image: `${slug(String(src.map.name ?? 'Map'))}${l ? `_${slug(String(l.name))}` : ''}.png`,
      overlays: [],
    };
    if (l) {
      const layer = `level${Number(l.level)}`;
      bg.associatedLayer = layer;
      layerOf.set(Number(l.level), `bg:${layer}`);
      custom.levels ??= {};
      custom.levels[String(index)] = {
        id: String(l._id),
        level: Number(l.level),
        shortLabel: String(l.shortLabel ?? ''),
        isDefault: Boolean(l.isDefault),
      };
    }
    return bg;
  });
  const bgIndexOf = (level: number) =>
    Math.max(
      0,
      levels.findIndex((l) => Number(l.level) === level),
    );
  const groups: Rec = {};
  const categories: Rec = {};
  const byId = new Map(src.definitions.map((d) => [String(d._id), d]));
  const used = new Set(src.markers.map((m) => String(m.markerDefinitionId)));
  for (const def of src.definitions) {
    const id = String(def._id);
    const type = String(def.markerDefinitionType ?? 'SVG');
    if (!used.has(id)) continue;
    if (type === 'ROUTE' || type === 'POLYGON') {
      const kept: Rec = {
        name: String(def.name),
        description: String(def.description ?? ''),
        completable: Boolean(def.completable),
      };
      for (const f of definitionFields) if (def[f] !== undefined) kept[f] = def[f];
      custom.pathDefinitions ??= {};
      custom.pathDefinitions[id] = kept;
      continue;
    }
    const size = (n: unknown, dflt: number) => (typeof n === 'number' && n > 0 ? n : dflt);
    const group: Rec = { name: String(def.name) };
    if (def.description) group.description = htmlToWikitext(String(def.description));
    if (def.completable) group.isCollectible = true;
    if (def.disabled === true) group.isDefault = false;
    if (type === 'IMAGE') {
      group.icon = `${slug(String(def.name))}.png`;
      group.size = [size(def.width, 32), size(def.height, 32)];
    } else if (def.backgroundShape === 'CIRCLE') {
      group.fillColor = String(def.innerColor || '#ffffff');
      if (def.wrapperColor) group.strokeColor = String(def.wrapperColor);
      group.size = size(def.width, 12.5);
    } else {
      group.pinColor = String(def.wrapperColor || def.innerColor || '#ffffff');
      if (def.innerColor && def.wrapperColor) group.strokeColor = String(def.innerColor);
      group.size = size(def.width, 32);
    }
    groups[id] = group;
    const kept: Rec = {};
    for (const f of definitionFields) if (def[f] !== undefined) kept[f] = def[f];
    (custom.groups as Rec)[id] = kept;
    if (def.markerCategory)
      categories[slug(String(def.markerCategory))] = { name: String(def.markerCategory) };
    for (const field of ['quest', 'door', 'key', 'image'] as const)
      if (def[field]) notes.push({ record: `groups.${id}`, field, note: 'Kept only in custom.waypoint' });
  }
  const markers: Record<string, Rec[]> = {};
  for (const m of src.markers) {
    const def = byId.get(String(m.markerDefinitionId));
    const level = Number(m.level ?? -1);
    const x = typeof m.imageX === 'number' ? m.imageX : Number(m.lng) * 2 ** src.maxZoom;
    const y = typeof m.imageY === 'number' ? m.imageY : -Number(m.lat) * 2 ** src.maxZoom;
    const type = String(def?.markerDefinitionType ?? 'SVG');
    if (type === 'ROUTE' || type === 'POLYGON') {
      const bg = backgrounds[level >= 0 ? bgIndexOf(level) : 0] as Rec;
      const overlays = bg.overlays as Rec[];
      const unit = 2 ** src.maxZoom;
      const path = ((m.polygonPoints ?? []) as Array<[number, number]>).map(([lat, lng]) => ({
        x: lng * unit,
        y: -lat * unit,
      }));
      const overlay: Rec = { path };
      if (m.name) overlay.name = String(m.name);
      if (def?.polygonColor) overlay.color = String(def.polygonColor);
      (custom.paths as Rec)[`${backgrounds.indexOf(bg)}.${overlays.length}`] = {
        id: String(m._id),
        definition: String(m.markerDefinitionId),
        kind: type,
        description: String(m.description ?? ''),
      };
      overlays.push(overlay);
      if (level === -1 && levels.length > 0)
        notes.push({
          record: String(m._id),
          field: 'level',
          note: 'An every-floor route or area is drawn on the first floor',
        });
      continue;
    }
    const layers = [String(m.markerDefinitionId)];
    if (def?.markerCategory) layers.push(slug(String(def.markerCategory)));
    const bgLayer = layerOf.get(level);
    if (bgLayer) layers.push(bgLayer);
    const key = layers.join(' ');
    const marker: Rec = { id: String(m._id), x, y };
    if (m.name) marker.name = String(m.name);
    if (m.description) marker.description = htmlToWikitext(String(m.description));
    markers[key] ??= [];
    markers[key].push(marker);
    if (level === -1 && levels.length > 0) (custom.markers as Rec)[String(m._id)] = { level: -1 };
    for (const field of ['questId', 'itemId', 'questObjective', 'authorName', 'authorLink'] as const)
      if (m[field]) notes.push({ record: String(m._id), field, note: 'Not carried' });
  }
  for (const bg of backgrounds) if ((bg.overlays as Rec[]).length === 0) delete bg.overlays;
  const page: Rec = {
    $schema: dataMapsSchemaUrl,
    crs: [
      [0, 0],
      [src.height, src.width],
    ],
    backgrounds,
    groups,
    categories,
    markers,
    custom: { waypoint: custom },
  };
  return { page, notes };
}
