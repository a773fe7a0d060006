import { mapPackageLimits } from '@waypoint/shared/interop/map-package';
import {
  type ContentFormat,
  contentFormats,
  contentUploadLimitBytes,
  packageContentTypes,
  zContentUpload,
  zInteropGameParams as zGameParams,
  zGeoJsonExportQuery,
  zInteropMapParams as zMapParams,
  zPackageImportParams,
} from '@waypoint/shared/interop/requests';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest, parse } from '../../http/errors.ts';
import { auditActorOf } from '../auth/policy.ts';
import { exportContent, stageContent } from './content-import.ts';
import { uploadedFragments } from './datamaps-files.ts';
import { exportPackage, stagePackage } from './map-package.ts';
import { stageTarkovDev } from './tarkov-import.ts';

// Audit entries name the request's actor as the policy built it.
const actorOf = auditActorOf;

/** File name ending of each format's export. */
const extension = { datamaps: 'datamaps.json', geojson: 'geojson' } as const satisfies Record<
  ContentFormat,
  string
>;

/** Map content in and out in other sites' formats (admin panel, README "Moving a map"). */
export function registerInteropRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { config: { role: 'admin' as const } };
  for (const format of contentFormats) {
    app.post(
      `/api/admin/maps/:mapId/import/${format}`,
      { config: { role: 'admin' as const, bodyLimit: contentUploadLimitBytes + 64 * 1024 } },
      async (request) => {
        const { mapId } = parse(zMapParams, request.params, 'params');
        const { fragments, archive, ...body } = parse(zContentUpload, request.body, 'body');
        // Fragments are DataMaps pages; other formats have none to include.
        const included = format === 'datamaps' ? uploadedFragments({ fragments, archive }) : [];
        return stageContent(ctx, { mapId, format, ...body, fragments: included }, actorOf(request));
      },
    );

    app.get(`/api/admin/maps/:mapId/export/${format}`, admin, async (request, reply) => {
      const { mapId } = parse(zMapParams, request.params, 'params');
      const { coords } = parse(zGeoJsonExportQuery, request.query, 'query');
      const content = await exportContent(ctx, mapId, format, coords);
      reply.header('content-disposition', `attachment; filename="${mapId}.${extension[format]}"`);
      if (format === 'geojson') reply.type('application/geo+json');
      return content;
    });
  }

  // A game's quests, traders, items and hideout from tarkov.dev's API answer.
  app.post(
    '/api/admin/games/:gameId/import/tarkov-dev',
    { config: { role: 'admin' as const, bodyLimit: contentUploadLimitBytes + 64 * 1024 } },
    async (request) => {
      const { gameId } = parse(zGameParams, request.params, 'params');
      const { source, content } = parse(zContentUpload, request.body, 'body');
      return stageTarkovDev(ctx, { gameId, source, content }, actorOf(request));
    },
  );

  // A map package: one zip with the map, its floors, definitions, markers, quests and pictures.
  app.get('/api/admin/maps/:mapId/export/package', admin, async (request, reply) => {
    const { mapId } = parse(zMapParams, request.params, 'params');
    const zip = await exportPackage(ctx, mapId, `${request.protocol}://${request.host}`);
    reply.header('content-disposition', `attachment; filename="${mapId}.waypoint.zip"`);
    reply.type('application/zip');
    return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  });

  // The upload is the archive itself (no JSON around it); the parser holds for this scope only.
  app.register(async (scope) => {
    scope.addContentTypeParser(packageContentTypes, { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/admin/games/:gameId/import/package',
      { config: { role: 'admin' as const }, bodyLimit: mapPackageLimits.maxArchiveBytes },
      async (request) => {
        const { gameId } = parse(zPackageImportParams, request.params, 'params');
        if (!Buffer.isBuffer(request.body))
          throw badRequest('Invalid body: send the package as application/zip', [
            { field: 'body', message: 'Send the package as application/zip' },
          ]);
        return stagePackage(ctx, scope.images.service, { gameId, bytes: request.body }, actorOf(request));
      },
    );
  });
}
