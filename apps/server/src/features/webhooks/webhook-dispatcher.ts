import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryEvent, WebhookFormat } from '@waypoint/shared';
import { webhookMessages } from '@waypoint/shared/webhook-messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';
import { createLeasedWorker } from '../../jobs/leased-worker.ts';
import { signWebhook, webhookBody, webhookHeaders } from './webhook-body.ts';
import type { SecretBox } from './webhook-secrets.ts';
import { postWebhook, type SendResult } from './webhook-sender.ts';
import {
  type ClaimedDelivery,
  claimDue,
  claimedDeliveries,
  findDelivery,
  insertDeliveries,
  pruneFinished,
  recordAttempt,
  releaseClaimsOf,
} from './webhooks.repository.ts';

const unreadableSecret = webhookMessages.secretUnreadable;

/** Rounds of `webhookConcurrency` sends one claim holds. */
const ROUNDS = 4;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 3600_000;
/** Finished deliveries are kept this long for the admin page, then removed. */
const KEEP_FINISHED_MS = 7 * 24 * 3600_000;

/** The wait before attempt `attempts + 1`: doubling from `baseMs`, ±20 % so retries spread out. */
export function backoffMs(baseMs: number, attempts: number, random = Math.random()): number {
  const plain = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + 0.4 * random));
}

/**
 * Sends the queued webhook deliveries of every game, in each server process. A process claims a
 * few due deliveries at a time with one conditional update per batch (a row goes to one process
 * only), sends them in parallel, and writes each outcome only while it still holds the claim. A
 * claim older than the lease (its process died mid-send) is taken over, so a delivery may be sent
 * twice but never lost: receivers drop repeats by the idempotency key (the delivery id). Requests
 * never wait for this: they only queue rows in their own transaction.
 */
export function createWebhookDispatcher(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
  secrets: SecretBox,
  clock: Clock,
) {
  const concurrency = Math.max(1, config.webhookConcurrency);
  // A few rounds of sends per claim: fewer claim and outcome statements per delivery under a burst.
  const batch = concurrency * ROUNDS;
  const worker = createLeasedWorker({
    name: 'webhook queue',
    log,
    clock,
    pollMs: config.webhookPollMs,
    // Long enough for every round of a batch to run into its timeout.
    leaseMs: config.webhookTimeoutMs * (ROUNDS + 1) + 5_000,
    claim: (claim, now, expiredBefore) =>
      claimDue(db.kysely, claim, now.toISOString(), expiredBefore.toISOString(), batch),
    run: async (_won, claim) => {
      await sendClaimed(claim);
      return true;
    },
    prune: {
      everyMs: 3600_000,
      run: (now) => pruneFinished(db.kysely, new Date(now.getTime() - KEEP_FINISHED_MS).toISOString()),
    },
    release: (prefix) => releaseClaimsOf(db.kysely, prefix),
  });

  /** Sends one claimed delivery; answers the outcome to record. */
  async function attempt(delivery: ClaimedDelivery) {
    const secret = secrets.open(delivery.secret);
    const body = webhookBody(
      {
        id: delivery.id,
        event: delivery.event as WebhookDeliveryEvent,
        gameId: delivery.gameId,
        payload: delivery.payload,
      },
      delivery.format as WebhookFormat,
    );
    const timestamp = Math.floor(clock.now() / 1000);
    // A secret sealed with a key this site no longer has cannot sign: the delivery fails, saying so.
    const result = await (secret === undefined
      ? Promise.resolve<SendResult>({ error: unreadableSecret })
      : postWebhook(
          delivery.url,
          body,
          {
            [webhookHeaders.event]: delivery.event,
            [webhookHeaders.delivery]: delivery.id,
            [webhookHeaders.idempotencyKey]: delivery.id,
            [webhookHeaders.timestamp]: String(timestamp),
            [webhookHeaders.signature]: signWebhook(secret, timestamp, body),
          },
          { timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivate },
        )
    ).catch((error: unknown): SendResult => ({ error: String(error) }));
    const now = new Date(clock.now());
    const attempts = delivery.attempts + 1;
    const ok = result.error === '';
    const giveUp = !ok && attempts >= config.webhookMaxAttempts;
    const wait = Math.max(backoffMs(config.webhookRetryBaseMs, attempts), result.retryAfterMs ?? 0);
    return {
      id: delivery.id,
      outcome: {
        state: ok ? 'delivered' : giveUp ? 'failed' : 'pending',
        attempts,
        nextAttemptAt: ok || giveUp ? now.toISOString() : new Date(now.getTime() + wait).toISOString(),
        lastAttemptAt: now.toISOString(),
        lastStatus: result.status ?? null,
        lastError: result.error.slice(0, 500),
        deliveredAt: ok ? now.toISOString() : null,
      },
    };
  }

  /** Sends what `claim` holds in parallel, then records the outcomes in one transaction. */
  async function sendClaimed(claim: string): Promise<number> {
    const list = await claimedDeliveries(db.kysely, claim);
    const outcomes: Awaited<ReturnType<typeof attempt>>[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, list.length) }, async () => {
        while (next < list.length) outcomes.push(await attempt(list[next++]!));
      }),
    );
    const dropped = await inTransaction(db, async (trx) => {
      let lost = 0;
      for (const { id, outcome } of outcomes) if (!(await recordAttempt(trx, id, claim, outcome))) lost++;
      return lost;
    });
    if (dropped) log.info({ dropped }, 'webhook delivery outcomes dropped: claims taken over');
    return list.length;
  }

  return {
    /** Looks for due deliveries now and every `webhookPollMs` (queued by any process). */
    start: worker.start,
    kick: worker.kick,
    /**
     * Sends a test event to one webhook now, through the queue's own attempt (signature, address
     * rules, retries if it fails), and answers the delivery as recorded after this first attempt.
     */
    async sendTest(webhook: { id: string; gameId: string }) {
      const claim = worker.newClaim();
      const now = new Date(clock.now()).toISOString();
      const id = randomUUID();
      await insertDeliveries(db.kysely, [
        {
          id,
          webhookId: webhook.id,
          gameId: webhook.gameId,
          event: 'test',
          payload: JSON.stringify({ occurredAt: now, data: { message: 'test' } }),
          state: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          claimedBy: claim,
          claimedAt: now,
          lastAttemptAt: null,
          lastStatus: null,
          lastError: '',
          deliveredAt: null,
          createdAt: now,
        },
      ]);
      await sendClaimed(claim);
      return (await findDelivery(db.kysely, id))!;
    },
    /** Stops looking and hands the deliveries this process holds back to the queue. */
    stop: worker.stop,
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
