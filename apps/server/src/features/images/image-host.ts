import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@waypoint/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../http/errors.ts';
import { isMediaError } from '../../media/errors.ts';
import type { MediaStorage, mediaRoots } from '../../media/paths.ts';
import { contentTypes } from '../../media/sniff.ts';

/** Unversioned URLs (tiles, links without `?v=`) are revalidated after this long. */
const SHORT_MAX_AGE_S = 300;
const YEAR_S = 31_536_000;

/**
 * The image host: `/uploads/…`, `/thumbs/…` and `/mapTiles/…` straight from DATA_DIR, with content
 * types from the (server-chosen) extension, ETag/304 and Cache-Control — immutable for a year when
 * the URL carries the image version (`?v=`), a short max-age otherwise. Paths are checked segment by
 * segment; nothing outside the three folders can be reached. IMAGE_HOST may point a CDN at these.
 */
export function registerImageHost(app: FastifyInstance, storage: MediaStorage) {
  const roots: (keyof typeof mediaRoots)[] = ['uploads', 'thumbs', 'mapTiles'];
  for (const root of roots) {
    app.get(`/${root}/*`, { config: { role: 'guest' } }, (request, reply) =>
      serve(request, reply, storage, root),
    );
  }
}

function notFoundReply(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-cache').send(errorBody(404, messages.pageNotFound));
}

async function serve(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: MediaStorage,
  root: keyof typeof mediaRoots,
) {
  const rest = (request.params as { '*': string })['*'] ?? '';
  let file: string;
  try {
    file = storage.resolvePublic(root, rest);
  } catch (error) {
    if (isMediaError(error)) return notFoundReply(reply);
    throw error;
  }
  const type = contentTypes[path.extname(file).slice(1).toLowerCase()];
  if (!type || type === 'image/svg+xml') return notFoundReply(reply);
  let stat: Awaited<ReturnType<typeof fs.stat>>;
  try {
    stat = await fs.stat(file);
  } catch {
    return notFoundReply(reply);
  }
  if (!stat.isFile()) return notFoundReply(reply);

  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}-${stat.ino.toString(36)}"`;
  const versioned = typeof (request.query as Record<string, unknown>).v === 'string';
  reply
    .header('content-type', type)
    .header('etag', etag)
    .header('last-modified', stat.mtime.toUTCString())
    .header(
      'cache-control',
      versioned ? `public, max-age=${YEAR_S}, immutable` : `public, max-age=${SHORT_MAX_AGE_S}`,
    )
    .header('content-security-policy', "default-src 'none'")
    .header('x-content-type-options', 'nosniff');

  const inm = request.headers['if-none-match'];
  if (inm?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  reply.header('content-length', stat.size);
  return reply.send(createReadStream(file));
}
