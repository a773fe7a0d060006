import multipart from '@fastify/multipart';
import { zId } from '@waypoint/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, parse } from '../../http/errors.ts';
import { auditActorOf } from '../auth/policy.ts';
import { startDemoImages, stopDemoImages } from './demo-images.ts';
import { registerImageHost } from './image-host.ts';
import { createImageService } from './images.service.ts';
import { createMapProcessor } from './map-processor.ts';

const zImageParams = z.object({ model: z.string().max(100), id: zId, imageName: z.string().max(100) });
const zProcessParams = z.object({ mapId: zId, gameId: zId });
const zLevelParams = z.object({ levelId: zId });
const zRemoteBody = z.object({ remoteUrl: z.string().trim().min(1).max(4000) });

// Audit entries name the request's actor as the policy built it.
const actorOf = auditActorOf;

declare module 'fastify' {
  interface FastifyInstance {
    images: {
      service: ReturnType<typeof createImageService>;
      processor: ReturnType<typeof createMapProcessor>;
      /** Draws the demo images that seeded records declare but do not have yet, then tiles the maps. */
      prepareDemoImages(): Promise<void>;
    };
  }
}

/**
 * Image uploads and removal for every image field of the registry, map processing (tile pyramids
 * in a background queue) and the image host. The routes live in their own scope so that multipart
 * parsing applies to them only; `app.images` is shared with the rest of the server.
 */
export const imagesPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const service = createImageService(ctx, app.log);
  const processor = createMapProcessor(ctx, app.log);
  let closed = false;
  ctx.writer.onRemove((removed) => {
    service.removeFilesOf(removed).catch((error) => app.log.error({ err: error }, 'could not remove files'));
  });
  app.decorate('images', {
    service,
    processor,
    prepareDemoImages: () => startDemoImages(ctx, service, processor, app.log, () => closed),
  });
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: ctx.config.uploadLimitBytes, files: 1, fields: 10, parts: 12 },
    });
    registerImageRoutes(scope, service, processor);
    registerImageHost(scope, ctx.store, ctx.storeCache);
  });
  // Starts the shared queue: jobs queued by any process, and jobs of a process that died, run here too.
  app.addHook('onReady', async () => {
    await processor
      .resume()
      .catch((error) => app.log.error({ err: error }, 'could not resume map processing'));
  });
  app.addHook('onClose', async () => {
    closed = true;
    stopDemoImages();
    await processor.stop();
  });
});

function registerImageRoutes(
  app: FastifyInstance,
  service: ReturnType<typeof createImageService>,
  processor: ReturnType<typeof createMapProcessor>,
) {
  app.post('/api/admin/:model/addImage/:id/:imageName', { config: { role: 'admin' } }, async (request) => {
    const p = parse(zImageParams, request.params, 'params');
    if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data with a file field');
    let data: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(`Unexpected file field ${part.fieldname}; use file`);
        data = await part.toBuffer();
      }
    }
    if (!data) throw badRequest('Invalid body.file: Required', [{ field: 'body.file', message: 'Required' }]);
    return service.addImage(p.model, p.id, p.imageName, data, actorOf(request));
  });

  app.post(
    '/api/admin/:model/addImageRemoteUrl/:id/:imageName',
    { config: { role: 'admin' } },
    async (request) => {
      const p = parse(zImageParams, request.params, 'params');
      const body = parse(zRemoteBody, request.body, 'body');
      return service.addImageFromUrl(p.model, p.id, p.imageName, body.remoteUrl, actorOf(request));
    },
  );

  app.delete(
    '/api/admin/:model/removeImage/:id/:imageName',
    { config: { role: 'admin' } },
    async (request) => {
      const p = parse(zImageParams, request.params, 'params');
      return service.removeImage(p.model, p.id, p.imageName, actorOf(request));
    },
  );

  app.post('/api/admin/processMap/:mapId/:gameId', { config: { role: 'admin' } }, async (request, reply) => {
    const p = parse(zProcessParams, request.params, 'params');
    const map = await processor.enqueue(p.mapId, p.gameId, actorOf(request));
    return reply.status(202).send(map);
  });

  /** Process Image of one floor: its picture cut into its own tiles. */
  app.post('/api/admin/processMapLevel/:levelId', { config: { role: 'admin' } }, async (request, reply) => {
    const p = parse(zLevelParams, request.params, 'params');
    return reply.status(202).send(await processor.enqueueLevel(p.levelId, actorOf(request)));
  });
}
