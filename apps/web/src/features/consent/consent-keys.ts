// Names the app (consent.ts) and the page's own copy of the question (boot/consent-question.ts, written
// into index.html) share.

/** Where the choice is kept (local storage). */
export const consentStorageKey = 'waypoint-consent';

/** The page's own copy tells the app its answer with this window event (`detail`: the switches). */
export const consentAnsweredEvent = 'waypoint-consent';

/** The window property holding an answer the page's own copy could not store (private mode). */
export const unstoredAnswerProperty = 'waypointConsentAnswer';

/**
 * Set on <html> before the first paint while the page's own copy asks the question: that question is
 * what the first paint shows, so the page's code is asked for after it (boot/first-visit.ts).
 */
export const consentAskAttribute = 'data-consent-ask';
