import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@waypoint/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../app.ts';
import { errorBody } from '../../http/errors.ts';

/** Serves the built web app: hashed assets cached for ever, the SPA's index.html for its routes. */
export const webHostPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const dist = ctx.config.webDist;
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn(`web app not built (${dist}): run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  app.get('/', { config: { role: 'guest' } }, (_request, reply) => sendIndex(ctx, reply, 200));
});

let indexHtml: { file: string; html: string } | undefined;

function sendIndex(ctx: AppContext, reply: FastifyReply, status: number) {
  const file = path.join(ctx.config.webDist, 'index.html');
  if (indexHtml?.file !== file) indexHtml = { file, html: readFileSync(file, 'utf8') };
  return reply
    .status(status)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(indexHtml.html);
}

/** Paths no route answers: the SPA takes page routes; anything else is a 404. */
export function sendWebNotFound(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const wantsPage = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html');
  if (wantsPage && existsSync(path.join(ctx.config.webDist, 'index.html'))) return sendIndex(ctx, reply, 200);
  return reply.status(404).send(errorBody(404, messages.pageNotFound));
}
