/** The interface languages offered in the language switch (English is the source). */
export const languages = { en: 'English', de: 'Deutsch' } as const;

/**
 * How each interface language writes a number's thousands and its decimals (as `Intl.NumberFormat`
 * does: a test holds them to it). Numbers shown while a page starts are written with these, because
 * the first number formatter a page makes costs a phone tens of milliseconds.
 */
export const numberSeparators: Record<keyof typeof languages, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  de: { group: '.', decimal: ',' },
};

/** Where the visitor's choice of language is kept (local storage). */
export const languageStorageKey = 'waypoint-lang';
