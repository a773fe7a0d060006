import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createWebhookDispatcher } from './webhook-dispatcher.ts';
import { queueContentChange } from './webhook-events.ts';
import { createSecretBox, type SecretBox } from './webhook-secrets.ts';
import { deleteWebhooksOfGames, replaceWebhookSecret, webhookSecrets } from './webhooks.repository.ts';
import { registerWebhookRoutes } from './webhooks.routes.ts';
import { createWebhookService } from './webhooks.service.ts';

/**
 * Outgoing webhooks per game: the admin routes, the content-change events of the one writer
 * (queued in the write's transaction), and this process's share of sending the queue.
 */
export function registerWebhooks(app: FastifyInstance, ctx: AppContext) {
  const secrets = createSecretBox(ctx.config.webhookSecretKeys);
  const dispatcher = createWebhookDispatcher(ctx.db, ctx.config, app.log, secrets, ctx.clock);
  ctx.writer.onContentChange(queueContentChange);
  // A deleted game takes its webhooks and their queue with it (its own deletion is not announced).
  ctx.writer.onContentChange(async (trx, change) => {
    if (change.model === 'game' && change.action === 'delete')
      await deleteWebhooksOfGames(
        trx,
        change.records.map((r) => String(r._id)),
      );
  });
  registerWebhookRoutes(app, createWebhookService({ db: ctx.db, config: ctx.config, dispatcher, secrets }));
  app.addHook('onReady', async () => {
    await sealStoredSecrets(ctx, secrets, app.log);
    dispatcher.start();
  });
  app.addHook('onClose', async () => dispatcher.stop());
}

/**
 * Seals secrets stored in plain text (before sealing existed) and ones sealed with an earlier key
 * (a rotation) with the current key. One the keys cannot open is left as it is, and logged.
 */
export async function sealStoredSecrets(
  ctx: Pick<AppContext, 'db'>,
  secrets: SecretBox,
  log: FastifyInstance['log'],
): Promise<void> {
  for (const row of await webhookSecrets(ctx.db.kysely)) {
    if (secrets.isCurrent(row.secret)) continue;
    const plain = secrets.open(row.secret);
    if (plain === undefined) {
      log.warn({ webhook: row.id }, 'webhook secret sealed with an unknown key: set it again');
      continue;
    }
    await replaceWebhookSecret(ctx.db.kysely, row.id, row.secret, secrets.seal(plain));
  }
}
