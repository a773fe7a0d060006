import {
  zId,
  zReviewCountsQuery,
  zReviewHistoryQuery,
  zReviewListQuery,
  zReviewSummaryQuery,
} from '@waypoint/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/errors.ts';
import { actorOf } from '../auth/policy.ts';
import type { ReviewService } from './review.service.ts';

const zIdParams = z.object({ id: zId });

/**
 * The suggestion review page's API (§2.12): admins, and moderators for the game they name
 * (`gameId`), which then limits every list to that game.
 */
export function registerReviewRoutes(app: FastifyInstance, review: ReviewService) {
  const moderator = { config: { role: 'moderator' as const } };

  app.get('/api/admin/review/counts', moderator, async (request) => {
    const { username } = parse(zReviewCountsQuery, request.query, 'query');
    return review.counts(username, request.gameScope);
  });

  app.get('/api/admin/review/suggestions', moderator, async (request) => {
    const q = parse(zReviewListQuery, request.query, 'query');
    const { count, data, authors } = await review.list({
      type: q.type,
      filters: { _id: q._id, username: q.username, status: q.status, action: q.action, parentId: q.parentId },
      parent: q.parent,
      user: q.user,
      gameId: request.gameScope,
      sort: q.sort,
      order: q.order,
      limit: q.limit,
      skip: q.skip,
    });
    return { count, data, authors, limit: q.limit, skip: q.skip };
  });

  app.get('/api/admin/review/markers', moderator, async (request) => {
    const q = parse(zReviewSummaryQuery, request.query, 'query');
    const { count, data } = await review.summary({ ...q, gameId: request.gameScope });
    return { count, data, limit: q.limit, skip: q.skip };
  });

  app.get('/api/admin/review/suggestions/:id', moderator, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return review.detail(id, actorOf(request));
  });

  app.get('/api/admin/review/history', moderator, async (request) => {
    const { limit, skip } = parse(zReviewHistoryQuery, request.query, 'query');
    const { count, data } = await review.history(limit, skip, request.gameScope);
    return { count, data, limit, skip };
  });

  app.post('/api/admin/review/revert/:id', moderator, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return review.revert(id, actorOf(request));
  });
}
