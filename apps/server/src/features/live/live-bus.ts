import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { LiveMessage } from '../../db/live-outbox.ts';
import type { CacheBus } from '../models/cache-bus.ts';
import type { LiveHub, NumberedMessage } from './live-hub.ts';

/** The channel of live events on the cache bus's connection (outside `public` it carries the schema). */
export const liveChannel = 'waypoint_live';

/** PostgreSQL refuses a notification's payload from 8,000 bytes on. */
const MAX_PAYLOAD_BYTES = 7_900;

/** A message too large for one notification, said shorter: the page refetches instead. */
function shrink(message: NumberedMessage): NumberedMessage {
  if (message.kind === 'progress') return { ...message, data: { what: 'all' } };
  if (message.kind === 'content') return { ...message, data: { ...message.data, mapIds: [] } };
  return message;
}

/**
 * Carries the committed writes' live events (`db.live`) to every process's hub: on PostgreSQL as
 * notifications on the cache bus's listening connection, so every process (this one too) hears
 * them in the same order, the order their ids are kept in for resuming; on SQLite in the process.
 * While the bus does not listen events go unheard: when it listens again every stream gets a reset.
 */
export function startLiveBus(options: {
  db: Db;
  cacheBus: CacheBus;
  /** Drops the response cache: another process's content event may be heard before its cache notice. */
  invalidateCache: () => void;
  hub: LiveHub;
  log: FastifyBaseLogger;
}) {
  const { db, cacheBus, hub, log } = options;
  const origin = randomUUID().slice(0, 8);
  let sequence = 0;
  const nextId = () => `${origin}-${(++sequence).toString(36)}`;
  let wasListening: boolean | undefined;

  cacheBus.listen(
    liveChannel,
    (payload) => {
      let message: NumberedMessage;
      try {
        message = JSON.parse(payload) as NumberedMessage;
      } catch {
        log.warn('live: an unreadable event on the bus');
        return;
      }
      // This process dropped its cache when it wrote; its own event, heard later, must not drop the
      // answers cached since.
      if (message.kind === 'content' && !message.id.startsWith(`${origin}-`)) options.invalidateCache();
      hub.deliver(message);
    },
    (listening) => {
      if (listening && wasListening === false) hub.gap(nextId());
      wasListening = listening;
    },
  );

  // The first id kept: a stream opened before any event still resumes from its start.
  hub.gap(nextId());

  const stop = db.live.onPublish((message: LiveMessage) => {
    const numbered: NumberedMessage = { ...message, id: nextId() };
    let payload = JSON.stringify(numbered);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) payload = JSON.stringify(shrink(numbered));
    cacheBus.notify(liveChannel, payload).catch((error) => {
      log.error({ err: error }, 'live: could not send an event to the other processes');
    });
  });
  return { close: stop };
}
