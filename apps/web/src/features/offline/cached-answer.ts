/**
 * Set by the service worker on a network-first read it answered from its caches because the network
 * failed or was too slow: the page runs offline (`api/reachability.ts`). A module of its own: the
 * page's first load carries this name, not the cache names.
 */
export const cachedAnswerHeader = 'x-waypoint-cached';
