/**
 * Texts of the site services (ad slots) and the in-game app promo, kept apart from `messages` so
 * that only the pages showing them carry them.
 */
export const servicesMessages = {
  advertisement: 'Advertisement',
  appNotInstalled:
    'The Waypoint app did not open: it does not seem to be installed on this computer. Get it below, then try Open in app again.',
  inGameSlides: ['Map Overview', 'Loot Locations', 'Tactical Points'] as const,
  inGameSlidePreparing: 'The map pictures are being drawn: they appear here in a few minutes.',
  inGameLead: (game: string) =>
    `The ${game} map on top of your game: see the whole map, where the loot is and the tactical points without leaving the match.`,
  previousPicture: 'Previous picture',
  nextPicture: 'Next picture',
} as const;
