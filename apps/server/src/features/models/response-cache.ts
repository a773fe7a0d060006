import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  etag: string;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** Bodies below this size are sent as they are: compressing them costs more than it saves. */
const COMPRESS_ABOVE = 1024;

/**
 * Serialized (and lazily compressed) public read answers, keyed by request, dropped as a whole on
 * any content write. Reads are far more frequent than writes, so the cost of a read becomes a
 * map lookup; ETag + 304 spares the bytes too. The cache lives in one process: several server
 * processes over one PostgreSQL database would each need to hear of the others' writes.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly maxEntries = 2000) {}

  invalidate() {
    this.generation++;
    this.entries.clear();
  }

  /** Answers from the cache, or computes, stores and answers the body. */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, compute: () => Promise<unknown>) {
    let entry = this.entries.get(key);
    if (!entry) {
      const generation = this.generation;
      const body = Buffer.from(JSON.stringify(await compute()));
      entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      // A write that happened while computing makes this answer stale: do not keep it.
      if (generation === this.generation) {
        if (this.entries.size >= this.maxEntries)
          this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, entry);
      }
    }
    return this.answer(request, reply, entry);
  }

  private answer(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
    reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    reply.type('application/json; charset=utf-8');
    if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (entry.body.length > COMPRESS_ABOVE) {
      if (/\bbr\b/.test(accepts)) {
        entry.br ??= brotliCompressSync(entry.body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
          },
        });
        return reply.header('content-encoding', 'br').send(entry.br);
      }
      if (/\bgzip\b/.test(accepts)) {
        entry.gzip ??= gzipSync(entry.body, { level: 6 });
        return reply.header('content-encoding', 'gzip').send(entry.gzip);
      }
    }
    return reply.send(entry.body);
  }
}
