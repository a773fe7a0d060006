import { modelMessages } from './messages/model-messages.ts';

/**
 * The names of the registry's models and fields in the interface language (catalog group `models`).
 * A model the catalogs do not know yet (one added at run time) keeps the registry's own names.
 */
const namesOf = (model: string) => (Object.hasOwn(modelMessages, model) ? modelMessages[model] : undefined);

/** A model's name: 'Game', 'Placed marker'. */
export function modelLabel(model: { key: string; label: string }): string {
  return namesOf(model.key)?.label ?? model.label;
}

/** A model's name for several records: 'Games'. */
export function modelPlural(model: { key: string; label: string }): string {
  return namesOf(model.key)?.plural ?? `${model.label}s`;
}

/** A field's name as forms, lists and filters show it. */
export function fieldLabel(model: string, field: string): string {
  const fields = namesOf(model)?.fields;
  return fields && Object.hasOwn(fields, field) ? (fields[field] ?? field) : field;
}

/** A child list's name as the record page's tabs show it ('maps', 'categories'). */
export function listLabel(model: string, list: string): string {
  const lists = namesOf(model)?.lists;
  return lists && Object.hasOwn(lists, list) ? (lists[list] ?? list) : list;
}
