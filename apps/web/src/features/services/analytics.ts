import { config } from '../../app/config.ts';
import { getConsent, whenConsented } from '../consent/consent.ts';

interface AnalyticsWindow {
  plausible?: ((event: string, options?: { u?: string }) => void) & { q?: unknown[] };
  umami?: { track: (props?: unknown) => void };
}

let loaded = false;

/** The page address as analytics sees it: no query string or fragment (they may hold secrets). */
function pageUrl(): string {
  return `${location.origin}${location.pathname}`;
}

/**
 * Counts one page view, when the visitor allows analytics and the script is there: Plausible's
 * manual `plausible('pageview', {u})` or Umami's `umami.track()`. Called on every route change.
 */
export function trackPageview() {
  if (!loaded || !getConsent()?.analytics) return;
  const w = window as unknown as AnalyticsWindow;
  if (typeof w.plausible === 'function') w.plausible('pageview', { u: pageUrl() });
  else w.umami?.track();
}

/** Loads the analytics script (ANALYTICS_SRC) once the visitor allows analytics; nothing without configuration. */
export function startAnalytics() {
  if (!config.analyticsSrc) return;
  whenConsented('analytics', () => {
    void import('./analytics-script.ts').then(
      (m) =>
        m.addAnalyticsScript(() => {
          loaded = true;
          trackPageview();
        }),
      () => {},
    );
  });
}
