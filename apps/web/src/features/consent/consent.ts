import { useSyncExternalStore } from 'react';
import { isFirstVisitPaint } from '../../../boot/first-visit.ts';
import { consentAnsweredEvent, consentStorageKey, unstoredAnswerProperty } from './consent-keys.ts';

export { consentStorageKey, isFirstVisitPaint };

/** What the visitor allowed. Necessary storage (session, preferences) is always on. */
export interface Consent {
  necessary: true;
  analytics: boolean;
  advertising: boolean;
  /** When the choice was made (ISO date). */
  decidedAt: string;
}

const listeners = new Set<() => void>();
let dialogOpen = false;
let cachedRaw: string | null | undefined;
let cached: Consent | null = null;

/** A choice that could not be stored (private mode): it holds for this page view. */
let unstored: string | null = null;

function read(): Consent | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(consentStorageKey);
  } catch {
    raw = null;
  }
  raw ??= unstored;
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const v = raw ? (JSON.parse(raw) as Partial<Consent>) : null;
    cached = v
      ? {
          necessary: true,
          analytics: v.analytics === true,
          advertising: v.advertising === true,
          decidedAt: String(v.decidedAt ?? ''),
        }
      : null;
  } catch {
    cached = null;
  }
  return cached;
}

function notify() {
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored choice, or null before the visitor decided. Analytics and ad loaders must check it. */
export function getConsent(): Consent | null {
  return read();
}

export function saveConsent(choice: { analytics: boolean; advertising: boolean }) {
  const value: Consent = { necessary: true, ...choice, decidedAt: new Date().toISOString() };
  try {
    localStorage.setItem(consentStorageKey, JSON.stringify(value));
  } catch {
    // Private mode: the choice holds for this page view only.
    unstored = JSON.stringify(value);
  }
  dialogOpen = false;
  notify();
}

export function useConsent(): Consent | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

export function openConsentDialog() {
  dialogOpen = true;
  notify();
}

export function closeConsentDialog() {
  dialogOpen = false;
  notify();
}

/**
 * The app's dialog is open: on a first visit (nothing stored yet; not when `askFirst` is false, on
 * embedded maps) unless the page's own copy asks, and whenever the Consent link is used.
 */
export function useConsentDialogOpen(askFirst = true): boolean {
  return useSyncExternalStore(
    subscribe,
    () => consentDialogWanted(askFirst),
    () => false,
  );
}

/** The dialog's state now (see `useConsentDialogOpen`). */
export function consentDialogWanted(askFirst = true): boolean {
  // The page's own copy of the question (index.html) asks a first visit in English and is answered
  // without the app (its answer comes as the consent event below).
  return dialogOpen || (askFirst && read() === null && !isFirstVisitPaint());
}

/**
 * Runs `load` once the visitor allows this kind of tracking: now if already allowed, else when the
 * choice changes. Analytics, ads and error reporting load only through this.
 */
export function whenConsented(kind: 'analytics' | 'advertising', load: () => void): () => void {
  let done = false;
  const check = () => {
    if (!done && read()?.[kind]) {
      done = true;
      load();
    }
  };
  check();
  if (done) return () => {};
  listeners.add(check);
  return () => listeners.delete(check);
}

// The page's own copy of the question (index.html) stores the answer and tells the app with an event.
if (typeof window !== 'undefined') {
  // An answer given before this code ran that could not be stored (private mode) is on the window.
  const early = (
    window as unknown as Record<string, { analytics?: unknown; advertising?: unknown } | undefined>
  )[unstoredAnswerProperty];
  if (early && read() === null)
    saveConsent({ analytics: early.analytics === true, advertising: early.advertising === true });
  window.addEventListener(consentAnsweredEvent, (e) => {
    const choice = (e as CustomEvent<{ analytics?: unknown; advertising?: unknown } | null>).detail;
    if (choice)
      saveConsent({ analytics: choice.analytics === true, advertising: choice.advertising === true });
  });
}
