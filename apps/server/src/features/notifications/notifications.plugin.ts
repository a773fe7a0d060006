import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createDigestSender } from './digest-sender.ts';
import { registerNotificationRoutes } from './notifications.routes.ts';
import { createNotificationService } from './notifications.service.ts';

/**
 * Notifications: the bell's routes and this process's share of sending the e-mail digests. The
 * notifications themselves are written by the community's event source (community/game-events.ts).
 */
export function registerNotifications(app: FastifyInstance, ctx: AppContext) {
  const digests = createDigestSender(ctx.db, ctx.config, ctx.mailer, app.log, ctx.clock);
  registerNotificationRoutes(app, createNotificationService(ctx.db));
  app.addHook('onReady', async () => digests.start());
  app.addHook('onClose', async () => digests.stop());
}
