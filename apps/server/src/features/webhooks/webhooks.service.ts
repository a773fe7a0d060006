import { randomUUID } from 'node:crypto';
import {
  type NewWebhookBody,
  serverMessages,
  type WebhookDeliveryView,
  type WebhookEvent,
  type WebhookFormat,
  type WebhookPatchBody,
  type WebhookView,
} from '@waypoint/shared';
import { webhookMessages } from '@waypoint/shared/webhook-messages';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { hostRefusal } from '../../media/remote.ts';
import type { Actor } from '../auth/policy.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';
import type { SecretBox } from './webhook-secrets.ts';
import {
  countPending,
  type DeliveryRow,
  deleteWebhook,
  findWebhook,
  gameExists,
  insertWebhook,
  listWebhooks,
  recentDeliveries,
  updateWebhook,
  type WebhookRow,
} from './webhooks.repository.ts';

/** Deliveries the admin page lists per webhook. */
const RECENT = 10;

function deliveryView(d: DeliveryRow): WebhookDeliveryView {
  return {
    id: d.id,
    event: d.event as WebhookDeliveryView['event'],
    state: d.state as WebhookDeliveryView['state'],
    attempts: d.attempts,
    createdAt: d.createdAt,
    lastAttemptAt: d.lastAttemptAt,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt : null,
    deliveredAt: d.deliveredAt,
  };
}

export interface WebhookDeps {
  db: Db;
  config: Config;
  dispatcher: WebhookDispatcher;
  secrets: SecretBox;
}

/** A game's outgoing webhooks (admins only): list with their last deliveries, add, change, remove, test. */
export function createWebhookService({ db, config, dispatcher, secrets }: WebhookDeps) {
  const kysely = db.kysely;

  async function view(row: WebhookRow): Promise<WebhookView> {
    return {
      id: row.id,
      gameId: row.gameId,
      url: row.url,
      secretHint: (secrets.open(row.secret) ?? '????').slice(-4),
      events: JSON.parse(row.events) as WebhookEvent[],
      format: row.format as WebhookFormat,
      enabled: row.enabled === 1,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      pending: await countPending(kysely, row.id),
      recent: (await recentDeliveries(kysely, row.id, RECENT)).map(deliveryView),
    };
  }

  /** The URL's host must be one the server may reach (the image fetcher's rules): a 400 naming it. */
  async function checkReachable(url: string) {
    const refusal = await hostRefusal(new URL(url), { allowPrivate: config.webhookAllowPrivate });
    if (refusal) {
      const message = webhookMessages.urlRefused(refusal);
      throw badRequest(`Invalid body.url: ${message}`, [{ field: 'body.url', message }]);
    }
  }

  async function ensureGame(gameId: string) {
    if (!(await gameExists(kysely, gameId))) throw notFound(serverMessages.notFound('Game', gameId));
  }

  async function existing(gameId: string, id: string): Promise<WebhookRow> {
    const row = await findWebhook(kysely, gameId, id);
    if (!row) throw notFound(serverMessages.notFound('Webhook', id));
    return row;
  }

  return {
    async list(gameId: string): Promise<WebhookView[]> {
      await ensureGame(gameId);
      return Promise.all((await listWebhooks(kysely, gameId)).map(view));
    },

    async create(gameId: string, body: NewWebhookBody, actor: Actor): Promise<WebhookView> {
      await ensureGame(gameId);
      await checkReachable(body.url);
      const now = new Date().toISOString();
      const row: WebhookRow = {
        id: randomUUID(),
        gameId,
        url: body.url,
        secret: secrets.seal(body.secret),
        events: JSON.stringify(body.events),
        format: body.format,
        enabled: body.enabled ? 1 : 0,
        createdBy: actor.username,
        createdAt: now,
        updatedAt: now,
      };
      await insertWebhook(kysely, row);
      return view(row);
    },

    async update(gameId: string, id: string, patch: WebhookPatchBody): Promise<WebhookView> {
      if (Object.keys(patch).length === 0) throw badRequest('Invalid body: no field to change');
      await existing(gameId, id);
      if (patch.url !== undefined) await checkReachable(patch.url);
      await updateWebhook(kysely, gameId, id, {
        ...(patch.url !== undefined ? { url: patch.url } : {}),
        ...(patch.secret !== undefined ? { secret: secrets.seal(patch.secret) } : {}),
        ...(patch.events !== undefined ? { events: JSON.stringify(patch.events) } : {}),
        ...(patch.format !== undefined ? { format: patch.format } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
        updatedAt: new Date().toISOString(),
      });
      return view(await existing(gameId, id));
    },

    async remove(gameId: string, id: string): Promise<{ removed: string }> {
      if (!(await deleteWebhook(kysely, gameId, id))) throw notFound(serverMessages.notFound('Webhook', id));
      return { removed: id };
    },

    /** Sends a test event now; answers the delivery after its first attempt. */
    async test(gameId: string, id: string): Promise<WebhookDeliveryView> {
      const row = await existing(gameId, id);
      return deliveryView(await dispatcher.sendTest(row));
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
