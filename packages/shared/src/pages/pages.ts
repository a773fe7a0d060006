import { apiPaths } from './api-paths.ts';
import { type PageAccess, type PageId, type PageRoute, pageRoutes, type RouteName } from './page-routes.ts';

export type { PageAccess, PageId, RouteName };

/** A page's route (page-routes.ts) with what the server, the build and the service worker know of it. */
export interface PageSpec extends PageRoute {
  /**
   * The page's source module, relative to apps/web (its key in Vite's build manifest): the router
   * loads it, the server hints it, the budget and the service worker count it.
   */
  module: string;
  /** The navigation bar is drawn above the page (its code loads with the page's). */
  bar: boolean;
  /** Further modules loaded with the page's first render (hinted by the server). */
  firstModules?: readonly string[];
  /** The API reads of the page's first render (below `/api`), from its route parameters. */
  firstReads?: (params: Readonly<Record<string, string>>) => string[];
  /**
   * The page works offline: its code, with `offlineModules` (what it loads later), is in the service
   * worker's precache.
   */
  offline?: boolean;
  offlineModules?: readonly string[];
  /** Gzip KB of JavaScript its first visit may load at most (`npm run bench:web` and a browser test). */
  budgetKb?: number;
}

/** The bar's module: its code comes with every page that shows it. */
export const barModule = 'src/app/nav/NavBar.tsx';
/** The app's consent dialog (the Consent link; first visits in another language). */
export const consentDialogModule = 'src/features/consent/ConsentDialog.tsx';
/**
 * Modules of the whole app that work offline with every page: toasts, the consent dialog, the
 * service worker's registration and the replay of completions made offline.
 */
export const offlineAppModules = [
  barModule,
  'src/app/Toasts.tsx',
  consentDialogModule,
  'src/features/offline/register.ts',
  'src/features/offline/replay.ts',
] as const;

/** The size budget of the pages a first visit most often lands on (SPEC's performance targets). */
const firstVisitBudgetKb = 120;

const gameReads = (p: Readonly<Record<string, string>>) => {
  const gameId = p.gameId ?? '';
  return [apiPaths.games(), apiPaths.game(gameId), apiPaths.categories(gameId), apiPaths.maps(gameId)];
};

const mapPage = {
  module: 'src/features/map/route.tsx',
  // Asks for the map's markers before the page's first render (apps/web/src/app/prefetch.ts). The
  // map's drawing code (Leaflet, the marker layers) is not hinted: on a first visit the page asks for
  // it after its first paint; later visits ask at once or have it cached.
  firstModules: ['src/features/map/prefetch.ts'],
  firstReads: (p: Readonly<Record<string, string>>) => [
    ...gameReads(p),
    apiPaths.markers(p.mapId ?? ''),
    apiPaths.quests(p.mapId ?? ''),
  ],
  offline: true,
  offlineModules: [
    'src/features/map/map-engine.ts',
    'src/features/map/popup/MarkerPopup.tsx',
    'src/features/map/popup/Freshness.tsx',
    'src/features/map/panels/QuestsPanel.tsx',
    'src/features/map/list/MarkerListPanel.tsx',
  ],
} as const;

/**
 * Every route of SPEC §2.1, the one list the router, the server's page hints, the prefetch, the
 * service worker's precache and the bundle budget read (the heads the server writes: heads.ts).
 */
export const pages = {
  home: {
    ...pageRoutes.home,
    module: 'src/features/home/HomePage.tsx',
    bar: false,
    firstReads: () => [apiPaths.games()],
    offline: true,
    budgetKb: firstVisitBudgetKb,
  },
  login: {
    ...pageRoutes.login,
    module: 'src/features/account/LoginPage.tsx',
    bar: true,
  },
  register: {
    ...pageRoutes.register,
    module: 'src/features/account/RegisterPage.tsx',
    bar: true,
  },
  forgotPassword: {
    ...pageRoutes.forgotPassword,
    module: 'src/features/account/ForgotPasswordPage.tsx',
    bar: true,
  },
  passwordRecovery: {
    ...pageRoutes.passwordRecovery,
    module: 'src/features/account/PasswordRecoveryPage.tsx',
    bar: true,
  },
  confirmAccount: {
    ...pageRoutes.confirmAccount,
    module: 'src/features/account/ConfirmAccountPage.tsx',
    bar: true,
  },
  profile: {
    ...pageRoutes.profile,
    module: 'src/features/account/ProfilePage.tsx',
    bar: true,
  },
  contact: {
    ...pageRoutes.contact,
    module: 'src/features/legal/ContactPage.tsx',
    bar: true,
  },
  privacy: {
    ...pageRoutes.privacy,
    module: 'src/features/legal/PrivacyPage.tsx',
    bar: true,
  },
  error: {
    ...pageRoutes.error,
    module: 'src/features/error/ErrorPage.tsx',
    bar: true,
    offline: true,
  },
  crafting: {
    ...pageRoutes.crafting,
    module: 'src/features/tools/crafting/CraftingPage.tsx',
    bar: true,
  },
  game: {
    ...pageRoutes.game,
    module: 'src/features/game/GamePage.tsx',
    bar: true,
    firstReads: gameReads,
    offline: true,
    budgetKb: firstVisitBudgetKb,
  },
  map: {
    ...pageRoutes.map,
    bar: true,
    ...mapPage,
  },
  // The embedded map draws the map page's code; its own module only decides whether it is framed.
  embeddedMap: {
    ...pageRoutes.embeddedMap,
    bar: true,
    ...mapPage,
    module: 'src/features/map/embedded-route.tsx',
    firstModules: [mapPage.module, ...mapPage.firstModules],
    // Shown inside other sites' frames, online.
    offline: false,
  },
  quests: {
    ...pageRoutes.quests,
    module: 'src/features/tools/quests/QuestsPage.tsx',
    bar: true,
  },
  itemsToKeep: {
    ...pageRoutes.itemsToKeep,
    module: 'src/features/tools/items/ItemsToKeepPage.tsx',
    bar: true,
  },
  tool: {
    ...pageRoutes.tool,
    module: 'src/features/tools/feature-route.tsx',
    bar: true,
  },
  inGameApp: {
    ...pageRoutes.inGameApp,
    module: 'src/features/tools/ingame-app-route.tsx',
    bar: true,
  },
  suggestionReview: {
    ...pageRoutes.suggestionReview,
    // Admins and moderators (the page shows a moderator their games).
    module: 'src/features/review/route.tsx',
    bar: true,
  },
  admin: {
    ...pageRoutes.admin,
    module: 'src/features/admin/route.tsx',
    bar: true,
  },
  adminModel: {
    ...pageRoutes.adminModel,
    module: 'src/features/admin/model-route.tsx',
    bar: true,
  },
  adminImports: {
    ...pageRoutes.adminImports,
    module: 'src/features/admin/ImportsPage.tsx',
    bar: true,
  },
  adminUsers: {
    ...pageRoutes.adminUsers,
    // Admins and moderators (a moderator acts in the games they moderate).
    // Part of the moderation tools' chunk (the review route exports it as UsersComponent).
    module: 'src/features/review/route.tsx',
    bar: true,
  },
  adminThemeColors: {
    ...pageRoutes.adminThemeColors,
    module: 'src/features/admin/ThemeColorsPage.tsx',
    bar: true,
  },
  notFound: {
    ...pageRoutes.notFound,
    module: 'src/features/error/NotFoundPage.tsx',
    bar: true,
    offline: true,
  },
} as const satisfies Record<PageId, PageSpec>;

/** The pages in the router's order. */
export const pageList = Object.entries(pages) as [PageId, PageSpec][];

/**
 * The modules a page's first render loads besides the entry: the page's own, the bar where it is
 * shown, and what it asks for first.
 */
export function firstLoadModules(page: PageSpec): string[] {
  return [page.module, ...(page.bar ? [barModule] : []), ...(page.firstModules ?? [])];
}

/** The source modules the service worker precaches besides the entry. */
export function offlineModules(): string[] {
  const modules = new Set<string>(offlineAppModules);
  for (const [, page] of pageList) {
    if (!page.offline) continue;
    for (const m of [page.module, ...(page.firstModules ?? []), ...(page.offlineModules ?? [])])
      modules.add(m);
  }
  return [...modules];
}
