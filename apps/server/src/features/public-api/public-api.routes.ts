import { modelKeys, serverMessages } from '@waypoint/shared';
import { openApiDocument, openApiPath } from '@waypoint/shared/api/read-api';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { onlyKnownQuery } from '../models/response-cache.ts';
import { registerApiDocs } from './api-docs.ts';
import { registerSharedCaching } from './shared-cache.ts';

const noParameters = new Set<string>();

/** What a cross-origin page may send to the public reads (revalidation included), and how long a preflight holds. */
const corsAllowedMethods = 'GET, HEAD, OPTIONS';
const corsAllowedHeaders = 'Accept, Accept-Language, If-None-Match, If-Modified-Since, Cache-Control';
const corsExposedHeaders = 'ETag, Last-Modified, Cache-Control';
const corsMaxAgeSeconds = 86_400;

/** A route path (`/api/:model/:id`, `/api/files/*`): what it matches, and how specific it is. */
function routePattern(url: string): { pattern: RegExp; rank: number[] } {
  const segments = url.split('/');
  const parts = segments.map((part) => {
    if (part === '*') return '.*';
    if (part.startsWith(':')) return '[^/]+';
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  // As the router chooses: a fixed segment before a parameter, a parameter before a wildcard.
  const rank = segments.map((part) => (part === '*' ? 0 : part.startsWith(':') ? 1 : 2));
  return { pattern: new RegExp(`^${parts.join('/')}$`), rank };
}

function moreSpecific(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? -1) !== (b[i] ?? -1)) return (a[i] ?? -1) > (b[i] ?? -1);
  return false;
}

/**
 * The public read API as a documented interface: its OpenAPI description, and reads that any
 * origin may make. Such a read carries no credentials (`*` admits none), so another site's page
 * sees only what a guest sees.
 */
export function registerPublicApiRoutes(app: FastifyInstance) {
  const { config } = app.ctx;
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.routeOptions.config?.role !== 'guest' || !request.url.startsWith('/api/')) return;
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', corsExposedHeaders);
  });

  // A cross-origin page sending `If-None-Match` (or any header beyond the simple ones) asks first.
  // Only the guests' reads under /api/ admit other origins; every other route gets no CORS headers,
  // so the browser refuses it.
  let reads: Array<ReturnType<typeof routePattern> & { guest: boolean }> | undefined;
  const isGuestRead = (path: string) => {
    reads ??= app.ctx.routes
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/'))
      .map((r) => ({ ...routePattern(r.url), guest: r.role === 'guest' }));
    // The route a GET of this path reaches decides (`/api/admin/imports` is not `/api/:model/:id`).
    let found: (typeof reads)[number] | undefined;
    for (const read of reads)
      if (read.pattern.test(path) && (!found || moreSpecific(read.rank, found.rank))) found = read;
    return found?.guest === true;
  };
  app.options('/api/*', { config: { role: 'guest' } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const method = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
    if (!request.headers.origin || !(method === 'GET' || method === 'HEAD') || !isGuestRead(path))
      throw notFound(serverMessages.notFound('Route', `OPTIONS ${path}`));
    return reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', corsAllowedMethods)
      .header('access-control-allow-headers', corsAllowedHeaders)
      .header('access-control-max-age', String(corsMaxAgeSeconds))
      .header('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers')
      .send();
  });
  registerSharedCaching(app);

  // Built once per set of models (a model registered at run time is described from then on).
  let described: { models: number; body: string } | undefined;
  app.get(openApiPath, { config: { role: 'guest' } }, async (request, reply) => {
    onlyKnownQuery(request.query, noParameters);
    if (described?.models !== modelKeys.length)
      described = {
        models: modelKeys.length,
        body: JSON.stringify(openApiDocument({ version: config.version || '0.0.0' })),
      };
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(described.body);
  });
  registerApiDocs(app);
}
