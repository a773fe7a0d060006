import { createHash, webcrypto } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { messages } from '@waypoint/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http/errors.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Entry {
  key: string;
  etag: string;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** Compressions under way, so that concurrent requests wait for one instead of starting their own. */
  compressing?: Partial<Record<'gzip' | 'br', Promise<Buffer>>>;
  /** Bytes this entry holds: key, body and compressed forms. */
  size: number;
}

export interface ResponseCacheOptions {
  /** Bytes the cache may hold; an answer bigger than this is served but not kept. */
  maxBytes: number;
  /** Answers computed at once; further misses wait their turn so that the event loop stays free. */
  concurrency?: number;
  /** Misses that may wait; beyond, the server is busy (503). */
  maxWaiting?: number;
  onHit?: () => void;
  onMiss?: () => void;
}

/** Bodies below this size are sent as they are: compressing them costs more than it saves. */
const COMPRESS_ABOVE = 1024;
/** Bodies above this size are hashed on the thread pool. */
const HASH_OFF_THREAD_ABOVE = 64 * 1024;

/** A body already serialized to JSON (large lists are serialized in slices, see serializeList). */
export class Serialized {
  constructor(readonly body: Buffer) {}
}

/**
 * Serializes `{...head, data}` with the rows in slices, yielding to the event loop between them,
 * so that a list of thousands of rows never holds other requests for long.
 */
export async function serializeList(head: Record<string, unknown>, data: unknown[]): Promise<Serialized> {
  const slice = 500;
  if (data.length <= slice) return new Serialized(Buffer.from(JSON.stringify({ ...head, data })));
  const { count, ...rest } = head;
  const parts: string[] = [`{"count":${JSON.stringify(count)},"data":[`];
  for (let i = 0; i < data.length; i += slice) {
    if (i > 0) {
      parts.push(',');
      await nextTurn();
    }
    parts.push(JSON.stringify(data.slice(i, i + slice)).slice(1, -1));
  }
  const tail = JSON.stringify(rest);
  parts.push(tail === '{}' ? ']}' : `],${tail.slice(1)}`);
  return new Serialized(Buffer.from(parts.join('')));
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

/** At most `limit` tasks at once, the rest in arrival order. */
class Gate {
  private running = 0;
  private waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new HttpError(503, messages.serverBusy);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
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
  private computing = new Map<string, Promise<Entry>>();
  private generation = 0;
  private held = 0;
  private bypass = false;
  private readonly gate: Gate;

  constructor(private readonly options: ResponseCacheOptions) {
    this.gate = new Gate(options.concurrency ?? 2, options.maxWaiting ?? 256);
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

  invalidate() {
    this.generation++;
    this.entries.clear();
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

  /** Answers from the cache, or computes, stores and answers the body. */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<unknown>) {
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
      const generation = this.generation;
      pending = this.gate.run(() => this.build(key, compute));
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
    const digest =
      body.length > HASH_OFF_THREAD_ABOVE
        ? Buffer.from(await webcrypto.subtle.digest('SHA-1', body)).toString('base64url')
        : createHash('sha1').update(body).digest('base64url');
    return { key, body, etag: `"${digest}"`, size: key.length + body.length };
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
    reply.type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    if (entry.body.length > COMPRESS_ABOVE) {
      const accepts = request.headers['accept-encoding'] ?? '';
      if (/\bbr\b/.test(accepts)) {
        return reply.header('content-encoding', 'br').send(await this.compressed(entry, 'br'));
      }
      if (/\bgzip\b/.test(accepts)) {
        return reply.header('content-encoding', 'gzip').send(await this.compressed(entry, 'gzip'));
      }
    }
    return reply.send(entry.body);
  }
}
