import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery, gameQuery, gamesQuery, mapsQuery } from '../api/queries.ts';

/** Starts the first page's data requests while its code is still loading. */
export function prefetchForPath(queryClient: QueryClient, pathname: string) {
  if (pathname === '/') {
    void queryClient.prefetchQuery(gamesQuery());
    return;
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
