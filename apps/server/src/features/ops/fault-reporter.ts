import type { FastifyBaseLogger } from 'fastify';
import type { FaultKind } from '../../db/faults.ts';
import type { Metrics } from './metrics.ts';

type Kind = FaultKind | 'database_connection_lost';

/** A fault seen again within this time is the same outage: counted, not logged again. */
const quietMs = 10_000;

const describe: Record<Kind, string> = {
  database_unavailable: 'database unreachable: requests that need it answer 503 until it is back',
  database_slow: 'database too slow: requests that wait on it answer 503',
  storage_full: 'storage full: writes answer 507 and save nothing until space is freed',
  storage_unavailable:
    'picture storage unreachable: uploads and map processing answer 503 and save nothing until it is back',
  database_connection_lost: 'database connection lost: the pool opens a new one on next use',
};

/**
 * Counts storage faults (metric per kind) and writes one log line when an outage of a kind starts
 * and one when it has been quiet again for a while, instead of one per failed request.
 */
export function createFaultReporter(log: FastifyBaseLogger, metrics: Metrics) {
  const lastSeen = new Map<Kind, number>();
  const timers = new Map<Kind, NodeJS.Timeout>();
  return function report(kind: Kind, error: unknown) {
    metrics.faults.inc({ kind });
    const now = Date.now();
    const last = lastSeen.get(kind);
    lastSeen.set(kind, now);
    if (last === undefined || now - last > quietMs) {
      log.error({ fault: kind, err: error }, describe[kind]);
    }
    metrics.faultActive.set({ kind }, 1);
    clearTimeout(timers.get(kind));
    const timer = setTimeout(() => {
      timers.delete(kind);
      metrics.faultActive.set({ kind }, 0);
      log.info({ fault: kind }, `no ${kind.replaceAll('_', ' ')} fault for ${quietMs / 1000} s`);
    }, quietMs);
    timer.unref();
    timers.set(kind, timer);
  };
}
