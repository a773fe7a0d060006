// Small on purpose: the admin pages read these without the registry's schemas.

/** The child lists the specification names as they are (a game's maps, categories, …). */
const specLists = new Set(['maps', 'categories', 'quests', 'items', 'markerDefinitions']);

/** English plural of a model's name: 'Category' → 'Categories', 'Map' → 'Maps'. */
export const pluralName = (name: string) =>
  /[^aeiou]y$/.test(name) ? `${name.slice(0, -1)}ies` : `${name}s`;

/** A child list's name for people: the specification's as written, others spelled out ('hideout modules'). */
export const listName = (list: string) =>
  specLists.has(list) ? list : list.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
