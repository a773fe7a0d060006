import { captureException, type ErrorEvent, init, setTag, withScope } from '@sentry/react';
import { scrubText, scrubUrl } from '@waypoint/shared/scrub';
import { config } from '../../app/config.ts';
import { getConsent } from '../consent/consent.ts';

/**
 * An error report without personal data: no user, cookies, headers or query strings; e-mail
 * addresses, tokens and secret link parts in messages and breadcrumbs replaced. Nothing is sent
 * once the visitor withdrew analytics consent.
 */
function scrub(event: ErrorEvent): ErrorEvent | null {
  if (!getConsent()?.analytics) return null;
  event.user = undefined;
  if (event.request) {
    event.request.cookies = undefined;
    event.request.headers = undefined;
    event.request.query_string = undefined;
    if (event.request.url) event.request.url = scrubUrl(event.request.url);
  }
  if (event.message) event.message = scrubText(event.message);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
  }
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = scrubText(crumb.message);
    crumb.data = undefined;
  }
  return event;
}

/** The Sentry browser SDK, started after analytics consent with the release and the route tag. */
export function startSentry(route: string) {
  init({
    dsn: config.sentryDsn,
    release: config.release || undefined,
    environment: config.sentryEnvironment,
    tracesSampleRate: 0,
    beforeSend: scrub,
  });
  setTag('side', 'browser');
  setRoute(route);
}

export function setRoute(pattern: string) {
  if (pattern) setTag('route', pattern);
}

export function capture(error: unknown) {
  withScope((scope) => {
    scope.setTag('source', 'boundary');
    captureException(error);
  });
}
