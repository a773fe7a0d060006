import type { QueryClient } from '@tanstack/react-query';
import { markerDataQuery } from './queries.ts';

/**
 * A map page's marker answer, asked for before the page's first render (its address is the page's
 * own). The server's preload hint has usually fetched it already, and a large map's first chunks
 * start loading with it; the page's query then finds it under the same key.
 */
export function prefetchMap(client: QueryClient, mapId: string): Promise<void> {
  return client.prefetchQuery(markerDataQuery(mapId));
}
