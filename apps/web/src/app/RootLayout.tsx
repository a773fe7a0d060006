import { lazy, Suspense, useEffect } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import { consentDialogWanted, useConsentDialogOpen } from '../features/consent/consent.ts';
import { RouteErrorBoundary } from '../features/error/RouteError.tsx';
import { trackPageview } from '../features/services/analytics.ts';
import { setErrorRoute } from '../features/services/errors.ts';
import { PageAd } from '../features/services/PageAd.tsx';
import { useSuggestPreset } from '../features/suggest/open.ts';
import { uiMessages } from '../i18n/messages/ui-messages.ts';
import { BarPlaceholder } from './nav/BarPlaceholder.tsx';
import { asksConsentAt } from './nav/embedding.ts';
import { preloadable } from './preloadable.tsx';
import { type RouteHandle, type RouteName, routes } from './routes.tsx';
import { SiteFooter } from './SiteFooter.tsx';

// The bar is not on the home page, so it loads with the first page that shows it.
const NavBar = preloadable(() => import('./nav/NavBar.tsx').then((m) => m.NavBar));
const ConsentDialog = preloadable(() =>
  import('../features/consent/ConsentDialog.tsx').then((m) => m.ConsentDialog),
);
// The suggest modal (and the component kit) loads when a 'Suggest ...' entry is first used.
/**
 * Offline support (the service worker, the queue of writes made offline, what watches the connection)
 * and its notes: code of their own, which the first paint does not wait for.
 */
/**
 * The offline code, loaded after the first render; it starts offline support with the queues of work
 * made offline (offline-queues.ts, loaded with it).
 */
const OfflineNotice = lazy(() =>
  Promise.all([import('../features/offline/OfflineNotice.tsx'), import('./offline-queues.ts')]).then(
    ([notice, { offlineQueues }]) => {
      notice.startOffline(offlineQueues);
      return notice;
    },
  ),
);
const SuggestModal = lazy(() =>
  import('../features/suggest/SuggestModal.tsx').then((m) => ({ default: m.SuggestModal })),
);

/** New pages start at the top, unless the address points into the page. */
function useScrollToTop(pathname: string, hash: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/** Pages with a leaderboard above the footer (content pages; not account, admin, error or map pages). */
const bottomAdRoutes = new Set<RouteName | undefined>([
  'Home',
  'Game',
  'Tool',
  'Items To Keep',
  'In-Game App',
]);

/** Every new page is a page view for analytics and the route tag of error reports. */
function usePageServices(pathname: string, pattern: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    setErrorRoute(pattern);
    trackPageview();
  }, [pathname, pattern]);
}

/** What the frame shows at an address. */
function frameAt(location: { pathname: string; search: string }) {
  const leaf = matchRoutes(routes, location)?.at(-1);
  const handle = leaf?.route.handle as RouteHandle | undefined;
  const routeName = handle?.name;
  const minimal = new URLSearchParams(location.search).get('minimalNavBar') === 'true';
  return {
    leaf,
    handle,
    routeName,
    minimal,
    showsBar: routeName !== 'Home' && !minimal,
    // Not embedded maps (a choice made on the site applies to them too), nor the privacy policy.
    asksConsent: asksConsentAt(location.pathname),
  };
}

/**
 * Loads the code the first render at this address draws (the page, the bar, the first-visit dialog),
 * so that the first render suspends on none of it.
 */
export function preloadFirstFrame(location: { pathname: string; search: string }): Promise<unknown> {
  const frame = frameAt(location);
  return Promise.all([
    frame.handle?.preload(),
    frame.showsBar ? NavBar.preload() : undefined,
    consentDialogWanted(frame.asksConsent) ? ConsentDialog.preload() : undefined,
  ]);
}

/** The frame of every page: navigation bar, content, footer, consent dialog. */
export function RootLayout() {
  const location = useLocation();
  const { leaf, routeName, minimal, showsBar, asksConsent } = frameAt(location);
  const params = leaf?.params ?? {};
  const consentOpen = useConsentDialogOpen(asksConsent);
  const suggestPreset = useSuggestPreset();
  const element = useRoutes(routes, location);
  useScrollToTop(location.pathname, location.hash);
  const fullHeight = routeName === 'Map' || routeName === 'Embedded Map';
  usePageServices(location.pathname, leaf?.route.path ?? '');

  return (
    <>
      <a href="#main" className="wp-skip-link">
        {uiMessages.shell.skipToContent}
      </a>
      {showsBar ? (
        <Suspense fallback={<BarPlaceholder />}>
          <NavBar routeName={routeName} gameId={params.gameId} mapId={params.mapId} />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} data-fill={fullHeight || undefined}>
        <RouteErrorBoundary key={location.pathname}>
          <Suspense fallback={null}>{element}</Suspense>
        </RouteErrorBoundary>
      </main>
      {bottomAdRoutes.has(routeName) && !minimal ? (
        <PageAd placement="page_bottom_center" noNarrowRefresh />
      ) : null}
      {fullHeight ? null : <SiteFooter />}
      {consentOpen ? (
        <Suspense fallback={null}>
          <ConsentDialog />
        </Suspense>
      ) : null}
      {suggestPreset ? (
        <Suspense fallback={null}>
          <SuggestModal preset={suggestPreset} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <OfflineNotice />
      </Suspense>
    </>
  );
}
