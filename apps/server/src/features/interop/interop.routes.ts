import { zId } from '@waypoint/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parse } from '../../http/errors.ts';
import type { Actor } from '../audit/audit.ts';
import { exportDataMaps, stageContent } from './content-import.ts';

/** Largest content file sent from the imports page (JSON body around a DataMaps page). */
const CONTENT_BODY_LIMIT = 40 * 1024 * 1024;

const zMapParams = z.object({ mapId: zId });
const zContentUpload = z.object({
  /** Names the source for re-imports: the wiki page or the file name. */
  source: z.string().trim().min(1).max(300),
  content: z.string().min(1).max(CONTENT_BODY_LIMIT),
  /** The wiki's article address, for internal links (`https://x.wiki.gg/wiki/`). */
  articleUrl: z
    .url({ protocol: /^https?$/ })
    .max(300)
    .optional(),
});

function actorOf(request: FastifyRequest): Actor {
  return { id: request.user?.id ?? null, username: request.user?.username ?? null };
}

/** Map content in and out in other sites' formats (admin panel, README "Moving a map"). */
export function registerInteropRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { config: { role: 'admin' as const } };
  app.post(
    '/api/admin/maps/:mapId/import/datamaps',
    { config: { role: 'admin' as const, bodyLimit: CONTENT_BODY_LIMIT + 64 * 1024 } },
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
