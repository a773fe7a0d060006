/**
 * Addresses of the API reads a page makes first (below `/api`). The web app's queries and the
 * server's preload hints both build them here, so that a hinted answer is the one the page asks for.
 */

/** Lists are read whole (up to this many rows): games, categories and maps are few. */
export const listLimit = 1000;

/** A list read's equality filter as the generic model API takes it (`?query={json}`). */
export function listQuery(filter: Record<string, string>): string {
  return `query=${encodeURIComponent(JSON.stringify(filter))}`;
}

const part = (s: string) => encodeURIComponent(s);

export const apiPaths = {
  games: () => `/games?limit=${listLimit}`,
  game: (gameId: string) => `/game/${part(gameId)}`,
  categories: (gameId: string) => `/categorys?${listQuery({ gameId })}&limit=${listLimit}`,
  maps: (gameId: string) => `/maps?${listQuery({ gameId })}&limit=${listLimit}`,
  /** The map's marker answer (a large map's manifest of chunks). */
  markers: (mapId: string) => `/map/${part(mapId)}/markers`,
  markerChunk: (mapId: string, n: number, version: string) =>
    `/map/${part(mapId)}/markers/chunks/${n}?v=${part(version)}`,
  /** The map's quests with their markers. */
  quests: (mapId: string) => `/quests/${part(mapId)}`,
};
