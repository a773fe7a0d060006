import { zId } from '@waypoint/shared';
import { zSavedRecipeInput } from '@waypoint/shared/schedule-one/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/errors.ts';
import { noStore } from '../../http/no-store.ts';
import { writeRateLimit } from '../limits/limits.ts';
import { onlyKnownQuery } from '../models/response-cache.ts';
import { createSavedRecipes, mixingContent } from './mixing.service.ts';

const zGame = z.object({ gameId: zId });
const zSaved = zGame.extend({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const noParameters = new Set<string>();

/** The Schedule I tools' reads (one cached answer per game) and the players' saved mixes. */
export function registerMixingRoutes(app: FastifyInstance) {
  const { db, cache, config } = app.ctx;
  const saved = createSavedRecipes(db);
  const guest = { config: { role: 'guest' as const } };
  const user = { config: { role: 'user' as const } };
  const userWrite = { config: { role: 'user' as const, rateLimit: writeRateLimit(config, 'suggestion') } };

  app.get('/api/mixing/:gameId', guest, async (request, reply) => {
    const { gameId } = parse(zGame, request.params, 'params');
    onlyKnownQuery(request.query, noParameters);
    return cache.send(request, reply, `public|mixing|${gameId}`, () => mixingContent(db, gameId));
  });

  app.get('/api/user/recipes/:gameId', user, async (request, reply) => {
    noStore(reply);
    return saved.list(request.user!.id, parse(zGame, request.params, 'params').gameId);
  });

  app.post('/api/user/recipes/:gameId', userWrite, async (request, reply) => {
    noStore(reply);
    const { gameId } = parse(zGame, request.params, 'params');
    const body = parse(zSavedRecipeInput, request.body, 'body');
    return reply.status(201).send(await saved.save(request.user!.id, gameId, body));
  });

  app.delete('/api/user/recipes/:gameId/:id', userWrite, async (request, reply) => {
    noStore(reply);
    const { gameId, id } = parse(zSaved, request.params, 'params');
    await saved.remove(request.user!.id, gameId, id);
    return reply.status(204).send();
  });
}
