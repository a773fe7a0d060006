import { z } from 'zod';
import { tokenApiPaths, tokenApiSchemas, tokenApiSecurityScheme } from '../api-tokens/openapi.ts';
import { constants } from '../constants.ts';
import type { ApiError } from '../errors.ts';
import { zChunkParams } from '../map/marker-chunk-params.ts';
import { zMapSearchQuery } from '../map/search.ts';
import { type ModelDef, zImages } from '../models/define.ts';
import { zId } from '../models/fields.ts';
import { getModel, modelKeys } from '../models/registry.ts';

/**
 * The public read API: the parameters its routes validate and the OpenAPI document that describes
 * it, both from these schemas, so the description cannot drift from what the server accepts.
 */

/** `GET /api/{collection}`: a page of a model's records. */
export const zListQuery = z.object({
  query: z
    .string()
    .max(4000)
    .optional()
    .describe('JSON object of field equalities, e.g. {"gameId":"frontier_zone"}; filterable fields only'),
  limit: z.coerce
    .number()
    .int()
    .min(0)
    .max(constants.suggestionListLimit)
    .default(constants.suggestionListLimit)
    .describe('Records per page'),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0).describe('Records to skip'),
  userId: z.string().max(200).optional().describe("Own records only: the user's id (admins: anyone's)"),
});

/** `GET /api/{model}/{id}`. */
export const zRecordParams = z.object({ model: z.string().max(100), id: zId });

/** The map page's reads: `/api/map/{mapId}/…`, `/api/quests/{mapId}`. */
export const zMapParams = z.object({ mapId: zId });

/** `GET /api/map/{mapId}/markers/chunks/{n}?v=`: the manifest's version the chunk belongs to. */
export const zChunkQuery = z.object({ v: z.string().min(1).max(64).optional() });

/** `GET /api/map/{mapId}/status?level=`: a floor's picture instead of the map's. */
export const zTileStatusQuery = z.object({ level: z.coerce.number().int().min(-1000).max(1000).optional() });

export { zChunkParams, zMapSearchQuery };

/** The body of every error answer (errors.ts; the two are checked to agree below). */
const zApiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  suggestionId: z.string().optional(),
});
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const errorShapesAgree: Same<z.infer<typeof zApiError>, ApiError> = true;
void errorShapesAgree;

/** Where the document is served. */
export const openApiPath = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;
type Parameter = {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
};

const jsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};
const outputSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

/** An object schema's fields as OpenAPI parameters. */
function parameters(schema: z.ZodObject, where: 'path' | 'query', only?: readonly string[]): Parameter[] {
  const described = jsonSchema(schema) as { properties: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(described.properties)
    .filter(([name]) => !only || only.includes(name))
    .map(([name, field]) => {
      const { description, ...rest } = field;
      return {
        name,
        in: where,
        required: where === 'path' || (described.required ?? []).includes(name),
        schema: rest,
        ...(typeof description === 'string' ? { description } : {}),
      };
    });
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const problem = (description: string) => json(ref('Error'), description);

/** A record as read: its fields and the ids of its child lists (e.g. a game's `maps`). */
function recordSchema(model: ModelDef): JsonSchema {
  const fields = outputSchema(model.schema) as {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };
  const children = Object.fromEntries(
    model.children.map((c) => [
      c.as,
      { type: 'array', items: { type: 'string' }, description: `ids of its ${c.model}s` },
    ]),
  );
  const images = { images: { ...outputSchema(zImages), description: 'Stored pictures by field' } };
  return {
    ...fields,
    properties: { ...fields.properties, ...images, ...children },
    description: model.label,
  };
}

/** Models everyone may read: the public part of the generic API. */
export const publicModels = (): ModelDef[] => modelKeys.map(getModel).filter((m) => m.read === 'guest');

/**
 * The OpenAPI 3.1 document of the public read API: every guest-readable model of the registry (a
 * list and a record route each) and the map page's reads.
 */
export function openApiDocument(options: { version: string }) {
  const models = publicModels();
  const schemas: Record<string, JsonSchema> = {
    Error: outputSchema(zApiError),
  };
  const paths: Record<string, Record<string, unknown>> = {};
  const listParameters = parameters(zListQuery, 'query', ['query', 'limit', 'skip']);
  const idParameter = parameters(zRecordParams, 'path', ['id']);
  for (const model of models) {
    schemas[model.key] = recordSchema(model);
    paths[`/api/${model.collection}`] = {
      get: {
        operationId: `list_${model.collection}`,
        tags: [model.label],
        summary: `${model.label}: a page of records`,
        parameters: listParameters,
        responses: {
          200: json(
            {
              type: 'object',
              properties: { count: { type: 'integer' }, data: { type: 'array', items: ref(model.key) } },
              required: ['count', 'data'],
            },
            'The matching records and how many there are in all',
          ),
          400: problem('A parameter is not valid; the message names it'),
        },
      },
    };
    paths[`/api/${model.key}/{id}`] = {
      get: {
        operationId: `get_${model.key}`,
        tags: [model.label],
        summary: `${model.label}: one record`,
        parameters: idParameter,
        responses: { 200: json(ref(model.key), 'The record'), 404: problem('No such record') },
      },
    };
  }
  const mapId = parameters(zMapParams, 'path');
  const map = 'Map page';
  paths['/api/map/{mapId}/markers'] = {
    get: {
      operationId: 'map_markers',
      tags: [map],
      summary: "The map's marker definitions and markers (columns); a large map answers a manifest of chunks",
      parameters: mapId,
      responses: { 200: json({ type: 'object' }, 'Definitions and markers'), 404: problem('No such map') },
    },
  };
  paths['/api/map/{mapId}/markers/chunks/{n}'] = {
    get: {
      operationId: 'map_marker_chunk',
      tags: [map],
      summary: "One binary chunk of a large map's markers",
      parameters: [...parameters(zChunkParams, 'path'), ...parameters(zChunkQuery, 'query')],
      responses: {
        200: { description: 'The chunk', content: { 'application/octet-stream': {} } },
        404: problem('No such map or chunk'),
        409: problem('The chunk belongs to another version of the manifest'),
      },
    },
  };
  paths['/api/quests/{mapId}'] = {
    get: {
      operationId: 'map_quests',
      tags: [map],
      summary: "The map's quests with their markers",
      parameters: mapId,
      responses: { 200: json({ type: 'array' }, 'Quests'), 404: problem('No such map') },
    },
  };
  paths['/api/map/{mapId}/search'] = {
    get: {
      operationId: 'map_search',
      tags: [map],
      summary: 'Markers, definitions, quests and items matching a text',
      parameters: [...mapId, ...parameters(zMapSearchQuery, 'query')],
      responses: {
        200: json({ type: 'object' }, 'What matches'),
        400: problem('The text is too short or too long'),
        404: problem('No such map'),
      },
    },
  };
  Object.assign(paths, tokenApiPaths);
  Object.assign(schemas, tokenApiSchemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Waypoint read API',
      version: options.version,
      description:
        'Public reads of games, maps, markers, quests and items. Answers are JSON, cached until the next ' +
        'content change (ETag, 304), and readable from any origin. Writes need a session and are not part ' +
        'of this document, except the token API (/api/v2), which takes a personal API token.',
    },
    paths,
    components: { schemas, securitySchemes: { personalToken: tokenApiSecurityScheme } },
  };
}
