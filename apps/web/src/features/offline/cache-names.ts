/** The service worker's runtime caches (rules in `rules.ts`). */
export const cacheNames = {
  /** Server-rendered pages, network first. */
  pages: 'waypoint-pages',
  /** Content the map and game pages read (games, categories, maps, markers, quests), network first. */
  api: 'waypoint-api',
  /** The signed-in player's progress, network first; emptied at logout. */
  progress: 'waypoint-progress',
  /** Map tiles, uploads and thumbnails (versioned URLs), cache first. */
  images: 'waypoint-images',
  /** Code chunks outside the precache, cached as they are loaded (hashed names). */
  assets: 'waypoint-assets',
} as const;
