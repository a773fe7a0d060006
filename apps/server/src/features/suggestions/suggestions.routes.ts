import {
  zComment,
  zDownvote,
  zId,
  zMapSuggestionsQuery,
  zMarkerReport,
  zNewSuggestion,
  zSuggestionDecision,
  zSuggestionIdBody,
  zUpvote,
} from '@waypoint/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { parse } from '../../http/errors.ts';
import { actorOf } from '../auth/policy.ts';
import { writeRateLimit } from '../limits/limits.ts';
import type { MarkerService } from './markers.service.ts';
import type { SuggestionService } from './suggestions.service.ts';

const zIdParams = z.object({ id: zId });
const zMapParams = z.object({ mapId: zId });
const zUserParams = z.object({ username: z.string().trim().min(1).max(64) });
/** `suggestMode=true` on the marker calls says the map is in suggest mode (§4). */
const zSuggestMode = z.object({ suggestMode: z.enum(['true', 'false']).optional() });
/** A marker body: the placed-marker fields the map's forms send (checked by the registry schema). */
const zMarkerBody = z.record(z.string(), z.unknown());

/** Suggestion elements can be large (a route of thousands of points): their own body limit. */
const SUGGESTION_BODY_LIMIT = 1024 * 1024;

const suggestMode = (request: FastifyRequest) =>
  parse(zSuggestMode, request.query, 'query').suggestMode === 'true';

/** The suggestion API of §7.4, the map's marker operations and marker freshness reports. */
export function registerSuggestionRoutes(
  app: FastifyInstance,
  deps: { suggestions: SuggestionService; markers: MarkerService; config: Config },
) {
  const { suggestions, markers, config } = deps;
  const user = { config: { role: 'user' as const } };
  const admin = { config: { role: 'admin' as const } };
  // Moderators of the game the request names decide its suggestions; admins any.
  const moderator = { config: { role: 'moderator' as const } };
  // Community writes are limited per user (SUGGESTION_RATE_LIMIT, COMMENT_RATE_LIMIT, VOTE_RATE_LIMIT).
  const limited = (kind: 'suggestion' | 'comment' | 'vote', bodyLimit?: number) => ({
    config: {
      role: 'user' as const,
      rateLimit: writeRateLimit(config, kind),
      ...(bodyLimit ? { bodyLimit } : {}),
    },
    ...(bodyLimit ? { bodyLimit } : {}),
  });
  const suggestionWrite = limited('suggestion', SUGGESTION_BODY_LIMIT);
  const suggestionDelete = limited('suggestion');

  app.post('/api/suggestion', suggestionWrite, async (request, reply) => {
    const created = await suggestions.create(parse(zNewSuggestion, request.body, 'body'), actorOf(request));
    // §7.4: the answer's data is a string holding the new suggestion's _id.
    return reply.status(201).send({ data: created._id, suggestion: created });
  });

  app.patch('/api/suggestions/:id', suggestionWrite, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return suggestions.update(id, request.body, actorOf(request));
  });

  app.delete('/api/suggestions/:id', suggestionDelete, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return suggestions.remove(id, actorOf(request));
  });

  app.post('/api/suggestions/:id/comment', limited('comment'), async (request, reply) => {
    const { id } = parse(zIdParams, request.params, 'params');
    const { comment } = parse(zComment, request.body, 'body');
    return reply.status(201).send(await suggestions.comment(id, comment, actorOf(request)));
  });

  app.get('/api/suggestions/:id/comments', user, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return suggestions.comments(id, actorOf(request));
  });

  app.get('/api/map/:mapId/suggestions', user, async (request) => {
    const { mapId } = parse(zMapParams, request.params, 'params');
    const page = parse(zMapSuggestionsQuery, request.query, 'query');
    const data = await suggestions.mapSuggestions(mapId, actorOf(request), page);
    return { data, limit: page.limit, skip: page.skip };
  });

  app.get('/api/suggestions/:id/votes', user, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return suggestions.votes(id, actorOf(request));
  });

  for (const [path, direction, schema, key] of [
    ['upvote', 1, zUpvote, 'upvote'],
    ['downvote', -1, zDownvote, 'downvote'],
  ] as const) {
    app.post(`/api/suggestions/:id/${path}`, limited('vote'), async (request) => {
      const { id } = parse(zIdParams, request.params, 'params');
      return suggestions.vote(id, direction, actorOf(request));
    });
    app.patch(`/api/suggestions/:id/${path}`, limited('vote'), async (request) => {
      const { id } = parse(zIdParams, request.params, 'params');
      const body = parse(schema, request.body, 'body') as Record<string, boolean>;
      return suggestions.vote(id, direction, actorOf(request), body[key]);
    });
  }

  // One decision handler and answer shape (SuggestionDecisionAnswer) for the SPEC's two paths: by
  // ids (`suggestionIds`), or in bulk by user and/or parent (the review page's Approve All).
  for (const decision of ['accept', 'reject'] as const) {
    app.post(`/api/admin/suggestions/${decision}`, moderator, async (request) => {
      const body = parse(zSuggestionDecision, request.body ?? {}, 'body');
      return suggestions.decide(body, decision, actorOf(request));
    });
  }

  app.delete('/api/admin/suggestions/delete', admin, async (request) => {
    const { suggestionId } = parse(zSuggestionIdBody, request.body, 'body');
    return suggestions.remove(suggestionId, actorOf(request));
  });

  app.delete('/api/admin/suggestions/user/:username', admin, async (request) => {
    const { username } = parse(zUserParams, request.params, 'params');
    return suggestions.removeOpenOfUser(username, actorOf(request));
  });

  app.post('/api/markers/:mapId', suggestionWrite, async (request, reply) => {
    const { mapId } = parse(zMapParams, request.params, 'params');
    const body = parse(zMarkerBody, request.body ?? {}, 'body');
    const answer = await markers.create(mapId, body, actorOf(request), suggestMode(request));
    return reply.status(201).send(answer);
  });

  app.patch('/api/markers/:id', suggestionWrite, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    const body = parse(zMarkerBody, request.body ?? {}, 'body');
    return markers.update(id, body, actorOf(request), suggestMode(request));
  });

  app.delete('/api/markers/:id', suggestionDelete, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return markers.remove(id, actorOf(request), suggestMode(request));
  });

  app.post('/api/markers/:id/confirm', limited('vote'), async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return markers.confirm(id, actorOf(request));
  });

  app.post('/api/markers/:id/report', limited('vote'), async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    const { kind } = parse(zMarkerReport, request.body ?? {}, 'body');
    return markers.report(id, actorOf(request), kind);
  });
}
