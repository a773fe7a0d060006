import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../http/errors.ts';
import { promoImage, promoSlides } from './promo-images.ts';

const zParams = z.object({
  gameId: z.string().min(1).max(200),
  slide: z.enum(promoSlides),
});

/**
 * `GET /api/game/{gameId}/promo/{overview|loot|tactical}`: the in-game app promo's slides, WebP
 * pictures of the game's own map (404 while the game has no map picture yet).
 */
export function registerPromoRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/game/:gameId/promo/:slide', { config: { role: 'guest' } }, async (request, reply) => {
    const { gameId, slide } = parse(zParams, request.params, 'params');
    const image = await promoImage(ctx.db, ctx.store, ctx.config.dataDir, gameId, slide);
    if (!image) throw notFound(`No map picture for game ${gameId} yet`);
    const etag = `"${createHash('sha1').update(image).digest('base64url')}"`;
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=300')
      .header('etag', etag)
      .send(image);
  });
}
