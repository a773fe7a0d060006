import { scrubText, scrubUrl } from '@waypoint/shared/scrub';
import type { ClientError } from '@waypoint/shared/services';
import { config } from '../../app/config.ts';
import { getConsent } from '../consent/consent.ts';

type SentryModule = typeof import('./sentry.ts');

let sentry: SentryModule | undefined;
let route = '';
let sentToServer = 0;
/** Reports one page sends to the server's log at most (the server also limits per address). */
const maxServerReports = 10;

/** The route pattern of the current page, for the reports' route tag. */
export function setErrorRoute(pattern: string) {
  route = pattern;
  sentry?.setRoute(pattern);
}

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack };
  return { message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)) };
}

/**
 * Reports an error of the page: to Sentry when it is configured and the visitor allows analytics,
 * else (scrubbed, a few per page) to the server's log through `POST /api/client-errors`.
 */
export function reportError(error: unknown, source: ClientError['source']) {
  if (sentry && getConsent()?.analytics) {
    // Sentry catches window errors and rejections itself; the boundary's errors are handed over.
    if (source === 'boundary') sentry.capture(error);
    return;
  }
  const { message, stack } = describe(error);
  // Errors of other sites' scripts arrive without any detail.
  if (!message || message === 'Script error.' || sentToServer >= maxServerReports) return;
  sentToServer++;
  const report: ClientError = {
    source,
    message: scrubText(message).slice(0, 2000),
    stack: stack ? scrubText(stack).slice(0, 8000) : undefined,
    url: scrubUrl(location.href).slice(0, 2000),
    route: route.slice(0, 200) || undefined,
    release: config.release.slice(0, 100) || undefined,
  };
  void fetch(`${config.apiBase}/client-errors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => {});
}

/** Loads the Sentry SDK (its own chunk) and hands it the page's errors from now on. */
export function startSentry() {
  import('./sentry.ts').then(
    (module) => {
      module.startSentry(route);
      sentry = module;
    },
    () => {},
  );
}
