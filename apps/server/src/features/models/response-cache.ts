import { createHash, webcrypto } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { constants, serverMessages } from '@waypoint/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http/errors.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Variant = 'identity' | 'gzip' | 'br';

/** A guest's answer exactly as it went out (every hook's headers included), to be sent again as is. */
export interface Replay {
  /** Names and values in turn, as `writeHead` takes them. */
  headers: string[];
  body: Buffer;
  /** The route's pattern, as metrics name it. */
  route: string;
}

interface Entry {
  key: string;
  etag: string;
  body: Buffer;
  type: string;
  gzip?: Buffer;
  br?: Buffer;
  /** Compressions under way, so that concurrent requests wait for one instead of starting their own. */
  compressing?: Partial<Record<'gzip' | 'br', Promise<Buffer>>>;
  /** Bytes this entry holds: key, body and compressed forms. */
  size: number;
  /** The full answers sent to guests, per encoding: their headers are computed once per entry. */
  replays?: Partial<Record<Variant, Replay>>;
}

/** What `send` answered a request with, for `remember` to keep once the answer is out. */
const answered = Symbol('answered');
type Answered = { entry: Entry; variant: Variant; body: Buffer; generation: number };
type WithAnswer = FastifyRequest & { [answered]?: Answered };

/** Request addresses mapped to their entries at most; beyond, the map starts over. */
const MAX_ALIASES = 20_000;

export interface ResponseCacheOptions {
  /** Bytes the cache may hold; an answer bigger than this is served but not kept. */
  maxBytes: number;
  /** Answers computed at once (one per class of answer); further misses wait their turn. */
  concurrency?: number;
  /** Misses that may wait; beyond, the server is busy (503). */
  maxWaiting?: number;
  /** Answers one client (address) may have computed per second, after a burst of `missBurst`; 0: no limit. */
  missesPerSecond?: number;
  missBurst?: number;
  onHit?: () => void;
  onMiss?: () => void;
  /**
   * True when this request must not be answered from the cache: its client wrote through another
   * process whose change this one has not heard of yet (read-your-writes across processes).
   */
  mustReadFresh?: (request: RequestHead) => boolean;
}

/** What the cache reads of a request before it is routed: a raw request has it, as Fastify's does. */
export interface RequestHead {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

/** Bodies below this size are sent as they are: compressing them costs more than it saves. */
const COMPRESS_ABOVE = 1024;
/** Bodies above this size are hashed on the thread pool. */
const HASH_OFF_THREAD_ABOVE = 64 * 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A body already serialized (large lists are written page by page, see list-pages.ts), JSON unless
 * another content type is given (binary marker chunks).
 */
export class Serialized {
  constructor(
    readonly body: Buffer,
    readonly type = JSON_TYPE,
  ) {}
}

/**
 * Refuses query parameters a route does not read, naming the first, so that no two spellings of
 * one answer are computed or kept twice (the cache key is built from the parsed parameters).
 */
export function onlyKnownQuery(query: unknown, known: ReadonlySet<string>) {
  for (const name in query as Record<string, unknown>) {
    if (!known.has(name)) {
      const field = `query.${name}`;
      throw badRequest(`Invalid ${field}: not a parameter of this route`, [
        { field, message: 'Not a parameter of this route' },
      ]);
    }
  }
}

/**
 * A token bucket per client address for answers that must be computed: reading what is cached is
 * free, but one client cannot keep the server busy computing distinct large answers for everyone.
 */
class MissBudget {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Seconds until the client may compute again; 0 when it may now (and the token is taken). */
  take(client: string, now = Date.now()): number {
    if (this.perSecond <= 0) return 0;
    let bucket = this.buckets.get(client);
    if (!bucket) {
      // Forget idle clients now and then; a full bucket is the same as no bucket.
      if (this.buckets.size >= 100_000) this.buckets.clear();
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(client, bucket);
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / this.perSecond);
  }
}

/**
 * One computation at a time per class of answer (scope, kind and model), at most `limit` in all;
 * waiting classes take turns. A flood of one kind (say, distinct large marker lists) so occupies
 * one lane and never makes a different answer wait behind all of it.
 */
class Gate {
  private running = 0;
  private waitingCount = 0;
  private busy = new Set<string>();
  private queues = new Map<string, (() => void)[]>();

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(group: string, task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit || this.busy.has(group)) {
      if (this.waitingCount >= this.maxWaiting) throw new HttpError(503, serverMessages.serverBusy);
      this.waitingCount++;
      await new Promise<void>((resolve) => {
        const queue = this.queues.get(group);
        if (queue) queue.push(resolve);
        else this.queues.set(group, [resolve]);
      });
    } else {
      this.running++;
      this.busy.add(group);
    }
    try {
      return await task();
    } finally {
      this.release(group);
    }
  }

  /** Frees the lane of `group`, then starts waiting tasks of free classes, oldest class first. */
  private release(group: string) {
    this.running--;
    this.busy.delete(group);
    for (const [waiting, queue] of this.queues) {
      if (this.running >= this.limit) return;
      if (this.busy.has(waiting)) continue;
      const next = queue.shift() as () => void;
      this.queues.delete(waiting);
      // A class that still waits goes to the back of the turn.
      if (queue.length > 0) this.queues.set(waiting, queue);
      this.waitingCount--;
      this.running++;
      this.busy.add(waiting);
      next();
    }
  }
}

/**
 * Serialized (and lazily compressed) public read answers, keyed by the normalized request and
 * dropped as a whole on any content write (in this process, and in the others through the cache
 * bus). Reads are far more frequent than writes, so the cost of a read becomes a map lookup; ETag +
 * 304 spares the bytes too.
 *
 * Bounded by bytes, least recently used first out. A missing answer is computed once however many
 * requests ask for it at the same moment, by a bounded number of computations at once; it is
 * compressed and hashed on the thread pool, so that a burst of large answers never stalls the
 * event loop for the other requests.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  /** A guest's request address (path and query as sent) → the entry it was answered with. */
  private aliases = new Map<string, Entry>();
  private computing = new Map<string, Promise<Entry>>();
  private generation = 0;
  private held = 0;
  private bypass = false;
  private readonly gate: Gate;
  private readonly budget: MissBudget;

  constructor(private readonly options: ResponseCacheOptions) {
    this.gate = new Gate(options.concurrency ?? 4, options.maxWaiting ?? 256);
    this.budget = new MissBudget(options.missesPerSecond ?? 0, options.missBurst ?? 20);
  }

  /** Bytes held now. */
  get bytes() {
    return this.held;
  }

  /** Answers held now. */
  get size() {
    return this.entries.size;
  }

  get maxBytes() {
    return this.options.maxBytes;
  }

  /** Changes with every drop of the cache (any content write): derived data keyed by it is current. */
  get version() {
    return this.generation;
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.aliases.clear();
    this.computing.clear();
    this.held = 0;
  }

  /**
   * While on, nothing is kept or served from the cache (its content might be stale, e.g. while
   * the signal of other processes' writes is lost); switching either way drops what is held.
   */
  setBypass(on: boolean) {
    this.bypass = on;
    this.invalidate();
  }

  get bypassed() {
    return this.bypass;
  }

  /**
   * Answers from the cache, or computes, stores and answers the body. `ready`: the body is made
   * already (a chunk of a built set), so a miss costs no computation and takes nothing from the
   * client's miss budget.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    compute: () => Promise<unknown>,
    ready = false,
  ) {
    if (this.options.mustReadFresh?.(request)) {
      const wait = this.budget.take(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, serverMessages.tooManyRequests);
      }
      return this.answer(request, reply, await this.build(key, compute));
    }
    const found = this.entries.get(key);
    if (found) {
      // Most recently used last: eviction takes from the front.
      this.entries.delete(key);
      this.entries.set(key, found);
      this.options.onHit?.();
      return this.answer(request, reply, found);
    }
    this.options.onMiss?.();
    let pending = this.computing.get(key);
    if (!pending) {
      const wait = ready ? 0 : this.budget.take(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, serverMessages.tooManyRequests);
      }
      const generation = this.generation;
      // The class of an answer: scope, kind and model (or map), the key's first three parts.
      const group = key.split('|', 3).join('|');
      pending = this.gate.run(group, () => this.build(key, compute));
      this.computing.set(key, pending);
      const settle = () => {
        if (this.computing.get(key) === pending) this.computing.delete(key);
      };
      pending.then((entry) => {
        settle();
        // A write that happened while computing makes this answer stale: do not keep it.
        if (generation === this.generation && !this.bypass) this.store(entry);
      }, settle);
    }
    return this.answer(request, reply, await pending);
  }

  private async build(key: string, compute: () => Promise<unknown>): Promise<Entry> {
    const value = await compute();
    const body = value instanceof Serialized ? value.body : Buffer.from(JSON.stringify(value));
    const type = value instanceof Serialized ? value.type : JSON_TYPE;
    const digest =
      body.length > HASH_OFF_THREAD_ABOVE
        ? Buffer.from(await webcrypto.subtle.digest('SHA-1', body)).toString('base64url')
        : createHash('sha1').update(body).digest('base64url');
    return { key, body, type, etag: `"${digest}"`, size: key.length + body.length };
  }

  private store(entry: Entry) {
    if (entry.size > this.options.maxBytes) return;
    this.entries.set(entry.key, entry);
    this.held += entry.size;
    this.evict(entry);
  }

  /** Drops the least recently used answers until the bound holds; `keep` goes last if at all. */
  private evict(keep: Entry) {
    if (this.held <= this.options.maxBytes) return;
    for (const [key, entry] of this.entries) {
      if (this.held <= this.options.maxBytes) return;
      if (entry === keep) continue;
      this.entries.delete(key);
      this.held -= entry.size;
    }
    if (this.held > this.options.maxBytes && this.entries.get(keep.key) === keep) {
      this.entries.delete(keep.key);
      this.held -= keep.size;
    }
  }

  /** The compressed form of an entry, made once on the thread pool; counted in the bound if kept. */
  private compressed(entry: Entry, encoding: 'gzip' | 'br'): Promise<Buffer> {
    const ready = entry[encoding];
    if (ready) return Promise.resolve(ready);
    entry.compressing ??= {};
    let pending = entry.compressing[encoding];
    if (!pending) {
      pending =
        encoding === 'br'
          ? brotliAsync(entry.body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
              },
            })
          : gzipAsync(entry.body, { level: 6 });
      entry.compressing[encoding] = pending;
      pending.then(
        (data) => {
          if (entry.compressing) delete entry.compressing[encoding];
          entry[encoding] = data;
          entry.size += data.length;
          if (this.entries.get(entry.key) === entry) {
            this.held += data.length;
            this.evict(entry);
          }
        },
        () => {
          if (entry.compressing) delete entry.compressing[encoding];
        },
      );
    }
    return pending;
  }

  private async answer(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    reply.type(entry.type);
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    const variant = variantOf(request, entry);
    const generation = this.generation;
    if (variant !== 'identity') {
      // Already compressed (the usual case): no waiting at all.
      const body = entry[variant] ?? (await this.compressed(entry, variant));
      (request as WithAnswer)[answered] = { entry, variant, body, generation };
      return reply.header('content-encoding', variant).send(body);
    }
    (request as WithAnswer)[answered] = { entry, variant, body: entry.body, generation };
    return reply.send(entry.body);
  }

  /**
   * Called once an answer is out: a guest's plain 200 answer from the cache is kept with the
   * headers it went out with (every hook's: security headers, caching, CORS), so that the next guest
   * asking the same address gets the same bytes without running the hooks or the route again.
   */
  remember(request: FastifyRequest, reply: FastifyReply) {
    const done = (request as WithAnswer)[answered];
    if (!done || !isPlainRead(request) || request.routeOptions.config?.role !== 'guest') return;
    if (reply.statusCode !== 200 || request.routeOptions.url === undefined) return;
    const { entry, variant, body, generation } = done;
    if (generation !== this.generation || this.entries.get(entry.key) !== entry) return;
    entry.replays ??= {};
    if (!entry.replays[variant]) {
      const headers: string[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
      }
      entry.replays[variant] = { headers, body, route: request.routeOptions.url };
    }
    if (this.aliases.size >= MAX_ALIASES) this.aliases.clear();
    this.aliases.set(request.url, entry);
  }

  /**
   * The answer to send a guest at once, before the request is routed, when the same address was
   * answered from the cache before and nothing was written since (a miss runs the route as usual).
   * Only addresses of guest routes are remembered, so the address alone says the route is one.
   */
  replay(request: RequestHead): Replay | undefined {
    if (!isPlainRead(request) || this.bypass || request.url === undefined) return undefined;
    const entry = this.aliases.get(request.url);
    if (!entry) return undefined;
    if (this.entries.get(entry.key) !== entry) {
      this.aliases.delete(request.url);
      return undefined;
    }
    const replay = entry.replays?.[variantOf(request, entry)];
    if (!replay || this.options.mustReadFresh?.(request)) return undefined;
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
    this.options.onHit?.();
    return replay;
  }
}

/**
 * A GET without credentials, a validator or the reader's own writes: what any guest asking the same
 * address of a guest route is answered is the same (a 304 for a validator, everything about a
 * logged-in reader, and a read right after one's own write, which is answered privately, go through
 * the route).
 */
function isPlainRead(request: RequestHead): boolean {
  const headers = request.headers;
  return (
    request.method === 'GET' &&
    headers.authorization === undefined &&
    headers['if-none-match'] === undefined &&
    headers[constants.writtenHeader] === undefined
  );
}

/** The encoding an entry is sent in: compressed when it is worth it and the client takes it. */
function variantOf(request: RequestHead, entry: Entry): Variant {
  if (entry.body.length <= COMPRESS_ABOVE) return 'identity';
  const accepts = request.headers['accept-encoding'] ?? '';
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
}
