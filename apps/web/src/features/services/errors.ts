import type { ClientError } from '@waypoint/shared/services';
import { config } from '../../app/config.ts';
import { whenConsented } from '../consent/consent.ts';

type Reporter = typeof import('./report.ts');

let reporter: Promise<Reporter> | undefined;
let route = '';

/** The reporting code (scrubbing, sending) loads with the first error, not with every page. */
const load = () => {
  reporter ??= import('./report.ts').then((m) => {
    m.setErrorRoute(route);
    return m;
  });
  return reporter;
};

/** The route pattern of the current page, for the reports' route tag. */
export function setErrorRoute(pattern: string) {
  route = pattern;
  if (reporter) void reporter.then((m) => m.setErrorRoute(pattern));
}

/**
 * Reports an error of the page: to Sentry when it is configured and the visitor allows analytics,
 * else (scrubbed, a few per page) to the server's log through `POST /api/client-errors`.
 */
export function reportError(error: unknown, source: ClientError['source']) {
  void load().then(
    (m) => m.reportError(error, source),
    () => {},
  );
}

/**
 * Catches the page's uncaught errors and rejections; loads the Sentry SDK (its own chunk) only
 * when SENTRY_DSN is configured and the visitor allows analytics.
 */
export function installErrorReporting() {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'error'));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'unhandledrejection'));
  if (!config.sentryDsn) return;
  whenConsented('analytics', () => {
    void load().then(
      (m) => m.startSentry(),
      () => {},
    );
  });
}
