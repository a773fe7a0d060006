import path from 'node:path';
import { messages } from '@waypoint/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/errors.ts';
import { isMediaError } from '../../media/errors.ts';
import { mediaKeys, type mediaRoots } from '../../media/paths.ts';
import { contentTypes } from '../../media/sniff.ts';
import type { ObjectBody, ObjectInfo, ObjectStore } from '../../storage/index.ts';
import type { CachedObject, SmallObjectCache } from '../../storage/memory-cache.ts';

/** Unversioned URLs (tiles, links without `?v=`) are revalidated after this long. */
const SHORT_MAX_AGE_S = 300;
const YEAR_S = 31_536_000;

/**
 * The image host: `/uploads/…`, `/thumbs/…` and `/mapTiles/…` streamed from the storage (DATA_DIR
 * or a bucket), with content types from the (server-chosen) extension, ETag/304 and Cache-Control —
 * immutable for a year when the URL carries a version (`?v=`, or a versioned tile pyramid), a short
 * max-age otherwise. What a versioned URL names never changes, so small ones are answered from the
 * process's memory once read (`cache`, IMAGE_CACHE_MB). Paths are checked segment by segment;
 * nothing outside the three folders can be reached. IMAGE_HOST may point a CDN at these.
 */
export function registerImageHost(app: FastifyInstance, store: ObjectStore, cache: SmallObjectCache) {
  const roots: (keyof typeof mediaRoots)[] = ['uploads', 'thumbs', 'mapTiles'];
  for (const root of roots) {
    app.get(`/${root}/*`, { config: { role: 'guest' } }, (request, reply) =>
      serve(request, reply, store, cache, root),
    );
  }
}

function notFoundReply(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-cache').send(errorBody(404, messages.pageNotFound));
}

/** A tile of a versioned pyramid: `mapTiles/{gameId}/{mapId}/{version}/{z}/{x}/{y}.png`. */
const versionedTile = /^mapTiles\/[^/]+\/[^/]+\/[^/]+\/\d+\/\d+\/\d+\.\w+$/;

async function serve(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  cache: SmallObjectCache,
  root: keyof typeof mediaRoots,
) {
  const rest = (request.params as { '*': string })['*'] ?? '';
  let key: string;
  try {
    key = mediaKeys.resolvePublic(root, rest);
  } catch (error) {
    if (isMediaError(error)) return notFoundReply(reply);
    throw error;
  }
  const type = contentTypes[path.extname(key).slice(1).toLowerCase()];
  if (!type || type === 'image/svg+xml') return notFoundReply(reply);
  const inm = request.headers['if-none-match'];
  const v = (request.query as Record<string, unknown>).v;
  const tile = versionedTile.test(key);
  const versioned = typeof v === 'string' || tile;
  // A versioned URL goes through the memory cache (a tile's key holds its version, a picture's URL
  // adds it); else a conditional request asks the metadata first: a match is answered without
  // reading the content.
  const object: ObjectInfo | CachedObject | undefined = versioned
    ? await cache.read(key, tile ? '' : String(v))
    : inm
      ? await store.head(key)
      : await store.get(key);
  if (!object) return notFoundReply(reply);
  const body = (object as Partial<ObjectBody>).body;
  const data = (object as Partial<CachedObject>).data;

  reply
    .header('content-type', type)
    .header('etag', object.etag)
    .header('last-modified', object.lastModified.toUTCString())
    .header(
      'cache-control',
      versioned ? `public, max-age=${YEAR_S}, immutable` : `public, max-age=${SHORT_MAX_AGE_S}`,
    )
    .header('content-security-policy', "default-src 'none'")
    .header('x-content-type-options', 'nosniff');

  if (inm?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === object.etag)) {
    body?.destroy();
    return reply.status(304).send();
  }
  reply.header('content-length', object.size);
  if (data) return reply.send(data);
  if (!body) {
    // A conditional request whose tag did not match: now read the content.
    const full = await store.get(key);
    if (!full) return notFoundReply(reply);
    return reply.send(full.body);
  }
  return reply.send(body);
}
