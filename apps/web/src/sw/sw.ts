/**
 * Waypoint's service worker. The app shell and the map's code are precached; pages, content reads,
 * the player's progress, map tiles and images are cached as they are used (rules in
 * `features/offline/rules.ts`), so the maps a player opened keep working offline.
 *
 * - Pages are network first: online, every page is the server's own (its redirects, 404s, title and
 *   security headers); offline, the page as last seen, or the precached shell, which routes itself.
 * - Reads are network first with a short timeout; tiles and images cache first (versioned URLs).
 * - A page that loaded before this worker took control sends what it loaded (`CACHE_URLS`), so the
 *   first visit is kept too.
 * - A new version waits until the page asks it to take over (`SKIP_WAITING`).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import {
  cleanupOutdatedCaches,
  PrecacheController,
  type PrecacheEntry,
  PrecacheRoute,
} from 'workbox-precaching';
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';
import { cachedAnswerHeader } from '../features/offline/cached-answer.ts';
import {
  type CacheKind,
  cacheFor,
  cacheLimits,
  cacheNames,
  networkTimeoutSeconds,
} from '../features/offline/rules.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The precached shell: the server's page for `/index.html`, with the deployment's settings. */
const shellUrl = '/index.html';

const precache = new PrecacheController();
precache.precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install takes the open pages at once (there is no older version to disagree with);
// later versions take over only when asked, then the page reloads.
clientsClaim();
enableNavigationPreload();

const expiring = (kind: CacheKind) => new ExpirationPlugin({ ...cacheLimits[kind], purgeOnQuotaError: true });
const okOnly = new CacheableResponsePlugin({ statuses: [200] });
/**
 * A network-first read reads the cache only when the network failed or was too slow: its answer says
 * so, and the page shows that it runs offline. Last among the plugins, after expiry has had its say.
 */
const markCached: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const headers = new Headers(cachedResponse.headers);
    headers.set(cachedAnswerHeader, '1');
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

const strategies: Record<CacheKind, Strategy> = {
  pages: new NetworkFirst({
    cacheName: cacheNames.pages,
    networkTimeoutSeconds,
    plugins: [okOnly, expiring('pages')],
    matchOptions: { ignoreVary: true },
  }),
  api: new NetworkFirst({
    cacheName: cacheNames.api,
    networkTimeoutSeconds,
    plugins: [okOnly, expiring('api'), markCached],
    matchOptions: { ignoreVary: true },
  }),
  progress: new NetworkFirst({
    cacheName: cacheNames.progress,
    networkTimeoutSeconds,
    plugins: [okOnly, expiring('progress'), markCached],
    matchOptions: { ignoreVary: true },
  }),
  // An image host on another origin answers the tiles' plain <img> requests opaquely (status 0).
  images: new CacheFirst({
    cacheName: cacheNames.images,
    plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), expiring('images')],
  }),
  assets: new CacheFirst({ cacheName: cacheNames.assets, plugins: [okOnly, expiring('assets')] }),
};

const router = new Router();
router.registerRoute(new PrecacheRoute(precache));
for (const kind of Object.keys(strategies) as CacheKind[]) {
  router.registerRoute(
    new Route(
      ({ url, request }) => cacheFor(url, self.location.origin, request.mode === 'navigate') === kind,
      strategies[kind],
    ),
  );
}
// A page that could be neither fetched nor found in the cache: the shell, which routes itself.
router.setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const shell = await precache.matchPrecache(shellUrl);
    if (shell) return shell;
  }
  return Response.error();
});
router.addFetchListener();
router.addCacheListener();
