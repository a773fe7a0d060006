import { zId, zNewBan, zRoleChange, zUserSearchQuery } from '@waypoint/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/errors.ts';
import { actorOf } from '../auth/policy.ts';
import type { CommunityService } from './community.service.ts';

const zUserParams = z.object({ id: zId });
const zBanParams = z.object({ id: z.string().uuid() });

/**
 * The admin panel's users page and a user's own standing. Moderator routes take the game the
 * moderator acts in as `gameId` (query or body); the policy lets them through for that game only.
 */
export function registerCommunityRoutes(app: FastifyInstance, community: CommunityService) {
  const user = { config: { role: 'user' as const } };
  const moderator = { config: { role: 'moderator' as const } };

  /** The caller's game roles and bans in force: the pages show why suggesting is closed. */
  app.get('/api/users/standing', user, async (request) => community.standing(actorOf(request).id));

  /** The caller's accepted suggestions per game: their profile shows their standing as a contributor. */
  app.get('/api/users/contributions', user, async (request) => community.contributions(actorOf(request).id));

  app.get('/api/admin/users', moderator, async (request) => {
    const { q, limit } = parse(zUserSearchQuery, request.query, 'query');
    return { data: await community.search(q, limit) };
  });

  app.get('/api/admin/users/:id', moderator, async (request) => {
    const { id } = parse(zUserParams, request.params, 'params');
    return community.detail(id, actorOf(request), request.gameScope);
  });

  app.post('/api/admin/roles', moderator, async (request) =>
    community.grant(parse(zRoleChange, request.body, 'body'), actorOf(request)),
  );

  app.post('/api/admin/roles/revoke', moderator, async (request) =>
    community.revoke(parse(zRoleChange, request.body, 'body'), actorOf(request)),
  );

  app.post('/api/admin/bans', moderator, async (request, reply) => {
    const answer = await community.ban(parse(zNewBan, request.body, 'body'), actorOf(request));
    return reply.status(201).send(answer);
  });

  app.delete('/api/admin/bans/:id', moderator, async (request) => {
    const { id } = parse(zBanParams, request.params, 'params');
    return community.lift(id, actorOf(request));
  });
}
