import { modelAliases } from './aliases.ts';
import * as content from './content.ts';
import type { ModelDef } from './define.ts';
import * as scheduleOne from './schedule-one.ts';

/**
 * The model registry: one declaration per model drives the generic REST routes, the admin
 * forms, the suggestion apply step, the importer and the permission tests.
 */
export const registry = {
  game: content.game,
  category: content.category,
  map: content.map,
  maplevel: content.maplevel,
  quest: content.quest,
  item: content.item,
  hideoutmodule: content.hideoutmodule,
  question: content.question,
  trader: content.trader,
  markerdefinition: content.markerdefinition,
  placedmarker: content.placedmarker,
  mixeffect: scheduleOne.mixeffect,
  mixingredient: scheduleOne.mixingredient,
  mixproduct: scheduleOne.mixproduct,
  mixrecipe: scheduleOne.mixrecipe,
  customer: scheduleOne.customer,
  theme: content.theme,
  suggestion: content.suggestion,
  importedcrudmodel: content.importedcrudmodel,
} as const;

export type Registry = typeof registry;
export type ModelKey = keyof Registry;
export const modelKeys = Object.keys(registry) as ModelKey[];

/** Models added at run time (`registerModel`): a plug-in or a test's throw-away model. */
const added = new Map<string, ModelDef>();

/**
 * Adds a model to the registry at run time: the generic routes, the admin panel and the importer
 * serve it like a built-in one (its table must exist). Used by tests to prove that nothing is
 * written per model.
 */
export function registerModel(model: { key: string }): void {
  if (Object.hasOwn(registry, model.key) || added.has(model.key))
    throw new Error(`Model ${model.key} is registered already`);
  added.set(model.key, model as unknown as ModelDef);
  modelKeys.push(model.key as ModelKey);
}

export function isModelKey(key: string): key is ModelKey {
  return Object.hasOwn(registry, key) || added.has(key);
}

/** The model a path segment names: its key or one of its aliases; undefined when none. */
export function modelKeyOf(name: string): ModelKey | undefined {
  if (isModelKey(name)) return name;
  return Object.hasOwn(modelAliases, name) ? modelAliases[name] : undefined;
}

export function getModel(key: ModelKey): ModelDef {
  return (added.get(key) ?? registry[key]) as unknown as ModelDef;
}

/** The model whose collection name (key + 's') is given, e.g. `placedmarkers`. */
export function modelByCollection(collection: string): ModelDef | undefined {
  if (!collection.endsWith('s')) return undefined;
  const key = collection.slice(0, -1);
  return isModelKey(key) ? getModel(key) : undefined;
}

/** Models whose parent relation points at `key`: used for child lists. */
export function childModelsOf(key: ModelKey): ModelDef[] {
  return modelKeys.map(getModel).filter((m) => m.parent?.model === key);
}
