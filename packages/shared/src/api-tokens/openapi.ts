/**
 * The token API (/api/v2, TarkovTracker-compatible) in the OpenAPI document: its security scheme
 * (a personal token in the Authorization header), its routes, the scope each needs, and the
 * answers' shapes.
 */
import { apiTokenPrefix, apiTokenScopes } from './schemas.ts';
import { taskStates } from './tarkov-tracker.ts';

type Json = Record<string, unknown>;

const item = (extra: Json = {}): Json => ({
  type: 'object',
  properties: { id: { type: 'string' }, complete: { type: 'boolean' }, ...extra },
  required: ['id', 'complete'],
});
const list = (extra?: Json): Json => ({ type: 'array', items: item(extra) });

export const tokenApiSchemas: Record<string, Json> = {
  TrackerError: {
    type: 'object',
    properties: { error: { type: 'string' } },
    required: ['error'],
    description: "TarkovTracker's error body",
  },
  TrackerMessage: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  TrackerProgress: {
    type: 'object',
    properties: {
      playerLevel: { type: 'integer' },
      gameEdition: { type: 'integer', description: '1 Standard … 5 The Unheard' },
      pmcFaction: { type: 'string', enum: ['USEC', 'BEAR'] },
      displayName: { type: 'string' },
      userId: { type: 'string' },
      taskProgress: list({ failed: { type: 'boolean' }, invalid: { type: 'boolean' } }),
      tasksProgress: {
        ...list({ failed: { type: 'boolean' }, invalid: { type: 'boolean' } }),
        description: 'The same list as taskProgress, under the name TarkovTracker and its clients read',
      },
      taskObjectivesProgress: list({ count: { type: 'integer' } }),
      hideoutModulesProgress: list(),
      hideoutPartsProgress: list({ count: { type: 'integer' } }),
    },
    required: ['playerLevel', 'gameEdition', 'pmcFaction', 'displayName', 'userId', 'taskProgress'],
  },
};

export const tokenApiSecurityScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: `${apiTokenPrefix}… (personal API token)`,
  description:
    `A personal API token made in the account page, sent as \`Authorization: Bearer ${apiTokenPrefix}…\` ` +
    `(never in the address). Scopes: ${apiTokenScopes.join(', ')} (read own progress, read team progress, ` +
    'write own progress). Accepted by the /api/v2 routes only.',
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const refusals = (scope: string) => ({
  400: json(ref('TrackerError'), 'A malformed Authorization header, or a token in the address'),
  401: json(
    ref('TrackerError'),
    `No header, an unknown, revoked or malformed token, or a token without ${scope}`,
  ),
  429: json(ref('TrackerError'), 'Too many calls with this token (Retry-After says when to try again)'),
});

function route(scope: string, summary: string, ok: Json, extra: Json = {}): Json {
  return {
    tags: ['Token API (TarkovTracker v2)'],
    summary: `${summary} (${scope === 'any' ? 'any scope' : `scope ${scope}`})`,
    security: [{ personalToken: [] }],
    ...extra,
    responses: {
      200: ok,
      ...refusals(scope === 'any' ? 'a scope' : scope),
      ...((extra.responses as Json) ?? {}),
    },
  };
}

const message = json(ref('TrackerMessage'), 'Done');
const body = (schema: Json) => ({ required: true, content: { 'application/json': { schema } } });
const pathParam = (name: string, schema: Json) => ({ name, in: 'path', required: true, schema });
const states = { type: 'string', enum: [...taskStates] };

export const tokenApiPaths: Record<string, Record<string, unknown>> = {
  '/api/v2/token': {
    get: route(
      'any',
      "The token's permissions",
      json(
        {
          type: 'object',
          properties: {
            token: { type: 'string' },
            permissions: { type: 'array', items: { type: 'string' } },
          },
        },
        'The token as sent and its scopes',
      ),
    ),
  },
  '/api/v2/progress': {
    get: route(
      'GP',
      "The player's progress in the token's game (task ids are tarkov.dev's)",
      json(
        {
          type: 'object',
          properties: {
            data: ref('TrackerProgress'),
            meta: { type: 'object', properties: { self: { type: 'string' } } },
          },
        },
        'Progress',
      ),
    ),
  },
  '/api/v2/team/progress': {
    get: route(
      'TP',
      "The progress of the player's team in the token's game: the player, then each teammate who shares it (the player alone when in no team)",
      json(
        {
          type: 'object',
          properties: {
            data: { type: 'array', items: ref('TrackerProgress') },
            meta: {
              type: 'object',
              properties: {
                self: { type: 'string' },
                hiddenTeammates: {
                  type: 'array',
                  items: { type: 'string' },
                  description: 'Ids of teammates who do not share their progress',
                },
              },
            },
          },
        },
        'Progress of each member',
      ),
    ),
  },
  '/api/v2/progress/level/{levelValue}': {
    post: route('WP', "Sets the player's level", message, {
      parameters: [pathParam('levelValue', { type: 'integer', minimum: 1 })],
    }),
  },
  '/api/v2/progress/task/{taskId}': {
    post: route('WP', "Sets a task's state (an id the game lacks changes nothing)", message, {
      parameters: [pathParam('taskId', { type: 'string' })],
      requestBody: body({ type: 'object', properties: { state: states }, required: ['state'] }),
    }),
  },
  '/api/v2/progress/tasks': {
    post: route('WP', 'Sets the state of many tasks at once', message, {
      requestBody: body({
        oneOf: [
          {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'string' }, state: states },
              required: ['id', 'state'],
            },
          },
          { type: 'object', additionalProperties: states },
        ],
      }),
    }),
  },
  '/api/v2/progress/task/objective/{objectiveId}': {
    post: route('WP', "Sets an objective's state and/or count", message, {
      parameters: [pathParam('objectiveId', { type: 'string' })],
      requestBody: body({
        type: 'object',
        properties: {
          state: { type: ['string', 'null'], enum: ['completed', 'uncompleted', null] },
          count: { type: ['integer', 'null'], minimum: 0 },
        },
      }),
    }),
  },
};
