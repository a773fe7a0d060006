import type { DigestLanguage } from '@waypoint/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { type Db, inTransaction } from '../../db/database.ts';
import type { Clock } from '../../jobs/clock.ts';
import { createLeasedWorker } from '../../jobs/leased-worker.ts';
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
export function createDigestSender(
  db: Db,
  config: Config,
  mailer: Mailer,
  log: FastifyBaseLogger,
  clock: Clock,
) {
  const interval = Math.max(1, config.notificationDigestMs);

  async function sendOne(userId: string, claim: string) {
    const { user, notifications } = await digestOf(db.kysely, userId);
    let sentAt: string | null = null;
    if (user && notifications.length > 0) {
      await mailer.send(
        digestMail(user.email, user.language as DigestLanguage, notifications, config.webHost),
      );
      sentAt = new Date(clock.now()).toISOString();
    }
    const now = new Date(clock.now()).toISOString();
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

  const worker = createLeasedWorker({
    name: 'notification digests',
    log,
    clock,
    // A quarter interval, at most a minute.
    pollMs: Math.min(MAX_POLL_MS, Math.max(10, interval / 4)),
    leaseMs: LEASE_MS,
    claim: (claim, now, expiredBefore) =>
      claimDueDigests(
        db.kysely,
        claim,
        now.toISOString(),
        new Date(now.getTime() - interval).toISOString(),
        expiredBefore.toISOString(),
        BATCH,
      ),
    run: async (userIds, claim) => {
      let sent = 0;
      for (const userId of userIds) {
        if (worker.stopped) return false;
        try {
          await sendOne(userId, claim);
          sent++;
        } catch (error) {
          // Left claimed: tried again once the lease ends.
          log.error({ err: error, userId }, 'notification digest failed');
        }
      }
      return sent > 0;
    },
    prune: {
      everyMs: PRUNE_EVERY_MS,
      run: (now) =>
        deleteNotificationsBefore(db.kysely, new Date(now.getTime() - KEEP_NOTIFICATIONS_MS).toISOString()),
    },
    release: (prefix) => releaseDigestClaims(db.kysely, prefix),
  });

  return {
    /** Looks for due digests now and every quarter interval (at most every minute); prunes hourly. */
    start: worker.start,
    kick: worker.kick,
    /** Stops looking and hands the digests this process holds back. */
    stop: worker.stop,
  };
}
