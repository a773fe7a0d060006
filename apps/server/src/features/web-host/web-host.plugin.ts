import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@waypoint/shared';
import { constants } from '@waypoint/shared/constants';
import { mapViewParams } from '@waypoint/shared/map/view-url';
import { pageHeads } from '@waypoint/shared/pages/heads';
import { firstLoadModules, type PageId, type PageSpec, pageList, pages } from '@waypoint/shared/pages/pages';
import { siteTitle } from '@waypoint/shared/pages/site';
import { parse as parseCookies } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import type { AppContext } from '../../context.ts';
import { errorBody } from '../../http/errors.ts';
import { type PageMeta, renderPage, type WebShell, webShell } from './page-shell.ts';
import { resolveGamePage, resolveMapPage, resolveToolPage } from './web-host.service.ts';

const guest = { config: { role: 'guest' as const } };

/** What a page of the manifest loads first: its modules and its first reads. */
function firstLoad(page: PageSpec, params: Readonly<Record<string, string>> = {}) {
  return {
    modules: firstLoadModules(page),
    data: (page.firstReads?.(params) ?? []).map((read) => `/api${read}`),
  };
}

/**
 * Whether the visitor may open a page behind a login (`login` or `admin` access), as far as the
 * login cookie says: its claims are read without checking the signature or the session, since they
 * decide only whether the page's code is hinted (public files); the page and its reads check the
 * session themselves. A visitor without one is sent elsewhere, so their browser is not asked to
 * fetch the page's code.
 */
function mayOpen(page: PageSpec, request: FastifyRequest): boolean {
  const token = request.headers.cookie && parseCookies(request.headers.cookie)[constants.cookieName];
  if (!token) return false;
  try {
    const claims = decodeJwt(token);
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return false;
    return page.access === 'login' || claims.admin === true;
  } catch {
    return false;
  }
}

/** The head and hints of a page whose head does not depend on stored content. */
function staticMeta(id: PageId): PageMeta {
  const head = pageHeads[id];
  if (!head) throw new Error(`the page ${id} has no head of its own`);
  return { ...head, ...firstLoad(pages[id]) };
}

/** Pages with a head of their own, each at its own address (home, error and 404 are answered below). */
const staticPages = pageList.filter(([id]) => pageHeads[id] && !['home', 'error', 'notFound'].includes(id));

const notFoundMeta: PageMeta = staticMeta('notFound');

/**
 * Files of the build served at fixed addresses, with how long browsers may keep them. The service
 * worker is always checked with the server (`no-cache`), so that a new version is found at once.
 */
function rootFiles(dist: string): [string, string][] {
  const hour = 'public, max-age=3600';
  const files: [string, string][] = [
    ['favicon.svg', hour],
    ['robots.txt', hour],
    ['manifest.webmanifest', hour],
    ['sw.js', 'no-cache'],
  ];
  const icons = path.join(dist, 'icons');
  if (existsSync(icons)) for (const icon of readdirSync(icons)) files.push([`icons/${icon}`, hour]);
  return files.filter(([file]) => existsSync(path.join(dist, file)));
}

/** Paths that belong to other parts of the server: a missing file there is never a page. */
const nonPagePrefixes = ['/api/', '/assets/', '/icons/', '/uploads/', '/thumbs/', '/mapTiles/'];

function queryString(request: FastifyRequest): string {
  const i = request.url.indexOf('?');
  return i >= 0 ? request.url.slice(i) : '';
}

function errorTarget(gameId: string, mapId?: string): string {
  const q = new URLSearchParams({ gameId });
  if (mapId !== undefined) q.set('mapId', mapId);
  return `/error?${q.toString()}`;
}

/**
 * Serves the built web app: hashed assets cached for ever, each page route as the app's index.html
 * with its own title and description; unknown games and maps answer a 302 to the error page, unknown
 * paths a real 404 with the app's 404 page.
 */
export const webHostPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const dist = ctx.config.webDist;
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn(`web app not built (${dist}): run npm run build`);
    return;
  }
  const shell = webShell(ctx.config);

  // Hashed build output: the name changes with the content, so it may be cached for ever.
  await app.register(fastifyStatic, {
    root: path.join(dist, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    immutable: true,
    maxAge: '365d',
    // The build writes .br and .gz next to each text asset; the one the browser accepts is sent.
    preCompressed: true,
  });
  for (const [file, cacheControl] of rootFiles(dist)) {
    app.get(`/${file}`, guest, (_request, reply) => {
      reply.header('cache-control', cacheControl);
      if (file.endsWith('.webmanifest')) reply.type('application/manifest+json');
      // The header above, not the hashed assets' year-long caching.
      return reply.sendFile(file, dist, { cacheControl: false });
    });
  }

  registerPages(app, ctx, shell);
});

function registerPages(app: FastifyInstance, ctx: AppContext, shell: WebShell) {
  const send = (request: FastifyRequest, reply: FastifyReply, status: number, meta: PageMeta) =>
    sendPage(shell, request, reply, status, meta);

  app.get('/', guest, (request, reply) => send(request, reply, 200, staticMeta('home')));
  // The app shell that the service worker keeps for pages it cannot fetch offline (the app routes
  // itself); it carries the deployment's settings like every page.
  app.get('/index.html', guest, (request, reply) =>
    send(request, reply, 200, { title: siteTitle, fullTitle: true, robots: 'noindex' }),
  );
  for (const [id, page] of staticPages) {
    const meta = staticMeta(id);
    if (page.access === 'guest') {
      app.get(page.pattern, guest, (request, reply) => send(request, reply, 200, meta));
      continue;
    }
    // A page behind a login hints its code only to a visitor who can open it.
    const withoutCode = { ...meta, modules: [] };
    app.get(page.pattern, guest, (request, reply) => {
      reply.header('vary', 'cookie');
      return send(request, reply, 200, mayOpen(page, request) ? meta : withoutCode);
    });
  }
  // The error page is where unknown games and maps land: a 404 for search engines.
  const errorMeta = staticMeta('error');
  app.get(pages.error.pattern, guest, (request, reply) => send(request, reply, 404, errorMeta));

  app.get(pages.game.pattern, guest, async (request, reply) => {
    const { gameId } = request.params as { gameId: string };
    const page = await resolveGamePage(ctx.db, gameId);
    if (!page) return reply.redirect(errorTarget(gameId), 302);
    return send(request, reply, 200, { ...page, ...firstLoad(pages.game, { gameId }) });
  });

  app.get(pages.inGameApp.pattern, guest, async (request, reply) => {
    const { gameId } = request.params as { gameId: string };
    const page = await resolveGamePage(ctx.db, gameId);
    if (!page) return reply.redirect(errorTarget(gameId), 302);
    return send(request, reply, 200, {
      title: messages.gameInGame(page.gameName),
      description: `The free ${page.gameName} in-game overlay: map overview, loot locations and tactical points.`,
    });
  });

  app.get(pages.tool.pattern, guest, async (request, reply) => {
    const { gameId, feature } = request.params as { gameId: string; feature: string };
    const page = await resolveToolPage(ctx.db, gameId, feature);
    if (page === 'unknown-game' || page === 'missing-feature')
      return reply.redirect(errorTarget(gameId), 302);
    if (page === 'unknown-feature') return send(request, reply, 404, notFoundMeta);
    return send(request, reply, 200, page);
  });

  const mapPage = (embedded: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { gameId, mapId } = request.params as { gameId: string; mapId: string };
    const markerId = (request.query as Record<string, unknown>)[mapViewParams.marker];
    const page = await resolveMapPage(
      ctx.db,
      gameId,
      mapId,
      typeof markerId === 'string'
        ? { markerId, imageBase: ctx.config.imageHost || ctx.config.webHost }
        : undefined,
    );
    if (page.kind === 'unknown-game') return reply.redirect(errorTarget(gameId), 302);
    if (page.kind === 'unknown-map') return reply.redirect(errorTarget(gameId, mapId), 302);
    if (page.kind === 'category') {
      const target = `/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(page.mapId)}`;
      return reply.redirect(`${embedded ? '/embed' : ''}${target}${queryString(request)}`, 302);
    }
    const hints = firstLoad(embedded ? pages.embeddedMap : pages.map, { gameId, mapId });
    const meta = { ...page.meta, ...hints };
    return send(request, reply, 200, embedded ? { ...meta, robots: 'noindex', embeddable: true } : meta);
  };
  app.get(pages.map.pattern, guest, mapPage(false));
  app.get(pages.embeddedMap.pattern, guest, mapPage(true));
}

function sendPage(
  shell: WebShell,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  meta: PageMeta,
) {
  // A first visit's consent question is in the page itself (index.html): no code is hinted for it.
  const page = renderPage(shell, meta, request.url.split('?')[0] ?? '/');
  // Browsers without frame-ancestors support get the same rule from X-Frame-Options.
  if (!meta.embeddable) reply.header('x-frame-options', 'SAMEORIGIN');
  return reply
    .status(status)
    .header('cache-control', 'no-cache')
    .header('content-security-policy', page.csp)
    .type('text/html; charset=utf-8')
    .send(page.html);
}

/**
 * Paths no route answers. A browser asking for a page gets the app's 404 page with a real 404 status;
 * anything else gets the JSON error.
 */
export function sendWebNotFound(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/';
  const accept = String(request.headers.accept ?? '*/*');
  const wantsPage =
    (request.method === 'GET' || request.method === 'HEAD') &&
    !nonPagePrefixes.some((p) => pathname.startsWith(p)) &&
    (accept.includes('text/html') || accept.includes('*/*'));
  if (wantsPage && existsSync(path.join(ctx.config.webDist, 'index.html'))) {
    return sendPage(webShell(ctx.config), request, reply, 404, notFoundMeta);
  }
  return reply.status(404).send(errorBody(404, messages.pageNotFound));
}
