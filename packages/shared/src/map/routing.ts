/** Which map a map address opens (specification §2.7: unknown maps and category ids). */

interface MapLike {
  _id: string;
  categoryId?: string | null;
}

export type MapResolution<M> = { kind: 'found'; map: M } | { kind: 'category'; map: M } | { kind: 'missing' };

/**
 * The map of an address: the map with that id; else, when the id contains the id of a category
 * that has maps, the first map of that category (the longest matching category id wins); else
 * missing. `maps` must be in list order (weight descending), so the first is the top map.
 */
export function resolveMap<M extends MapLike>(
  mapId: string,
  maps: readonly M[],
  categoryIds: readonly string[],
): MapResolution<M> {
  const map = maps.find((m) => m._id === mapId);
  if (map) return { kind: 'found', map };
  const candidates = categoryIds.filter((id) => id && mapId.includes(id)).sort((a, b) => b.length - a.length);
  for (const categoryId of candidates) {
    const first = maps.find((m) => m.categoryId === categoryId);
    if (first) return { kind: 'category', map: first };
  }
  return { kind: 'missing' };
}

/** The error page address for an unknown map. */
export function mapErrorPath(gameId: string, mapId: string): string {
  return `/error?gameId=${encodeURIComponent(gameId)}&mapId=${encodeURIComponent(mapId)}`;
}
