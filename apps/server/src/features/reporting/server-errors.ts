import type { ErrorEvent } from '@sentry/node';
import { scrubText, scrubUrl } from '@waypoint/shared/services';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';

type SentryNode = typeof import('@sentry/node');

let sentry: Promise<SentryNode> | undefined;

/**
 * An error report without personal data: no cookies, no authorization or other headers, no user
 * beyond an id, no query strings; e-mail addresses, tokens and secret link parts in messages,
 * exception values and breadcrumbs replaced.
 */
export function scrubEvent<E extends ErrorEvent>(event: E): E {
  if (event.request) {
    event.request.cookies = undefined;
    event.request.headers = undefined;
    event.request.data = undefined;
    event.request.query_string = undefined;
    if (event.request.url) event.request.url = scrubUrl(event.request.url);
  }
  if (event.user) event.user = event.user.id ? { id: event.user.id } : undefined;
  if (event.message) event.message = scrubText(event.message);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
    for (const frame of value.stacktrace?.frames ?? []) {
      frame.vars = undefined;
      frame.pre_context = undefined;
      frame.context_line = undefined;
      frame.post_context = undefined;
    }
  }
  for (const crumb of event.breadcrumbs ?? []) {
    if (crumb.message) crumb.message = scrubText(crumb.message);
    crumb.data = undefined;
  }
  event.extra = undefined;
  return event;
}

/** Starts the Sentry SDK once per process (the first app built with a DSN configures it). */
function startSentry(ctx: AppContext): Promise<SentryNode> {
  sentry ??= import('@sentry/node').then((Sentry) => {
    Sentry.init({
      dsn: ctx.config.sentryDsn,
      release: ctx.config.release,
      environment: ctx.config.sentryEnvironment,
      // Errors only: no performance tracing, no automatic instrumentation of libraries, no source
      // lines or local variables (they may hold personal data); server errors are captured below.
      tracesSampleRate: 0,
      defaultIntegrations: false,
      integrations: [
        Sentry.eventFiltersIntegration(),
        Sentry.functionToStringIntegration(),
        Sentry.linkedErrorsIntegration(),
        Sentry.dedupeIntegration(),
        Sentry.nodeContextIntegration(),
        Sentry.onUncaughtExceptionIntegration(),
        Sentry.onUnhandledRejectionIntegration(),
      ],
      beforeSend: (event) => scrubEvent(event),
      beforeBreadcrumb: (crumb) => (crumb.category === 'http' ? null : crumb),
    });
    Sentry.setTag('side', 'server');
    return Sentry;
  });
  return sentry;
}

/**
 * Server errors (answers of 500 and above) go to Sentry when SENTRY_DSN is set, tagged with the
 * release, the route pattern and the method; they are logged either way.
 */
export const serverErrorReporting = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  if (!ctx.config.sentryDsn) return;
  // The SDK is a large module: it loads beside the server's start instead of holding it up (on a
  // busy machine its import alone can outlast Fastify's limit for a plugin); errors met before it
  // is in are sent once it is.
  const loading = startSentry(ctx).catch((error: unknown) => {
    app.log.error({ err: error }, 'Sentry did not start: server errors are only logged');
    return undefined;
  });
  app.addHook('onError', async (request, _reply, error: FastifyError) => {
    const status = error.statusCode ?? 500;
    if (status < 500 || status === 503) return;
    const route = request.routeOptions.url ?? 'unknown';
    const userId = request.user ? String(request.user.id) : undefined;
    void loading.then((Sentry) =>
      Sentry?.withScope((scope) => {
        scope.setTag('route', route);
        scope.setTag('method', request.method);
        if (userId) scope.setUser({ id: userId });
        Sentry.captureException(error);
      }),
    );
  });
  app.addHook('onClose', async () => {
    await (await loading)?.flush(2000);
  });
});
