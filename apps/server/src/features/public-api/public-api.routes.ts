import { modelKeys } from '@waypoint/shared';
import { openApiDocument, openApiPath } from '@waypoint/shared/api/read-api';
import type { FastifyInstance } from 'fastify';
import { onlyKnownQuery } from '../models/response-cache.ts';
import { registerApiDocs } from './api-docs.ts';
import { registerSharedCaching } from './shared-cache.ts';

const noParameters = new Set<string>();

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
