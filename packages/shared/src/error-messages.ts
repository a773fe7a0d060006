// Kept apart from messages.ts, which every page loads: only the error page loads these texts.

/** The error page of unknown games and maps (specification §2.6). */
export const errorMessages = {
  mapsOf: (game: string) => `Maps of ${game}`,
} as const;
