import { listName, pluralName } from '@waypoint/shared/models/names';
import { translateText } from './translate.ts';

/**
 * The names of the registry's models and fields in the interface language: the catalog group `models`
 * (`@waypoint/shared/models/model-messages`), read by its ids. The English texts there are the
 * registry's own names, which the panel has already in the models' description (`/admin/models`), so
 * the pages do not build that module, which needs every model's schema. A model the catalogs do not
 * know yet (one added at run time) keeps the registry's own names.
 */
const text = (model: string, path: string, english: string) =>
  translateText(`models.${model}.${path}`, english);

/** A model's name: 'Game', 'Placed marker'. */
export function modelLabel(model: { key: string; label: string }): string {
  return text(model.key, 'label', model.label);
}

/** A model's name for several records: 'Games'. */
export function modelPlural(model: { key: string; label: string }): string {
  return text(model.key, 'plural', pluralName(model.label));
}

/** A field's name as forms, lists and filters show it. */
export function fieldLabel(model: string, field: string): string {
  return text(model, `fields.${field}`, field);
}

/** A child list's name as the record page's tabs show it ('maps', 'categories'). */
export function listLabel(model: string, list: string): string {
  return text(model, `lists.${list}`, listName(list));
}
