/**
 * MediaWiki DataMaps map pages (the JSON of the wiki.gg map extension, schema revisions 0.15 to 17.4)
 * in and out of a Waypoint map. Reading gives the records the importer stages for review (the map's
 * floors, marker definitions and placed markers) with a mapping summary of what has no place here;
 * writing gives a v17.4 page that carries every Waypoint field it has room for, the rest in the
 * page's `custom.waypoint` block (for gadgets) so a page exported here comes back unchanged.
 * Fragments a page pulls in (`include`, `mixins` before v17) are merged the way the extension's
 * DataMapContent::mergeFragments does, from files sent with the page.
 */
import {
  type ContentImport,
  type ExportSource,
  type ImportTarget,
  InteropError,
  type InteropProblem,
  type MappingNote,
} from './format.ts';
import { htmlToWikitext, wikitextToHtml, wikitextToPlain } from './wikitext.ts';

/** Largest DataMaps page read (the wiki itself stores pages of a few megabytes at most). */
export const dataMapsMaxBytes = 30 * 1024 * 1024;

/** The schema revisions read, as named by the page's `$schema` address (…/schemas/v17.4.json). */
export const dataMapsVersions = ['v0.15', 'v0.16', 'v16', 'v17', 'v17.1', 'v17.2', 'v17.3', 'v17.4'] as const;
type DataMapsVersion = (typeof dataMapsVersions)[number];
/** Revisions before v17 (still held by older wikis): converted to v17 before they are read. */
const legacyVersions: ReadonlySet<DataMapsVersion> = new Set(['v0.15', 'v0.16', 'v16']);
/**
 * The `$schema` of an exported page. The extension accepts its own wiki's
 * `/extensions/DataMaps/schemas/` address or its repository's raw schema address
 * (SchemaProvider::getRevisionFromUrl); only the latter is the same on every wiki.
 */
export const dataMapsSchemaUrl =
  'https://raw.githubusercontent.com/alex4401/mediawiki-extensions-DataMaps/main/schemas/v17.4.json';

/** A wiki page sent with the page being read: a fragment it may `include`. */
export interface DataMapsFragment {
  /** Its wiki title (`Map:Fragments/Core`) or file path (`Map/Fragments/Core.json`). */
  name: string;
  content: string;
}
/** Most files searched for fragments with one page (a zip of a wiki's map pages). */
export const dataMapsMaxFragments = 5000;

/** How far outside the `crs` box a marker may sit and still be read (moved onto the edge). */
export const dataMapsEdgeTolerance = 0.05;

type Rec = Record<string, unknown>;

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

/** The schema revision a page names in `$schema`, or a problem naming the page. */
function schemaVersion(page: Rec, record: string, problems: InteropProblem[]): DataMapsVersion | null {
  const url = page.$schema;
  const problem = (message: string) => {
    problems.push({ record, field: '$schema', message });
    return null;
  };
  if (typeof url !== 'string')
    return problem('Missing: a DataMaps page names its schema (…/schemas/v17.4.json)');
  const version = /\/(v[\d.]+)\.json$/.exec(url)?.[1];
  const known = dataMapsVersions.find((v) => v === version);
  if (!known)
    return problem(`Unsupported schema version ${version ?? url}: use ${dataMapsVersions.join(', ')}`);
  return known;
}

/** One page's text as a JSON object, or a problem naming it. */
function parsePage(text: string, record: string, problems: InteropProblem[]): Rec | null {
  let page: unknown;
  try {
    page = JSON.parse(text);
  } catch (error) {
    problems.push({ record, field: '', message: `Not JSON (${(error as Error).message})` });
    return null;
  }
  if (!isObject(page)) {
    problems.push({ record, field: '', message: 'Not a DataMaps page (a JSON object)' });
    return null;
  }
  return page;
}

/**
 * A page of a revision before v17 in v17's shape: `mixins` → `include`, `$mixin` → `$fragment`,
 * `image` → `background`, `layers` → `categories`, `borderColor`/`borderWidth` →
 * `strokeColor`/`strokeWidth`. (`coordinateOrder` and the legacy `crs` object are read as they are.)
 */
function upgradeLegacy(page: Rec): string[] {
  const renamed: string[] = [];
  const rename = (on: Rec, from: string, to: string, label = from) => {
    if (on[from] === undefined) return;
    if (on[to] === undefined) on[to] = on[from];
    delete on[from];
    if (!renamed.includes(label)) renamed.push(label);
  };
  rename(page, 'mixins', 'include');
  rename(page, '$mixin', '$fragment');
  if (typeof page.image === 'string' && page.background === undefined && page.backgrounds === undefined)
    rename(page, 'image', 'background');
  rename(page, 'layers', 'categories');
  if (isObject(page.groups))
    for (const group of Object.values(page.groups))
      if (isObject(group)) {
        rename(group, 'borderColor', 'strokeColor', 'groups.*.borderColor');
        rename(group, 'borderWidth', 'strokeWidth', 'groups.*.borderWidth');
      }
  return renamed;
}

/** A wiki title or file path as a lookup key: `_` as a space, `:` and `\\` as `/`, no `.json`, any case. */
function fragmentKey(name: string): string {
  return name
    .trim()
    .replace(/\.json$/i, '')
    .replace(/[_\s]+/g, ' ')
    .split(/[/:\\]/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('/')
    .toLowerCase();
}

/**
 * Finds the fragments a page includes among the files sent with it. A title matches a file whose
 * path ends with it, with or without its namespace (`Map:Fragments/Core` finds
 * `Fragments/Core.json`, `Map/Fragments/Core.json` or `Map:Fragments/Core` as a wiki export names it).
 */
function fragmentIndex(fragments: DataMapsFragment[]) {
  const byKey = new Map<string, number[]>();
  fragments.forEach((fragment, index) => {
    const parts = fragmentKey(fragment.name).split('/');
    for (let i = 0; i < parts.length; i++) {
      const key = parts.slice(i).join('/');
      const list = byKey.get(key) ?? [];
      list.push(index);
      byKey.set(key, list);
    }
  });
  return (title: string): { found?: DataMapsFragment; ambiguous?: string[] } => {
    const withoutNamespace = title.includes(':') ? title.slice(title.indexOf(':') + 1) : title;
    for (const key of [fragmentKey(title), fragmentKey(withoutNamespace)]) {
      const hits = byKey.get(key);
      if (!hits) continue;
      // The file named exactly so wins over files whose longer paths end so.
      const exact = hits.filter((i) => fragmentKey(fragments[i]?.name ?? '') === key);
      const chosen = exact.length > 0 ? exact : hits;
      if (chosen.length === 1) return { found: fragments[chosen[0] as number] };
      return { ambiguous: chosen.map((i) => fragments[i]?.name ?? '') };
    }
    return {};
  };
}

/**
 * The extension's merge of a fragment under a page (DataModelMixinTransformer): fields missing from
 * the target are copied, objects merge field by field, lists merge item by item except under
 * `markers`, whose lists are appended; anything else is replaced by the overlay.
 */
function mergeObjects(target: Rec, overlay: Rec, allowListMerge = true): Rec {
  for (const [name, value] of Object.entries(overlay)) {
    if (name === '$fragment') continue;
    if (target[name] === undefined || target[name] === null) target[name] = value;
    else target[name] = mergeUnknown(target[name], value, allowListMerge && name !== 'markers');
  }
  return target;
}

function mergeUnknown(target: unknown, overlay: unknown, allowListMerge: boolean): unknown {
  if (Array.isArray(target) && Array.isArray(overlay)) {
    if (!allowListMerge) {
      for (const item of overlay) target.push(item);
      return target;
    }
    overlay.forEach((item, i) => {
      target[i] = i >= target.length ? item : mergeUnknown(target[i], item, allowListMerge);
    });
    return target;
  }
  if (isObject(target) && isObject(overlay)) return mergeObjects(target, overlay, allowListMerge);
  return overlay;
}

/** The group ids the page's marker keys name (what a missing fragment would have had to bring). */
function groupsNamedByMarkers(page: Rec): Set<string> {
  const named = new Set<string>();
  if (isObject(page.markers))
    for (const key of Object.keys(page.markers)) named.add(key.trim().split(/\s+/)[0] ?? '');
  return named;
}

/**
 * A page with its fragments merged in and every part converted to v17's shape, or the problems of
 * the page and of each fragment (a missing fragment named with the groups it would have brought).
 */
function expandPage(
  text: string,
  fragments: DataMapsFragment[],
  notes: MappingNote[],
): { page: Rec; version: DataMapsVersion } {
  const problems: InteropProblem[] = [];
  const page = parsePage(text, '(file)', problems);
  const version = page ? schemaVersion(page, '(page)', problems) : null;
  if (!page || !version) throw new InteropError(problems);
  const upgrade = (doc: Rec, docVersion: DataMapsVersion, record: string) => {
    if (!legacyVersions.has(docVersion)) return;
    const renamed = upgradeLegacy(doc);
    notes.push({
      record,
      field: '$schema',
      note: `Format ${docVersion} (before v17) read by converting it${renamed.length ? `: ${renamed.join(', ')} read as their v17 names` : ''}`,
    });
  };
  upgrade(page, version, '(page)');
  const include = page.include;
  if (include === undefined || include === null || (Array.isArray(include) && include.length === 0)) {
    delete page.include;
    return { page, version };
  }
  if (!Array.isArray(include) || !include.every((t) => typeof t === 'string')) {
    problems.push({ record: '(page)', field: 'include', message: 'Not a list of fragment page titles' });
    throw new InteropError(problems);
  }
  if (fragments.length > dataMapsMaxFragments)
    throw new InteropError([
      { record: '(fragments)', field: '', message: `Too many files: at most ${dataMapsMaxFragments}` },
    ]);
  const find = fragmentIndex(fragments);
  const loaded: Rec[] = [];
  const missing: string[] = [];
  include.forEach((title: string, i) => {
    const record = `fragment "${title}"`;
    const { found, ambiguous } = find(title);
    if (ambiguous) {
      problems.push({
        record,
        field: `include[${i}]`,
        message: `Several files match: ${ambiguous.join(', ')}; send only one`,
      });
      return;
    }
    if (!found) {
      missing.push(title);
      return;
    }
    const fragment = parsePage(found.content, `${record} (${found.name})`, problems);
    const fragmentVersion = fragment && schemaVersion(fragment, `${record} (${found.name})`, problems);
    if (!fragment || !fragmentVersion) return;
    upgrade(fragment, fragmentVersion, record);
    if (fragment.include !== undefined) {
      // The extension refuses fragments that include others (they would not be followed).
      problems.push({ record, field: 'include', message: 'A fragment may not include other fragments' });
      return;
    }
    if (fragment.$fragment !== true)
      notes.push({ record, field: '$fragment', note: 'Not marked as a fragment; merged all the same' });
    loaded.push(fragment);
  });
  if (missing.length > 0) {
    // What the page's markers name but neither it nor the fragments found define.
    const defined = new Set(Object.keys(isObject(page.groups) ? page.groups : {}));
    for (const f of loaded) if (isObject(f.groups)) for (const g of Object.keys(f.groups)) defined.add(g);
    const wanted = [...groupsNamedByMarkers(page)].filter((g) => !defined.has(g));
    for (const title of missing)
      problems.push({
        record: `fragment "${title}"`,
        field: `include[${include.indexOf(title)}]`,
        message: `Missing: send it with the page (as a file or in a zip)${
          wanted.length > 0
            ? `; the page's markers need the groups ${wanted.map((g) => `"${g}"`).join(', ')} from its fragments`
            : ''
        }`,
      });
  }
  if (problems.length > 0) throw new InteropError(problems);
  let merged: Rec | null = null;
  for (const fragment of loaded) merged = merged ? mergeObjects(merged, fragment) : fragment;
  const { include: _included, ...main } = page;
  const result = merged ? mergeObjects(merged, main) : main;
  delete result.$fragment;
  delete result.include;
  notes.push({
    record: '(page)',
    field: 'include',
    note: `Fragments merged into the page: ${include.join(', ')}`,
  });
  return { page: result, version };
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
  /** The map the page was exported from (the page holds all of its markers). */
  map?: string;
  levels?: Record<string, { id: string; level: number; shortLabel?: string; isDefault?: boolean }>;
  groups?: Record<string, Rec>;
  markers?: Record<string, { level?: number }>;
  paths?: Record<
    string,
    {
      id: string;
      definition: string;
      kind: 'ROUTE' | 'POLYGON';
      description?: string;
      /** Where the popup sits ([x, y] pixels): DataMaps overlays have no such point. */
      anchor?: [number, number];
    }
  >;
  /**
   * The HTML of each description written as wikitext (`group:<id>`, `marker:<id>`): wikitext holds
   * less than HTML, so a description the wiki left as written reads back as it was stored.
   */
  descriptions?: Record<string, string>;
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
 * Reads a DataMaps page (with the fragments it includes, sent along) as the records to stage on a
 * map. Bad input throws an InteropError naming each bad record and field; nothing is returned half.
 */
export function readDataMaps(
  text: string,
  target: ImportTarget,
  fragments: DataMapsFragment[] = [],
): ContentImport {
  if (text.length > dataMapsMaxBytes)
    throw new InteropError([
      { record: '(file)', field: '', message: `Too large: at most ${dataMapsMaxBytes / 1024 / 1024} MB` },
    ]);
  const notes: MappingNote[] = [];
  const { page } = expandPage(text, fragments, notes);
  const problems: InteropProblem[] = [];
  const frame = frameOf(page, problems);
  /** A point's place on the picture (0…1), moved onto the edge when it is just outside, or null. */
  const onMap = (fx: number, fy: number): ([number, number] & { moved?: boolean }) | null => {
    const tol = dataMapsEdgeTolerance;
    if (fx < -tol || fx > 1 + tol || fy < -tol || fy > 1 + tol) return null;
    const clamped: [number, number] & { moved?: boolean } = [
      Math.min(1, Math.max(0, fx)),
      Math.min(1, Math.max(0, fy)),
    ];
    if (clamped[0] !== fx || clamped[1] !== fy) clamped.moved = true;
    return clamped;
  };
  const outsideField = (x: number) => {
    const fx = (x - frame.left) / (frame.right - frame.left);
    return fx < 0 || fx > 1 ? 'x' : 'y';
  };
  const custom: WaypointCustom =
    isObject(page.custom) && isObject(page.custom.waypoint) ? page.custom.waypoint : {};
  const fromWaypoint = isObject(page.custom) && isObject(page.custom.waypoint);
  const idOf = (kind: string, sourceId: string) =>
    fromWaypoint ? sourceId : sourceRecordId(target.source, kind, sourceId);
  // Templates met in names and descriptions: one note each, with where it was first seen.
  const templates = new Map<string, { count: number; first: string }>();
  let textRecord = '(page)';
  const sink = (name: string) => {
    const seen = templates.get(name);
    if (seen) seen.count++;
    else templates.set(name, { count: 1, first: textRecord });
  };
  const html = (v: unknown, record: string) => {
    textRecord = record;
    return wikitextToHtml(
      Array.isArray(v) ? v.map(String).join('\n') : String(v ?? ''),
      target.articleUrl,
      sink,
    );
  };
  /** A description as stored here when the page still has the wikitext written for it. */
  const description = (key: string, v: unknown, record: string) => {
    const kept = custom.descriptions?.[key];
    if (typeof kept === 'string' && typeof v === 'string' && htmlToWikitext(kept) === v) return kept;
    return html(v, record);
  };
  const plain = (v: string, record: string) => {
    textRecord = record;
    return wikitextToPlain(v, sink);
  };

  for (const key of ['settings', 'disclaimer', '$fragment'] as const)
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

  // Categories (`layers` before v17, renamed on reading) become the definitions' marker category.
  const categories = isObject(page.categories) ? page.categories : {};
  const categoryField = 'categories';
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
      name: plain(raw.name, record) || groupId,
      description: raw.description ? description(`group:${groupId}`, raw.description, record) : '',
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
  const undeclared = new Set<string>();
  // Markers without an id are keyed by group, categories and place; twins get a running number.
  const twins = new Map<string, number>();
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
      } else {
        // The extension requires only the group to exist; a category nobody declared is still one.
        if (!(layer in categories) && !undeclared.has(layer)) {
          undeclared.add(layer);
          notes.push({
            record: where,
            field: 'category',
            note: `Category "${layer}" is not declared in ${categoryField}: read by its id`,
          });
        }
        cats.push(layer);
      }
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
      const named = raw.id !== undefined ? `${record} (id ${raw.id})` : record;
      const fyRaw = (y - frame.top) / (frame.bottom - frame.top);
      const at = onMap((x - frame.left) / (frame.right - frame.left), frame.bottomOrigin ? 1 - fyRaw : fyRaw);
      if (!at) {
        problems.push({ record: named, field: outsideField(x), message: 'Outside the map box (crs)' });
        return;
      }
      const [fx, fy] = at;
      if (at.moved)
        notes.push({
          record: named,
          field: outsideField(x),
          note: `Just outside the map box (crs): moved onto its edge`,
        });
      let sourceId = raw.id !== undefined && raw.id !== null ? String(raw.id) : '';
      if (!sourceId) {
        const place = `${groupId}-${cats.join('-')}-${x}-${y}`;
        const n = (twins.get(place) ?? 0) + 1;
        twins.set(place, n);
        sourceId = n === 1 ? place : `${place}-${n}`;
      }
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
        name: typeof raw.name === 'string' ? plain(raw.name, record) : '',
        description:
          raw.description !== undefined ? description(`marker:${sourceId}`, raw.description, record) : '',
        ...pixelToLatLngOf(px, py, target.maxZoom),
        imageX: px,
        imageY: py,
        polygonPoints: [],
        level: kept?.level ?? level,
      });
      for (const field of ['icon', 'image', 'article', 'searchKeywords', 'scale'])
        if (raw[field] !== undefined && raw[field] !== '') notes.push({ record, field, note: 'Not carried' });
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
    const at = onMap(fx, fy);
    return at
      ? { x: at[0] * target.width, y: at[1] * target.height, inside: true, moved: at.moved === true }
      : { x: 0, y: 0, inside: false, moved: false };
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
      if (pixels.some((p) => p.moved))
        notes.push({
          record,
          field: raw.path ? 'path' : 'at',
          note: 'Just outside the map box (crs): moved onto its edge',
        });
      const latLngs = pixels.map((p) => {
        const ll = pixelToLatLngOf(p.x, p.y, target.maxZoom);
        return [ll.lat, ll.lng] as [number, number];
      });
      const anchor = kept?.anchor;
      const first =
        Array.isArray(anchor) &&
        anchor.length === 2 &&
        anchor.every((v) => typeof v === 'number' && Number.isFinite(v)) &&
        anchor[0] >= 0 &&
        anchor[0] <= target.width &&
        anchor[1] >= 0 &&
        anchor[1] <= target.height
          ? { x: anchor[0], y: anchor[1] }
          : (pixels[0] as { x: number; y: number });
      const definition =
        kept?.definition && definitions.has(`\u0000${kept.definition}`)
          ? kept.definition
          : (pathDef(kind)._id as string);
      placedmarker.push({
        _id: kept?.id ?? idOf('overlay', `${bg.index}-${i}`),
        mapId: target.mapId,
        markerDefinitionId: definition,
        name: typeof raw.name === 'string' ? plain(raw.name, record) : '',
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
  for (const [name, seen] of templates)
    notes.push({
      record: seen.first,
      field: 'description',
      note: `Wiki template {{${name}}} kept as its text (${seen.count}×; the wiki expands it, Waypoint cannot)`,
    });
  return {
    records: { maplevel, markerdefinition: [...definitions.values()], placedmarker },
    notes,
    ...(typeof custom.map === 'string' && custom.map ? { wholeMapOf: custom.map } : {}),
  };
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
  const custom: WaypointCustom = { groups: {}, markers: {}, paths: {}, descriptions: {} };
  const keepDescription = (key: string, html: unknown) => {
    if (html) (custom.descriptions as Record<string, string>)[key] = String(html);
  };
  if (src.map._id) custom.map = String(src.map._id);
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
    keepDescription(`group:${id}`, def.description);
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
        anchor: [x, y],
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
    keepDescription(`marker:${m._id}`, m.description);
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
