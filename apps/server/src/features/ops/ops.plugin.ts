import { timingSafeEqual } from 'node:crypto';
import underPressure from '@fastify/under-pressure';
import { messages, serverMessages } from '@waypoint/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import client from 'prom-client';
import type { AppContext } from '../../context.ts';
import { migrationsPending } from '../../db/migrate.ts';
import { errorBody } from '../../http/errors.ts';

/** Seconds a client is asked to wait when the server sheds load. */
export const retryAfterSeconds = 10;

const MB = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on /readyz answers 503 (the process is stopping); requests are still served. */
    startDraining: () => void;
  }
}

/** Routes that answer even while the server sheds load (they are how operators see it). */
const alwaysAnswer = {
  role: 'guest' as const,
  disableMetrics: true,
  pressureHandler: () => {},
};

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Operations: load shedding (503 with Retry-After while the event loop lags or memory runs high),
 * `GET /healthz` (the process answers), `GET /readyz` (database answers, migrations done, not
 * shedding load) and Prometheus metrics at `GET /metrics` behind a bearer token.
 */
export const opsPlugin = fp<{ ctx: AppContext }>(async (app: FastifyInstance, { ctx }) => {
  const { config, metrics } = ctx;

  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.maxHeapUsedMb * MB,
    maxRssBytes: config.maxRssMb * MB,
    retryAfter: retryAfterSeconds,
  });
  const shedding = () => typeof app.isUnderPressure === 'function' && app.isUnderPressure();
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });

  // Process metrics (CPU, memory, event-loop delay) from prom-client; request durations observed once
  // per answer from Fastify's own timing (no timer object per request: the hot path stays cheap).
  client.collectDefaultMetrics({ register: metrics.registry });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== undefined) {
      metrics.requestDurations.observe(
        { method: request.method, route, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });

  app.get('/healthz', { config: alwaysAnswer }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { config: alwaysAnswer }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const checks = {
      database: false,
      migrations: false,
      storage: false,
      load: !shedding(),
      running: !draining,
    };
    try {
      await sql`select 1`.execute(ctx.db.kysely);
      checks.database = true;
      checks.migrations = !(await migrationsPending(ctx.db));
    } catch (error) {
      reply.log.warn({ err: error }, 'readiness: the database does not answer');
    }
    try {
      await ctx.store.check();
      checks.storage = true;
    } catch (error) {
      reply.log.warn(
        { err: error, storage: ctx.store.description },
        `readiness: the picture storage does not answer: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const ready = checks.database && checks.migrations && checks.storage && checks.load && checks.running;
    if (!ready) reply.status(503).header('retry-after', String(retryAfterSeconds));
    return { status: ready ? 'ok' : 'unavailable', checks };
  });

  app.get('/metrics', { config: alwaysAnswer }, async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    if (!config.metricsToken) return reply.status(404).send(errorBody(404, messages.pageNotFound));
    if (!tokenMatches(request, config.metricsToken)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(errorBody(401, serverMessages.loginRequired));
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
});
