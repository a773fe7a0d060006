/**
 * What the service worker keeps for offline use, shared by the worker (`src/sw/sw.ts`) and the page
 * (which warms the caches on the first visit and empties the player's progress at logout).
 */
import { cacheNames } from './cache-names.ts';

export { cacheNames };

const day = 24 * 60 * 60;

export const cacheLimits = {
  pages: { maxEntries: 50, maxAgeSeconds: 30 * day },
  api: { maxEntries: 300, maxAgeSeconds: 30 * day },
  progress: { maxEntries: 50, maxAgeSeconds: 30 * day },
  images: { maxEntries: 3000, maxAgeSeconds: 30 * day },
  assets: { maxEntries: 300, maxAgeSeconds: 30 * day },
} as const;

/** How long a network-first read waits for the network before it answers from the cache. */
export const networkTimeoutSeconds = 3;

/** Paths that are never pages: a navigation there always goes to the network. */
const notPages =
  /^\/(api|assets|uploads|thumbs|mapTiles|icons)\/|^\/(sw\.js|manifest\.webmanifest|healthz|readyz|metrics)$/;

/** Public reads of the game, map and marker pages (exact shapes: no write disguised as a GET). */
const contentReads =
  /^\/api\/(games|categorys|maps|markerdefinitions|game\/[^/]+|map\/[^/]+\/markers|quests\/[^/]+|placedmarker\/[^/]+|item\/[^/]+)$/;

/**
 * The player's progress reads and own pins (the GETs that change progress, such as `…/complete/…`,
 * are left out); emptied at logout.
 */
const progressReads = /^\/api\/(usercompletedmarkers\/list|user\/quest\/get\/[^/]+|user\/pins\/[^/]+)$/;

/** The image host's files; the map tiles and images carry `?v=` versions, so they never go stale. */
const imagePaths = /^\/(mapTiles|uploads|thumbs)\//;

/**
 * The same on an image host elsewhere (IMAGE_HOST: a CDN, or a bucket's public address, whose path may
 * begin with the bucket and a prefix: `/bucket/site/mapTiles/…`).
 */
const hostedImagePaths = /^(\/[^/]+){0,4}\/(mapTiles|uploads|thumbs)\/[^?]*\.(png|jpe?g|webp|gif|avif)$/i;

/** Hashed build output. */
const assetPaths = /^\/assets\/[^/]+\.(js|css)$/;

export type CacheKind = keyof typeof cacheNames;

/** Which cache a GET belongs to; undefined: not cached (straight to the network). */
export function cacheFor(url: URL, origin: string, navigate: boolean): CacheKind | undefined {
  const path = url.pathname;
  if (navigate) return url.origin === origin && !notPages.test(path) ? 'pages' : undefined;
  if (imagePaths.test(path)) return 'images';
  if (url.origin !== origin && hostedImagePaths.test(path)) return 'images';
  if (contentReads.test(path)) return 'api';
  if (progressReads.test(path)) return 'progress';
  if (url.origin === origin && assetPaths.test(path)) return 'assets';
  return undefined;
}
