// Kept apart from messages.ts, which every page loads: only the privacy and contact pages load these texts.

/**
 * The privacy policy and the contact page (specification §2.1). Where a text names the support
 * address or the cookie, the page puts its link or code word in that place.
 */
export const legalMessages = {
  contact: {
    title: 'Contact',
    description: 'How to reach the Waypoint team.',
    text: (email: string) =>
      `Found a wrong marker, have a map to share, a question about your account or a data request? Write to us at ${email}.`,
    answers:
      'We read every message and usually answer within a few days. Requests about your personal data are answered within one month.',
  },
  privacy: {
    title: 'Privacy policy',
    description: 'How Waypoint handles your data: cookies, analytics, advertising and your rights.',
    lead: 'This policy explains what data Waypoint collects when you browse maps, track your progress or suggest content, why, who receives it and which rights you have.',
    controllerTitle: 'Who we are',
    controller: (email: string) =>
      `Waypoint is an interactive game-map website. The operator of this site is responsible for the processing described here. You reach us for every privacy question at ${email}.`,
    dataTitle: 'What we collect',
    /** Each entry's title is shown in bold where the text names it. */
    data: [
      {
        title: 'Account data',
        text: (title: string) =>
          `${title} when you register: user name, e-mail address and a salted hash of your password (we never store the password itself).`,
      },
      {
        title: 'Progress data',
        text: (title: string) =>
          `${title} you choose to track: completed quests, player level, items to keep and completed map markers.`,
      },
      {
        title: 'Contributions',
        text: (title: string) => `${title}: suggestions, comments and votes, stored with your user name.`,
      },
      {
        title: 'Technical data',
        text: (title: string) =>
          `${title} every web server receives: IP address, browser type, requested pages and time. Server logs are kept for at most 14 days to keep the service secure.`,
      },
      {
        title: 'Usage and advertising data',
        text: (title: string) =>
          `${title} through analytics and advertising partners, only with your consent (see below).`,
      },
    ],
    cookiesTitle: 'Cookies and local storage',
    cookiesNecessary: (cookie: string) =>
      `Necessary storage is always used: the cookie ${cookie} keeps you signed in, and your browser's local storage remembers your colour scheme, a random guest name and your consent choice. These contain no tracking identifiers.`,
    cookiesConsent:
      'Analytics and advertising cookies are only set after you allow them in the consent dialog. You can change your choice at any time with the Consent link in the navigation bar or the footer.',
    changeConsent: 'Change consent',
    analyticsTitle: 'Analytics and error reports',
    analytics:
      'With your consent we measure which pages are visited, how long they take to load and which errors occur, to improve the maps and fix problems. Analytics data is aggregated and not used to identify you. Error reports contain the page address, browser version and the technical error, never your password.',
    adsTitle: 'Advertising',
    ads: 'Ads pay for the hosting and the maps. With your consent, our advertising partners may use cookies and similar technologies to show ads that match your interests and to measure them. Without consent you see non-personalised ads only.',
    hashedEmailTitle: 'Hashed e-mail address.',
    hashedEmail: (email: string) =>
      `If you are logged in and have allowed advertising, we may share a one-way hash (SHA-256) of your e-mail address with advertising partners so that they can match ads to you across sites and devices. The hash is not your address in plain text, but it is personal data. You can opt out at any time: choose "Only necessary" in the consent dialog, or write to ${email}, and we stop sharing it.`,
    sharingTitle: 'Who receives your data',
    sharing:
      'We do not sell your personal data for money. Data is shared only with service providers that run the site for us (hosting, e-mail delivery, analytics, error reporting and advertising partners), each bound to use it only for that purpose, and with authorities when the law requires it. Suggestions you make are visible to the admins who review them, with your user name.',
    retentionTitle: 'How long we keep data',
    retention:
      'Account, progress and contribution data is kept while your account exists. When you ask us to delete your account, we delete it within one month; accepted contributions stay on the maps without your name.',
    gdprTitle: 'Your rights under the GDPR (EU, EEA and UK)',
    gdpr: 'We process account and progress data to provide the service you asked for (Art. 6(1)(b) GDPR), analytics and personalised advertising only with your consent (Art. 6(1)(a)), and server logs for security (legitimate interest, Art. 6(1)(f)). You have the right to access, correct, delete and export your data, to restrict or object to processing and to withdraw consent at any time without affecting earlier processing. You may also complain to your data protection authority.',
    ccpaTitle: 'Your rights under the CCPA (California)',
    ccpa: (email: string) =>
      `California residents may ask which categories and pieces of personal information we collected, ask us to delete it, correct it, and opt out of the sale or sharing of personal information for cross-context behavioural advertising, including the sharing of the hashed e-mail address. Use the consent dialog ("Only necessary") or write to ${email}. We do not discriminate against you for using these rights.`,
    requestsTitle: 'Data requests',
    requests: (email: string) =>
      `Send access, deletion, correction or opt-out requests to ${email} from the e-mail address of your account. We answer within one month.`,
    childrenTitle: 'Children',
    children:
      'Waypoint is not directed at children under 13, and we do not knowingly collect data from children under 13. If you believe a child under 13 has given us personal data, contact us and we will delete it.',
    accessibilityTitle: 'Accessibility',
    accessibility: (email: string) =>
      `We want every player to be able to use Waypoint: pages work with the keyboard, have text alternatives and are tested with automated accessibility checks, in light and dark mode. If something is hard to use for you, tell us at ${email}.`,
    changesTitle: 'Changes to this policy',
    changes:
      'When this policy changes we update this page and, for important changes, ask for your consent again. Last updated: November 2026.',
  },
} as const;
