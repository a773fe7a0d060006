import { live } from '@waypoint/shared/live/events';
import { zLiveStreamQuery } from '@waypoint/shared/live/schemas';
import { serverMessages } from '@waypoint/shared/server-messages';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, parse, unauthorized } from '../../http/errors.ts';
import { perUser } from '../limits/limits.ts';
import type { LiveService } from './live.service.ts';
import type { LiveHub } from './live-hub.ts';

/** Proxies must pass the stream on as it is written (nginx reads this header; docs/deploy.md). */
const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
  'x-content-type-options': 'nosniff',
  // As every guest read (public-api.routes.ts): the stream carries no credentials, a ticket at most.
  'access-control-allow-origin': '*',
};

/**
 * The page's stream (server-sent events) and the ticket a signed-in page opens it with. A guest's
 * stream follows one game's content; a signed-in one also the player's own progress and
 * notifications.
 */
export function registerLiveRoutes(app: FastifyInstance, service: LiveService, hub: LiveHub) {
  const ticketLimit = perUser('live-ticket', live.ticketsPerMinute, 60_000);
  app.post(`/api${live.ticketPath}`, { config: { role: 'user', rateLimit: ticketLimit } }, async (request) =>
    service.issueTicket(request.user!),
  );

  app.get(`/api${live.streamPath}`, { config: { role: 'guest' } }, async (request, reply) => {
    const query = parse(zLiveStreamQuery, request.query, 'query');
    const session = query.ticket === undefined ? undefined : await service.redeem(query.ticket);
    if (query.ticket !== undefined && !session) throw unauthorized(serverMessages.liveTicketInvalid);
    if (!session && query.game === undefined)
      throw badRequest(serverMessages.liveGameRequired, [
        { field: 'query.game', message: serverMessages.liveGameRequired },
      ]);
    const refusal = hub.refusal(session?.userId);
    if (refusal === 'user') throw new HttpError(429, serverMessages.liveTooManyStreams);
    if (refusal === 'process') {
      reply.header('retry-after', '30');
      throw new HttpError(503, serverMessages.liveServerFull);
    }
    const header = request.headers['last-event-id'];
    const lastEventId =
      (typeof header === 'string' && header !== '' ? header : undefined) ?? query.lastEventId;
    reply.hijack();
    reply.raw.writeHead(200, streamHeaders);
    // Small writes go out at once rather than waiting for more (Nagle).
    request.raw.socket.setNoDelay(true);
    hub.open(
      {
        userId: session?.userId,
        sessionId: session?.sessionId,
        expiresAt: session?.expiresAt,
        gameId: query.game,
        res: reply.raw,
      },
      lastEventId,
    );
  });
}
