import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { serverMessages } from '@waypoint/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Db, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { registerAccountRoutes } from './features/account/account.routes.ts';
import { createAccountService } from './features/account/account.service.ts';
import { requestLogSerializer } from './features/account/log-redaction.ts';
import { registerAdminRoutes } from './features/admin/admin.routes.ts';
import { apiTokenCheck } from './features/api-tokens/api-token-check.ts';
import { registerApiTokenRoutes } from './features/api-tokens/api-tokens.routes.ts';
import { createApiTokenService } from './features/api-tokens/api-tokens.service.ts';
import { type DeclaredRoute, policyPlugin } from './features/auth/policy.ts';
import { createTokenService } from './features/auth/tokens.ts';
import { registerCommunityRoutes } from './features/community/community.routes.ts';
import { createCommunityService } from './features/community/community.service.ts';
import { imagesPlugin } from './features/images/images.plugin.ts';
import { registerInteropRoutes } from './features/interop/interop.routes.ts';
import { databaseStore, RateLimitCounters } from './features/limits/counters.ts';
import { routeAddressKey } from './features/limits/limits.ts';
import { registerLive } from './features/live/live.plugin.ts';
import { createMailQueue } from './features/mail/mail-queue.ts';
import { createMailer } from './features/mail/mailer.ts';
import { registerMapViewRoutes } from './features/map-view/map-view.routes.ts';
import { registerMixingRoutes } from './features/mixing/mixing.routes.ts';
import { startCacheBus, writtenHeader } from './features/models/cache-bus.ts';
import { guestReplay } from './features/models/guest-replay.ts';
import { registerModelRoutes } from './features/models/models.routes.ts';
import { createModelWriter } from './features/models/models.service.ts';
import { ResponseCache } from './features/models/response-cache.ts';
import { registerNotifications } from './features/notifications/notifications.plugin.ts';
import { createFaultReporter } from './features/ops/fault-reporter.ts';
import { createMetrics } from './features/ops/metrics.ts';
import { opsPlugin } from './features/ops/ops.plugin.ts';
import { registerPinShareRoutes } from './features/pins/pin-shares.routes.ts';
import { createPinSharesService } from './features/pins/pin-shares.service.ts';
import { registerPinRoutes } from './features/pins/pins.routes.ts';
import { createPinsService } from './features/pins/pins.service.ts';
import { createPortableProgressService } from './features/progress/portable.service.ts';
import { registerProgressRoutes } from './features/progress/progress.routes.ts';
import { createProgressService } from './features/progress/progress.service.ts';
import { registerPromoRoutes } from './features/promo/promo.routes.ts';
import { registerPublicApiRoutes } from './features/public-api/public-api.routes.ts';
import { registerClientErrorRoutes } from './features/reporting/client-errors.routes.ts';
import { serverErrorReporting } from './features/reporting/server-errors.ts';
import { registerReviewRoutes } from './features/review/review.routes.ts';
import { createReviewService } from './features/review/review.service.ts';
import { createMarkerService } from './features/suggestions/markers.service.ts';
import { registerSuggestionRoutes } from './features/suggestions/suggestions.routes.ts';
import { createSuggestionService } from './features/suggestions/suggestions.service.ts';
import {
  registerGameSettingRoutes,
  registerTarkovTrackerRoutes,
} from './features/tarkov-tracker/tarkov-tracker.routes.ts';
import { createTarkovTrackerService } from './features/tarkov-tracker/tarkov-tracker.service.ts';
import { registerTeamRoutes } from './features/teams/teams.routes.ts';
import { createTeamService } from './features/teams/teams.service.ts';
import { sendWebNotFound, webHostPlugin } from './features/web-host/web-host.plugin.ts';
import { registerWebhooks } from './features/webhooks/webhooks.plugin.ts';
import { bodyPlugin } from './http/body.ts';
import { earlyAnswerServer } from './http/early-answers.ts';
import { errorBody, installErrorHandling } from './http/errors.ts';
import { proxyTrust } from './http/trust-proxy.ts';
import { type Clock, systemClock } from './jobs/clock.ts';
import { createStore } from './storage/index.ts';
import { cacheSmallObjects } from './storage/memory-cache.ts';
import { privateDirSync } from './storage/private-files.ts';

export interface BuildOptions {
  /** An already open database (tests share one per file); the app then leaves it open on close. */
  db?: Db;
  logger?: boolean;
  /** Where log lines go (standard output by default). */
  logStream?: DestinationStream | NodeJS.WritableStream;
  /** The time the background workers go by (the system's unless given). */
  clock?: Clock;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const early = earlyAnswerServer();
  const trustProxy = proxyTrust(config.trustProxy);
  const app = Fastify({
    serverFactory: early.serverFactory,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestLogSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    // Forwarded headers (client address, host, protocol) count only from the configured proxies.
    trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // On a graceful stop a request that arrived on an already accepted connection is served like any
    // other in flight (the stop is bounded by SHUTDOWN_TIMEOUT_MS), not refused with a 503.
    return503OnClosing: false,
    // One log line per request, written when it is answered (see the onResponse hook below), instead
    // of Fastify's two (one on arrival, one on answer).
    logController: new LogController({ disableRequestLogging: true }),
  });
  const db = options.db ?? openDatabase(config);
  if (!options.db) app.addHook('onClose', () => db.close());
  if (db.dialect === 'postgres' && config.databaseDirectUrl !== config.databaseUrl) {
    // Behind a pooler, migrations run on a session of their own (they set its statement timeout).
    const direct = openDatabase({ ...config, databaseUrl: config.databaseDirectUrl });
    try {
      await migrateToLatest(direct);
    } finally {
      await direct.close();
    }
  } else await migrateToLatest(db);

  const metrics = createMetrics(db, () => cache);
  const reportFault = createFaultReporter(app.log, metrics);
  db.onConnectionError = (error) => reportFault('database_connection_lost', error);
  const cache = new ResponseCache({
    maxBytes: config.responseCacheMb * 1024 * 1024,
    missesPerSecond: config.readMissesPerSecond,
    missBurst: config.readMissBurst,
    onHit: () => metrics.cacheHits.inc(),
    onMiss: () => metrics.cacheMisses.inc(),
    mustReadFresh: (request) => cacheBus.unheard(request.headers[writtenHeader] as string | undefined),
  });
  const cacheBus = await startCacheBus({ db, databaseUrl: config.databaseDirectUrl, cache, log: app.log });
  app.addHook('onClose', () => cacheBus.close());
  // A write's answer names this process's last change, so the client's next reads through any
  // process see it (see mustReadFresh).
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const written = cacheBus.written;
    if (written) reply.header(writtenHeader, written);
  });
  const tokens = createTokenService(db, config.jwtSecret, config.tokenTtlSeconds);
  const counters = new RateLimitCounters(db);
  // DATA_DIR holds the database, the outbox and key files: no other user of the host enters it.
  privateDirSync(config.dataDir);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const mailQueue = createMailQueue(app.log);
  // Added after the database's close, so it runs before it: queued mails still reach the database.
  app.addHook('onClose', () => mailQueue.drain());
  const writer = createModelWriter(db, () => cacheBus.changed());
  const routes: DeclaredRoute[] = [];
  const storeCache = cacheSmallObjects(createStore(config), config.imageCacheMb * 1024 * 1024);
  const store = storeCache.store;
  app.addHook('onClose', () => store.close());
  const ctx: AppContext = {
    config,
    db,
    store,
    storeCache,
    writer,
    cache,
    cacheBus,
    metrics,
    tokens,
    mailer,
    clock: options.clock ?? systemClock,
    routes,
  };
  app.decorate('ctx', ctx);

  installErrorHandling(app, reportFault);
  await app.register(serverErrorReporting, { ctx });
  await app.register(bodyPlugin, { config });
  await app.register(opsPlugin, { ctx });
  // A guest asking for what the cache answered before gets the same bytes (headers included) before
  // Fastify routes the request: nothing a guest does not need runs.
  early.answerWith(
    guestReplay({
      cache,
      shedding: () => app.isUnderPressure(),
      durations: metrics.requestDurations,
      log: app.log,
      trustProxy,
    }),
  );
  app.addHook('onResponse', (request, reply, done) => {
    cache.remember(request, reply);
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  // The web host sets its own content security policy and frame rules for the pages it serves.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Counters live in the database, so that every server process on it counts together.
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(counters),
    keyGenerator: routeAddressKey,
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(429, serverMessages.tooManyRequests),
      retryAfterMs: context.ttl,
    }),
  });
  const apiTokens = createApiTokenService({ db, config, counters });
  await app.register(policyPlugin, { db, tokens, routes, apiTokens: apiTokenCheck(apiTokens) });

  registerAccountRoutes(app, {
    accounts: createAccountService({ db, config, tokens, mailer, mailQueue, counters }),
    config,
  });
  registerModelRoutes(app, { db, writer, cache });
  registerAdminRoutes(app, ctx);
  registerInteropRoutes(app, ctx);
  registerProgressRoutes(app, config, createProgressService(db), createPortableProgressService(db));
  registerMapViewRoutes(app);
  registerPublicApiRoutes(app);
  registerMixingRoutes(app);
  registerClientErrorRoutes(app, config);
  registerPromoRoutes(app, ctx);
  registerApiTokenRoutes(app, apiTokens);
  const tarkovTracker = createTarkovTrackerService(db);
  registerTarkovTrackerRoutes(app, tarkovTracker);
  registerGameSettingRoutes(app, tarkovTracker);
  registerTeamRoutes(app, createTeamService({ db, config }));
  const invalidate = () => cacheBus.changed();
  const suggestions = createSuggestionService({
    db,
    writer,
    invalidate,
    // Images come through the images feature's safe fetch: a suggestion's when it is made.
    images: () => {
      const service = app.images?.service;
      if (!service) return undefined;
      return {
        fetch: (model, id, field, url, actor) => service.addImageFromUrl(model, id, field, url, actor),
        stage: (field, url, requestField) => service.stageFromUrl(field, url, requestField),
        attach: (model, id, field, image, actor) => service.attachStaged(model, id, field, image, actor),
        discard: (images) => service.discardStaged(images),
      };
    },
  });
  registerSuggestionRoutes(app, {
    suggestions,
    markers: createMarkerService({ db, writer, suggestions, invalidate }),
    config,
  });
  registerReviewRoutes(app, createReviewService({ db, writer, invalidate }));
  registerCommunityRoutes(app, createCommunityService({ db, suggestions }));
  const pins = createPinsService(db, suggestions);
  registerPinRoutes(app, config, pins);
  registerPinShareRoutes(app, config, createPinSharesService(db, pins.requireMap));
  registerWebhooks(app, ctx);
  registerNotifications(app, ctx);
  registerLive(app, ctx);
  await app.register(imagesPlugin, { ctx });
  await app.register(webHostPlugin, { ctx });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply
        .status(404)
        .send(
          errorBody(404, serverMessages.notFound('Route', `${request.method} ${request.url.split('?')[0]}`)),
        );
    }
    return sendWebNotFound(ctx, request, reply);
  });

  return app;
}
