import { zApiTokenCreate } from '@waypoint/shared/api-tokens/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { actorOf } from '../auth/policy.ts';
import { perUser } from '../limits/limits.ts';
import type { ApiTokenService } from './api-tokens.service.ts';

const zTokenParams = z.object({ id: z.string().uuid() });

/**
 * The account page's token routes: a player's own tokens, listed, created (the secret answered
 * once) and revoked. Session routes: a personal token never reaches them (the policy reads only
 * sessions here).
 */
export function registerApiTokenRoutes(app: FastifyInstance, tokens: ApiTokenService) {
  const user = { role: 'user' as const, ownProgress: true };
  app.get('/api/user/api-tokens', { config: user }, async (request, reply) => {
    noStore(reply);
    return tokens.list(actorOf(request).id);
  });
  app.post(
    '/api/user/api-tokens',
    { config: { ...user, rateLimit: perUser('api-token-create', 20, 60 * 60_000) } },
    async (request, reply) => {
      const body = parse(zApiTokenCreate, request.body, 'body');
      noStore(reply).code(201);
      return tokens.create(actorOf(request).id, body);
    },
  );
  app.delete('/api/user/api-tokens/:id', { config: user }, async (request, reply) => {
    const { id } = parse(zTokenParams, request.params, 'params');
    await tokens.revoke(actorOf(request).id, id);
    return reply.code(204).send();
  });
}
