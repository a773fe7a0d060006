// Kept apart from messages.ts, which every page loads: only the consent dialog loads these texts.

/** The cookie and tracking consent dialog. */
export const consentMessages = {
  title: 'Your privacy choices',
  /** The policy's link stands in the text. */
  intro: (privacyPolicy: string) =>
    `Waypoint uses storage in your browser to keep you signed in and to remember your settings. With your permission we also measure how the site is used and show advertising that pays for the maps. You can change this at any time with the Consent link. Read the ${privacyPolicy} for the details.`,
  privacyPolicy: 'privacy policy',
  necessary: 'Necessary',
  necessaryHint: 'Sign-in session, colour scheme and this choice. Always on.',
  analytics: 'Analytics',
  analyticsHint: 'Anonymous statistics about visited pages and errors.',
  advertising: 'Advertising',
  advertisingHint: 'Personalised ads from our advertising partners.',
  onlyNecessary: 'Only necessary',
  saveChoices: 'Save choices',
  acceptAll: 'Accept all',
} as const;
