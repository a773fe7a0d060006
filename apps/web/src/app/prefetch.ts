import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery, gameQuery, gamesQuery, mapsQuery } from '../api/queries.ts';
import { getSession } from '../api/session.ts';
import { prefetchReview } from '../features/review/prefetch.ts';

/** Starts the first page's data requests while its code is still loading. */
export function prefetchForPath(queryClient: QueryClient, pathname: string, search = '') {
  if (pathname === '/suggestion-review') {
    if (!getSession()?.admin) return;
    // The page's code and its first data load side by side (the requests are built without the
    // page's code, so they start at once).
    prefetchReview(queryClient, new URLSearchParams(search));
    void import('../features/review/route.tsx');
    return;
  }
  if (pathname === '/') {
    void queryClient.prefetchQuery(gamesQuery());
    return;
  }
  // A map page's markers (code loaded on demand: the entry stays small for every other page).
  const map = /^\/(?:embed\/)?game\/[^/]+\/maps\/([^/]+)\/?$/.exec(pathname);
  if (map) {
    const mapId = decodeURIComponent(map[1]);
    void import('../features/map/prefetch.ts').then((m) => m.prefetchMap(queryClient, mapId));
  }
  const match = /^\/game\/([^/]+)(?:\/|$)/.exec(pathname);
  if (!match) return;
  const gameId = decodeURIComponent(match[1]);
  void queryClient.prefetchQuery(gameQuery(gameId));
  if (/^\/game\/[^/]+\/?$/.test(pathname) || /\/maps\//.test(pathname)) {
    void queryClient.prefetchQuery(categoriesQuery(gameId));
    void queryClient.prefetchQuery(mapsQuery(gameId));
  }
}
