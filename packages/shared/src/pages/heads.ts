import { messages } from '../messages.ts';
import type { PageId } from './pages.ts';
import { siteTitle } from './site.ts';

/** What a page says about itself in <head>. */
export interface PageMeta {
  title: string;
  description?: string;
  /** The title is used as is, without the site name. */
  fullTitle?: boolean;
  robots?: 'noindex';
  /** A picture for link previews (an absolute address): Open Graph and Twitter card tags carry it. */
  image?: string;
  /**
   * The query a link preview's address keeps (a shared marker's `?marker=`): `og:url` is the address
   * that was shared, while the canonical address stays the page's own.
   */
  sharedQuery?: string;
}

/**
 * The heads of the pages whose head does not depend on stored content (the server writes the others
 * from the game or map they show). Apart from pages.ts so that the app, which reads that, does not
 * carry them.
 */
export const pageHeads: Partial<Record<PageId, PageMeta>> = {
  home: {
    title: siteTitle,
    fullTitle: true,
    description: `Interactive maps for your favourite games. ${messages.homeTagline}.`,
  },
  login: { title: 'Login', description: 'Log in to Waypoint to track quests, items and map markers.' },
  register: {
    title: 'Register',
    description: 'Create a free Waypoint account to track your progress and suggest map content.',
  },
  forgotPassword: { title: 'Forgot password', description: 'Get a link to choose a new Waypoint password.' },
  passwordRecovery: { title: 'Choose a new password', robots: 'noindex' },
  confirmAccount: { title: 'Confirm your account', robots: 'noindex' },
  profile: { title: 'Profile', robots: 'noindex' },
  contact: { title: 'Contact', description: 'How to reach the Waypoint team.' },
  privacy: {
    title: 'Privacy policy',
    description: 'How Waypoint handles your data: cookies, analytics, advertising and your rights.',
  },
  error: { title: messages.gotLost, robots: 'noindex' },
  crafting: { title: 'Crafting', description: 'Crafting recipes with their components and prices.' },
  suggestionReview: { title: 'Suggestion review', robots: 'noindex' },
  admin: { title: 'Admin', robots: 'noindex' },
  adminModel: { title: 'Admin', robots: 'noindex' },
  adminImports: { title: 'Imports', robots: 'noindex' },
  adminThemeColors: { title: 'Theme colours', robots: 'noindex' },
  adminUsers: { title: 'Users', robots: 'noindex' },
  notFound: { title: messages.pageNotFound, robots: 'noindex' },
};
