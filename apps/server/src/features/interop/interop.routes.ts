import {
  binaryFormats,
  exportFormats,
  gameContentFormats,
  mapContentFormats,
} from '@waypoint/shared/interop/formats';
import { mapPackageLimits } from '@waypoint/shared/interop/map-package';
import {
  contentUploadLimitBytes,
  packageContentTypes,
  zContentUpload,
  zInteropGameParams as zGameParams,
  zInteropMapParams as zMapParams,
  zPackageImportParams,
} from '@waypoint/shared/interop/requests';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest, parse } from '../../http/errors.ts';
import { auditActorOf } from '../auth/policy.ts';
import { binaryStaging, gameContentStaging, mapContentStaging, mapExports } from './formats.ts';

// Audit entries name the request's actor as the policy built it.
const actorOf = auditActorOf;

/**
 * Map content in and out in other sites' formats (admin panel, README "Moving a map"): a route per
 * format of the registry, `/api/admin/maps/:mapId/import/{id}` (a map's content),
 * `/api/admin/games/:gameId/import/{id}` (a game's records, a package) and
 * `/api/admin/maps/:mapId/export/{id}`.
 */
export function registerInteropRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { config: { role: 'admin' as const } };
  const textUpload = { config: { role: 'admin' as const, bodyLimit: contentUploadLimitBytes + 64 * 1024 } };
  for (const { id } of mapContentFormats)
    app.post(`/api/admin/maps/:mapId/import/${id}`, textUpload, async (request) => {
      const { mapId } = parse(zMapParams, request.params, 'params');
      const upload = parse(zContentUpload, request.body, 'body');
      return mapContentStaging[id].stage(ctx, { targetId: mapId, upload }, actorOf(request));
    });

  // A game's quests, traders, items and hideout from tarkov.dev's API answer.
  for (const { id } of gameContentFormats)
    app.post(`/api/admin/games/:gameId/import/${id}`, textUpload, async (request) => {
      const { gameId } = parse(zGameParams, request.params, 'params');
      const upload = parse(zContentUpload, request.body, 'body');
      return gameContentStaging[id].stage(ctx, { targetId: gameId, upload }, actorOf(request));
    });

  for (const { id, export: exported } of exportFormats)
    app.get(`/api/admin/maps/:mapId/export/${id}`, admin, async (request, reply) => {
      const { mapId } = parse(zMapParams, request.params, 'params');
      const content = await mapExports[id](ctx, {
        mapId,
        query: request.query,
        site: `${request.protocol}://${request.host}`,
      });
      reply.header('content-disposition', `attachment; filename="${mapId}.${exported.extension}"`);
      // Plain JSON keeps the type Fastify gives it (with its charset).
      if (exported.mimeType !== 'application/json') reply.type(exported.mimeType);
      return content instanceof Uint8Array
        ? Buffer.from(content.buffer, content.byteOffset, content.byteLength)
        : content;
    });

  // A map package: one zip with the map, its floors, definitions, markers, quests and pictures. The
  // upload is the archive itself (no JSON around it); the parser holds for this scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser(packageContentTypes, { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    for (const { id } of binaryFormats)
      scope.post(
        `/api/admin/games/:gameId/import/${id}`,
        { config: { role: 'admin' as const }, bodyLimit: mapPackageLimits.maxArchiveBytes },
        async (request) => {
          const { gameId } = parse(zPackageImportParams, request.params, 'params');
          if (!Buffer.isBuffer(request.body))
            throw badRequest('Invalid body: send the package as application/zip', [
              { field: 'body', message: 'Send the package as application/zip' },
            ]);
          return binaryStaging[id].stage(
            ctx,
            scope.images.service,
            { gameId, bytes: request.body },
            actorOf(request),
          );
        },
      );
  });
}
