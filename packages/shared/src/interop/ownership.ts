/**
 * Where a record lives (its game, its map, its floor), as every import checks it: an import stages
 * into the map or game it was started for and never takes a record that lives elsewhere. A record
 * id the source names that belongs to another map or game here is imported as a copy with an id of
 * its own (made from the target and the source's id, so that the next import of the same source into
 * the same target finds the copy again), and every reference the source makes to it follows.
 */
import { z } from 'zod';
import { idPattern } from '../models/fields.ts';
import { getModel, type ModelKey } from '../models/registry.ts';
import { shortHash } from './datamaps.ts';

type Rec = Record<string, unknown>;

/** The fields that say which game or map a record belongs to. */
export function ownerFields(key: ModelKey): string[] {
  const fields = getModel(key).fields;
  return Object.entries(fields)
    .filter(([, field]) => field.references === 'game' || (field.references === 'map' && key !== 'category'))
    .map(([name]) => name);
}

/** The fields whose change moves a record to another game, map or floor. */
export function placeFields(key: ModelKey): string[] {
  const owners = ownerFields(key);
  return key === 'placedmarker' ? [...owners, 'level'] : owners;
}

export interface Move {
  field: string;
  from: unknown;
  to: unknown;
}

/** What writing `data` over `stored` would move: each place field the data carries with another value. */
export function movesOf(key: ModelKey, data: Rec, stored: Rec | undefined | null): Move[] {
  if (!stored) return [];
  const moves: Move[] = [];
  for (const field of placeFields(key)) {
    if (!(field in data)) continue;
    const from = stored[field] ?? null;
    const to = data[field] ?? null;
    if (String(from) !== String(to)) moves.push({ field, from, to });
  }
  return moves;
}

/** Whether a stored record belongs to another game or map than the imported record names. */
export function ownedElsewhere(key: ModelKey, data: Rec, stored: Rec | undefined): boolean {
  if (!stored) return false;
  return ownerFields(key).some(
    (field) => field in data && String(stored[field] ?? '') !== String(data[field] ?? ''),
  );
}

/**
 * The id of a source record's copy in a target (a map or a game): the source's id with a hash of the
 * target and that id, so that the same source imported into the same target gets the same copy.
 */
export function copyId(sourceId: string, target: string, attempt = 0): string {
  const hash = shortHash(`${target}\u0000${sourceId}\u0000${attempt}`);
  const head = sourceId.slice(0, 200 - hash.length - 1);
  const id = `${head}.${hash}`;
  return idPattern.test(id) ? id : `c${hash}`;
}

/** The target a record's copy is made for: the values of its owner fields. */
export function targetOf(key: ModelKey, data: Rec): string {
  return ownerFields(key)
    .map((field) => String(data[field] ?? ''))
    .join('/');
}

/** New ids of copied records, by model: the source's id to the copy's. */
export type IdChanges = Map<ModelKey, Map<string, string>>;

/**
 * Points a record's references (and the nested ones of an item's needs) at the copies made of the
 * records they name.
 */
export function followCopies(key: ModelKey, record: Rec, changes: IdChanges): void {
  const model = getModel(key);
  for (const [name, field] of Object.entries(model.fields)) {
    const target = field.references as ModelKey | undefined;
    if (!target || !(name in record)) continue;
    const ids = changes.get(target);
    if (!ids || ids.size === 0) continue;
    const value = record[name];
    if (Array.isArray(value))
      record[name] = value.map((v) => (typeof v === 'string' ? (ids.get(v) ?? v) : v));
    else if (typeof value === 'string' && ids.has(value)) record[name] = ids.get(value);
  }
  // An item's needs name quests and hideout modules inside its `required` list.
  if (key === 'item' && Array.isArray(record.required)) {
    const quests = changes.get('quest');
    const modules = changes.get('hideoutmodule');
    record.required = (record.required as Rec[]).map((need) => {
      const out = { ...need };
      if (typeof out.questId === 'string' && quests?.has(out.questId)) out.questId = quests.get(out.questId);
      const level = out.hideoutModuleLevel as Rec | undefined;
      if (level && typeof level.moduleId === 'string' && modules?.has(level.moduleId))
        out.hideoutModuleLevel = { ...level, moduleId: modules.get(level.moduleId) };
      return out;
    });
  }
}

/** The query of accepting one staged record: `move=true` lets it move a stored record. */
export const zAcceptImportQuery = z.object({ move: z.enum(['true', 'false']).optional() });
