import { z } from 'zod';

/**
 * The map page's one search box: markers of the map by name and description, the game's marker
 * definitions, quests and items, in one answer (`GET /api/map/{mapId}/search?q=`).
 */
export const searchLimits = { minLength: 2, maxLength: 80, perKind: 8 } as const;

export const zMapSearchQuery = z.object({
  q: z.string().trim().min(searchLimits.minLength).max(searchLimits.maxLength),
});

export interface MapSearchResults {
  markers: { id: string; name: string; definitionId: string; snippet: string }[];
  definitions: { id: string; name: string }[];
  quests: { id: string; name: string }[];
  /** Items of the game, with the markers of this map where they are found (up to 50 ids). */
  items: { id: string; name: string; markerIds: string[] }[];
}

export const searchMessages = {
  label: 'Search the map: markers, categories, quests and items',
  placeholder: 'Search markers, quests, items… (press /)',
  markers: 'Markers',
  definitions: 'Categories',
  quests: 'Quests',
  items: 'Items',
  nothingFound: (q: string) => `Nothing found for “${q}”`,
  searching: 'Searching…',
  itemOnMap: (count: number) => (count === 0 ? 'not on this map' : `on this map: ${count}`),
  results: (count: number) => `${count} ${count === 1 ? 'result' : 'results'}`,
} as const;

/** `%` and `_` are wildcards of LIKE; the search looks for the text itself. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
