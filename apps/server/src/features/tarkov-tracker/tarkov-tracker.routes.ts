import { zId } from '@waypoint/shared';
import { zGameSettings } from '@waypoint/shared/api-tokens/schemas';
import {
  zObjectiveBody,
  zSourceTaskId,
  zTaskStateBody,
  zTaskUpdates,
} from '@waypoint/shared/api-tokens/tarkov-tracker';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { type ApiPrincipal, actorOf } from '../auth/policy.ts';
import type { TarkovTrackerService } from './tarkov-tracker.service.ts';

/** TarkovTracker's texts for the answers below (its handlers' own). */
const texts = {
  levelOk: 'Level updated successfully.',
  levelBad: 'Invalid level value provided.',
  taskOk: 'Task updated successfully.',
  taskBad: "Invalid state provided. Should be 'completed', 'failed', or 'uncompleted'.",
  taskId: 'Task ID is required.',
  tasksOk: 'Tasks updated successfully.',
  tasksBody: 'Invalid request body format.',
  tasksState: 'Invalid status value found in batch update.',
  objectiveOk: 'Task objective updated successfully.',
  objectiveId: 'Invalid objective ID format.',
  objectiveBad: 'Invalid status value.',
  objectiveFull: 'Too many objectives tracked in this game.',
} as const;

/** A player's progress is never kept by a shared cache. */
const answer = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('cache-control', 'no-store').send(body);

/** The token API's bodies are small: a list of task states at most. */
const bodyLimit = 256 * 1024;

/**
 * TarkovTracker's v2 API (`/api/v2/…`), answered for the game a personal token names, with
 * TarkovTracker's shapes, status codes and `{error}` bodies, so that its companion apps work when
 * pointed at this site. Task ids are tarkov.dev's ids, which the tarkov.dev import keeps in its quest
 * ids. Each route declares the token scope it needs (the policy checks it) instead of a role.
 */
export function registerTarkovTrackerRoutes(app: FastifyInstance, service: TarkovTrackerService) {
  const gp = { config: { apiScope: 'GP' as const } };
  const tp = { config: { apiScope: 'TP' as const } };
  const wp = { config: { apiScope: 'WP' as const, bodyLimit } };
  const principal = (request: FastifyRequest): ApiPrincipal => {
    if (!request.apiPrincipal) throw new Error('Token API route reached without a token');
    return request.apiPrincipal;
  };

  // Any valid token reads its own permissions, whatever its scopes, as on TarkovTracker.
  app.get('/api/v2/token', { config: { apiScope: 'any' } }, async (request, reply) => {
    const p = principal(request);
    return answer(reply, 200, { permissions: p.scopes, token: p.token });
  });

  app.get('/api/v2/progress', gp, async (request, reply) => {
    const p = principal(request);
    return answer(reply, 200, { data: await service.progress(p), meta: { self: p.userId } });
  });

  // The player's team in the token's game (the player alone when in none); teammates who do not
  // share their progress are listed in hiddenTeammates, as TarkovTracker lists the hidden ones.
  app.get('/api/v2/team/progress', tp, async (request, reply) => {
    const p = principal(request);
    const team = await service.teamProgress(p);
    return answer(reply, 200, { data: team.data, meta: { self: p.userId, hiddenTeammates: team.hidden } });
  });

  app.post('/api/v2/progress/level/:levelValue', wp, async (request, reply) => {
    const { levelValue } = request.params as { levelValue: string };
    if (!(await service.setLevel(principal(request), levelValue)))
      return answer(reply, 400, { error: texts.levelBad });
    return answer(reply, 200, { message: texts.levelOk });
  });

  app.post('/api/v2/progress/task/:taskId', wp, async (request, reply) => {
    const { taskId } = request.params as { taskId: string };
    if (!zSourceTaskId.safeParse(taskId).success) return answer(reply, 400, { error: texts.taskId });
    const body = zTaskStateBody.safeParse(request.body);
    if (!body.success) return answer(reply, 400, { error: texts.taskBad });
    await service.setTasks(principal(request), [{ id: taskId, state: body.data.state }]);
    return answer(reply, 200, { message: texts.taskOk });
  });

  app.post('/api/v2/progress/tasks', wp, async (request, reply) => {
    const raw = request.body;
    const isList = Array.isArray(raw);
    if (!raw || typeof raw !== 'object' || (isList ? raw : Object.keys(raw)).length === 0)
      return answer(reply, 400, { error: texts.tasksBody });
    const body = zTaskUpdates.safeParse(raw);
    if (!body.success) return answer(reply, 400, { error: texts.tasksState });
    const updates = Array.isArray(body.data)
      ? body.data
      : Object.entries(body.data).map(([id, state]) => ({ id, state }));
    await service.setTasks(principal(request), updates);
    return answer(reply, 200, { message: texts.tasksOk });
  });

  app.post('/api/v2/progress/task/objective/:objectiveId', wp, async (request, reply) => {
    const { objectiveId } = request.params as { objectiveId: string };
    if (!zSourceTaskId.safeParse(objectiveId).success)
      return answer(reply, 400, { error: texts.objectiveId });
    const body = zObjectiveBody.safeParse(request.body);
    if (!body.success) return answer(reply, 400, { error: texts.objectiveBad });
    const change = {
      ...(body.data.state != null ? { complete: body.data.state === 'completed' } : {}),
      ...(body.data.count != null ? { count: body.data.count } : {}),
    };
    if (!(await service.setObjective(principal(request), objectiveId, change)))
      return answer(reply, 400, { error: texts.objectiveFull });
    return answer(reply, 200, { message: texts.objectiveOk });
  });
}

const zGameParams = z.object({ gameId: zId });

/**
 * The player's game edition and faction per game (the account page's setting; companion apps read
 * them through the progress route). Session routes.
 */
export function registerGameSettingRoutes(app: FastifyInstance, service: TarkovTrackerService) {
  const user = { config: { role: 'user' as const, ownProgress: true } };
  app.get('/api/user/game-settings/:gameId', user, async (request, reply) => {
    const { gameId } = parse(zGameParams, request.params, 'params');
    noStore(reply);
    return service.gameSettings(actorOf(request).id, gameId);
  });
  app.put('/api/user/game-settings/:gameId', user, async (request, reply) => {
    const { gameId } = parse(zGameParams, request.params, 'params');
    const body = parse(zGameSettings, request.body, 'body');
    noStore(reply);
    return service.saveGameSettings(actorOf(request).id, gameId, body);
  });
}
