import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { writtenHeader } from '../models/cache-bus.ts';

/** Request headers that make an answer one client's own: a shared cache keys on them (Vary). */
const personalHeaders = ['authorization', writtenHeader];

function addVary(reply: FastifyReply, names: string[]) {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const lower = current.map((v) => v.toLowerCase());
  reply.header('vary', [...current, ...names.filter((n) => !lower.includes(n))].join(', '));
}

/**
 * Cache headers of the read API's guest answers (GET `/api/…` routes open to guests), for a CDN or
 * caching proxy in front of the site:
 * - a guest's answer may be kept by shared caches for `apiSharedMaxAgeSeconds` and then served while
 *   revalidated for `apiStaleWhileRevalidateSeconds`; browsers keep nothing (`max-age=0`) and
 *   revalidate with its ETag (answered 304 when unchanged);
 * - a logged-in read (Authorization) and a read right after one's own write (the written-change
 *   header the web app sends back for a few seconds) are `private, no-cache`, and both headers are in
 *   `Vary`, so a shared cache never answers them with a guest copy: the app's own clients see a
 *   content write at once, guests behind a CDN within the shared lifetime, direct guests at once (the
 *   server's own cache is dropped on every write).
 * Answers without an ETag of their own (not from the response cache) get one from their body.
 * Answers that set their own Cache-Control (other than `no-cache`) keep it.
 */
export function registerSharedCaching(app: FastifyInstance) {
  const { apiSharedMaxAgeSeconds: shared, apiStaleWhileRevalidateSeconds: stale } = app.ctx.config;
  const publicValue =
    shared > 0
      ? `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=${Math.max(0, stale)}`
      : 'no-cache';
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (request.routeOptions.config?.role !== 'guest' || !request.url.startsWith('/api/')) return payload;
    if (reply.statusCode !== 200 && reply.statusCode !== 304) return payload;
    const own = String(reply.getHeader('cache-control') ?? 'no-cache');
    if (own !== 'no-cache') return payload;
    const personal = personalHeaders.some((h) => request.headers[h] !== undefined);
    addVary(reply, personalHeaders);
    reply.header('cache-control', personal ? 'private, no-cache' : publicValue);
    if (reply.statusCode === 200 && !reply.hasHeader('etag') && !reply.hasHeader('content-encoding')) {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) {
        reply.code(304);
        reply.removeHeader('content-length');
        return '';
      }
    }
    return payload;
  });
}
