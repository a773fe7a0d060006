import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createWebhookDispatcher } from './webhook-dispatcher.ts';
import { queueContentChange } from './webhook-events.ts';
import { deleteWebhooksOfGames } from './webhooks.repository.ts';
import { registerWebhookRoutes } from './webhooks.routes.ts';
import { createWebhookService } from './webhooks.service.ts';

/**
 * Outgoing webhooks per game: the admin routes, the content-change events of the one writer
 * (queued in the write's transaction), and this process's share of sending the queue.
 */
export function registerWebhooks(app: FastifyInstance, ctx: AppContext) {
  const dispatcher = createWebhookDispatcher(ctx.db, ctx.config, app.log);
  ctx.writer.onContentChange(queueContentChange);
  // A deleted game takes its webhooks and their queue with it (its own deletion is not announced).
  ctx.writer.onContentChange(async (trx, change) => {
    if (change.model === 'game' && change.action === 'delete')
      await deleteWebhooksOfGames(
        trx,
        change.records.map((r) => String(r._id)),
      );
  });
  registerWebhookRoutes(app, createWebhookService({ db: ctx.db, config: ctx.config, dispatcher }));
  app.addHook('onReady', async () => dispatcher.start());
  app.addHook('onClose', async () => dispatcher.stop());
}
