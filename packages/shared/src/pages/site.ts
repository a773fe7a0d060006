// The site's own words about itself (separate constants: a module carries only those it reads).

export const siteName = 'Waypoint';
/** The home page's title. */
export const siteTitle = 'Waypoint: interactive game maps, loot maps, locations and hidden secrets';
/** A page's description when it has none of its own. */
export const siteDescription =
  'Interactive maps for your favourite games: loot maps, locations, quests and hidden secrets.';
export const themeColor = '#1c7ed6';
