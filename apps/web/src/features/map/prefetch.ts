import type { QueryClient } from '@tanstack/react-query';
import { getSession } from '../../api/session.ts';
import { mapPinsQuery } from './pins/queries.ts';
import { markerDataQuery } from './queries.ts';

/**
 * A map page's marker answer, asked for before the page's first render (its address is the page's
 * own). The server's preload hint has usually fetched it already, and a large map's first chunks
 * start loading with it; the page's query then finds it under the same key. A logged-in player's own
 * pins are asked for at the same time (not awaited: the first render does not wait for them), so
 * that they are drawn with the markers rather than after the map is built.
 */
export function prefetchMap(client: QueryClient, mapId: string): Promise<void> {
  const session = getSession();
  if (session) void client.prefetchQuery(mapPinsQuery(session, mapId));
  return client.prefetchQuery(markerDataQuery(mapId));
}
