import client from 'prom-client';
import type { Db } from '../../db/database.ts';
import type { FaultKind } from '../../db/faults.ts';

/** The server's own Prometheus metrics, in a registry of their own (one per app). */
export interface Metrics {
  registry: client.Registry;
  cacheHits: client.Counter;
  cacheMisses: client.Counter;
  /** Maps waiting for or in tile processing, counted in the database on each scrape (all processes). */
  jobQueueDepth: client.Gauge;
  /** Requests answered 503/507 because of a storage fault, and broken idle connections, by kind. */
  faults: client.Counter<'kind'>;
  /** 1 while a fault of that kind was seen in the last few seconds, else 0. */
  faultActive: client.Gauge<'kind'>;
  /** Seconds from a request's arrival to its answer, by method, route pattern and status. */
  requestDurations: client.Histogram<'method' | 'route' | 'status_code'>;
}

/** Every kind a metric is kept for, so each series exists (at 0) from the start. */
export const faultKinds: (FaultKind | 'database_connection_lost')[] = [
  'database_unavailable',
  'database_slow',
  'storage_full',
  'storage_unavailable',
  'database_connection_lost',
];

/** What the metrics read of the response cache (models/response-cache.ts): its bytes and entries. */
interface CacheSize {
  readonly bytes: number;
  readonly size: number;
}

export function createMetrics(db: Db, cache: () => CacheSize): Metrics {
  const registry = new client.Registry();
  const registers = [registry];
  new client.Gauge({
    name: 'waypoint_response_cache_bytes',
    help: 'Bytes held by the response cache (bodies and compressed forms)',
    registers,
    collect() {
      this.set(cache().bytes);
    },
  });
  new client.Gauge({
    name: 'waypoint_response_cache_entries',
    help: 'Answers held by the response cache',
    registers,
    collect() {
      this.set(cache().size);
    },
  });
  const faults = new client.Counter({
    name: 'waypoint_faults_total',
    help: 'Requests answered 503/507 because the database was unreachable or too slow or storage was full, and idle database connections lost, by kind',
    labelNames: ['kind'],
    registers,
  });
  const faultActive = new client.Gauge({
    name: 'waypoint_fault_active',
    help: '1 while a fault of this kind was seen in the last 10 seconds',
    labelNames: ['kind'],
    registers,
  });
  for (const kind of faultKinds) {
    faults.inc({ kind }, 0);
    faultActive.set({ kind }, 0);
  }
  return {
    registry,
    faults,
    faultActive,
    requestDurations: new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Request duration in seconds',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    cacheHits: new client.Counter({
      name: 'waypoint_response_cache_hits_total',
      help: 'Reads answered from the response cache',
      registers,
    }),
    cacheMisses: new client.Counter({
      name: 'waypoint_response_cache_misses_total',
      help: 'Reads the response cache had to compute',
      registers,
    }),
    jobQueueDepth: new client.Gauge({
      name: 'waypoint_map_jobs_queued',
      help: 'Maps whose tiles wait to be made or are being made (PENDING or PROCESSING)',
      registers,
      async collect() {
        // While the database is down the scrape still answers (with the fault metrics).
        const row = await db.kysely
          // biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
          .selectFrom('map' as any)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('imageProcessStatus', 'in', ['PENDING', 'PROCESSING'])
          .executeTakeFirst()
          .catch(() => undefined);
        if (!row) return;
        this.set(Number(row.count ?? 0));
      },
    }),
  };
}
