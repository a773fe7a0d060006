import type { I18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import { languages, languageStorageKey as storageKey } from './languages.ts';

/**
 * The language of the interface. English is the source (the shared message modules); other
 * languages are Lingui catalogs, loaded with Lingui's runtime when chosen (an English page loads neither). `pseudo` is the pseudo-locale used to find texts
 * that bypass the catalogs (`?lang=pseudo`); it is not offered in the language switch.
 */
export { languages };
export type Language = keyof typeof languages;
export type Locale = Language | 'pseudo';

const isLocale = (v: unknown): v is Locale => v === 'pseudo' || (typeof v === 'string' && v in languages);

let i18n: I18n | undefined;
let translator: I18n | undefined;

/** Lingui's runtime for the current language; none while the interface is English (the source). */
export const activeTranslator = () => translator;

/** Makes a Lingui instance the one texts are read through (`undefined`: English). */
export function setTranslator(next: I18n | undefined) {
  translator = next;
}

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Record<string, unknown> }>> = {
  de: () => import('virtual:waypoint-catalog/de'),
  pseudo: () => import('virtual:waypoint-catalog/pseudo'),
};

/** The language tag pages carry and the locale numbers and dates are formatted in. */
export function intlLocale(locale: Locale = current): string {
  return locale === 'pseudo' ? 'en' : locale;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

/** `?lang=` of the address, then the stored choice, then the browser's languages, then English. */
export function detectLocale(): Locale {
  const asked = new URLSearchParams(location.search).get('lang');
  if (isLocale(asked)) return asked;
  const stored = readStored();
  if (isLocale(stored)) return stored;
  for (const tag of navigator.languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (base && base in languages) return base as Language;
  }
  return 'en';
}

let current: Locale = 'en';
const listeners = new Set<() => void>();

export const currentLocale = () => current;

/** Loads the language's catalog (once), makes it current and tells the page. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale !== 'en') {
    if (!i18n) {
      const { setupI18n } = await import('@lingui/core');
      i18n = setupI18n();
    }
    if (!(locale in loadedCatalogs)) {
      const { messages } = await loaders[locale]();
      i18n.load(locale, messages as never);
      loadedCatalogs[locale] = true;
    }
    i18n.activate(locale, [intlLocale(locale)]);
  }
  setTranslator(locale === 'en' ? undefined : i18n);
  current = locale;
  document.documentElement.lang = locale === 'pseudo' ? 'en-XA' : locale;
  for (const l of listeners) l();
}
const loadedCatalogs: Partial<Record<Locale, true>> = {};

/** The switch: remembers the choice and shows the site in that language. */
export async function chooseLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // Without storage the choice lasts for this page.
  }
  await activateLocale(locale);
}

export function useLocale(): Locale {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentLocale,
    currentLocale,
  );
}
