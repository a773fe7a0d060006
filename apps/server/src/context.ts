import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { DeclaredRoute } from './features/auth/policy.ts';
import type { TokenService } from './features/auth/tokens.ts';
import type { Mailer } from './features/mail/mailer.ts';
import type { CacheBus } from './features/models/cache-bus.ts';
import type { ModelWriter } from './features/models/models.service.ts';
import type { ResponseCache } from './features/models/response-cache.ts';
import type { Metrics } from './features/ops/metrics.ts';
import type { Clock } from './jobs/clock.ts';
import type { ObjectStore } from './storage/index.ts';
import type { SmallObjectCache } from './storage/memory-cache.ts';

/** What every feature may use; features receive it instead of building their own. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Pictures, thumbnails and tile pyramids (DATA_DIR or an S3 bucket). */
  store: ObjectStore;
  /** The small objects of `store` at versioned addresses, kept in memory (IMAGE_CACHE_MB). */
  storeCache: SmallObjectCache;
  writer: ModelWriter;
  cache: ResponseCache;
  /** Call `cacheBus.changed()` after any content write (drops every process's response cache). */
  cacheBus: CacheBus;
  /** Prometheus metrics the features add to (served at /metrics). */
  metrics: Metrics;
  tokens: TokenService;
  mailer: Mailer;
  /** The time the background workers go by (jobs/clock.ts). */
  clock: Clock;
  /** Every /api route with the role it declares (the permission tests walk these). */
  routes: DeclaredRoute[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
