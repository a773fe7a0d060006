import { zId } from '@waypoint/shared';
import { zTeamCreate, zTeamJoin, zTeamOwner, zTeamSettings } from '@waypoint/shared/teams/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/errors.ts';
import { noStoreOnSend } from '../../http/no-store.ts';
import { actorOf } from '../auth/policy.ts';
import { perUser } from '../limits/limits.ts';
import type { TeamService } from './teams.service.ts';

const zGameParams = z.object({ gameId: zId });

const zInviteParams = zGameParams.extend({ id: z.string().uuid() });
const zMemberParams = zGameParams.extend({ userId: z.string().min(1).max(100) });

/**
 * Teams, one per player and game: the caller's team, its invites and members, what each member
 * shares, and the progress of those who share it. Session routes; answers are never cached.
 */
export function registerTeamRoutes(app: FastifyInstance, teams: TeamService) {
  const user = { role: 'user' as const };
  const me = (request: Parameters<typeof actorOf>[0]) => actorOf(request).id;

  app.get('/api/user/teams/:gameId', { config: user, onSend: noStoreOnSend }, async (request) => {
    const { gameId } = parse(zGameParams, request.params, 'params');
    return { team: await teams.get(me(request), gameId) };
  });
  app.post(
    '/api/user/teams/:gameId',
    { onSend: noStoreOnSend, config: { ...user, rateLimit: perUser('team-create', 20, 60 * 60_000) } },
    async (request, reply) => {
      const { gameId } = parse(zGameParams, request.params, 'params');
      const { name } = parse(zTeamCreate, request.body, 'body');
      reply.code(201);
      return teams.create(me(request), gameId, name);
    },
  );
  app.post(
    '/api/user/teams/:gameId/invites',
    { onSend: noStoreOnSend, config: { ...user, rateLimit: perUser('team-invite', 60, 60 * 60_000) } },
    async (request, reply) => {
      const { gameId } = parse(zGameParams, request.params, 'params');
      reply.code(201);
      return teams.invite(me(request), gameId);
    },
  );
  app.delete(
    '/api/user/teams/:gameId/invites/:id',
    { config: user, onSend: noStoreOnSend },
    async (request, reply) => {
      const { gameId, id } = parse(zInviteParams, request.params, 'params');
      await teams.revokeInvite(me(request), gameId, id);
      return reply.code(204).send();
    },
  );
  // The invite's secret comes in the body, never in the address (logs, history).
  app.post(
    '/api/user/team-invites/join',
    { onSend: noStoreOnSend, config: { ...user, rateLimit: perUser('team-join', 30, 60_000) } },
    async (request) => {
      const { token } = parse(zTeamJoin, request.body, 'body');
      return teams.join(me(request), token);
    },
  );
  app.post(
    '/api/user/teams/:gameId/leave',
    { config: user, onSend: noStoreOnSend },
    async (request, reply) => {
      const { gameId } = parse(zGameParams, request.params, 'params');
      await teams.leave(me(request), gameId);
      return reply.code(204).send();
    },
  );
  app.delete(
    '/api/user/teams/:gameId/members/:userId',
    { config: user, onSend: noStoreOnSend },
    async (request, reply) => {
      const { gameId, userId } = parse(zMemberParams, request.params, 'params');
      await teams.remove(me(request), gameId, userId);
      return reply.code(204).send();
    },
  );
  app.put('/api/user/teams/:gameId/owner', { config: user, onSend: noStoreOnSend }, async (request) => {
    const { gameId } = parse(zGameParams, request.params, 'params');
    const { userId } = parse(zTeamOwner, request.body, 'body');
    return teams.handOver(me(request), gameId, userId);
  });
  app.patch('/api/user/teams/:gameId/settings', { config: user, onSend: noStoreOnSend }, async (request) => {
    const { gameId } = parse(zGameParams, request.params, 'params');
    const settings = parse(zTeamSettings, request.body, 'body');
    return teams.saveSettings(me(request), gameId, settings);
  });
  app.get('/api/user/teams/:gameId/progress', { config: user, onSend: noStoreOnSend }, async (request) => {
    const { gameId } = parse(zGameParams, request.params, 'params');
    return teams.progress(me(request), gameId);
  });
}
