import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chunkedAbove } from '@waypoint/shared/map/marker-chunks';
import { privateDirSync } from './storage/private-files.ts';

/** Every setting of the server, read from the environment in this one place (see README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * Where pictures, thumbnails and tile pyramids live: the `local` file system under DATA_DIR, or an
   * S3-compatible bucket (`STORAGE_URL=s3://bucket/prefix` with S3_ENDPOINT, S3_REGION and keys).
   */
  storage: StorageConfig;
  /** How long a replaced tile pyramid stays stored (pages and caches still showing it), in ms. */
  oldTilesGraceMs: number;
  /** `postgres://…` selects PostgreSQL; empty means the embedded SQLite file `$DATA_DIR/waypoint.db`. */
  databaseUrl: string;
  /**
   * PostgreSQL reached without a pooler in between (DATABASE_DIRECT_URL, default DATABASE_URL): the
   * cache bus's LISTEN connection and migrations need a session of their own, which a pooler in
   * transaction mode does not keep.
   */
  databaseDirectUrl: string;
  /**
   * Send the hot queries as named (prepared) statements on PostgreSQL (DATABASE_PREPARED_STATEMENTS,
   * default on); off behind a pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  databasePreparedStatements: boolean;
  /**
   * SQLite's `synchronous` setting in WAL mode: NORMAL survives a process kill but may lose the last
   * commits on a power loss; FULL survives both, at the cost of a sync per commit.
   */
  sqliteSynchronous: 'NORMAL' | 'FULL';
  /** Longest wait for a PostgreSQL connection before a request answers 503. */
  databaseTimeoutMs: number;
  statementTimeoutMs: number;
  /** Longest wait on SIGTERM for requests in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM, how long the process keeps serving while /readyz says it is stopping, before it stops
   * accepting connections: time for a balancer that checks readiness to send new requests elsewhere.
   */
  shutdownDrainMs: number;
  /** Live updates (features/live): open streams per process and per signed-in user. */
  liveMaxStreams: number;
  liveStreamsPerUser: number;
  /** Events each process keeps for streams resuming with Last-Event-ID; older ones get a reset. */
  liveBufferEvents: number;
  /** Bytes a stream may have waiting to be sent before the slow client is dropped. */
  liveMaxQueuedBytes: number;
  jwtSecret: string;
  /**
   * Keys that encrypt webhook secrets in the database: the first seals, every one opens (the others
   * are earlier keys during a rotation). WEBHOOK_SECRET_KEY, then WEBHOOK_SECRET_KEY_PREVIOUS
   * (comma-separated); without it a key generated once in DATA_DIR/webhook-secret-key.
   */
  webhookSecretKeys: string[];
  tokenTtlSeconds: number;
  adminEmail: string;
  adminPassword: string;
  webHost: string;
  apiBase: string;
  imageHost: string;
  /**
   * Guest answers of the read API: how long a shared cache (CDN, proxy) may serve one without asking
   * (`s-maxage`), and how long after that it may serve it while it revalidates; 0: not shared.
   */
  apiSharedMaxAgeSeconds: number;
  apiStaleWhileRevalidateSeconds: number;
  smtpUrl: string;
  mailFrom: string;
  supportEmail: string;
  /** Link of the social button in the bar and footer, and its label. */
  socialUrl: string;
  socialLabel: string;
  /** Store page of the in-game overlay app; empty: the badge opens the promo page. */
  appStoreUrl: string;
  /** URL scheme of the desktop app's deep links (`{scheme}://game/{gameId}/maps/{mapId}`). */
  appUrlScheme: string;
  /** Publisher id of the ad network (`ca-pub-…`); empty: no ad slots at all. */
  adsClient: string;
  /** The ad network's tag (an AdSense-style `adsbygoogle` script), loaded after advertising consent. */
  adsScriptSrc: string;
  /** Ad unit id per slot placement (`quest_bottom_center`, …); `default` serves placements not named. */
  adsSlots: Record<string, string>;
  /** Analytics script (Plausible/Umami style), loaded after analytics consent; empty: no analytics. */
  analyticsSrc: string;
  /** The site's name at the analytics service (`data-domain`), and its website id (`data-website-id`). */
  analyticsDomain: string;
  analyticsWebsiteId: string;
  /** Sentry project of the server and the browser (browser: after analytics consent); empty: off. */
  sentryDsn: string;
  sentryEnvironment: string;
  /** The release error reports are tagged with. */
  release: string;
  /** The site's version (package.json), e.g. in the API description. */
  version: string;
  /** Browser error reports per minute per address to `POST /api/client-errors`. */
  clientErrorRateLimit: number;
  /**
   * Which proxies' forwarded headers (X-Forwarded-For, -Host, -Proto) are believed: false (none,
   * the default), a hop count, or proxy addresses/CIDRs. Rate limits count the address it yields.
   */
  trustProxy: false | number | string[];
  /** Requests per minute per address on login, password recovery and account confirmation. */
  authRateLimit: number;
  /** Failed logins per account (e-mail) within the window before its login is locked until the window ends. */
  loginFailureLimit: number;
  loginFailureWindowMinutes: number;
  /** Registrations per hour per address. */
  registerRateLimit: number;
  /** Recovery mails per hour per target e-mail address. */
  forgotPasswordRateLimit: number;
  /** Password changes per hour per user. */
  changePasswordRateLimit: number;
  /** Progress imports (previews included) per hour per user. */
  progressImportRateLimit: number;
  /** Community writes per minute per user: suggestions, comments, votes. */
  suggestionRateLimit: number;
  commentRateLimit: number;
  voteRateLimit: number;
  /** A player's own writes per user per minute: pins and marker notes, GeoJSON imports, share links. */
  pinWriteRateLimit: number;
  pinImportRateLimit: number;
  pinShareRateLimit: number;
  /** Requests per minute per personal API token (the /api/v2 routes). */
  apiTokenRateLimit: number;
  /** Personal API tokens a user may hold at once (revoked ones do not count). */
  apiTokensPerUser: number;
  /** Members a team may have at most. */
  teamMaxMembers: number;
  /** Accounts younger than this many days get a quarter of each community write limit (0: none). */
  newAccountDays: number;
  /** Largest JSON body of admin routes (and of any route without a role). */
  bodyLimitBytes: number;
  /** Largest JSON body of guest routes (login, register, …): a few kilobytes are plenty. */
  guestBodyLimitBytes: number;
  /** Largest JSON body of logged-in users' writes. */
  userBodyLimitBytes: number;
  /** Deepest nesting of arrays and objects a JSON body may have, checked before parsing. */
  maxJsonDepth: number;
  /** Bytes the response cache may hold (bodies and their compressed forms), in MB. */
  responseCacheMb: number;
  /**
   * Bytes of small pictures, thumbnails and tiles at versioned addresses each process keeps in
   * memory, in MB (0: every request reads the storage).
   */
  imageCacheMb: number;
  /** Maps with more placed markers than this send them as binary chunks (marker-chunks.ts). */
  mapChunkedAbove: number;
  /** Answers one client address may have the server compute per second (cached ones are free), after a burst. */
  readMissesPerSecond: number;
  readMissBurst: number;
  /** Load shedding: answer 503 while the mean event-loop delay, the heap or the RSS is above these (0: off). */
  maxEventLoopDelayMs: number;
  maxHeapUsedMb: number;
  maxRssMb: number;
  /** Bearer token that `/metrics` requires; empty: `/metrics` is not served. */
  metricsToken: string;
  uploadLimitBytes: number;
  maxImagePixels: number;
  allowLoopbackFetch: boolean;
  /** Time limit of one image job (decoding, thumbnails, SVG drawing) in its child process, ms. */
  imageJobTimeoutMs: number;
  /** Time limit of cutting one map's tile pyramid, ms. */
  tileJobTimeoutMs: number;
  /** Memory limit of an image or tile child process (resident size and JavaScript heap), MB. */
  imageJobMemoryMb: number;
  /** A map-processing claim not renewed for this long belongs to a dead process and is taken over, ms. */
  jobLeaseMs: number;
  /** How often each server process looks for map-processing jobs queued by any process, ms. */
  jobPollMs: number;
  /** Webhook endpoints may be on private networks and loopback (a bot on the same host or LAN). */
  webhookAllowPrivate: boolean;
  /** Time limit of one webhook delivery attempt, ms; a claim older than five times this plus 5 s is taken over. */
  webhookTimeoutMs: number;
  /** Attempts of one delivery before it is given up (failed). */
  webhookMaxAttempts: number;
  /** Wait before the second attempt, ms; it doubles for each further one (at most an hour). */
  webhookRetryBaseMs: number;
  /** How often each server process looks for due webhook deliveries, ms. */
  webhookPollMs: number;
  /** Deliveries one server process sends at once. */
  webhookConcurrency: number;
  /**
   * A user's e-mail digest of unread notifications goes out this long after the oldest one it lists,
   * and at most once per this interval, ms.
   */
  notificationDigestMs: number;
  seedDemo: boolean;
  /** Draw and tile the images the demo content declares (maps, marker icons) in the background at start. */
  demoImages: boolean;
  logLevel: string;
  webDist: string;
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, got "${raw}"`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/** TRUST_PROXY: empty/false/0 → trust no proxy; a number → that many hops; else a comma list of addresses/CIDRs. */
function trustProxy(env: Env): false | number | string[] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || ['false', 'no', 'off', '0'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** ADS_SLOTS: `placement=unitId` pairs separated by commas, e.g. `quest_bottom_center=123,default=456`. */
function adSlots(env: Env): Record<string, string> {
  const slots: Record<string, string> = {};
  for (const pair of (env.ADS_SLOTS ?? '').split(',')) {
    const [name, id] = pair.split('=').map((part) => part.trim());
    if (name && id) slots[name] = id;
  }
  return slots;
}

function packageVersion(): string {
  try {
    return String(JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version ?? '');
  } catch {
    return '';
  }
}

/** When JWT_SECRET is unset, a secret is generated once and kept in DATA_DIR so sessions survive a restart. */
function jwtSecretFor(dataDir: string, configured: string | undefined): string {
  return keyFileFor(dataDir, 'jwt-secret', configured);
}

/** The configured key, else one generated once into DATA_DIR/`name` (0600) and read from there after. */
function keyFileFor(dataDir: string, name: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  privateDirSync(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function sqliteSynchronous(raw: string | undefined): 'NORMAL' | 'FULL' {
  const value = (raw ?? 'NORMAL').trim().toUpperCase();
  if (value !== 'NORMAL' && value !== 'FULL') throw new Error('SQLITE_SYNCHRONOUS must be NORMAL or FULL');
  return value;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      prefix: string;
      endpoint: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** `STORAGE_URL`: empty (DATA_DIR) or `s3://bucket[/prefix]`. */
function storageConfig(env: Env): StorageConfig {
  const url = (env.STORAGE_URL ?? '').trim();
  if (!url) return { kind: 'local' };
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) throw new Error(`STORAGE_URL must be empty or s3://bucket/prefix, not ${JSON.stringify(url)}`);
  return {
    kind: 's3',
    bucket: match[1],
    prefix: (match[2] ?? '').replace(/^\/+|\/+$/g, ''),
    endpoint: (env.S3_ENDPOINT ?? '').replace(/\/$/, ''),
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  };
}

/**
 * The workspace root (the folder whose package.json lists the workspaces): found by walking up, since
 * this module runs from apps/server/src and, bundled, from apps/server/dist.
 */
export function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    try {
      if (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).workspaces) return dir;
    } catch {
      // No package.json here: keep walking up.
    }
    if (path.dirname(dir) === dir) return path.resolve(from, '../../..');
  }
}

const repoRoot = findRepoRoot(import.meta.dirname);

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = overrides.port ?? int(env, 'PORT', 3000);
  const webHost = (env.WEB_HOST ?? `http://localhost:${port}`).replace(/\/$/, '');
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    storage: storageConfig(env),
    oldTilesGraceMs: int(env, 'OLD_TILES_GRACE_MINUTES', 24 * 60) * 60_000,
    databaseUrl: env.DATABASE_URL ?? '',
    databaseDirectUrl: '',
    databasePreparedStatements: bool(env, 'DATABASE_PREPARED_STATEMENTS', true),
    sqliteSynchronous: sqliteSynchronous(env.SQLITE_SYNCHRONOUS),
    databaseTimeoutMs: int(env, 'DATABASE_TIMEOUT_MS', 10_000),
    statementTimeoutMs: int(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', 0),
    liveMaxStreams: int(env, 'LIVE_MAX_STREAMS', 20_000),
    liveStreamsPerUser: int(env, 'LIVE_STREAMS_PER_USER', 10),
    liveBufferEvents: int(env, 'LIVE_BUFFER_EVENTS', 5_000),
    liveMaxQueuedBytes: int(env, 'LIVE_MAX_QUEUED_KB', 256) * 1024,
    jwtSecret: '',
    webhookSecretKeys: [],
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 3600),
    adminEmail: env.ADMIN_EMAIL ?? 'admin@waypoint.local',
    adminPassword: env.ADMIN_PASSWORD ?? 'waypoint-admin',
    webHost,
    apiBase: (env.API_BASE ?? '').replace(/\/$/, ''),
    imageHost: (env.IMAGE_HOST ?? '').replace(/\/$/, ''),
    apiSharedMaxAgeSeconds: int(env, 'API_SHARED_MAX_AGE_SECONDS', 10),
    apiStaleWhileRevalidateSeconds: int(env, 'API_STALE_WHILE_REVALIDATE_SECONDS', 60),
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'Waypoint <no-reply@waypoint.local>',
    supportEmail: env.SUPPORT_EMAIL ?? 'support@waypoint.local',
    socialUrl: env.SOCIAL_URL ?? 'https://github.com/waypoint-maps',
    socialLabel: env.SOCIAL_LABEL ?? 'Waypoint on GitHub',
    appStoreUrl: env.APP_STORE_URL ?? '',
    appUrlScheme: env.APP_URL_SCHEME ?? 'waypoint',
    adsClient: env.ADS_CLIENT ?? '',
    adsScriptSrc: env.ADS_SCRIPT_SRC || 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js',
    adsSlots: adSlots(env),
    analyticsSrc: env.ANALYTICS_SRC ?? '',
    analyticsDomain: env.ANALYTICS_DOMAIN ?? '',
    analyticsWebsiteId: env.ANALYTICS_WEBSITE_ID ?? '',
    sentryDsn: env.SENTRY_DSN ?? '',
    sentryEnvironment: env.SENTRY_ENVIRONMENT || env.NODE_ENV || 'development',
    release: env.SENTRY_RELEASE || `waypoint@${packageVersion()}`,
    version: packageVersion(),
    clientErrorRateLimit: int(env, 'CLIENT_ERROR_RATE_LIMIT', 30),
    trustProxy: trustProxy(env),
    authRateLimit: int(env, 'AUTH_RATE_LIMIT', 20),
    loginFailureLimit: int(env, 'LOGIN_FAILURE_LIMIT', 10),
    loginFailureWindowMinutes: int(env, 'LOGIN_FAILURE_WINDOW_MINUTES', 15),
    registerRateLimit: int(env, 'REGISTER_RATE_LIMIT', 10),
    forgotPasswordRateLimit: int(env, 'FORGOT_PASSWORD_RATE_LIMIT', 3),
    changePasswordRateLimit: int(env, 'CHANGE_PASSWORD_RATE_LIMIT', 10),
    progressImportRateLimit: int(env, 'PROGRESS_IMPORT_RATE_LIMIT', 30),
    suggestionRateLimit: int(env, 'SUGGESTION_RATE_LIMIT', 60),
    commentRateLimit: int(env, 'COMMENT_RATE_LIMIT', 30),
    voteRateLimit: int(env, 'VOTE_RATE_LIMIT', 120),
    pinWriteRateLimit: int(env, 'PIN_WRITE_RATE_LIMIT', 600),
    pinImportRateLimit: int(env, 'PIN_IMPORT_RATE_LIMIT', 20),
    pinShareRateLimit: int(env, 'PIN_SHARE_RATE_LIMIT', 30),
    apiTokenRateLimit: int(env, 'API_TOKEN_RATE_LIMIT', 60),
    apiTokensPerUser: int(env, 'API_TOKENS_PER_USER', 20),
    teamMaxMembers: int(env, 'TEAM_MAX_MEMBERS', 10),
    newAccountDays: int(env, 'NEW_ACCOUNT_DAYS', 7),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 2 * 1024 * 1024),
    guestBodyLimitBytes: int(env, 'GUEST_BODY_LIMIT_BYTES', 16 * 1024),
    userBodyLimitBytes: int(env, 'USER_BODY_LIMIT_BYTES', 64 * 1024),
    maxJsonDepth: int(env, 'MAX_JSON_DEPTH', 32),
    responseCacheMb: int(env, 'RESPONSE_CACHE_MB', 128),
    imageCacheMb: int(env, 'IMAGE_CACHE_MB', 64),
    mapChunkedAbove: int(env, 'MAP_CHUNKED_ABOVE', chunkedAbove),
    readMissesPerSecond: int(env, 'READ_MISSES_PER_SECOND', 2),
    readMissBurst: int(env, 'READ_MISS_BURST', 20),
    maxEventLoopDelayMs: int(env, 'MAX_EVENT_LOOP_DELAY_MS', 1000),
    maxHeapUsedMb: int(env, 'MAX_HEAP_USED_MB', 1536),
    maxRssMb: int(env, 'MAX_RSS_MB', 3072),
    metricsToken: env.METRICS_TOKEN ?? '',
    uploadLimitBytes: int(env, 'UPLOAD_LIMIT_BYTES', 50 * 1024 * 1024),
    maxImagePixels: int(env, 'MAX_IMAGE_PIXELS', 16384 * 16384),
    allowLoopbackFetch: bool(env, 'ALLOW_LOOPBACK_FETCH', false),
    imageJobTimeoutMs: int(env, 'IMAGE_JOB_TIMEOUT_MS', 60_000),
    tileJobTimeoutMs: int(env, 'TILE_JOB_TIMEOUT_MS', 30 * 60_000),
    imageJobMemoryMb: int(env, 'IMAGE_JOB_MEMORY_MB', 1024),
    jobLeaseMs: int(env, 'JOB_LEASE_MS', 60_000),
    jobPollMs: int(env, 'JOB_POLL_MS', 5_000),
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    webhookMaxAttempts: int(env, 'WEBHOOK_MAX_ATTEMPTS', 8),
    webhookRetryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 30_000),
    webhookPollMs: int(env, 'WEBHOOK_POLL_MS', 1_000),
    webhookConcurrency: int(env, 'WEBHOOK_CONCURRENCY', 8),
    notificationDigestMs: int(env, 'NOTIFICATION_DIGEST_MS', 3600_000),
    seedDemo: bool(env, 'SEED_DEMO', true),
    demoImages: bool(env, 'DEMO_IMAGES', true),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    ...overrides,
  };
  config.databaseDirectUrl = overrides.databaseDirectUrl || env.DATABASE_DIRECT_URL || config.databaseUrl;
  config.jwtSecret = overrides.jwtSecret ?? jwtSecretFor(dataDir, env.JWT_SECRET);
  if (!overrides.webhookSecretKeys?.length)
    config.webhookSecretKeys = [
      keyFileFor(dataDir, 'webhook-secret-key', env.WEBHOOK_SECRET_KEY),
      ...(env.WEBHOOK_SECRET_KEY_PREVIOUS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ];
  return config;
}
