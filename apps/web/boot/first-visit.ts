import { consentAskAttribute, consentStorageKey } from '../src/features/consent/consent-keys.ts';

/** Inside another site's frame (or one whose origin cannot be read). */
export function insideFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * Whether a first visit is asked the consent question at this address: not on an embedded map (its
 * route, or any page inside another site's frame) and not on the privacy policy (the question links
 * to it, and it has its own Consent button).
 */
export function asksConsentAt(pathname: string): boolean {
  return !pathname.startsWith('/embed/') && pathname !== '/privacy' && !insideFrame();
}

/**
 * Decided once, by the page's head script before the first paint: this is a first visit whose first
 * paint is the page's own copy of the consent question — nothing stored yet, a page that asks, and the
 * interface (`locale`, the app's own detection) in English, the language the copy is written in; the
 * app asks in the others.
 */
export function decideFirstVisitPaint(locale: string): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(consentStorageKey);
  } catch {
    stored = null;
  }
  return stored === null && asksConsentAt(location.pathname) && locale === 'en';
}

/**
 * This page view's first paint is a first visit's consent question (the page's own copy, still
 * open): the page's code, its first answers and the map's drawing code are asked for after it.
 */
export function isFirstVisitPaint(): boolean {
  return document.documentElement.hasAttribute(consentAskAttribute);
}

/** Marks the page as a first visit's paint (head.ts) or ends it (the question was answered). */
export function setFirstVisitPaint(on: boolean) {
  if (on) document.documentElement.setAttribute(consentAskAttribute, '');
  else document.documentElement.removeAttribute(consentAskAttribute);
}
