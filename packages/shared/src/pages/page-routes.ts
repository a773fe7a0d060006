/**
 * Every route of SPEC §2.1: its address pattern, its name for the navigation bar and who may open it:
 * what the browser's router needs. What the server, the build and the service worker know of each
 * page besides (its modules, first reads, size budget) is in pages.ts, keyed by the same ids, so the
 * page's first code does not carry it.
 */

/** Route names used by the navigation bar (SPEC §2.8). */
export type RouteName =
  | 'Home'
  | 'Game'
  | 'Category'
  | 'Map'
  | 'Embedded Map'
  | 'Quest'
  | 'Items To Keep'
  | 'Tool'
  | 'In-Game App'
  | 'Account'
  | 'Page'
  | 'Admin';

/** Who may open a page: anyone, players who are logged in, admins. */
export type PageAccess = 'guest' | 'login' | 'admin';

export interface PageRoute {
  /** The route's pattern (React Router's and Fastify's syntax: `:param`, `*`). */
  pattern: string;
  name: RouteName;
  access: PageAccess;
}

/** The routes in the router's order. */
export const pageRoutes = {
  home: { pattern: '/', name: 'Home', access: 'guest' },
  login: { pattern: '/login', name: 'Account', access: 'guest' },
  register: { pattern: '/register', name: 'Account', access: 'guest' },
  forgotPassword: { pattern: '/forgotPassword', name: 'Account', access: 'guest' },
  passwordRecovery: { pattern: '/passwordRecovery/:hash', name: 'Account', access: 'guest' },
  confirmAccount: { pattern: '/confirmAccount/:hash', name: 'Account', access: 'guest' },
  profile: { pattern: '/profile', name: 'Account', access: 'login' },
  contact: { pattern: '/contact', name: 'Page', access: 'guest' },
  privacy: { pattern: '/privacy', name: 'Page', access: 'guest' },
  error: { pattern: '/error', name: 'Page', access: 'guest' },
  crafting: { pattern: '/crafting', name: 'Tool', access: 'guest' },
  game: { pattern: '/game/:gameId', name: 'Game', access: 'guest' },
  map: { pattern: '/game/:gameId/maps/:mapId', name: 'Map', access: 'guest' },
  embeddedMap: { pattern: '/embed/game/:gameId/maps/:mapId', name: 'Embedded Map', access: 'guest' },
  quests: { pattern: '/game/:gameId/tools/quests', name: 'Quest', access: 'guest' },
  itemsToKeep: {
    pattern: '/game/:gameId/tools/tarkov-items-to-keep',
    name: 'Items To Keep',
    access: 'guest',
  },
  tool: { pattern: '/game/:gameId/tools/:feature', name: 'Tool', access: 'guest' },
  inGameApp: { pattern: '/game/:gameId/ingameMapApp', name: 'In-Game App', access: 'guest' },
  suggestionReview: { pattern: '/suggestion-review', name: 'Admin', access: 'login' },
  admin: { pattern: '/admin', name: 'Admin', access: 'admin' },
  adminModel: { pattern: '/admin/model/:model/:id', name: 'Admin', access: 'admin' },
  adminImports: { pattern: '/admin/imports', name: 'Admin', access: 'admin' },
  adminUsers: { pattern: '/admin/users', name: 'Admin', access: 'login' },
  adminThemeColors: { pattern: '/admin/theme-colors', name: 'Admin', access: 'admin' },
  notFound: { pattern: '*', name: 'Page', access: 'guest' },
} as const satisfies Record<string, PageRoute>;

export type PageId = keyof typeof pageRoutes;

export const pageRouteList = Object.entries(pageRoutes) as [PageId, PageRoute][];

export interface PageMatch {
  id: PageId;
  page: PageRoute;
  params: Record<string, string>;
}

/** The route parameters of a path under a pattern, or undefined when it does not match. */
function matchPattern(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const h = have[i] ?? '';
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return undefined;
      }
    } else if (w !== h) return undefined;
  }
  return params;
}

const fixedSegments = (pattern: string) => pattern.split('/').filter((s) => s && !s.startsWith(':')).length;

/** The page at a path, as the router picks it: the most specific pattern; the 404 page otherwise. */
export function matchPage(pathname: string): PageMatch {
  let best: PageMatch | undefined;
  for (const [id, page] of pageRouteList) {
    if (page.pattern === '*') continue;
    const params = matchPattern(page.pattern, pathname);
    if (params && (!best || fixedSegments(page.pattern) > fixedSegments(best.page.pattern)))
      best = { id, page, params };
  }
  return best ?? { id: 'notFound', page: pageRoutes.notFound, params: {} };
}
