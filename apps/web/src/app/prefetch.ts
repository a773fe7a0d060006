import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery, gameQuery, gamesQuery, mapsQuery } from '../api/queries.ts';
import { getSession } from '../api/session.ts';
import { prefetchReview } from '../features/review/prefetch.ts';

/**
 * Starts the first page's data requests while its code is still loading (the server's preload hints
 * have usually fetched them already). Settles when the page's own reads are in: main.tsx lets the
 * first render wait for them a little, so that it draws the page with its data instead of drawing it
 * again as each answer arrives.
 */
export function prefetchForPath(queryClient: QueryClient, pathname: string, search = ''): Promise<unknown> {
  const reads: Promise<unknown>[] = [];
  if (pathname === '/suggestion-review') {
    if (!getSession()?.admin) return Promise.resolve();
    // The page's code and its first data load side by side (the requests are built without the
    // page's code, so they start at once).
    prefetchReview(queryClient, new URLSearchParams(search));
    void import('../features/review/route.tsx');
    return Promise.resolve();
  }
  if (pathname === '/') {
    reads.push(queryClient.prefetchQuery(gamesQuery()));
    return Promise.allSettled(reads);
  }
  // A map page's markers (code loaded on demand: the entry stays small for every other page).
  const map = /^\/(?:embed\/)?game\/[^/]+\/maps\/([^/]+)\/?$/.exec(pathname);
  if (map) {
    const mapId = decodeURIComponent(map[1]);
    reads.push(import('../features/map/prefetch.ts').then((m) => m.prefetchMap(queryClient, mapId)));
  }
  const match = /^\/game\/([^/]+)(?:\/|$)/.exec(pathname);
  if (match) {
    const gameId = decodeURIComponent(match[1]);
    reads.push(queryClient.prefetchQuery(gameQuery(gameId)));
    if (/^\/game\/[^/]+\/?$/.test(pathname) || /\/maps\//.test(pathname)) {
      reads.push(queryClient.prefetchQuery(categoriesQuery(gameId)));
      reads.push(queryClient.prefetchQuery(mapsQuery(gameId)));
    }
  }
  return Promise.allSettled(reads);
}
