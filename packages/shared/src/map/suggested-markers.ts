/**
 * The map in suggest mode (§4): the placed-marker columns merged with the open placed-marker
 * suggestions of the map, so that one marker store draws both. Each row carries a tint (none,
 * add, update, delete: the suggestion colours of §9) and the suggestion it comes from.
 */
import type { SuggestionAction } from '../models/enums.ts';
import { isOpenSuggestion } from '../suggestions/status.ts';
import type { MapMarkerColumns, MapMarkerData } from './marker-data.ts';
import { Tint, tintOfAction } from './tints.ts';

export { Tint, type TintValue, tintColors } from './tints.ts';

/** A placed-marker suggestion as `GET /api/suggestions` answers it. */
export interface MarkerSuggestion {
  _id: string;
  action: SuggestionAction;
  status: string;
  type?: string;
  parentId?: string;
  userId?: string;
  username?: string;
  /** The marker (its id; for an ADD the id it will get). */
  targetId?: string;
  /** JSON string of the element (or the element itself). */
  data: string | Record<string, unknown>;
}

export interface SuggestedMarkerColumns extends MapMarkerColumns {
  /** `Tint` value per row. */
  tint: number[];
  /** The suggestion a row shows, or ''. */
  suggestionId: string[];
  /** Author of that suggestion, or ''. */
  suggestionUser: string[];
}

export interface SuggestedMarkerData extends MapMarkerData {
  markers: SuggestedMarkerColumns;
}

function elementOf(s: MarkerSuggestion): Record<string, unknown> | undefined {
  if (typeof s.data !== 'string') return s.data ?? undefined;
  try {
    const value = JSON.parse(s.data) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function pointsOf(value: unknown): [number, number][] | undefined {
  let list = value;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const out: [number, number][] = [];
  for (const p of list) {
    if (Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number') out.push([p[0], p[1]]);
  }
  return out.length > 0 ? out : undefined;
}

const num = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

/**
 * Merges the map's columns with its open placed-marker suggestions:
 * - an ADD becomes an extra row whose id is the suggestion's id, tinted green;
 * - an UPDATE redraws its marker at the suggested position and shape, tinted yellow;
 * - a DELETE tints its marker red.
 * The first suggestion about a marker takes the marker's row; further suggestions about the same
 * marker (an admin sees everyone's) become extra rows named by their suggestion id, so each stays
 * visible and can be decided. Suggestions whose definition or marker is unknown are left out, as
 * are decided ones. The input is not changed.
 */
export function mergeSuggestions(
  data: MapMarkerData,
  suggestions: readonly MarkerSuggestion[],
): SuggestedMarkerData {
  const src = data.markers;
  const n = src.id.length;
  const m: SuggestedMarkerColumns = {
    id: src.id.slice(),
    // Array.from: a large map's numeric columns are typed arrays (rows are added here).
    def: Array.from(src.def),
    lat: Array.from(src.lat),
    lng: Array.from(src.lng),
    name: src.name.slice(),
    questId: src.questId.slice(),
    questObjective: src.questObjective.slice(),
    reportCount: src.reportCount ? Array.from(src.reportCount) : new Array<number>(n).fill(0),
    points: { ...src.points },
    // A map with floors: suggested rows keep or take their floor too.
    ...(src.level ? { level: Array.from(src.level) } : {}),
    tint: new Array<number>(n).fill(Tint.None),
    suggestionId: new Array<string>(n).fill(''),
    suggestionUser: new Array<string>(n).fill(''),
  };
  if (suggestions.length === 0) return { ...data, markers: m };

  const rowOf = new Map<string, number>();
  for (let i = 0; i < n; i++) rowOf.set(src.id[i], i);
  const defIndex = new Map(data.definitions.map((d, i) => [d._id, i]));

  /** Writes the element's drawn fields over row `row`. */
  const overlay = (row: number, e: Record<string, unknown>) => {
    const def = typeof e.markerDefinitionId === 'string' ? defIndex.get(e.markerDefinitionId) : undefined;
    if (def !== undefined) m.def[row] = def;
    m.lat[row] = num(e.lat, m.lat[row]);
    m.lng[row] = num(e.lng, m.lng[row]);
    m.name[row] = text(e.name, m.name[row]);
    m.questId[row] = text(e.questId, m.questId[row]);
    m.questObjective[row] = text(e.questObjective, m.questObjective[row]);
    if (m.level) m.level[row] = num(e.level, m.level[row] ?? -1);
    if ('polygonPoints' in e) {
      const points = pointsOf(e.polygonPoints);
      if (points) m.points[row] = points;
      else delete m.points[row];
    }
  };
  const copyRow = (from: number, id: string): number => {
    const row = m.id.length;
    m.id.push(id);
    m.def.push(src.def[from]);
    m.lat.push(src.lat[from]);
    m.lng.push(src.lng[from]);
    m.name.push(src.name[from]);
    m.questId.push(src.questId[from]);
    m.questObjective.push(src.questObjective[from]);
    m.reportCount.push(src.reportCount?.[from] ?? 0);
    m.level?.push(src.level?.[from] ?? -1);
    const points = src.points[from];
    if (points) m.points[row] = points;
    m.tint.push(Tint.None);
    m.suggestionId.push('');
    m.suggestionUser.push('');
    return row;
  };
  const mark = (row: number, s: MarkerSuggestion) => {
    m.tint[row] = tintOfAction[s.action];
    m.suggestionId[row] = s._id;
    m.suggestionUser[row] = s.username ?? '';
  };

  for (const s of suggestions) {
    if (!isOpenSuggestion(s.status) || (s.type && s.type !== 'PLACED_MARKER')) continue;
    const tint = tintOfAction[s.action];
    if (tint === undefined) continue;
    const element = elementOf(s);
    if (!element) continue;
    if (s.action === 'ADD') {
      const def =
        typeof element.markerDefinitionId === 'string' ? defIndex.get(element.markerDefinitionId) : undefined;
      if (def === undefined) continue;
      const row = m.id.length;
      m.id.push(s._id);
      m.def.push(def);
      m.lat.push(num(element.lat, 0));
      m.lng.push(num(element.lng, 0));
      m.name.push(text(element.name, ''));
      m.questId.push(text(element.questId, ''));
      m.questObjective.push(text(element.questObjective, ''));
      m.reportCount.push(0);
      m.level?.push(num(element.level, -1));
      const points = pointsOf(element.polygonPoints);
      if (points) m.points[row] = points;
      m.tint.push(Tint.None);
      m.suggestionId.push('');
      m.suggestionUser.push('');
      mark(row, s);
      continue;
    }
    const target = s.targetId || text(element._id, '');
    const original = rowOf.get(target);
    if (original === undefined) continue;
    const row = m.tint[original] === Tint.None ? original : copyRow(original, s._id);
    if (s.action === 'UPDATE') overlay(row, element);
    mark(row, s);
  }
  return { ...data, markers: m };
}

/** One author's open suggestions on the map, for the suggestion authors panel. */
export interface SuggestionAuthor {
  username: string;
  ids: string[];
  counts: Record<SuggestionAction, number>;
}

/** Open suggestions grouped by author (most suggestions first, then by name), with counts per action. */
export function suggestionAuthors(suggestions: readonly MarkerSuggestion[]): SuggestionAuthor[] {
  const byUser = new Map<string, SuggestionAuthor>();
  for (const s of suggestions) {
    if (!isOpenSuggestion(s.status)) continue;
    const username = s.username ?? '';
    let author = byUser.get(username);
    if (!author) {
      author = { username, ids: [], counts: { ADD: 0, UPDATE: 0, DELETE: 0 } };
      byUser.set(username, author);
    }
    author.ids.push(s._id);
    if (s.action in author.counts) author.counts[s.action] += 1;
  }
  return [...byUser.values()].sort(
    (a, b) => b.ids.length - a.ids.length || a.username.localeCompare(b.username),
  );
}
