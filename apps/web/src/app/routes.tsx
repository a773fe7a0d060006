import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin, RequireLogin } from './guards.tsx';
import { lazyPage } from './lazy-page.tsx';

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

export interface RouteHandle {
  name: RouteName;
  /** Loads the page's code (before the first render, see main.tsx). */
  preload: () => Promise<unknown>;
}

type Access = 'guest' | 'login' | 'admin';

function page(
  path: string,
  name: RouteName,
  load: Parameters<typeof lazyPage>[0],
  access: Access = 'guest',
): RouteObject {
  const Page = lazyPage(load);
  let element: ReactNode = <Page />;
  if (access === 'login') element = <RequireLogin>{element}</RequireLogin>;
  if (access === 'admin') element = <RequireAdmin>{element}</RequireAdmin>;
  return { path, element, handle: { name, preload: Page.preload } satisfies RouteHandle };
}

/** Every route of SPEC §2.1; each page is its own chunk (the layout adds the frame). */
export const routes: RouteObject[] = [
  page('/', 'Home', () => import('../features/home/HomePage.tsx')),
  page('/login', 'Account', () => import('../features/account/LoginPage.tsx')),
  page('/register', 'Account', () => import('../features/account/RegisterPage.tsx')),
  page('/forgotPassword', 'Account', () => import('../features/account/ForgotPasswordPage.tsx')),
  page('/passwordRecovery/:hash', 'Account', () => import('../features/account/PasswordRecoveryPage.tsx')),
  page('/confirmAccount/:hash', 'Account', () => import('../features/account/ConfirmAccountPage.tsx')),
  page('/profile', 'Account', () => import('../features/account/ProfilePage.tsx'), 'login'),
  page('/contact', 'Page', () => import('../features/legal/ContactPage.tsx')),
  page('/privacy', 'Page', () => import('../features/legal/PrivacyPage.tsx')),
  page('/error', 'Page', () => import('../features/error/ErrorPage.tsx')),
  page('/crafting', 'Tool', () => import('../features/tools/crafting/CraftingPage.tsx')),
  page('/game/:gameId', 'Game', () => import('../features/game/GamePage.tsx')),
  page('/game/:gameId/maps/:mapId', 'Map', () => import('../features/map/route.tsx')),
  page('/embed/game/:gameId/maps/:mapId', 'Embedded Map', () => import('../features/map/embedded-route.tsx')),
  page('/game/:gameId/tools/quests', 'Quest', () => import('../features/tools/quests/QuestsPage.tsx')),
  page(
    '/game/:gameId/tools/tarkov-items-to-keep',
    'Items To Keep',
    () => import('../features/tools/items/ItemsToKeepPage.tsx'),
  ),
  page('/game/:gameId/tools/:feature', 'Tool', () => import('../features/tools/feature-route.tsx')),
  page('/game/:gameId/ingameMapApp', 'In-Game App', () => import('../features/tools/ingame-app-route.tsx')),
  page('/suggestion-review', 'Admin', () => import('../features/review/route.tsx'), 'admin'),
  page('/admin', 'Admin', () => import('../features/admin/route.tsx'), 'admin'),
  page('/admin/model/:model/:id', 'Admin', () => import('../features/admin/model-route.tsx'), 'admin'),
  page('/admin/imports', 'Admin', () => import('../features/admin/ImportsPage.tsx'), 'admin'),
  page('/admin/theme-colors', 'Admin', () => import('../features/admin/ThemeColorsPage.tsx'), 'admin'),
  page('*', 'Page', () => import('../features/error/NotFoundPage.tsx')),
];
