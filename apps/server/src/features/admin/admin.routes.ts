import {
  describeRegistry,
  getModel,
  importableModels,
  isModelKey,
  type ModelKey,
  serverMessages,
  type TStoredImage,
  zAdminListQuery,
  zId,
} from '@waypoint/shared';
import { zAcceptImportQuery } from '@waypoint/shared/interop/ownership';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { auditActorOf } from '../auth/policy.ts';
import { jobStatus } from '../images/map-jobs.repository.ts';
import { attachAcceptedPictures } from '../imports/accepted-pictures.ts';
import { type AcceptedPicture, acceptImports, rejectImports, withStored } from '../imports/review.ts';
import { stageImport } from '../imports/stage-file.ts';
import { adminList } from './admin-list.repository.ts';
import { parseAdminList } from './admin-list.ts';

const zModel = z.object({ model: z.string().max(100) });
const zModelId = zModel.extend({ id: zId });
const zUpload = z.object({
  fileName: z.string().trim().min(1).max(300),
  content: z.string().max(50 * 1024 * 1024),
});

/** Largest import file sent from the imports page (JSON body). */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

// Audit entries name the request's actor as the policy built it.
const actorOf = auditActorOf;

function knownModel(raw: string): ModelKey {
  if (!isModelKey(raw)) throw notFound(serverMessages.notFound('Model', raw));
  return raw;
}

function importable(raw: string): ModelKey {
  const key = knownModel(raw);
  if (!importableModels().includes(key)) throw notFound(serverMessages.notFound('Model', raw));
  return key;
}

/**
 * The admin panel's API: the registry as the panel generates its pages from it, admin lists paged,
 * sorted and filtered by the database, the live status of map processing, and imports (§7.5).
 */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/admin/models', { config: { role: 'admin' } }, async () => describeRegistry());

  app.get('/api/admin/list/:model', { config: { role: 'admin' } }, async (request) => {
    const { model } = parse(zModel, request.params, 'params');
    const def = getModel(knownModel(model));
    const q = parse(zAdminListQuery, request.query, 'query');
    return adminList(ctx.db.kysely, def, parseAdminList(def, q));
  });

  app.get('/api/admin/processMapLevel/:id/status', { config: { role: 'admin' } }, async (request) => {
    const { id } = parse(z.object({ id: zId }), request.params, 'params');
    const status = await jobStatus(ctx.db.kysely, id, 'maplevel');
    if (!status) throw notFound(serverMessages.notFound(getModel('maplevel').label, id));
    return status;
  });

  app.get('/api/admin/processMap/:id/status', { config: { role: 'admin' } }, async (request) => {
    const { id } = parse(z.object({ id: zId }), request.params, 'params');
    const status = await jobStatus(ctx.db.kysely, id);
    if (!status) throw notFound(serverMessages.notFound(getModel('map').label, id));
    return status;
  });

  // Imports (§2.13, §7.5).
  /** A map package's staged pictures land on their records once these are accepted. */
  const attach = (request: FastifyRequest) => (pictures: AcceptedPicture[]) =>
    attachAcceptedPictures(app.images, pictures, actorOf(request));
  const discard = (pictures: TStoredImage[]) => app.images.service.discardStaged(pictures);
  app.post(
    '/api/admin/import/:model',
    { config: { role: 'admin', bodyLimit: IMPORT_BODY_LIMIT } },
    async (request) => {
      const { model } = parse(zModel, request.params, 'params');
      const key = importable(model);
      const body = parse(zUpload, request.body, 'body');
      return stageImport(ctx, key, body.fileName, body.content, actorOf(request));
    },
  );

  app.get('/api/admin/importedModels/:model', { config: { role: 'admin' } }, async (request) => {
    const { model } = parse(zModel, request.params, 'params');
    const key = importable(model);
    const def = getModel('importedcrudmodel');
    const q = parse(zAdminListQuery, request.query, 'query');
    const list = parseAdminList(def, q);
    const page = await adminList(ctx.db.kysely, def, { ...list, where: { ...list.where, type: key } });
    return { ...page, data: await withStored(ctx, key, page.data) };
  });

  app.get('/api/admin/rejectAllImportedModels/:model', { config: { role: 'admin' } }, async (request) => {
    const { model } = parse(zModel, request.params, 'params');
    return rejectImports(ctx, importable(model), undefined, discard);
  });

  app.get('/api/admin/rejectImportedModel/:model/:id', { config: { role: 'admin' } }, async (request) => {
    const p = parse(zModelId, request.params, 'params');
    return rejectImports(ctx, importable(p.model), p.id, discard);
  });

  app.get('/api/admin/acceptAllNewImportedModels/:model', { config: { role: 'admin' } }, async (request) => {
    const { model } = parse(zModel, request.params, 'params');
    return acceptImports(ctx, importable(model), { newOnly: true }, actorOf(request), attach(request));
  });

  app.get('/api/admin/acceptAllImportedModels/:model', { config: { role: 'admin' } }, async (request) => {
    const { model } = parse(zModel, request.params, 'params');
    return acceptImports(ctx, importable(model), {}, actorOf(request), attach(request));
  });

  app.get('/api/admin/acceptImportedModel/:model/:id', { config: { role: 'admin' } }, async (request) => {
    const p = parse(zModelId, request.params, 'params');
    const { move } = parse(zAcceptImportQuery, request.query, 'query');
    return acceptImports(
      ctx,
      importable(p.model),
      { id: p.id, move: move === 'true' },
      actorOf(request),
      attach(request),
    );
  });
}
