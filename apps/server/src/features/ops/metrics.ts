import client from 'prom-client';
import type { Db } from '../../db/database.ts';
import type { ResponseCache } from '../models/response-cache.ts';

/** The server's own Prometheus metrics, in a registry of their own (one per app). */
export interface Metrics {
  registry: client.Registry;
  cacheHits: client.Counter;
  cacheMisses: client.Counter;
  /** Maps waiting for or in tile processing, counted in the database on each scrape (all processes). */
  jobQueueDepth: client.Gauge;
}

export function createMetrics(db: Db, cache: () => ResponseCache): Metrics {
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
  return {
    registry,
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
        const row = await db.kysely
          // biome-ignore lint/suspicious/noExplicitAny: content tables are declared by the registry
          .selectFrom('map' as any)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('imageProcessStatus', 'in', ['PENDING', 'PROCESSING'])
          .executeTakeFirst();
        this.set(Number(row?.count ?? 0));
      },
    }),
  };
}
