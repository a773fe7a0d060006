import './styles.ts';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate } from 'react-router';
import { onUnauthorized } from '../api/client.ts';
import { guestName } from '../api/session.ts';
import { getConsent } from '../features/consent/consent.ts';
import { startAnalytics } from '../features/services/analytics.ts';
import { installErrorReporting } from '../features/services/errors.ts';
import { preloadAdSlot } from '../features/services/PageAd.tsx';
import { activateLocale, detectLocale, useLocale } from '../i18n/locale.ts';
import { installChunkReload } from './chunk-reload.ts';
import { config } from './config.ts';
import { prefetchForPath } from './prefetch.ts';
import { queryClient } from './query-client.ts';
import { preloadFirstFrame, RootLayout } from './RootLayout.tsx';

const Toasts = lazy(() => import('./Toasts.tsx').then((m) => ({ default: m.Toasts })));

/** Toasts render from their own chunk, loaded with the first toast (it waits in the store). */
function ToastHost() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** A 401 from the API: the session is over, log in again and come back. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  onUnauthorized(() => {
    const here = location.pathname + location.search;
    if (location.pathname !== '/login') navigate(`/login?nextUrl=${encodeURIComponent(here)}`);
  });
  return null;
}

installChunkReload();
// What the first visit loaded is handed to the service worker once it takes control: keep all of it.
// (The worker and the queue of writes made offline start with the offline note's code: RootLayout.)
performance.setResourceTimingBufferSize?.(1000);
// Error reports always (Sentry only after consent); analytics only after consent and when configured.
installErrorReporting();
startAnalytics();
if (getConsent()?.advertising && config.adsClient) preloadAdSlot();
// Visitors without an account keep a local guest name (SPEC §3).
guestName();
const firstReads = prefetchForPath(queryClient, location.pathname, location.search);

/** Every page in the chosen language: a new choice draws the pages again in it. */
function LocalizedLayout() {
  const locale = useLocale();
  return <RootLayout key={locale} />;
}

function render() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = createRoot(root);
  // The first render is a transition: React works through it in slices that give way to the browser
  // (input, painting) instead of one long task.
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <UnauthorizedRedirect />
            <LocalizedLayout />
          </BrowserRouter>
          <ToastHost />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// When the app's code started (the build starts it after the page's first frame; a test checks).
performance.mark('waypoint:app-start');

// The first render waits for the language's catalog (English is in the page already; a page's module
// may read its messages when it is evaluated), then for the code it draws (the page and its bar, whose
// chunks the page preloads) and the page's first reads (fetched by the page's preload hints). Nothing
// then suspends in it (React reveals a part whose placeholder showed no sooner than 300 ms later), and
// the page is drawn once with its data rather than again for each answer. A slow chunk or answer holds
// it back at most `firstRenderWaitMs`.
const locale = detectLocale();
const firstRenderWaitMs = 1000;
const catalog = locale === 'en' ? Promise.resolve() : activateLocale(locale).catch(() => undefined);
void catalog
  .then(() =>
    Promise.race([
      Promise.all([preloadFirstFrame(location).catch(() => undefined), firstReads]),
      new Promise((resolve) => setTimeout(resolve, firstRenderWaitMs)),
    ]),
  )
  .then(render);
