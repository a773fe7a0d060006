/** The interface languages offered in the language switch (English is the source). */
export const languages = { en: 'English', de: 'Deutsch' } as const;

/** Where the visitor's choice of language is kept (local storage). */
export const languageStorageKey = 'waypoint-lang';
