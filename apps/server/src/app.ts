import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { messages } from '@waypoint/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type Db, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { registerAccountRoutes } from './features/account/account.routes.ts';
import { createAccountService } from './features/account/account.service.ts';
import { type DeclaredRoute, policyPlugin } from './features/auth/policy.ts';
import { createTokenService } from './features/auth/tokens.ts';
import { imagesPlugin } from './features/images/images.plugin.ts';
import { createMailer } from './features/mail/mailer.ts';
import { registerMapViewRoutes } from './features/map-view/map-view.routes.ts';
import { startCacheBus } from './features/models/cache-bus.ts';
import { registerModelRoutes } from './features/models/models.routes.ts';
import { createModelWriter } from './features/models/models.service.ts';
import { ResponseCache } from './features/models/response-cache.ts';
import { createMetrics } from './features/ops/metrics.ts';
import { opsPlugin } from './features/ops/ops.plugin.ts';
import { registerProgressRoutes } from './features/progress/progress.routes.ts';
import { createProgressService } from './features/progress/progress.service.ts';
import { sendWebNotFound, webHostPlugin } from './features/web-host/web-host.plugin.ts';
import { bodyPlugin } from './http/body.ts';
import { errorBody, installErrorHandling } from './http/errors.ts';

export interface BuildOptions {
  /** An already open database (tests share one per file); the app then leaves it open on close. */
  db?: Db;
  logger?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  });
  const db = options.db ?? openDatabase(config);
  if (!options.db) app.addHook('onClose', () => db.close());
  await migrateToLatest(db);

  const metrics = createMetrics(db, () => cache);
  const cache = new ResponseCache({
    maxBytes: config.responseCacheMb * 1024 * 1024,
    missesPerSecond: config.readMissesPerSecond,
    missBurst: config.readMissBurst,
    onHit: () => metrics.cacheHits.inc(),
    onMiss: () => metrics.cacheMisses.inc(),
  });
  const cacheBus = await startCacheBus({ db, databaseUrl: config.databaseUrl, cache, log: app.log });
  app.addHook('onClose', () => cacheBus.close());
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const writer = createModelWriter(db, () => cacheBus.changed());
  const routes: DeclaredRoute[] = [];
  const ctx: AppContext = { config, db, writer, cache, cacheBus, metrics, tokens, mailer, routes };
  app.decorate('ctx', ctx);

  installErrorHandling(app);
  await app.register(bodyPlugin, { config });
  await app.register(opsPlugin, { ctx });
  // The web host sets its own content security policy for the pages it serves; its frame-ancestors
  // lets other sites embed the maps, so no X-Frame-Options contradicts it.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    frameguard: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(429, messages.tooManyRequests),
      retryAfterMs: context.ttl,
    }),
  });
  await app.register(policyPlugin, { db, tokens, routes });

  registerAccountRoutes(app, { accounts: createAccountService({ db, config, tokens, mailer }), config });
  registerModelRoutes(app, { db, writer, cache });
  registerProgressRoutes(app, createProgressService(db));
  registerMapViewRoutes(app);
  await app.register(imagesPlugin, { ctx });
  await app.register(webHostPlugin, { ctx });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply
        .status(404)
        .send(errorBody(404, messages.notFound('Route', `${request.method} ${request.url.split('?')[0]}`)));
    }
    return sendWebNotFound(ctx, request, reply);
  });

  return app;
}
