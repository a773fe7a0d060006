import {
  serverMessages,
  zId,
  zReviewCountsQuery,
  zReviewHistoryQuery,
  zReviewListQuery,
  zReviewSummaryQuery,
} from '@waypoint/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse, unauthorized } from '../../http/errors.ts';
import type { SuggestionActor } from '../suggestions/suggestions.service.ts';
import type { ReviewService } from './review.service.ts';

const zIdParams = z.object({ id: zId });

function actor(request: FastifyRequest): SuggestionActor {
  if (!request.user) throw unauthorized(serverMessages.loginRequired);
  return { id: request.user.id, username: request.user.username, admin: request.user.admin === true };
}

/** The suggestion review page's API (§2.12): admins only. */
export function registerReviewRoutes(app: FastifyInstance, review: ReviewService) {
  const admin = { config: { role: 'admin' as const } };

  app.get('/api/admin/review/counts', admin, async (request) => {
    const { username } = parse(zReviewCountsQuery, request.query, 'query');
    return review.counts(username);
  });

  app.get('/api/admin/review/suggestions', admin, async (request) => {
    const q = parse(zReviewListQuery, request.query, 'query');
    const { count, data } = await review.list({
      type: q.type,
      filters: { _id: q._id, username: q.username, status: q.status, action: q.action, parentId: q.parentId },
      parent: q.parent,
      user: q.user,
      sort: q.sort,
      order: q.order,
      limit: q.limit,
      skip: q.skip,
    });
    return { count, data, limit: q.limit, skip: q.skip };
  });

  app.get('/api/admin/review/markers', admin, async (request) => {
    const q = parse(zReviewSummaryQuery, request.query, 'query');
    const { count, data } = await review.summary(q);
    return { count, data, limit: q.limit, skip: q.skip };
  });

  app.get('/api/admin/review/suggestions/:id', admin, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return review.detail(id);
  });

  app.get('/api/admin/review/history', admin, async (request) => {
    const { limit, skip } = parse(zReviewHistoryQuery, request.query, 'query');
    const { count, data } = await review.history(limit, skip);
    return { count, data, limit, skip };
  });

  app.post('/api/admin/review/revert/:id', admin, async (request) => {
    const { id } = parse(zIdParams, request.params, 'params');
    return review.revert(id, actor(request));
  });
}
