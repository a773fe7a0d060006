import {
  type PageAccess,
  type PageId,
  pageRouteList,
  type RouteName,
} from '@waypoint/shared/pages/page-routes';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin, RequireLogin } from './guards.tsx';
import { lazyPage } from './lazy-page.tsx';

export type { RouteName };

export interface RouteHandle {
  name: RouteName;
  /** Loads the page's code (before the first render, see main.tsx). */
  preload: () => Promise<unknown>;
}

function page(
  path: string,
  name: RouteName,
  load: Parameters<typeof lazyPage>[0],
  access: PageAccess,
): RouteObject {
  const Page = lazyPage(load);
  let element: ReactNode = <Page />;
  if (access === 'login') element = <RequireLogin>{element}</RequireLogin>;
  if (access === 'admin') element = <RequireAdmin>{element}</RequireAdmin>;
  return { path, element, handle: { name, preload: Page.preload } satisfies RouteHandle };
}

/**
 * The code of each page of the page manifest (`@waypoint/shared/pages/page-routes`: pattern, name,
 * access; `pages.ts` names the same module, which the build checks). Each page is its own chunk.
 */
const loaders = {
  home: () => import('../features/home/HomePage.tsx'),
  login: () => import('../features/account/LoginPage.tsx'),
  register: () => import('../features/account/RegisterPage.tsx'),
  forgotPassword: () => import('../features/account/ForgotPasswordPage.tsx'),
  passwordRecovery: () => import('../features/account/PasswordRecoveryPage.tsx'),
  confirmAccount: () => import('../features/account/ConfirmAccountPage.tsx'),
  profile: () => import('../features/account/ProfilePage.tsx'),
  contact: () => import('../features/legal/ContactPage.tsx'),
  privacy: () => import('../features/legal/PrivacyPage.tsx'),
  error: () => import('../features/error/ErrorPage.tsx'),
  crafting: () => import('../features/tools/crafting/CraftingPage.tsx'),
  game: () => import('../features/game/GamePage.tsx'),
  map: () => import('../features/map/route.tsx'),
  embeddedMap: () => import('../features/map/embedded-route.tsx'),
  quests: () => import('../features/tools/quests/QuestsPage.tsx'),
  itemsToKeep: () => import('../features/tools/items/ItemsToKeepPage.tsx'),
  tool: () => import('../features/tools/feature-route.tsx'),
  inGameApp: () => import('../features/tools/ingame-app-route.tsx'),
  suggestionReview: () => import('../features/review/route.tsx'),
  admin: () => import('../features/admin/route.tsx'),
  adminModel: () => import('../features/admin/model-route.tsx'),
  adminImports: () => import('../features/admin/ImportsPage.tsx'),
  adminThemeColors: () => import('../features/admin/ThemeColorsPage.tsx'),
  adminUsers: () => import('../features/review/route.tsx').then((m) => ({ Component: m.UsersComponent })),
  notFound: () => import('../features/error/NotFoundPage.tsx'),
} satisfies Record<PageId, Parameters<typeof lazyPage>[0]>;

/** Every route of SPEC §2.1; the layout adds the frame. */
export const routes: RouteObject[] = pageRouteList.map(([id, p]) =>
  page(p.pattern, p.name, loaders[id], p.access),
);
