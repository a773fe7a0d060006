import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { DigestLanguage } from '@waypoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { digestMail } from './digest-mail.ts';
import {
  claimDueDigests,
  deleteNotificationsBefore,
  digestOf,
  finishDigest,
  releaseDigestClaims,
} from './notifications.repository.ts';

/** Digests one claim holds. */
const BATCH = 20;
/** A claim older than this (its process died mid-send) is taken over. */
const LEASE_MS = 5 * 60_000;
/** The longest wait between two looks for due digests. */
const MAX_POLL_MS = 60_000;
/** Notifications are kept this long (the bell lists the recent ones), then removed, once an hour. */
export const KEEP_NOTIFICATIONS_MS = 180 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/**
 * Sends the due e-mail digests, in each server process: a process claims a few users' digests with
 * one conditional update (a digest goes to one process only), mails each, and ends it while it still
 * holds the claim (the listed notifications marked mailed). A claim whose process died is taken over
 * after the lease, so a digest may go out twice but is never lost; one that failed to send is tried
 * again then.
 */
export function createDigestSender(db: Db, config: Config, mailer: Mailer, log: FastifyBaseLogger) {
  const worker = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const interval = Math.max(1, config.notificationDigestMs);
  let claims = 0;
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  async function sendOne(userId: string, claim: string) {
    const { user, notifications } = await digestOf(db.kysely, userId);
    let sentAt: string | null = null;
    if (user && notifications.length > 0) {
      await mailer.send(
        digestMail(user.email, user.language as DigestLanguage, notifications, config.webHost),
      );
      sentAt = new Date().toISOString();
    }
    const now = new Date().toISOString();
    const ended = await inTransaction(db, (trx) =>
      finishDigest(
        trx,
        userId,
        claim,
        notifications.map((n) => n.id),
        sentAt,
        now,
      ),
    );
    if (!ended) log.info({ userId }, 'notification digest claim taken over');
  }

  async function drain() {
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await deleteNotificationsBefore(db.kysely, new Date(Date.now() - KEEP_NOTIFICATIONS_MS).toISOString());
    }
    while (!stopped) {
      const now = Date.now();
      const claim = `${worker}#${++claims}`;
      const won = await claimDueDigests(
        db.kysely,
        claim,
        new Date(now).toISOString(),
        new Date(now - interval).toISOString(),
        new Date(now - LEASE_MS).toISOString(),
        BATCH,
      );
      if (won.length === 0) return;
      let sent = 0;
      for (const userId of won) {
        if (stopped) return;
        try {
          await sendOne(userId, claim);
          sent++;
        } catch (error) {
          // Left claimed: tried again once the lease ends.
          log.error({ err: error, userId }, 'notification digest failed');
        }
      }
      if (sent === 0) return;
    }
  }

  function kick(): Promise<void> {
    if (stopped || running) return running ?? Promise.resolve();
    running = drain()
      .catch((error) => {
        if (!stopped) log.error({ err: error }, 'notification digests failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    /** Looks for due digests now and every quarter interval (at most every minute). */
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void kick(), Math.min(MAX_POLL_MS, Math.max(10, interval / 4)));
      timer.unref();
      void kick();
    },
    kick,
    /** Stops looking and hands the digests this process holds back. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      await releaseDigestClaims(db.kysely, `${worker}#`).catch((error) =>
        log.warn({ err: error }, 'could not release notification digest claims'),
      );
    },
  };
}
