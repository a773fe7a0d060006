import type { QueryClient } from '@tanstack/react-query';
import { matchPage } from '@waypoint/shared/pages/page-routes';
import { categoriesQuery, gameQuery, gamesQuery, mapsQuery } from '../api/queries.ts';
import { getSession } from '../api/session.ts';

/**
 * Starts the first page's data requests while its code is still loading (the server's preload hints,
 * from the same page manifest, have usually fetched them already). Settles when the page's own reads
 * are in: main.tsx lets the first render wait for them a little, so that it draws the page with its
 * data instead of drawing it again as each answer arrives. The page's own code is loaded beside these
 * by the route's preload (RootLayout's preloadFirstFrame).
 */
export function prefetchForPath(queryClient: QueryClient, pathname: string, search = ''): Promise<unknown> {
  const { id, params } = matchPage(pathname);
  const reads: Promise<unknown>[] = [];
  const gameReads = (gameId: string) => {
    reads.push(queryClient.prefetchQuery(gameQuery(gameId)));
    reads.push(queryClient.prefetchQuery(categoriesQuery(gameId)));
    reads.push(queryClient.prefetchQuery(mapsQuery(gameId)));
  };
  switch (id) {
    case 'suggestionReview':
      if (!getSession()?.admin) break;
      // The page's code and its first data load side by side: the requests are built by a small
      // module of their own (kept out of the entry every visitor loads), not by the page's code.
      void import('../features/review/prefetch.ts').then((m) =>
        m.prefetchReview(queryClient, new URLSearchParams(search)),
      );
      break;
    case 'admin':
    case 'adminImports':
      if (!getSession()?.admin) break;
      // Beside the page's code, as for the suggestion review (not awaited by the first render).
      void import('../features/admin/prefetch.ts').then((m) =>
        id === 'admin'
          ? m.prefetchAdminHome(queryClient)
          : m.prefetchImportReview(queryClient, new URLSearchParams(search)),
      );
      break;
    case 'home':
      reads.push(queryClient.prefetchQuery(gamesQuery()));
      break;
    case 'map':
    case 'embeddedMap': {
      // The map's markers (code loaded on demand: the entry stays small for every other page).
      const mapId = params.mapId ?? '';
      reads.push(import('../features/map/prefetch.ts').then((m) => m.prefetchMap(queryClient, mapId)));
      gameReads(params.gameId ?? '');
      break;
    }
    case 'game':
      gameReads(params.gameId ?? '');
      break;
    default:
      // The game's other pages (tools, the in-game app) name the game in their bar.
      if (params.gameId) reads.push(queryClient.prefetchQuery(gameQuery(params.gameId)));
  }
  return Promise.allSettled(reads);
}
