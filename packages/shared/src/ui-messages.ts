/**
 * Texts of the site's frame and pages that the specification leaves open, worded in the same voice,
 * grouped by where they show.
 */
export const uiMessages = {
  shell: {
    skipToContent: 'Skip to content',
    language: 'Language',
    switchToMode: (mode: string) => `Switch to ${mode} mode`,
    light: 'light',
    dark: 'dark',
    loadingPage: 'Loading page',
    highContrast: 'High contrast',
  },
  nav: {
    main: 'Main',
    account: 'Account',
    game: 'Game',
    category: 'Category',
    map: 'Map',
    tools: 'Tools',
    getInGameApp: 'Get the in-game app',
    admin: 'Admin',
    profile: 'Profile',
    logout: 'Logout',
    login: 'Login',
    contact: 'Contact',
    consent: 'Consent',
    home: (site: string) => `${site} home`,
    openNavigation: 'Open navigation',
    closeNavigation: 'Close navigation',
    sectionCurrent: (section: string, current: string) => `${section}: ${current}`,
  },
  footer: {
    footer: 'Footer',
    copyright: (year: number, site: string) =>
      `© ${year} ${site}. Fan-made maps; game names belong to their owners.`,
    privacy: 'Privacy',
    accessibility: 'Accessibility',
  },
  home: {
    searchGames: 'Search games',
    games: 'Games',
    lead: (tagline: string) => `${tagline}: interactive maps, quests and tools for the games you play.`,
    metaDescription: (site: string, tagline: string) => `${site}: interactive game maps. ${tagline}.`,
  },
  game: {
    tools: 'Tools',
    maps: 'Maps',
    noMaps: 'No maps yet.',
    aboutGame: 'About the game',
    pageTitle: (game: string) => `${game} maps, quests and tools`,
    metaDescription: (game: string) => `Interactive maps, quests and tools for ${game}.`,
    mapCount: (count: number) => `${count} maps`,
  },
  components: {
    preferredMap: 'Preferred map',
    mapPreview: (map: string) => `${map} preview`,
    noImage: (what: string) => `${what} (no image)`,
    notAvailableYet: 'This page is not available yet.',
  },
} as const;
