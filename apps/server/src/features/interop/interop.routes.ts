import {
  contentUploadLimitBytes,
  zContentUpload,
  zInteropMapParams as zMapParams,
} from '@waypoint/shared/interop/requests';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import type { Actor } from '../audit/audit.ts';
import { exportDataMaps, stageContent } from './content-import.ts';

function actorOf(request: FastifyRequest): Actor {
  return { id: request.user?.id ?? null, username: request.user?.username ?? null };
}

/** Map content in and out in other sites' formats (admin panel, README "Moving a map"). */
export function registerInteropRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { config: { role: 'admin' as const } };
  app.post(
    '/api/admin/maps/:mapId/import/datamaps',
    { config: { role: 'admin' as const, bodyLimit: contentUploadLimitBytes + 64 * 1024 } },
    async (request) => {
      const { mapId } = parse(zMapParams, request.params, 'params');
      const body = parse(zContentUpload, request.body, 'body');
      return stageContent(ctx, { mapId, format: 'datamaps', ...body }, actorOf(request));
    },
  );

  app.get('/api/admin/maps/:mapId/export/datamaps', admin, async (request, reply) => {
    const { mapId } = parse(zMapParams, request.params, 'params');
    const { page } = await exportDataMaps(ctx, mapId);
    reply.header('content-disposition', `attachment; filename="${mapId}.datamaps.json"`);
    return page;
  });
}
