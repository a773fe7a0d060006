import {
  getModel,
  isModelKey,
  type ModelDef,
  type ModelKey,
  modelByCollection,
  modelKeyOf,
  serverMessages,
  zId,
} from '@waypoint/shared';
import { zListQuery, zRecordParams } from '@waypoint/shared/api/read-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { isBadText } from '../../http/body.ts';
import { badRequest, forbidden, notFound, parse, unauthorized } from '../../http/errors.ts';
import { auditActorOf, ensureAdmin } from '../auth/policy.ts';
import { listJson } from './list-pages.ts';
import { childIds, type Filter, findRecord, parentIsPublic } from './models.repository.ts';
import type { ModelWriter } from './models.service.ts';
import { onlyKnownQuery, type ResponseCache } from './response-cache.ts';

const zModelParams = z.object({ model: z.string().max(100) });

const listParameters = new Set(['query', 'limit', 'skip', 'userId']);
const noParameters = new Set<string>();

function wrongType(field: string, expected: string) {
  return badRequest(`Invalid ${field}: expected ${expected}`, [{ field, message: `Expected ${expected}` }]);
}

/**
 * Parses the `query` filter: JSON equality on the registry's filterable fields, nothing else, each
 * value of the field's type (text a string without NUL or lone surrogates, numbers finite numbers,
 * booleans booleans). Keys come out sorted, so that the filter is one cache key however it is spelled.
 */
export function parseFilter(model: ModelDef, raw: string | undefined): Filter {
  if (raw === undefined || raw === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('Invalid query.query: not valid JSON', [
      { field: 'query.query', message: 'Not valid JSON' },
    ]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('Invalid query.query: must be a JSON object', [
      { field: 'query.query', message: 'Must be a JSON object' },
    ]);
  }
  const filter: Filter = {};
  for (const [name, v] of Object.entries(value)) {
    const field = `query.query.${name}`;
    if (!model.fields[name]?.filterable) {
      throw badRequest(`Invalid ${field}: not a filterable field of ${model.label}`, [
        { field, message: 'Not a filterable field' },
      ]);
    }
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      throw badRequest(`Invalid ${field}: only equality with a string, number or boolean is supported`, [
        { field, message: 'Only equality with a string, number or boolean is supported' },
      ]);
    }
    const storage = model.fields[name]?.storage;
    if (storage === 'boolean') {
      if (typeof v !== 'boolean') throw wrongType(field, 'true or false');
    } else if (storage === 'integer' || storage === 'real') {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw wrongType(field, 'a number');
    } else if (storage === 'text') {
      if (typeof v !== 'string') throw wrongType(field, 'a string');
      if (v.length > 2000 || isBadText(v)) {
        throw badRequest(`Invalid ${field}: too long or contains invalid characters`, [
          { field, message: 'Too long or contains invalid characters' },
        ]);
      }
    } else throw wrongType(field, 'a filterable value');
    filter[name] = v;
  }
  const sorted: Filter = {};
  for (const name of Object.keys(filter).sort()) sorted[name] = filter[name] as Filter[string];
  return sorted;
}

// Audit entries name the request's actor as the policy built it.
const actorOf = auditActorOf;

function writableModel(raw: string): ModelKey {
  const key = modelKeyOf(raw);
  if (!key || getModel(key).write !== 'admin') throw notFound(serverMessages.notFound('Model', raw));
  return key;
}

export function registerModelRoutes(
  app: FastifyInstance,
  deps: { db: Db; writer: ModelWriter; cache: ResponseCache },
) {
  const { db, writer, cache } = deps;

  /** Applies a model's read rule; answers the filter additions it implies and whether to cache. */
  async function readScope(request: FastifyRequest, model: ModelDef) {
    const admin = request.user?.admin === true;
    if (model.read === 'admin') {
      if (!request.user) throw unauthorized(serverMessages.loginRequired);
      await ensureAdmin(db, request);
      return { extra: {} as Filter, cacheable: false, admin: true };
    }
    if (model.read === 'own') {
      if (!request.user) throw unauthorized(serverMessages.loginRequired);
      return { extra: admin ? {} : ({ userId: request.user.id } as Filter), cacheable: false, admin };
    }
    return { extra: admin ? {} : ((model.publicFilter ?? {}) as Filter), cacheable: true, admin };
  }

  app.get('/api/:collection', { config: { role: 'guest' } }, async (request, reply) => {
    const { collection } = request.params as { collection: string };
    const model = modelByCollection(collection);
    if (!model) throw notFound(serverMessages.notFound('Collection', collection));
    onlyKnownQuery(request.query, listParameters);
    const q = parse(zListQuery, request.query, 'query');
    const scope = await readScope(request, model);
    const parsed = parseFilter(model, q.query);
    const filter = { ...parsed, ...scope.extra };
    if (q.userId !== undefined) {
      if (model.read !== 'own') throw badRequest('Invalid query.userId: not supported here');
      if (!scope.admin && q.userId !== request.user?.id) throw forbidden(serverMessages.adminRequired);
      filter.userId = q.userId;
    }
    const load = () =>
      listJson(db.kysely, model, { filter, limit: q.limit, skip: q.skip, publicParent: !scope.admin });
    if (!scope.cacheable) return reply.type('application/json; charset=utf-8').send((await load()).body);
    // The key is the parsed request: the same list asked in another spelling is one entry.
    const key = `${scope.admin ? 'admin' : 'public'}|list|${model.key}|${q.limit}|${q.skip}|${JSON.stringify(parsed)}`;
    return cache.send(request, reply, key, load);
  });

  app.get('/api/:model/:id', { config: { role: 'guest' } }, async (request, reply) => {
    const params = parse(zRecordParams, request.params, 'params');
    onlyKnownQuery(request.query, noParameters);
    if (!isModelKey(params.model)) throw notFound(serverMessages.notFound('Model', params.model));
    const model = getModel(params.model);
    const scope = await readScope(request, model);
    const load = async () => {
      const record = await findRecord(db.kysely, model, params.id);
      const hidden =
        record !== undefined &&
        !scope.admin &&
        (Object.entries(scope.extra).some(([k, v]) => record[k] !== v) ||
          !(await parentIsPublic(db.kysely, model, record)));
      if (!record || hidden) throw notFound(serverMessages.notFound(model.label, params.id));
      for (const child of model.children) {
        const childModel = getModel(child.model as ModelKey);
        const childFilter = scope.admin ? {} : ((childModel.publicFilter ?? {}) as Filter);
        record[child.as] = await childIds(db.kysely, childModel, child.field, params.id, childFilter);
      }
      return record;
    };
    if (!scope.cacheable) return load();
    return cache.send(
      request,
      reply,
      `${scope.admin ? 'admin' : 'public'}|record|${model.key}|${params.id}`,
      load,
    );
  });

  app.put('/api/admin/:model', { config: { role: 'admin' } }, async (request, reply) => {
    const { model } = parse(zModelParams, request.params, 'params');
    const created = await writer.create(writableModel(model), request.body, actorOf(request));
    return reply.status(201).send(created);
  });

  app.patch('/api/admin/:model/:id', { config: { role: 'admin' } }, async (request) => {
    const params = parse(zRecordParams, request.params, 'params');
    return writer.update(writableModel(params.model), params.id, request.body, actorOf(request));
  });

  app.put('/api/admin/:model/copy/:id', { config: { role: 'admin' } }, async (request, reply) => {
    const params = parse(zRecordParams, request.params, 'params');
    const body = parse(z.object({ _id: zId }), request.body, 'body');
    const created = await writer.copy(writableModel(params.model), params.id, body._id, actorOf(request));
    return reply.status(201).send(created);
  });

  app.delete('/api/admin/:model/:id', { config: { role: 'admin' } }, async (request) => {
    const params = parse(zRecordParams, request.params, 'params');
    return writer.remove(writableModel(params.model), params.id, actorOf(request));
  });
}
