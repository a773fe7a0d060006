import { live } from '@waypoint/shared/live/events';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { queueLiveMessage } from '../../db/live-outbox.ts';
import { everyone } from '../../db/session-changes.ts';
import { contentMessage } from './content-events.ts';
import { registerLiveRoutes } from './live.routes.ts';
import { createLiveService } from './live.service.ts';
import { startLiveBus } from './live-bus.ts';
import { createLiveHub } from './live-hub.ts';

/** How often every signed-in stream's session is checked, beside the changes heard. */
const SWEEP_MS = 60_000;

/**
 * Live updates: the streams of this process, fed by the committed writes of every process (the
 * cache bus's connection on PostgreSQL), with the content changes of the one writer.
 */
export function registerLive(app: FastifyInstance, ctx: AppContext) {
  const { config, db } = ctx;
  const hub = createLiveHub({
    maxStreams: config.liveMaxStreams,
    streamsPerUser: config.liveStreamsPerUser,
    bufferEvents: config.liveBufferEvents,
    maxQueuedBytes: config.liveMaxQueuedBytes,
    heartbeatMs: live.heartbeatMs,
  });
  const service = createLiveService(db, hub);
  const bus = startLiveBus({
    db,
    cacheBus: ctx.cacheBus,
    invalidateCache: () => ctx.cache.invalidate(),
    hub,
    log: app.log,
  });
  ctx.writer.onContentChange(async (trx, change) => {
    const message = await contentMessage(trx, change);
    if (message) queueLiveMessage(trx, message);
  });
  const check = (userId: string) =>
    service.sessionsChanged(userId).catch((error) => app.log.warn({ err: error }, 'live: session check'));
  db.sessionChanges.onChange(check);
  const sweep = setInterval(() => check(everyone), SWEEP_MS);
  sweep.unref();
  registerLiveRoutes(app, service, hub);
  // Open streams would hold a graceful stop until its timeout: they end first (clients reconnect).
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    bus.close();
    hub.close();
  });
  return hub;
}
