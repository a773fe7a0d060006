import { zNewWebhook, zWebhookItemParams, zWebhookParams, zWebhookPatch } from '@waypoint/shared';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/errors.ts';
import { actorOf } from '../auth/policy.ts';
import type { WebhookService } from './webhooks.service.ts';

/**
 * A game's outgoing webhooks, for admins only: a webhook's URL and secret can send the game's
 * community activity anywhere, so moderators do not manage them (docs/security.md).
 */
export function registerWebhookRoutes(app: FastifyInstance, webhooks: WebhookService) {
  const admin = { config: { role: 'admin' as const } };
  const base = '/api/admin/games/:gameId/webhooks';

  app.get(base, admin, async (request) => {
    const { gameId } = parse(zWebhookParams, request.params, 'params');
    return { data: await webhooks.list(gameId) };
  });

  app.post(base, admin, async (request, reply) => {
    const { gameId } = parse(zWebhookParams, request.params, 'params');
    return reply
      .status(201)
      .send(await webhooks.create(gameId, parse(zNewWebhook, request.body, 'body'), actorOf(request)));
  });

  app.patch(`${base}/:id`, admin, async (request) => {
    const { gameId, id } = parse(zWebhookItemParams, request.params, 'params');
    return webhooks.update(gameId, id, parse(zWebhookPatch, request.body, 'body'));
  });

  app.delete(`${base}/:id`, admin, async (request) => {
    const { gameId, id } = parse(zWebhookItemParams, request.params, 'params');
    return webhooks.remove(gameId, id);
  });

  app.post(`${base}/:id/test`, admin, async (request) => {
    const { gameId, id } = parse(zWebhookItemParams, request.params, 'params');
    return webhooks.test(gameId, id);
  });
}
